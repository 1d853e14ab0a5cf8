// FairPolicy — the Hadoop Fair Scheduler baseline of seeds 003 and 004 (Zaharia et al., the
// papers' reference [5]/[3]) as the papers use it: every active job has an equal share of the
// slots of each kind; a free slot goes to the job furthest below its share, i.e. the job with the
// fewest running tasks of that kind (ties: earlier arrival, then file order). Work-conserving: a
// job may exceed its share while others have nothing to run. No preemption, no deadlines.
// Not modelled: pools, weights, minimum shares, delay scheduling (locality comes from the
// LocalityPolicy wrapper as for every policy).
#pragma once

#include <set>
#include <utility>
#include <vector>

#include "sim/Policy.h"

namespace mr {

class FairPolicy : public Policy {
public:
    void attach(SimState& state, int pool) override;
    void onJobArrived(SimState& state, int job) override;
    void onTaskStarted(SimState& state, const TaskRecord& task) override;
    void onTaskEnded(SimState& state, const TaskRecord& task) override;
    void onTaskKilled(SimState& state, const TaskRecord& task) override;
    void onMapStageDone(SimState& state, int job) override;
    void onReducesOpen(SimState& state, int job) override;
    Pick pick(SimState& state, TaskKind kind, int slot) override;

private:
    void refresh(const SimState& state, int job, TaskKind kind);

    std::vector<int> m_rank;  // per job: arrival rank within the pool, -1 outside
    std::vector<int> m_byRank;
    // Per kind: (running tasks, rank) of the jobs that have a task of that kind to run.
    std::set<std::pair<int, int>> m_ready[2];
    std::vector<int> m_key[2];  // per job: its running count in m_ready, -1 when absent
};

}  // namespace mr
