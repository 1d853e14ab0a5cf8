#include "sim/OrderPolicy.h"

#include <algorithm>

namespace mr {

OrderPolicy::OrderPolicy(std::vector<int> order) : m_order(std::move(order)) {}

void OrderPolicy::attach(SimState& state, int /*pool*/) {
    m_position.assign(static_cast<std::size_t>(state.workload().jobCount()), -1);
    for (std::size_t i = 0; i < m_order.size(); ++i) {
        m_position[static_cast<std::size_t>(m_order[i])] = static_cast<int>(i);
    }
    const int n = static_cast<int>(m_order.size());
    m_ready[0] = JobBitset(n);
    m_ready[1] = JobBitset(n);
    m_firstReady[0] = m_firstReady[1] = n;
}

void OrderPolicy::refresh(const SimState& state, int job, TaskKind kind) {
    const int pos = m_position[static_cast<std::size_t>(job)];
    const JobState& s = state.job(job);
    const bool ready =
        s.arrived && s.pendingOf(kind) > 0 && (kind == TaskKind::Map || s.reducesOpen);
    auto& set = m_ready[static_cast<int>(kind)];
    if (ready) {
        set.set(pos);
        m_firstReady[static_cast<int>(kind)] = std::min(m_firstReady[static_cast<int>(kind)], pos);
    } else {
        set.clear(pos);
    }
}

void OrderPolicy::onJobArrived(SimState& state, int job) {
    refresh(state, job, TaskKind::Map);
}

void OrderPolicy::onTaskStarted(SimState& state, const TaskRecord& task) {
    if (state.job(task.job).pendingOf(task.kind) == 0) {
        m_ready[static_cast<int>(task.kind)].clear(m_position[static_cast<std::size_t>(task.job)]);
    }
}

void OrderPolicy::onTaskKilled(SimState& state, const TaskRecord& task) {
    refresh(state, task.job, task.kind);
}

void OrderPolicy::onTaskQueued(SimState& state, int job, TaskKind kind, int /*task*/) {
    refresh(state, job, kind);
}

void OrderPolicy::onReducesOpen(SimState& state, int job) {
    refresh(state, job, TaskKind::Reduce);
}

void OrderPolicy::onMapStageDone(SimState& state, int job) {
    refresh(state, job, TaskKind::Reduce);
}

Pick OrderPolicy::pick(SimState& state, TaskKind kind, int /*slot*/) {
    const JobBitset& ready = m_ready[static_cast<int>(kind)];
    int& first = m_firstReady[static_cast<int>(kind)];
    first = ready.next(first);
    if (first < 0) {
        first = static_cast<int>(m_order.size());
        return Pick::nothing();
    }
    for (int pos = first; pos >= 0; pos = ready.next(pos + 1)) {
        const int job = m_order[static_cast<std::size_t>(pos)];
        if (state.canRun(job, kind)) {  // skips jobs at their cap
            // It stays first in the order for as long as it can run: a wave is exact.
            return Pick::run(job, -1, Pick::kAny);
        }
    }
    return Pick::nothing();
}

}  // namespace mr
