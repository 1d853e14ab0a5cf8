// PoolPlan — what a RunResult means on a real Hadoop/YARN cluster ([Verma12] §IV-C enforced its
// pools "by creating two queues using Capacity scheduler" and submitted each pool's jobs to its
// queue): one leaf queue per pool, its capacity the pool's share of the nodes, its jobs in the
// order the pool serves them, and one submission sequence. The exports (Capacity-scheduler XML,
// submit script, SLS trace) all read the same PoolPlan, so they never disagree.
#pragma once

#include <string>
#include <vector>

#include "model/Workload.h"
#include "schedulers/Algorithm.h"

namespace mr {

struct PlanQueue {
    std::string name;  // a valid YARN queue name (letters, digits, '_' and '-')
    int firstNode = 0;
    int nodes = 0;
    // The share of the cluster in hundredths of a percent (3333 = 33.33 %); the queues' shares
    // sum to exactly 10000 (a capacity plan: each leaf's absolute capacity, rounded).
    int capacityHundredths = 0;
    std::vector<int> jobs;  // in the order the queue serves them
};

struct PlanSubmission {
    int job = 0;
    int queue = 0;
    int position = 0;  // within its queue
    double arrival = 0.0;
};

struct PoolPlan {
    std::string algorithm;
    std::vector<PlanQueue> queues;
    // The `capacity` algorithm's plan: the queue tree it ran with (root's children), which
    // capacity-scheduler.xml writes as it is; `queues` are then its leaves, each with its
    // guaranteed share of the nodes (rounded) and no node range. Empty for every other plan.
    std::vector<CapacityQueueSpec> capacityTree;
    std::vector<int> queueOfJob;  // indexed like the workload's jobs
    // Every job once, by (arrival, position in its queue, queue): jobs that arrive together are
    // submitted in their queues' orders, the queues interleaved.
    std::vector<PlanSubmission> submissions;
};

// Single-pool results give one queue "default" holding the algorithm's order at 100 %; pooled
// results one queue per pool (RunResult.sim.pools); a `capacity` result the workload's queue
// tree, each leaf holding its jobs in the order they were submitted. Throws std::logic_error if the
// pools do not list every job exactly once.
PoolPlan makePlan(const Workload& workload, const RunResult& result);

// Node counts as shares of their sum in hundredths of a percent, rounded by largest remainder
// (ties to the earlier entry) so that they sum to exactly 10000.
std::vector<int> capacityHundredths(const std::vector<int>& nodes);

// "33.33", "100", "12.5".
std::string formatPercent(int hundredths);

}  // namespace mr
