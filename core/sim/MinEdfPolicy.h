// MinEdfPolicy — [Verma12b] §III-B/C: EDF order with each job's minimal slot quota from the ARIA
// model (default: the average of the bounds, Eq. 1), recomputed from the remaining tasks and the
// remaining time (QuotaPolicy).
//   MinEDF     (workConserving = false): a job never runs more tasks than its quota; slots no
//              job needs for its quota stay idle.
//   MinEDF-WC  (workConserving = true): [Verma12b] Algorithm 1. Spare slots go to the active jobs
//              by deadline. When a job Ĵ arrives and the free slots do not cover its quota, the
//              policy first predicts the slots that running spare tasks will release in time:
//              jobs by increasing task duration, each adds its spare tasks (running − quota) of
//              the stage Ĵ is short of, and Ĵ's quota is recomputed for the deadline shortened by
//              that job's average task duration (it waits that long). Only when no prediction
//              meets the quota are spare MAP tasks killed (Algorithm 1, lines 23–29), jobs in
//              the same order, never a task inside a job's quota, and only as many as Ĵ's map
//              quota still lacks. Reduce slots are reclaimed the same way (§III-C: spare
//              resources of both kinds are lent and de-allocated): when a job with a deadline
//              enters its reduce stage short of its reduce quota, the jobs in their reduce stage
//              (by increasing reduce task duration) add their spare reduce tasks, the job's quota
//              is recomputed for the deadline shortened by that job's average reduce task; when
//              no wait meets it, spare reduce tasks are killed as above. Killed tasks lose their
//              work (counted in JobTimes::killedWork) and rerun later.
// Where we read Algorithm 1 in a particular way (docs/deadlines.md): "enough" is quota <=
// free (the paper writes <); the kill loop starts again from the slots free now (the paper keeps
// adding to the F_M of the prediction loop, counting spare slots twice); it stops killing as
// soon as Ĵ's map quota is covered (the paper kills a job's spare tasks all at once).
#pragma once

#include <vector>

#include "perf/MinSlots.h"
#include "sim/QuotaPolicy.h"

namespace mr {

class MinEdfPolicy : public QuotaPolicy {
public:
    // killReduces (work-conserving only): reclaim reduce slots too; false kills only map tasks,
    // as Algorithm 1's listing.
    MinEdfPolicy(bool workConserving, Bound bound, QuotaStats* stats = nullptr,
                 std::vector<QuotaChange>* log = nullptr, bool killReduces = true);

    void attach(SimState& state, int pool) override;
    void onJobArrived(SimState& state, int job) override;

protected:
    CompletionForm remainingForm(const SimState& state, int job) const override;
    void afterQuotas(SimState& state, const std::vector<int>& arrived,
                     const std::vector<int>& reducing) override;

private:
    struct Candidate {
        int job;
        double taskDuration;  // its average task duration in the stage it is in
    };
    // The other active jobs, by increasing task duration of the stage they are in.
    std::vector<Candidate> othersByTaskDuration(const SimState& state, int job);
    int spare(const SimState& state, int job, TaskKind kind) const;  // running − quota, >= 0
    void makeRoomFor(SimState& state, int job);
    void makeReduceRoomFor(SimState& state, int job);

    bool m_workConserving;
    bool m_killReduces;
    Bound m_bound;
    std::vector<AriaStats> m_stats;  // per job, taken when it arrives
    // EDF ranks of the jobs that arrived and were not yet seen done: the candidates for spare
    // slots are searched among these, not among every job of the trace.
    JobBitset m_active;
};

}  // namespace mr
