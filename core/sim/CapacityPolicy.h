// CapacityPolicy — YARN's Capacity scheduler over a queue tree (model/CapacityQueues.h), in slots
// of each kind (docs/algorithms.md, "capacity"). A free slot of a kind goes down the tree from
// root: at each parent, to the child with the lowest used / guaranteed slots (YARN's
// "utilization" ordering of queues; ties: the child listed first) among those that can take it;
// inside the leaf, to the first job in submission order (fifo) or to the job with the fewest
// running tasks of the kind (fair; ties: submission order).
//   * A queue's guaranteed slots: its absolute capacity (the product of the capacities on its
//     path) × the cluster's slots of the kind.
//   * A queue takes a slot only while every queue on its path runs fewer tasks of the kind than
//     its ceiling: the absolute maximum-capacity (the product of the maximum-capacities on its
//     path) and, for a leaf, user-limit-factor × its absolute capacity (the queue's jobs are one
//     user's), × the cluster's slots, rounded to the nearest slot.
//   * Elastic: a queue below its ceiling takes idle slots beyond its guarantee whenever no queue
//     that the ordering puts first can use them; no preemption takes them back.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "model/CapacityQueues.h"
#include "sim/RefreshPolicy.h"

namespace mr {

// The queue tree flattened, node 0 being root, with each job's leaf.
struct CapacityTree {
    struct Queue {
        std::string path;  // "root.a.b"
        int parent = -1;
        std::vector<int> children;
        double absoluteCapacity = 1.0;  // share of the cluster guaranteed
        double ceiling = 1.0;           // share of the cluster it may use (see above)
        bool fair = false;
    };
    std::vector<Queue> queues;
    std::vector<int> leafOfJob;  // indexed like the workload's jobs

    int queueIndex(const std::string& nameOrPath) const;  // -1: none
};

// `queues`: root's children (empty: defaultCapacityQueues()). A job's "queue" names a leaf by its
// name or path ("root.a.b"); none: "default". Throws InputError naming the job when it names no
// leaf, and the queue when a leaf holding jobs has a ceiling under one slot of a kind they need.
CapacityTree resolveCapacityTree(const Workload& workload,
                                 const std::vector<CapacityQueueSpec>& queues);

// The ceiling of `share` of `slots` in whole slots: the nearest (a hundredth of a percent of fewer
// than 5000 slots is under half a slot, so a plan's exported shares give back its pools' slots).
int ceilingSlots(double share, int slots);

class CapacityPolicy : public RefreshPolicy {
public:
    // `order`: the jobs in submission order (the pool's jobs).
    CapacityPolicy(CapacityTree tree, std::vector<int> order);

    void attach(SimState& state, int pool) override;
    Pick pick(SimState& state, TaskKind kind, int slot) override;

protected:
    void refresh(const SimState& state, int job, TaskKind kind) override;

private:
    struct QueueState {
        int running[2] = {0, 0};
        int ceiling[2] = {0, 0};
        double guaranteed[2] = {0.0, 0.0};
        // Leaves, per kind: (key, rank) of the jobs with a task of the kind to run; key is the
        // job's running count (fair) or 0 (fifo).
        std::set<std::pair<int, int>> ready[2];
    };
    int bestLeaf(int queue, int k) const;          // -1: none in the subtree can take a slot
    bool before(int a, int b, int k) const;        // YARN's utilization order of two siblings
    int room(int leaf, int k) const;               // free ceiling along the leaf's path
    bool onlyEligibleLeaf(int leaf, int k) const;  // no other leaf could take the slot

    CapacityTree m_tree;
    std::vector<int> m_order;
    std::vector<int> m_rank;  // per job: position in m_order, -1 when not ours
    std::vector<QueueState> m_state;
    std::vector<int> m_leaves;
    std::vector<int> m_key[2];      // per job: its key in its leaf's ready set (-1: absent)
    std::vector<int> m_counted[2];  // per job: the running tasks counted in its queues
};

}  // namespace mr
