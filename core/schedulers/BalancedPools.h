// BalancedPools — [Verma12] §III-C, Algorithm 2. Jobs sorted by their number of map tasks are cut
// at every split point into a pool of small jobs and a pool of big jobs; for each split a binary
// search over the small pool's node count balances the two pools' simulated makespans (Johnson's
// order inside each pool, stage durations computed on the pool's own slots); the best
// max(pool makespans) seen wins, unless plain Johnson on the whole cluster is better.
//
// How we read Algorithm 2 (docs/simulator.md): "until SizeBegin ≠ SizeEnd" is a binary search that
// ends when the interval is empty. For each split: below = 0, above = M; while above − below > 1,
// probe mid = below + (above − below) / 2 (SIMULATE each pool on its own nodes, as lines 11–12
// do), then above = mid if the small pool ends first, else below = mid. Every probe is a
// candidate; the first probe with the smallest max(pool ends) is the split's, the earliest split
// with the smallest value is the plan, and it must beat plain Johnson (beyond the engine's
// same-instant tolerance). Pools are sized in whole nodes (each keeps its nodes' map and reduce
// slots).
//
// The default search returns exactly that, faster: the two pools of a probe are
// simulated separately and only as far as needed — a pool still running after the best plan's
// makespan cannot be part of a better plan, so it is stopped there and resumed only when the
// comparison "small ends first" needs more; lower bounds (work over slots, task chains, per-job
// work) skip whole splits and the rest of a split's bisection when they cannot beat the best plan
// found; a neighbouring split's run of the same side on the same nodes bounds a pool too (it is
// that pool's run until one of the jobs between them starts), and so does its map phase alone
// (mapPhaseBounds: one pass over the map tasks, which speaks for a whole range of splits on those
// nodes, since a pool with more jobs ends no earlier there); a probe the bounds rule out is not
// simulated when they also rule out one whole side of it: the bisection goes to the other side,
// and that step is checked (and undone if Algorithm 2 goes the other way) only when the split
// would beat the best plan; splits run on all cores in fixed batches (an evenly spread one, then
// ascending), and ties resolve as the sequential search would (the earlier split wins), so the
// answer does not depend on the thread count. The gallop (ours,
// `gallop = true`) starts each split's search at the previous split's boundary instead; it can
// end on a different boundary where makespans are not monotone.
//
// Our extension (off by default): more than two pools. Starting from the best two-pool plan, the
// pool with the largest makespan is split again the same way (its jobs, its nodes) while that
// lowers its makespan, until `maxPools` pools.
#pragma once

#include <functional>
#include <limits>
#include <vector>

#include "model/Cancelled.h"
#include "model/Progress.h"
#include "model/Workload.h"
#include "perf/StageDuration.h"

