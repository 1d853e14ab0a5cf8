#include "sim/CompletionTimePolicy.h"

#include "sim/JobOrders.h"

namespace mr {

CompletionTimePolicy::CompletionTimePolicy(std::shared_ptr<const LocalityModel> locality,
                                           QuotaStats* stats, std::vector<QuotaChange>* log)
    : QuotaPolicy(false, stats, log), m_locality(std::move(locality)) {}

void CompletionTimePolicy::attach(SimState& state, int pool) {
    QuotaPolicy::attach(state, pool);
    const Workload& w = state.workload();
    m_observed.assign(static_cast<std::size_t>(w.jobCount()), Observed{});
    m_byArrival = arrivalOrder(w, state.pool(pool).jobs);
    m_arrivalRank.assign(static_cast<std::size_t>(w.jobCount()), -1);
    for (std::size_t i = 0; i < m_byArrival.size(); ++i) {
        m_arrivalRank[static_cast<std::size_t>(m_byArrival[i])] = static_cast<int>(i);
    }
    m_probe = JobBitset(static_cast<int>(m_byArrival.size()));
    if (m_locality) {
        m_finder = std::make_unique<LocalTaskFinder>(m_locality->placement());
    }
}

void CompletionTimePolicy::refreshProbe(const SimState& state, int job) {
    const int rank = m_arrivalRank[static_cast<std::size_t>(job)];
    if (rank < 0) {
        return;
    }
    const JobState& s = state.job(job);
    if (s.arrived && s.completed[0] == 0 && s.running[0] == 0 && s.pending[0] > 0) {
        m_probe.set(rank);
    } else {
        m_probe.clear(rank);
    }
}

void CompletionTimePolicy::onJobArrived(SimState& state, int job) {
    const Job& j = state.workload().jobs[static_cast<std::size_t>(job)];
    if (j.profile && j.profile->typicalShuffleAvg && j.maps() > 0) {
        m_observed[static_cast<std::size_t>(job)].copyTime =
            *j.profile->typicalShuffleAvg / j.maps();
    }
    QuotaPolicy::onJobArrived(state, job);
    refreshProbe(state, job);
}

void CompletionTimePolicy::onTaskStarted(SimState& state, const TaskRecord& task) {
    QuotaPolicy::onTaskStarted(state, task);
    refreshProbe(state, task.job);
}

void CompletionTimePolicy::onTaskEnded(SimState& state, const TaskRecord& task) {
    Observed& o = m_observed[static_cast<std::size_t>(task.job)];
    const double duration = task.end - task.start;
    for (int i = 0; i < task.count; ++i) {  // task by task: the same sum as without waves
        o.sum[static_cast<int>(task.kind)] += duration;
    }
    o.count[static_cast<int>(task.kind)] += task.count;
    QuotaPolicy::onTaskEnded(state, task);
    refreshProbe(state, task.job);
}

void CompletionTimePolicy::onTaskKilled(SimState& state, const TaskRecord& task) {
    if (m_finder && task.kind == TaskKind::Map) {
        for (int i = 0; i < task.count; ++i) {
            m_finder->taskKilled(task.job, task.task + i);
        }
    }
    QuotaPolicy::onTaskKilled(state, task);
    refreshProbe(state, task.job);
}

void CompletionTimePolicy::onTaskQueued(SimState& state, int job, TaskKind kind, int task) {
    if (m_finder && kind == TaskKind::Map) {
        m_finder->taskKilled(job, task);
    }
    QuotaPolicy::onTaskQueued(state, job, kind, task);
    refreshProbe(state, job);
}

CompletionForm CompletionTimePolicy::remainingForm(const SimState& state, int job) const {
    const Observed& o = m_observed[static_cast<std::size_t>(job)];
    const Job& j = state.workload().jobs[static_cast<std::size_t>(job)];
    const JobState& s = state.job(job);
    const double mapTime = o.count[0] > 0 ? o.sum[0] / o.count[0] : 0.0;         // Eqs. 1–2
    const double reduceTime = o.count[1] > 0 ? o.sum[1] / o.count[1] : mapTime;  // Eq. 3
    return eq10Form(j.maps() - s.completed[0], j.reduces() - s.completed[1], mapTime, reduceTime,
                    o.copyTime);
}

QuotaPolicy::Quota CompletionTimePolicy::computeQuota(const SimState& state, int job) const {
    if (m_observed[static_cast<std::size_t>(job)].count[0] == 0 && !state.job(job).mapsDone) {
        // No estimate yet: the probe map task only, until it ends.
        return {1, 0};
    }
    return QuotaPolicy::computeQuota(state, job);
}

int CompletionTimePolicy::chooseTask(SimState& state, int job, TaskKind kind, int slot) {
    if (!m_finder || kind != TaskKind::Map) {
        return -1;
    }
    const int node = state.nodeOfSlot(kind, slot);
    const int local = m_finder->onNode(state, job, node);
    if (local >= 0) {
        return local;
    }
    if (m_locality->options().vmsPerHost > 1) {
        return m_finder->onHost(state, job, node, m_locality->options().vmsPerHost);
    }
    return -1;
}

void CompletionTimePolicy::beforeAssign(SimState& state) {
    QuotaPolicy::beforeAssign(state);
    m_freeMapsLeft = -1;
}

Pick CompletionTimePolicy::placeMap(SimState& state, int job, int slot, int count) {
    if (!m_finder) {
        return Pick::run(job, -1, count);
    }
    if (m_freeMapsLeft < 0) {
        m_freeMapsLeft = state.freeSlots(TaskKind::Map, pool());
    }
    --m_freeMapsLeft;  // this slot is offered now
    const int task = chooseTask(state, job, TaskKind::Map, slot);
    if (task >= 0) {
        return Pick::run(job, task);
    }
    return m_freeMapsLeft > 0 ? Pick::idle() : Pick::run(job);
}

Pick CompletionTimePolicy::pick(SimState& state, TaskKind kind, int slot) {
    if (kind == TaskKind::Reduce) {
        return QuotaPolicy::pick(state, kind, slot);
    }
    const int rank = m_probe.first();
    if (rank >= 0) {
        return placeMap(state, m_byArrival[static_cast<std::size_t>(rank)], slot, 1);  // probe
    }
    const Pick p = QuotaPolicy::pick(state, kind, slot);
    return p.runs() ? placeMap(state, p.job, slot, p.count) : p;
}

}  // namespace mr
