// optimal — the best order by exhaustive search, every candidate simulated slot by slot.
// For teaching and for checking the heuristics on small batches: n <= 10 jobs. Jobs that are
// identical (same tasks, same arrival) are interchangeable, so only distinct orders are tried;
// the search stops early once an order reaches the makespan lower bound, and runs on all cores.
// Among orders with the same makespan the lexicographically first (by file index) wins, so the
// result does not depend on the number of threads.
#pragma once

#include <vector>

#include "model/Cancelled.h"
#include "model/Workload.h"

namespace mr {

inline constexpr int kOptimalMaxJobs = 10;

struct OrderSearchResult {
    std::vector<int> order;
    double makespan = 0.0;
    long long ordersSimulated = 0;
    double lowerBound = 0.0;  // no order can do better (work / slots, critical paths)
};

// Throws InputError when the workload has more than kOptimalMaxJobs jobs.
// `cancel` (may be null) stops the search with Cancelled.
OrderSearchResult searchBestOrder(const Workload& workload, int threads = 0,
                                  const CancelFlag* cancel = nullptr);

// No schedule of the workload's tasks (any order, pools, kills) ends earlier, measured from the
// first arrival, than the largest of
//   total map work / map slots + the smallest of the jobs' longest reduce tasks (the job whose
//     map ends last still runs its reduces after it),
//   the earliest arrival + longest map task of a job with reduces (no reduce starts before) +
//     total reduce work / reduce slots,
//   every job's arrival + longest map task + longest reduce task;
// with reduce slow-start the stage terms drop the parts that need the barrier; on node classes
// (model/Cluster.h) all of it over the fastest speed (at least 1). HScheduler
// re-splits tasks, so its makespans are not bound by it.
double makespanLowerBound(const Workload& workload);

}  // namespace mr
