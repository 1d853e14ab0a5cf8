#include "sim/MinEdfPolicy.h"

#include <algorithm>
#include <cmath>

namespace mr {

MinEdfPolicy::MinEdfPolicy(bool workConserving, Bound bound, QuotaStats* stats,
                           std::vector<QuotaChange>* log, bool killReduces)
    : QuotaPolicy(workConserving, stats, log),
      m_workConserving(workConserving),
      m_killReduces(killReduces),
      m_bound(bound) {}

void MinEdfPolicy::attach(SimState& state, int pool) {
    QuotaPolicy::attach(state, pool);
    m_stats.assign(static_cast<std::size_t>(state.workload().jobCount()), AriaStats{});
    m_active = JobBitset(static_cast<int>(edfJobs().size()));
}

void MinEdfPolicy::onJobArrived(SimState& state, int job) {
    // The job profile ([Verma12b] assumes it is known on arrival).
    m_stats[static_cast<std::size_t>(job)] =
        ariaStats(state.workload().jobs[static_cast<std::size_t>(job)]);
    if (rankOf(job) >= 0) {
        m_active.set(rankOf(job));
    }
    QuotaPolicy::onJobArrived(state, job);
}

CompletionForm MinEdfPolicy::remainingForm(const SimState& state, int job) const {
    const AriaStats& stats = m_stats[static_cast<std::size_t>(job)];
    const JobState& s = state.job(job);
    return remainingAriaForm(stats, stats.maps - s.completed[0], stats.reduces - s.completed[1],
                             m_bound);
}

void MinEdfPolicy::afterQuotas(SimState& state, const std::vector<int>& arrived,
                               const std::vector<int>& reducing) {
    if (!m_workConserving) {
        return;
    }
    for (int job : arrived) {
        if (std::isfinite(absoluteDeadline(job))) {
            makeRoomFor(state, job);
        }
    }
    if (!m_killReduces) {
        return;
    }
    for (int job : reducing) {
        if (std::isfinite(absoluteDeadline(job)) && !state.job(job).done) {
            makeReduceRoomFor(state, job);
        }
    }
}

std::vector<MinEdfPolicy::Candidate> MinEdfPolicy::othersByTaskDuration(const SimState& state,
                                                                        int newJob) {
    std::vector<Candidate> jobs;
    for (int rank = m_active.first(); rank >= 0; rank = m_active.next(rank + 1)) {
        const int job = edfJobs()[static_cast<std::size_t>(rank)];
        const JobState& s = state.job(job);
        if (s.done) {
            m_active.clear(rank);  // done for good
            continue;
        }
        if (job == newJob) {
            continue;
        }
        const AriaStats& st = m_stats[static_cast<std::size_t>(job)];
        jobs.push_back({job, s.mapsDone ? st.reduceAvg : st.mapAvg});
    }
    std::stable_sort(jobs.begin(), jobs.end(), [](const Candidate& a, const Candidate& b) {
        return a.taskDuration < b.taskDuration;
    });
    return jobs;
}

int MinEdfPolicy::spare(const SimState& state, int job, TaskKind kind) const {
    return std::max(0, state.job(job).runningOf(kind) - quota(job, kind));
}

void MinEdfPolicy::makeRoomFor(SimState& state, int newJob) {
    const SlotPair need{quota(newJob, TaskKind::Map), quota(newJob, TaskKind::Reduce)};
    int freeMap = state.freeSlots(TaskKind::Map, pool());
    int freeReduce = state.freeSlots(TaskKind::Reduce, pool());
    if (need.map <= freeMap && need.reduce <= freeReduce) {
        return;  // enough slots right now
    }
    // The other active jobs, by increasing task duration of the stage they are in.
    const std::vector<Candidate> jobs = othersByTaskDuration(state, newJob);

    // Will running spare tasks release enough slots in time (Algorithm 1, lines 6–21)?
    const double remaining = absoluteDeadline(newJob) - state.now();
    SlotPair wanted = need;
    bool feasible = true;
    for (const Candidate& c : jobs) {
        const JobState& s = state.job(c.job);
        bool counted = false;
        if (!s.mapsDone && wanted.map > freeMap) {
            freeMap += spare(state, c.job, TaskKind::Map);
            counted = true;
        } else if (s.mapsDone && wanted.reduce > freeReduce) {
            freeReduce += spare(state, c.job, TaskKind::Reduce);
            counted = true;
        }
        if (counted) {
            const SlotQuota later = quotaWithin(state, newJob, remaining - c.taskDuration);
            wanted = {later.mapSlots, later.reduceSlots};
            // Waiting that long misses the deadline whatever the slots: not a way out.
            feasible = later.feasible;
        }
        if (feasible && wanted.map <= freeMap && wanted.reduce <= freeReduce) {
            return;  // waiting suffices: no kill
        }
    }

    // Kill spare map tasks, never one inside a job's quota (lines 23–29).
    freeMap = state.freeSlots(TaskKind::Map, pool());
    for (const Candidate& c : jobs) {
        if (need.map <= freeMap) {
            break;
        }
        const int victims = std::min(spare(state, c.job, TaskKind::Map), need.map - freeMap);
        if (victims > 0) {
            freeMap += state.kill(c.job, TaskKind::Map, victims);
        }
    }
}

void MinEdfPolicy::makeReduceRoomFor(SimState& state, int job) {
    const int need = quota(job, TaskKind::Reduce);
    int free = state.freeSlots(TaskKind::Reduce, pool());
    if (need <= free) {
        return;
    }
    // Jobs in their reduce stage, by increasing reduce task duration: will their spare reduce
    // tasks end in time (lines 14–19, for the reduce stage the job has just entered)?
    std::vector<Candidate> jobs = othersByTaskDuration(state, job);
    std::erase_if(jobs, [&](const Candidate& c) {
        return !state.job(c.job).mapsDone || spare(state, c.job, TaskKind::Reduce) == 0;
    });
    const double remaining = absoluteDeadline(job) - state.now();
    for (const Candidate& c : jobs) {
        free += spare(state, c.job, TaskKind::Reduce);
        const SlotQuota later = quotaWithin(state, job, remaining - c.taskDuration);
        if (later.feasible && later.reduceSlots <= free) {
            return;  // waiting suffices: no kill
        }
    }
    // Kill spare reduce tasks, jobs in the same order, never one inside a job's quota, only as
    // many as the job's reduce quota lacks.
    free = state.freeSlots(TaskKind::Reduce, pool());
    for (const Candidate& c : jobs) {
        if (need <= free) {
            break;
        }
        const int victims = std::min(spare(state, c.job, TaskKind::Reduce), need - free);
        free += state.kill(c.job, TaskKind::Reduce, victims);
    }
}

}  // namespace mr
