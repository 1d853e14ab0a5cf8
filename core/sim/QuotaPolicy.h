// QuotaPolicy — what the deadline policies with per-job slot quotas share ([Verma12b] MinEDF and
// MinEDF-WC, [Rao12] completion-time): EDF order, a minimal (map, reduce) quota per active job
// recomputed from its REMAINING tasks and the REMAINING time, and the slot choice
//   1. the earliest-deadline job running fewer tasks of the slot's kind than its quota;
//   2. work-conserving policies only: else the earliest-deadline job with a task to run (a
//      "spare" slot, [Verma12b] §III-C); otherwise the slot stays idle.
// Recomputation is event driven: a job's quota is recomputed when its remaining tasks change
// (a task of it ends) and when the time passes at which its quota stops meeting the deadline in
// the model (its expiry: deadline − predicted time; the policy wakes itself then). Between those
// events the quota provably stays the minimal one, so nothing else is recomputed.
// Jobs without a deadline get their maximum useful allocation, after every job with a deadline.
#pragma once

#include <limits>
#include <vector>

#include "perf/MinSlots.h"
#include "perf/QuotaModel.h"
#include "sim/ExpiryHeap.h"
#include "sim/JobBitset.h"
#include "sim/Policy.h"

namespace mr {

// Counters a quota policy keeps for the metrics ([Verma12b] §IV-A metrics 4 and 5).
struct QuotaStats {
    long long extraTasks[2] = {0, 0};  // task starts beyond the job's quota (spare slots)
    long long recomputations = 0;      // quota computations (for benchmarks)
};

// One quota change, for tests and charts.
struct QuotaChange {
    double time = 0.0;
    int job = 0;
    int mapSlots = 0;
    int reduceSlots = 0;
};

class QuotaPolicy : public Policy {
public:
    // `stats` and `log` (both optional) must outlive the simulation.
    QuotaPolicy(bool workConserving, QuotaStats* stats, std::vector<QuotaChange>* log);

    void attach(SimState& state, int pool) override;
    void onJobArrived(SimState& state, int job) override;
    void onTaskStarted(SimState& state, const TaskRecord& task) override;
    void onTaskEnded(SimState& state, const TaskRecord& task) override;
    void onTaskKilled(SimState& state, const TaskRecord& task) override;
    void onTaskQueued(SimState& state, int job, TaskKind kind, int task) override;
    void onMapStageDone(SimState& state, int job) override;
    void onReducesOpen(SimState& state, int job) override;
    void beforeAssign(SimState& state) override;
    Pick pick(SimState& state, TaskKind kind, int slot) override;

    // The job's current quota of a kind (0 before it arrived).
    int quota(int job, TaskKind kind) const {
        return m_jobs[static_cast<std::size_t>(job)].quota[static_cast<int>(kind)];
    }

protected:
    // The form A/sm + B/sr + C of the job's remaining work at state.now().
    virtual CompletionForm remainingForm(const SimState& state, int job) const = 0;
    // The quota for the job now: by default minimalSlots() of remainingForm() within the
    // remaining time (the maximum useful allocation when that cannot meet the deadline).
    struct Quota {
        int map = 0;
        int reduce = 0;
        double expiry = std::numeric_limits<double>::infinity();  // absolute time
    };
    virtual Quota computeQuota(const SimState& state, int job) const;
    // Called once per instant after the quotas are up to date, with the jobs that arrived in
    // this instant and those whose map stage ended in it (each in EDF order); hooks may kill
    // tasks here.
    virtual void afterQuotas(SimState& state, const std::vector<int>& arrived,
                             const std::vector<int>& reducing) {
        (void)state;
        (void)arrived;
        (void)reducing;
    }
    // The task to run when `job` gets `slot` (-1: the engine's next pending task).
    virtual int chooseTask(SimState& state, int job, TaskKind kind, int slot) {
        (void)state;
        (void)job;
        (void)kind;
        (void)slot;
        return -1;
    }

    // Minimal slots for the job's remaining work within `remainingTime` (max useful when
    // infeasible or when remainingTime <= 0), without the Lagrange point.
    SlotQuota quotaWithin(const SimState& state, int job, double remainingTime) const;
    // min(remaining tasks, pool slots) per kind.
    SlotPair maxUseful(const SimState& state, int job) const;
    double absoluteDeadline(int job) const {
        return m_jobs[static_cast<std::size_t>(job)].deadline;
    }
    int poolSlots(TaskKind kind) const { return m_poolSlots[static_cast<int>(kind)]; }
    int pool() const { return m_pool; }
    // Mark the job's quota for recomputation before the next assignment.
    void markDirty(int job);
    // Re-derive the job's membership of the "under quota" and "ready" sets for a kind.
    void refresh(const SimState& state, int job, TaskKind kind);
    const std::vector<int>& edfJobs() const { return m_byRank; }  // the pool's jobs, EDF
    int rankOf(int job) const { return m_jobs[static_cast<std::size_t>(job)].rank; }

private:
    struct JobInfo {
        int rank = -1;  // position in EDF order (-1: not in this pool)
        double deadline = std::numeric_limits<double>::infinity();
        int quota[2] = {0, 0};
        bool computed = false;  // its quota was computed at least once
        bool dirty = false;
    };
    void recompute(SimState& state, int job);

    bool m_workConserving;
    QuotaStats* m_stats;
    std::vector<QuotaChange>* m_log;
    int m_pool = 0;
    int m_poolSlots[2] = {0, 0};
    std::vector<JobInfo> m_jobs;  // by workload job index
    std::vector<int> m_byRank;
    JobBitset m_under[2];  // ranks: ready and running below the quota
    JobBitset m_ready[2];  // ranks: arrived, a pending task of the kind that may run (barrier)
    std::vector<int> m_dirty;
    std::vector<int> m_arrived;
    std::vector<int> m_reducing;  // jobs whose map stage ended in this instant (with reduces)
    ExpiryHeap m_expiries;        // per job: the time its quota stops meeting its deadline
    double m_wakeRequested = -1.0;
};

}  // namespace mr
