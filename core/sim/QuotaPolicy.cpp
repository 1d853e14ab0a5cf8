#include "sim/QuotaPolicy.h"

#include <algorithm>
#include <cmath>

#include "model/Tolerance.h"
#include "sim/JobOrders.h"

namespace mr {

namespace {

// Quotas are computed for slightly less than the remaining time, so that a quota that meets the
// deadline exactly is replaced as soon as time moves on (and never re-computed in a loop).
// The margin is relative to the time left (and above the clock's rounding at the deadline), not
// to the clock: at t = 1e10 a margin of 1e-7 · t would be 1000 s.
double quotaMargin(double remaining, double deadline) {
    return 1e-7 * std::fabs(remaining) + 4.0 * (kInstant + kClockRounding * std::fabs(deadline));
}

// The engine's "same instant" (model/Tolerance.h).
double instantEnd(double now) {
    return sameInstantLimit(now);
}

}  // namespace

QuotaPolicy::QuotaPolicy(bool workConserving, QuotaStats* stats, std::vector<QuotaChange>* log)
    : m_workConserving(workConserving), m_stats(stats), m_log(log) {}

void QuotaPolicy::attach(SimState& state, int pool) {
    const Workload& w = state.workload();
    const PoolInfo& info = state.pool(pool);
    m_pool = pool;
    m_poolSlots[0] = info.slotCount[0];
    m_poolSlots[1] = info.slotCount[1];
    m_jobs.assign(static_cast<std::size_t>(w.jobCount()), JobInfo{});
    m_expiries = ExpiryHeap(w.jobCount());
    m_byRank = edfOrder(w, info.jobs);
    for (std::size_t r = 0; r < m_byRank.size(); ++r) {
        const int job = m_byRank[r];
        JobInfo& j = m_jobs[static_cast<std::size_t>(job)];
        j.rank = static_cast<int>(r);
        j.deadline = absoluteDeadlineOrInfinity(w.jobs[static_cast<std::size_t>(job)]);
    }
    for (int k = 0; k < 2; ++k) {
        m_under[k] = JobBitset(static_cast<int>(m_byRank.size()));
        m_ready[k] = JobBitset(static_cast<int>(m_byRank.size()));
    }
}

SlotPair QuotaPolicy::maxUseful(const SimState& state, int job) const {
    const Job& j = state.workload().jobs[static_cast<std::size_t>(job)];
    const JobState& s = state.job(job);
    return {std::min(j.maps() - s.completed[0], m_poolSlots[0]),
            std::min(j.reduces() - s.completed[1], m_poolSlots[1])};
}

SlotQuota QuotaPolicy::quotaWithin(const SimState& state, int job, double remainingTime) const {
    const SlotPair most = maxUseful(state, job);
    if (most.map <= 0 && most.reduce <= 0) {
        return {0, 0, 0.0, true, 0.0, 0.0};  // nothing left to run
    }
    return minimalIntegerSlots(remainingForm(state, job), remainingTime, most.map, most.reduce);
}

QuotaPolicy::Quota QuotaPolicy::computeQuota(const SimState& state, int job) const {
    const double deadline = absoluteDeadline(job);
    if (!std::isfinite(deadline)) {
        const SlotPair most = maxUseful(state, job);
        return {most.map, most.reduce};
    }
    const double margin = quotaMargin(deadline - state.now(), deadline);
    const SlotQuota q = quotaWithin(state, job, deadline - state.now() - margin);
    Quota out{q.mapSlots, q.reduceSlots};
    if (q.feasible) {
        // From then on the quota no longer meets the deadline; recomputed then (with the margin)
        // it grows.
        out.expiry = deadline - q.predicted;
    }
    return out;
}

void QuotaPolicy::markDirty(int job) {
    JobInfo& j = m_jobs[static_cast<std::size_t>(job)];
    if (!j.dirty) {
        j.dirty = true;
        m_dirty.push_back(job);
    }
}

void QuotaPolicy::refresh(const SimState& state, int job, TaskKind kind) {
    const JobInfo& j = m_jobs[static_cast<std::size_t>(job)];
    if (j.rank < 0) {
        return;
    }
    const int k = static_cast<int>(kind);
    const JobState& s = state.job(job);
    const bool ready = s.arrived && s.pending[k] > 0 && (kind == TaskKind::Map || s.reducesOpen);
    if (ready) {
        m_ready[k].set(j.rank);
    } else {
        m_ready[k].clear(j.rank);
    }
    if (ready && s.running[k] < j.quota[k]) {
        m_under[k].set(j.rank);
    } else {
        m_under[k].clear(j.rank);
    }
}

void QuotaPolicy::recompute(SimState& state, int job) {
    JobInfo& j = m_jobs[static_cast<std::size_t>(job)];
    const Quota q = computeQuota(state, job);
    if (m_stats) {
        ++m_stats->recomputations;
    }
    const bool changed = q.map != j.quota[0] || q.reduce != j.quota[1] || !j.computed;
    j.quota[0] = q.map;
    j.quota[1] = q.reduce;
    j.computed = true;
    if (std::isfinite(q.expiry) && q.expiry > instantEnd(state.now())) {
        m_expiries.set(job, q.expiry);
    } else {
        m_expiries.erase(job);
    }
    if (changed && m_log) {
        m_log->push_back({state.now(), job, q.map, q.reduce});
    }
    refresh(state, job, TaskKind::Map);
    refresh(state, job, TaskKind::Reduce);
}

void QuotaPolicy::onJobArrived(SimState& state, int job) {
    if (m_jobs[static_cast<std::size_t>(job)].rank < 0) {
        return;
    }
    markDirty(job);
    m_arrived.push_back(job);
    refresh(state, job, TaskKind::Map);
}

void QuotaPolicy::onTaskStarted(SimState& state, const TaskRecord& task) {
    const int k = static_cast<int>(task.kind);
    if (m_stats) {
        // Of a wave's tasks, those that took the job beyond its quota.
        const int beyond = state.job(task.job).running[k] - quota(task.job, task.kind);
        m_stats->extraTasks[k] += std::clamp(beyond, 0, task.count);
    }
    refresh(state, task.job, task.kind);
}

void QuotaPolicy::onTaskEnded(SimState& state, const TaskRecord& task) {
    markDirty(task.job);  // one task fewer to run: the minimal quota may change
    refresh(state, task.job, task.kind);
}

void QuotaPolicy::onTaskKilled(SimState& state, const TaskRecord& task) {
    refresh(state, task.job, task.kind);
}

void QuotaPolicy::onTaskQueued(SimState& state, int job, TaskKind kind, int /*task*/) {
    refresh(state, job, kind);
}

void QuotaPolicy::onReducesOpen(SimState& state, int job) {
    refresh(state, job, TaskKind::Reduce);
}

void QuotaPolicy::onMapStageDone(SimState& state, int job) {
    refresh(state, job, TaskKind::Map);
    refresh(state, job, TaskKind::Reduce);
    if (m_jobs[static_cast<std::size_t>(job)].rank >= 0 &&
        state.workload().jobs[static_cast<std::size_t>(job)].reduces() > 0) {
        m_reducing.push_back(job);
    }
}

void QuotaPolicy::beforeAssign(SimState& state) {
    for (std::size_t i = 0; i < m_dirty.size(); ++i) {
        const int job = m_dirty[i];
        m_jobs[static_cast<std::size_t>(job)].dirty = false;
        if (!state.job(job).done) {
            recompute(state, job);
        }
    }
    m_dirty.clear();
    const double end = instantEnd(state.now());
    while (!m_expiries.empty() && m_expiries.top().time <= end) {
        const int job = m_expiries.top().job;
        m_expiries.pop();
        if (!state.job(job).done) {
            recompute(state, job);
        }
    }
    if (!m_arrived.empty() || !m_reducing.empty()) {
        const auto byRank = [&](int a, int b) {
            return m_jobs[static_cast<std::size_t>(a)].rank <
                   m_jobs[static_cast<std::size_t>(b)].rank;
        };
        std::sort(m_arrived.begin(), m_arrived.end(), byRank);
        std::sort(m_reducing.begin(), m_reducing.end(), byRank);
        afterQuotas(state, m_arrived, m_reducing);
        m_arrived.clear();
        m_reducing.clear();
    }
    // Drop the expiries of jobs that are done, then make sure we are woken at the next one.
    while (!m_expiries.empty() && state.job(m_expiries.top().job).done) {
        m_expiries.pop();
    }
    if (!m_expiries.empty()) {
        const double next = m_expiries.top().time;
        if (m_wakeRequested <= state.now() || next < m_wakeRequested) {
            state.wakeAt(next);
            m_wakeRequested = next;
        }
    }
}

Pick QuotaPolicy::pick(SimState& state, TaskKind kind, int slot) {
    const int k = static_cast<int>(kind);
    int rank = m_under[k].first();
    // The first job under its quota stays first until it reaches the quota; a spare slot's job
    // (nobody under quota) stays first for as long as it can run. Picks in a row, for waves.
    int count = 0;
    if (rank >= 0) {
        const int job = m_byRank[static_cast<std::size_t>(rank)];
        count = quota(job, kind) - state.job(job).running[k];
    } else if (m_workConserving) {
        rank = m_ready[k].first();
        count = Pick::kAny;
    }
    if (rank < 0) {
        return Pick::nothing();
    }
    const int job = m_byRank[static_cast<std::size_t>(rank)];
    const int task = chooseTask(state, job, kind, slot);
    return Pick::run(job, task, task >= 0 ? 1 : std::max(count, 1));
}

}  // namespace mr
