// FairPolicy — Hadoop's Fair Scheduler (Zaharia et al., [Rao12]/[Verma12b]'s baseline), with the
// pools of its allocation file (model/FairPools.h). A free slot of a kind goes, among the pools
// with a task of that kind to run, to the one Hadoop's fair-share comparison puts first:
//   1. a pool below its minimum share — running < min(min share, demand) — before one that is not;
//   2. two such pools: the lower running / max(min(min share, demand), 1);
//   3. otherwise the lower running / weight;
//   ties: the pool listed first ("fair_pools" order, then pools first named by a job, in arrival
//   order).
// demand = running + runnable tasks of the pool's jobs (reduce tasks once the job's reduces may
// start). Inside the pool the slot goes to the job with the fewest running tasks of the kind
// (equal shares: schedulingMode fair) or to the earliest arrival (fifo); ties: earlier arrival,
// then file order. Work-conserving: a pool or job may exceed its share while the others have
// nothing to run. Without pools every job is in "default" and this is the papers' baseline: equal
// shares per active job.
// Not modelled: preemption (min-share and fair-share timeouts), maxRunningJobs, job weights and
// priorities, delay scheduling (locality comes from the LocalityPolicy wrapper).
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "model/FairPools.h"
#include "sim/Policy.h"

namespace mr {

// The pools of `jobs` (in arrival order): the workload's "fair_pools" in their order, then each
// pool first named by a job that the list lacks (Hadoop's defaults), "default" for jobs that
// name none; and the pool index of every job of the workload (-1: not among `jobs`).
struct FairPoolAssignment {
    std::vector<FairPoolSpec> pools;
    std::vector<int> poolOfJob;
};
FairPoolAssignment assignFairPools(const Workload& workload, const std::vector<int>& jobs);

class FairPolicy : public Policy {
public:
    void attach(SimState& state, int pool) override;
    void onJobArrived(SimState& state, int job) override;
    void onTaskStarted(SimState& state, const TaskRecord& task) override;
    void onTaskEnded(SimState& state, const TaskRecord& task) override;
    void onTaskKilled(SimState& state, const TaskRecord& task) override;
    void onTaskQueued(SimState& state, int job, TaskKind kind, int task) override;
    void onMapStageDone(SimState& state, int job) override;
    void onReducesOpen(SimState& state, int job) override;
    Pick pick(SimState& state, TaskKind kind, int slot) override;

private:
    struct Group {
        long long running[2] = {0, 0};
        long long demand[2] = {0, 0};
        // Per kind: (key, rank) of the jobs with a task of that kind to run; key is the running
        // count (fair) or 0 (fifo).
        std::set<std::pair<int, int>> ready[2];
    };
    void refresh(const SimState& state, int job, TaskKind kind);
    bool before(int a, int b, int kind) const;  // the fair-share comparison of two groups

    std::vector<FairPoolSpec> m_specs;  // by group
    std::vector<Group> m_groups;
    std::vector<int> m_groupOf;  // per job
    std::vector<int> m_rank;     // per job: arrival rank within the engine pool, -1 outside
    std::vector<int> m_byRank;
    // Per kind, per job: its key in its group's ready set (-1: absent), and the running and
    // demand it contributes to its group.
    std::vector<int> m_key[2];
    std::vector<int> m_running[2];
    std::vector<int> m_demand[2];
};

}  // namespace mr