namespace mr {

struct PoolPlan {
    std::vector<int> jobs;  // workload job indices, in the pool's Johnson order
    int firstNode = 0;
    int nodes = 0;
    double end = 0.0;  // last completion time when the pool runs (it runs alone on its nodes)
};

// One node count the search probed for a split.
struct PoolProbe {
    int nodes = 0;            // of the small pool
    bool smallFirst = false;  // the small pool ends first (the search then tries fewer nodes)
    bool exact = false;       // both pools simulated to their ends (else stopped past the horizon)
    double smallEnd = 0.0;    // with exact: both pools' ends
    double bigEnd = 0.0;
};

// What the search found for one split point of the top-level (two-pool) search.
struct SplitResult {
    int split = 0;  // jobs in the small pool (the `split` jobs with the fewest map tasks)
    int nodes = 0;  // the small pool's best node count
    double smallEnd = 0.0;
    double bigEnd = 0.0;
    int evaluations = 0;  // node counts probed on Algorithm 2's path (pools simulated, maybe
                          // only in part; = probes.size())
    // Bisection steps taken on lower bounds alone, without a probe (see searchSplit), and
    // whether one of them was checked and found to go the wrong way (the search then keeps what
    // it had before that step, as Algorithm 2 would).
    int assumed = 0;
    bool undone = false;
    // The split could not beat the best plan: a lower bound ruled it out (or the rest of its
    // search), or its pools ran past the best plan's makespan. nodes and ends are then those of
    // its best fully simulated probe (0 if none).
    bool pruned = false;
    // Every node count probed, in the order the search tried them (the Teach tab's probes).
    std::vector<PoolProbe> probes;
};

struct BalancedPoolsPlan {
    std::vector<PoolPlan> pools;      // pool 1 holds the smallest jobs; one pool: plain Johnson won
    double johnsonEnd = 0.0;          // plain Johnson on the whole cluster, last completion time
    std::vector<SplitResult> splits;  // the two-pool search, one entry per split point
    long long simulations = 0;        // plain Johnson + probes (each simulates both pools)
};

struct BalancedPoolsOptions {
    Estimator estimator = Estimator::Exact;
    int maxPools = 2;
    // Ours: start each split's search at the previous split's boundary and gallop (1, 2, 4, ...
    // nodes) to the flip, then bisect. Fewer probes; the same plan only where makespans are
    // monotone in the node count. Default: Algorithm 2's plain bisection.
    bool gallop = false;
    int threads = 0;                     // 0: all cores (the plan does not depend on it)
    const CancelFlag* cancel = nullptr;  // set -> the search throws Cancelled
    // Counts the simulations: plain Johnson's, then each split point's probes. The total is set
    // first and gives each split point the most probes its bisection can make; a split point
    // that ends with fewer (bounds, an early stop) counts the rest when it ends, so the count
    // rises with every probe and reaches the total exactly when the search ends.
    Progress* progress = nullptr;
    // Called with each plan better than the ones before it (plain Johnson's first), from the
    // thread that started the search, one call at a time, while the search waits: the pools and
    // their ends (`splits` stays empty). What a caller shows while the search goes on.
    std::function<void(const BalancedPoolsPlan& best)> onBetterPlan;
    // Called once with plain Johnson's order over the whole cluster as soon as it is known,
    // before the search simulates it (its end is not known yet): a caller that simulates that
    // plan itself shows it without waiting for the search's own simulation of it.
    std::function<void(const std::vector<int>& johnson)> onJohnsonOrder;
};

std::vector<int> jobsByMapTasks(const Workload& workload);  // stable: file order among equals

// Bounds on the end of `order`'s jobs run alone on `nodes` nodes (from node 0) in that order
// (OrderPolicy), when every job arrives at the same time and none has overheads. Map slots then
// go to the map tasks strictly in the order, as in a greedy list schedule, whatever the reduces
// do: each job's maps end as there. Lower: its reduces wait for them and take at least
// afterMaps[job] more (indexed by workload job; BalancedPools gives the exact estimator's r_i,
// the reduces alone on the pool's reduce slots). Upper: no reduce slot idles while a released
// reduce waits, so from the last moment one idled before the last reduce starts (at most the last
// release) the slots are busy with the reduces released since, fewer than r reduces running
// then, and the last one: the lesser of (every map's end + reduce work / r + longest reduce) and
// (max over releases of release + reduce work released since / r, + 2 (1 - 1/r) longest reduce).
// A pass stops once the lower bound is above `stopAbove` (the upper one is then infinite), and
// throws Cancelled once `cancel` is set (polled at every job).
struct PoolEndBounds {
    double lower = 0.0;
    double upper = std::numeric_limits<double>::infinity();
};
PoolEndBounds mapPhaseBounds(const Workload& workload, const std::vector<int>& order, int nodes,
                             const std::vector<double>& afterMaps,
                             double stopAbove = std::numeric_limits<double>::infinity(),
                             const CancelFlag* cancel = nullptr);

BalancedPoolsPlan planBalancedPools(const Workload& workload,
                                    const BalancedPoolsOptions& options = {});

}  // namespace mr
