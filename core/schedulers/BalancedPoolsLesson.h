// BalancedPoolsLesson — [Verma12] §III-C Algorithm 2 as steps for the Teach tab, taken from the
// real search (planBalancedPools records every node count it simulates), never re-implemented:
// the jobs sorted by map tasks; plain Johnson on the whole cluster, the plan to beat; then for
// each split point the two pools, every probe of the search on the small pool's node count with
// both pools' simulated ends, and the best so far; the result is the algorithm's own plan.
// The search stops a probe's pools once both run past the best plan (they cannot win); for
// teaching, the lesson simulates such a probe's pools to their ends as well (the same two-pool
// simulation, Johnson inside each pool), so every probe shows both makespans.
#pragma once

#include <vector>

#include "schedulers/BalancedPools.h"

namespace mr {

struct PoolsLessonStep {
    enum class Kind {
        Sort,       // the jobs by map tasks (plan.byMaps)
        Johnson,    // plain Johnson on all nodes: bestSoFar = its end
        Split,      // split point `split`: the first `split` jobs by map tasks form the small pool
        Probe,      // the small pool on `nodes` nodes, the big one on the rest: both ends
        Pruned,     // this split cannot beat the best plan (a lower bound, or its probes, say so)
        SplitBest,  // the split's best node count
        Result,     // the algorithm's plan (plan.pools)
    };
    Kind kind = Kind::Sort;
    int split = 0;  // jobs in the small pool (Split, Probe, Pruned, SplitBest)
    int nodes = 0;  // the small pool's nodes (Probe, SplitBest)
    double smallEnd = 0.0;
    double bigEnd = 0.0;
    // The best max(pool ends) seen so far, plain Johnson's end included, after this step.
    double bestSoFar = 0.0;
    bool improved = false;  // Probe: this probe beat every plan before it
    // Probe: "the small pool finishes first" — the search moves to fewer nodes, else to more.
    bool smallFirst = false;
    // Probe: both ends simulated by the search; false: it stopped once both pools ran past the
    // best plan's end (this node count cannot win; only which pool ends first was still
    // needed) — smallEnd and bigEnd are then the lesson's own full simulation of the probe.
    bool exact = true;
};

struct PoolsLesson {
    std::vector<int> byMaps;  // workload job indices sorted by map tasks (stable)
    BalancedPoolsPlan plan;   // planBalancedPools' result, probes included
    std::vector<PoolsLessonStep> steps;
    double makespan() const;  // of the plan: its last pool end (plain Johnson's with one pool)
};

// Throws Cancelled when options.cancel is set.
PoolsLesson balancedPoolsLesson(const Workload& workload, const BalancedPoolsOptions& options);

}  // namespace mr
