// CompletionTimePolicy — [Rao12] §4.2, Algorithm 2 (the completion-time based scheduler), with
// the map-task placement of its Algorithm 1 when locality is simulated.
//  * A job that has no completed and no running map task takes precedence (oldest first): its
//    first map task is the probe that gives the first estimate ("jobs with no completed or
//    running tasks always take precedence"). Until that probe ends, the job runs only it.
//  * Then jobs in EDF order, each below its quota (n_m, n_r) of [Rao12] Eq. 10, recomputed
//    after every finished task (Alg. 2, lines 17–20) and as time passes, from the job's
//    REMAINING tasks: A = u·t_m, B = v·t_r, C = u·v·t_s, with t_m the mean observed duration of
//    its finished map tasks (Eqs. 1–2), t_r that of its finished reduce tasks or t_m before any
//    (Eq. 3), t_s one shuffle copy (from the profile; 0 without one). Not work-conserving: a
//    slot no job needs for its quota stays idle (Alg. 2 lines 7 and 10).
//  * With locality: the chosen job runs a map task whose block is on the free slot's VM; else
//    one whose block is on another VM of the same physical host, by moving the free core to that
//    VM (Alg. 1, lines 3–13; the model adds the reconfiguration delay). Otherwise the slot is
//    left idle while other map slots are free in this instant ("a task is delayed until a core
//    becomes available in the target node", §4.1), and the last free slot runs a remote task, so
//    that every instant starts at least one task of the job.
#pragma once

#include <memory>
#include <vector>

#include "sim/Locality.h"
#include "sim/QuotaPolicy.h"

namespace mr {

class CompletionTimePolicy : public QuotaPolicy {
public:
    // `locality` may be null (no locality simulated).
    CompletionTimePolicy(std::shared_ptr<const LocalityModel> locality, QuotaStats* stats = nullptr,
                         std::vector<QuotaChange>* log = nullptr);

    void attach(SimState& state, int pool) override;
    void onJobArrived(SimState& state, int job) override;
    void onTaskStarted(SimState& state, const TaskRecord& task) override;
    void onTaskEnded(SimState& state, const TaskRecord& task) override;
    void onTaskKilled(SimState& state, const TaskRecord& task) override;
    void onTaskQueued(SimState& state, int job, TaskKind kind, int task) override;
    void beforeAssign(SimState& state) override;
    Pick pick(SimState& state, TaskKind kind, int slot) override;

protected:
    CompletionForm remainingForm(const SimState& state, int job) const override;
    Quota computeQuota(const SimState& state, int job) const override;
    int chooseTask(SimState& state, int job, TaskKind kind, int slot) override;

private:
    struct Observed {
        double sum[2] = {0.0, 0.0};  // observed durations of finished tasks, by kind
        int count[2] = {0, 0};
        double copyTime = 0.0;
    };
    void refreshProbe(const SimState& state, int job);
    Pick placeMap(SimState& state, int job, int slot, int count);

    std::shared_ptr<const LocalityModel> m_locality;
    std::unique_ptr<LocalTaskFinder> m_finder;
    std::vector<Observed> m_observed;
    std::vector<int> m_arrivalRank;  // per job; -1 outside the pool
    std::vector<int> m_byArrival;
    JobBitset m_probe;        // arrival ranks of jobs waiting for their first map task
    int m_freeMapsLeft = -1;  // free map slots not yet offered in this instant (-1: not counted)
};

}  // namespace mr
