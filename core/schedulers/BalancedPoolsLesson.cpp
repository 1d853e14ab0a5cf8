#include "schedulers/BalancedPoolsLesson.h"

#include <algorithm>
#include <tuple>

#include "schedulers/Johnson.h"
#include "sim/OrderPolicy.h"
#include "sim/Simulator.h"

namespace mr {

double PoolsLesson::makespan() const {
    if (plan.pools.size() < 2) {
        return plan.johnsonEnd;
    }
    double end = 0.0;
    for (const PoolPlan& pool : plan.pools) {
        end = std::max(end, pool.end);
    }
    return end;
}

namespace {

// Both pools of a probe simulated to their ends: the `split` jobs with the fewest map tasks on
// `nodes` nodes, the others on the rest, Johnson's order inside each on its own slots (as the
// search simulates them).
std::pair<double, double> simulateProbe(const Workload& w, const std::vector<int>& byMaps,
                                        int split, int nodes, const BalancedPoolsOptions& options) {
    std::vector<int> small(byMaps.begin(), byMaps.begin() + split);
    std::vector<int> big(byMaps.begin() + split, byMaps.end());
    std::sort(small.begin(), small.end());
    std::sort(big.begin(), big.end());
    const Cluster& c = w.cluster;
    const int bigNodes = c.nodes - nodes;
    const auto order = [&](const std::vector<int>& jobs, int poolNodes) {
        return johnsonOrder(allStageDurations(w, poolNodes * c.mapSlotsPerNode,
                                              poolNodes * c.reduceSlotsPerNode, options.estimator),
                            jobs);
    };
    std::vector<PoolSetup> pools(2);
    pools[0].name = "small";
    pools[0].nodes = nodes;
    pools[0].jobs = order(small, nodes);
    pools[0].policy = std::make_unique<OrderPolicy>(pools[0].jobs);
    pools[1].name = "big";
    pools[1].firstNode = nodes;
    pools[1].nodes = bigNodes;
    pools[1].jobs = order(big, bigNodes);
    pools[1].policy = std::make_unique<OrderPolicy>(pools[1].jobs);
    SimOptions sim;
    sim.recordTasks = false;
    sim.cancel = options.cancel;
    const SimResult r = simulate(w, std::move(pools), sim);
    return {r.pools[0].makespan, r.pools[1].makespan};
}

}  // namespace

PoolsLesson balancedPoolsLesson(const Workload& workload, const BalancedPoolsOptions& options) {
    PoolsLesson lesson;
    lesson.byMaps = jobsByMapTasks(workload);
    lesson.plan = planBalancedPools(workload, options);
    const BalancedPoolsPlan& plan = lesson.plan;
    using Kind = PoolsLessonStep::Kind;
    auto& steps = lesson.steps;

    steps.push_back({.kind = Kind::Sort});
    double best = plan.johnsonEnd;
    steps.push_back({.kind = Kind::Johnson, .bestSoFar = best});
    for (const SplitResult& s : plan.splits) {
        steps.push_back({.kind = Kind::Split, .split = s.split, .bestSoFar = best});
        for (const PoolProbe& probe : s.probes) {
            PoolProbe p = probe;
            if (!p.exact) {
                std::tie(p.smallEnd, p.bigEnd) =
                    simulateProbe(workload, lesson.byMaps, s.split, p.nodes, options);
            }
            const double end = std::max(p.smallEnd, p.bigEnd);
            const bool improved = p.exact && end < best;
            if (improved) {
                best = end;
            }
            steps.push_back({.kind = Kind::Probe,
                             .split = s.split,
                             .nodes = p.nodes,
                             .smallEnd = p.smallEnd,
                             .bigEnd = p.bigEnd,
                             .bestSoFar = best,
                             .improved = improved,
                             .smallFirst = p.smallFirst,
                             .exact = p.exact});
        }
        if (s.pruned) {
            steps.push_back({.kind = Kind::Pruned, .split = s.split, .bestSoFar = best});
            continue;
        }
        steps.push_back({.kind = Kind::SplitBest,
                         .split = s.split,
                         .nodes = s.nodes,
                         .smallEnd = s.smallEnd,
                         .bigEnd = s.bigEnd,
                         .bestSoFar = best});
    }
    steps.push_back({.kind = Kind::Result, .bestSoFar = lesson.makespan()});
    return lesson;
}

}  // namespace mr
