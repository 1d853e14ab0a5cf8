#include "sim/FairPolicy.h"

#include <algorithm>
#include <iterator>

#include "sim/JobOrders.h"

namespace mr {

void FairPolicy::attach(SimState& state, int pool) {
    const Workload& w = state.workload();
    m_byRank = arrivalOrder(w, state.pool(pool).jobs);
    m_rank.assign(static_cast<std::size_t>(w.jobCount()), -1);
    for (std::size_t i = 0; i < m_byRank.size(); ++i) {
        m_rank[static_cast<std::size_t>(m_byRank[i])] = static_cast<int>(i);
    }
    for (int k = 0; k < 2; ++k) {
        m_ready[k].clear();
        m_key[k].assign(static_cast<std::size_t>(w.jobCount()), -1);
    }
}

void FairPolicy::refresh(const SimState& state, int job, TaskKind kind) {
    const int rank = m_rank[static_cast<std::size_t>(job)];
    if (rank < 0) {
        return;
    }
    const int k = static_cast<int>(kind);
    const JobState& s = state.job(job);
    int& key = m_key[k][static_cast<std::size_t>(job)];
    if (key >= 0) {
        m_ready[k].erase({key, rank});
        key = -1;
    }
    if (s.arrived && s.pending[k] > 0 && (kind == TaskKind::Map || s.reducesOpen)) {
        key = s.running[k];
        m_ready[k].insert({key, rank});
    }
}

void FairPolicy::onJobArrived(SimState& state, int job) {
    refresh(state, job, TaskKind::Map);
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

void FairPolicy::onReducesOpen(SimState& state, int job) {
    refresh(state, job, TaskKind::Reduce);
}

void FairPolicy::onMapStageDone(SimState& state, int job) {
    refresh(state, job, TaskKind::Reduce);
}

Pick FairPolicy::pick(SimState& /*state*/, TaskKind kind, int /*slot*/) {
    const auto& ready = m_ready[static_cast<int>(kind)];
    if (ready.empty()) {
        return Pick::nothing();
    }
    // The job stays furthest below its share while (running + i, rank) sorts before the next
    // job's (running, rank): that many picks in a row are exact as one wave.
    const auto first = ready.begin();
    const auto second = std::next(first);
    int count = Pick::kAny;
    if (second != ready.end()) {
        count = second->first - first->first + (first->second < second->second ? 1 : 0);
    }
    return Pick::run(m_byRank[static_cast<std::size_t>(first->second)], -1, std::max(count, 1));
}

}  // namespace mr
