#include "sim/FairPolicy.h"

#include <algorithm>
#include <iterator>
#include <map>

#include "sim/JobOrders.h"

namespace mr {

FairPoolAssignment assignFairPools(const Workload& w, const std::vector<int>& jobs) {
    FairPoolAssignment out;
    out.pools = w.fairPools;
    out.poolOfJob.assign(static_cast<std::size_t>(w.jobCount()), -1);
    std::map<std::string, int> byName;
    for (std::size_t g = 0; g < out.pools.size(); ++g) {
        byName.emplace(out.pools[g].name, static_cast<int>(g));
    }
    for (int job : jobs) {
        const std::string& named = w.jobs[static_cast<std::size_t>(job)].fairPool;
        const std::string name = named.empty() ? std::string(kDefaultFairPool) : named;
        auto [it, added] = byName.emplace(name, static_cast<int>(out.pools.size()));
        if (added) {  // first named by a job: Hadoop's defaults
            FairPoolSpec spec;
            spec.name = name;
            out.pools.push_back(spec);
        }
        out.poolOfJob[static_cast<std::size_t>(job)] = it->second;
    }
    return out;
}

void FairPolicy::attach(SimState& state, int pool) {
    const Workload& w = state.workload();
    m_byRank = arrivalOrder(w, state.pool(pool).jobs);
    m_rank.assign(static_cast<std::size_t>(w.jobCount()), -1);
    for (std::size_t i = 0; i < m_byRank.size(); ++i) {
        m_rank[static_cast<std::size_t>(m_byRank[i])] = static_cast<int>(i);
    }
    FairPoolAssignment assignment = assignFairPools(w, m_byRank);
    m_specs = std::move(assignment.pools);
    m_groupOf = std::move(assignment.poolOfJob);
    m_groups.assign(m_specs.size(), Group{});
    for (int k = 0; k < 2; ++k) {
        m_key[k].assign(static_cast<std::size_t>(w.jobCount()), -1);
        m_running[k].assign(static_cast<std::size_t>(w.jobCount()), 0);
        m_demand[k].assign(static_cast<std::size_t>(w.jobCount()), 0);
    }
}

void FairPolicy::refresh(const SimState& state, int job, TaskKind kind) {
    const auto j = static_cast<std::size_t>(job);
    const int rank = m_rank[j];
    if (rank < 0) {
        return;
    }
    const int k = static_cast<int>(kind);
    const JobState& s = state.job(job);
    Group& group = m_groups[static_cast<std::size_t>(m_groupOf[j])];
    const bool runnable = s.arrived && (kind == TaskKind::Map || s.reducesOpen);
    const int demand = s.running[k] + (runnable ? s.pending[k] : 0);
    group.running[k] += s.running[k] - m_running[k][j];
    group.demand[k] += demand - m_demand[k][j];
    m_running[k][j] = s.running[k];
    m_demand[k][j] = demand;
    int& key = m_key[k][j];
    if (key >= 0) {
        group.ready[k].erase({key, rank});
        key = -1;
    }
    if (runnable && s.pending[k] > 0) {
        key = m_specs[static_cast<std::size_t>(m_groupOf[j])].fifo ? 0 : s.running[k];
        group.ready[k].insert({key, rank});
    }
}

bool FairPolicy::before(int a, int b, int k) const {
    const Group& ga = m_groups[static_cast<std::size_t>(a)];
    const Group& gb = m_groups[static_cast<std::size_t>(b)];
    const FairPoolSpec& sa = m_specs[static_cast<std::size_t>(a)];
    const FairPoolSpec& sb = m_specs[static_cast<std::size_t>(b)];
    const auto minShare = [k](const FairPoolSpec& spec, const Group& g) {
        return std::min<long long>(k == 0 ? spec.minMaps : spec.minReduces, g.demand[k]);
    };
    const long long minA = minShare(sa, ga);
    const long long minB = minShare(sb, gb);
    const bool needyA = ga.running[k] < minA;
    const bool needyB = gb.running[k] < minB;
    if (needyA != needyB) {
        return needyA;
    }
    // Cross-multiplied ratios (exact for the integer counts; weights are positive).
    double lhs = 0.0;
    double rhs = 0.0;
    if (needyA) {
        lhs = static_cast<double>(ga.running[k]) * static_cast<double>(std::max(minB, 1LL));
        rhs = static_cast<double>(gb.running[k]) * static_cast<double>(std::max(minA, 1LL));
    } else {
        lhs = static_cast<double>(ga.running[k]) * sb.weight;
        rhs = static_cast<double>(gb.running[k]) * sa.weight;
    }
    if (lhs != rhs) {
        return lhs < rhs;
    }
    return a < b;
}

void FairPolicy::onJobArrived(SimState& state, int job) {
    refresh(state, job, TaskKind::Map);
    refresh(state, job, TaskKind::Reduce);
}

void FairPolicy::onTaskStarted(SimState& state, const TaskRecord& task) {
    refresh(state, task.job, task.kind);
}

void FairPolicy::onTaskEnded(SimState& state, const TaskRecord& task) {
    refresh(state, task.job, task.kind);
}

void FairPolicy::onTaskKilled(SimState& state, const TaskRecord& task) {
    refresh(state, task.job, task.kind);
}

void FairPolicy::onTaskQueued(SimState& state, int job, TaskKind kind, int /*task*/) {
    refresh(state, job, kind);
}

void FairPolicy::onReducesOpen(SimState& state, int job) {
    refresh(state, job, TaskKind::Reduce);
}

void FairPolicy::onMapStageDone(SimState& state, int job) {
    refresh(state, job, TaskKind::Reduce);
}

Pick FairPolicy::pick(SimState& /*state*/, TaskKind kind, int /*slot*/) {
    const int k = static_cast<int>(kind);
    int best = -1;
    int candidates = 0;
    for (int g = 0; g < static_cast<int>(m_groups.size()); ++g) {
        if (!m_groups[static_cast<std::size_t>(g)].ready[k].empty()) {
            ++candidates;
            if (best < 0 || before(g, best, k)) {
                best = g;
            }
        }
    }
    if (best < 0) {
        return Pick::nothing();
    }
    const auto& ready = m_groups[static_cast<std::size_t>(best)].ready[k];
    const auto first = ready.begin();
    int count = 1;
    if (candidates == 1) {
        // One pool with work: the job stays furthest below its share while (running + i, rank)
        // sorts before the next job's (running, rank), so that many picks in a row are exact
        // as one wave (fifo keys are all 0: one at a time). With other pools waiting, each
        // start may change which pool is first: one at a time.
        const auto second = std::next(first);
        count = Pick::kAny;
        if (second != ready.end()) {
            count = second->first - first->first + (first->second < second->second ? 1 : 0);
        }
    }
    return Pick::run(m_byRank[static_cast<std::size_t>(first->second)], -1, std::max(count, 1));
}

}  // namespace mr
