// BalancedPools — seed 000 §III-C, Algorithm 2. Jobs sorted by their number of map tasks are cut
// at every split point into a pool of small jobs and a pool of big jobs; for each split a search
// over the small pool's node count balances the two pools' simulated makespans (Johnson's order
// inside each pool, stage durations computed on the pool's own slots); the best
// max(pool makespans) seen wins, unless plain Johnson on the whole cluster is better.
//
// How we read Algorithm 2 (DESIGN.md): its "until SizeBegin ≠ SizeEnd" is a search that ends when
// the interval is empty. The predicate "the small pool finishes first" is false for few nodes and
// true for many (if makespans fall with more nodes), so we find the boundary and evaluate the node
// counts on both sides of it; every evaluated count is a candidate. Pools are sized in whole
// nodes (each pool keeps the node's map and reduce slots). The first split is searched by
// bisection over [1, M−1]; each later split starts at the previous split's boundary and gallops
// (1, 2, 4, ... nodes) until the predicate flips, then bisects — the same boundary when the
// makespans are monotone in the node count, found with about two simulations per split instead
// of log2 M (the boundary moves little from one split to the next). A split whose lower bound
// (work over slots, longest task chains, for the best node count) cannot beat the best plan so
// far is skipped: this never changes the result.
//
// Our extension (off by default): more than two pools. Starting from the best two-pool plan, the
// pool with the largest makespan is split again the same way (its jobs, its nodes) while that
// lowers its makespan, until `maxPools` pools.
#pragma once

#include <vector>

#include "model/Cancelled.h"
#include "model/Workload.h"
#include "perf/StageDuration.h"

namespace mr {

struct PoolPlan {
    std::vector<int> jobs;  // workload job indices, in the pool's Johnson order
    int firstNode = 0;
    int nodes = 0;
    double end = 0.0;  // last completion time when the pool runs (it runs alone on its nodes)
};

// One node count the search simulated for a split: both pools' ends.
struct PoolProbe {
    int nodes = 0;  // of the small pool
    double smallEnd = 0.0;
    double bigEnd = 0.0;
};

// What the search found for one split point of the top-level (two-pool) search.
struct SplitResult {
    int split = 0;  // jobs in the small pool (the `split` jobs with the fewest map tasks)
    int nodes = 0;  // the small pool's best node count
    double smallEnd = 0.0;
    double bigEnd = 0.0;
    int evaluations = 0;  // node counts simulated for this split
    // Not simulated: a lower bound (work over slots, longest task chains) showed that no node
    // count could beat the best plan found before it. nodes and ends are then 0.
    bool pruned = false;
    // Every node count simulated, in the order the search tried them (the Teach tab's probes).
    std::vector<PoolProbe> probes;
};

struct BalancedPoolsPlan {
    std::vector<PoolPlan> pools;      // pool 1 holds the smallest jobs; one pool: plain Johnson won
    double johnsonEnd = 0.0;          // plain Johnson on the whole cluster, last completion time
    std::vector<SplitResult> splits;  // the two-pool search, one entry per split point
    long long simulations = 0;        // simulations run (each simulates both pools of a split)
};

struct BalancedPoolsOptions {
    Estimator estimator = Estimator::Exact;
    int maxPools = 2;
    // false: bisect every split over [1, M−1] from scratch, as Algorithm 2 does (for comparison;
    // same boundary when makespans are monotone, about three times the simulations).
    bool warmStart = true;
    const CancelFlag* cancel = nullptr;  // set -> the search throws Cancelled
};

std::vector<int> jobsByMapTasks(const Workload& workload);  // stable: file order among equals

BalancedPoolsPlan planBalancedPools(const Workload& workload,
                                    const BalancedPoolsOptions& options = {});

}  // namespace mr
