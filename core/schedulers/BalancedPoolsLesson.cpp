#include "schedulers/BalancedPoolsLesson.h"

#include <algorithm>

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
        for (const PoolProbe& p : s.probes) {
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
