// OrderExercise — the Teach tab's "your order" exercise: the student puts the
// jobs in an order and sees its simulated makespan (exactly `mrsim run --algorithm manual
// --order ...`) against Johnson's, the best order's (`optimal`, for small batches) and the
// makespan lower bound no order can beat.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "schedulers/Algorithm.h"

namespace mr {

// What any order is measured against; computed once per workload.
struct OrderBenchmarks {
    double johnson = 0.0;
    std::vector<std::string> johnsonOrder;
    std::optional<double> optimal;  // none above kOptimalMaxJobs jobs
    std::vector<std::string> optimalOrder;
    double lowerBound = 0.0;  // makespanLowerBound
};

// Throws Cancelled when options.cancel is set.
OrderBenchmarks orderBenchmarks(const Workload& workload, const RunOptions& options);

// The `manual` algorithm with `order` (job names, every job once): its simulated run.
RunResult runOrderExercise(const Workload& workload, const std::vector<std::string>& order,
                           const RunOptions& options);

}  // namespace mr
