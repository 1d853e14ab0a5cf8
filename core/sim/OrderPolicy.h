// OrderPolicy — FIFO by a given job order, Hadoop's default allocation (docs/simulator.md):
// a free map slot takes the next map task of the first job in the order that has arrived and has
// unstarted maps; a free reduce slot likewise among jobs whose maps are done. Behind fifo,
// johnson, reverse-johnson, random, manual, optimal and each pool of balanced-pools.
#pragma once

#include <vector>

#include "sim/JobBitset.h"
#include "sim/Policy.h"

namespace mr {

class OrderPolicy : public Policy {
public:
    // `order`: the pool's jobs, first served first.
    explicit OrderPolicy(std::vector<int> order);

    void attach(SimState& state, int pool) override;
    void onJobArrived(SimState& state, int job) override;
    void onTaskStarted(SimState& state, const TaskRecord& task) override;
    void onTaskKilled(SimState& state, const TaskRecord& task) override;
    void onTaskQueued(SimState& state, int job, TaskKind kind, int task) override;
    void onMapStageDone(SimState& state, int job) override;
    void onReducesOpen(SimState& state, int job) override;
    Pick pick(SimState& state, TaskKind kind, int slot) override;

    const std::vector<int>& order() const { return m_order; }

private:
    void refresh(const SimState& state, int job, TaskKind kind);

    std::vector<int> m_order;
    std::vector<int> m_position;   // job index -> position in m_order (-1: not ours)
    JobBitset m_ready[2];          // positions with pending tasks of a kind that may run
    int m_firstReady[2] = {0, 0};  // no position before this one is ready (keeps pick O(1))
};

}  // namespace mr
