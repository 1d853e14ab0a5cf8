#include "experiments/OrderExercise.h"

#include "schedulers/Optimal.h"
#include "schedulers/Registry.h"

namespace mr {

namespace {
std::vector<std::string> names(const Workload& w, const std::vector<int>& order) {
    std::vector<std::string> out;
    for (int j : order) {
        out.push_back(w.jobs[static_cast<std::size_t>(j)].name);
    }
    return out;
}
}  // namespace

OrderBenchmarks orderBenchmarks(const Workload& workload, const RunOptions& options) {
    RunOptions o = options;
    o.recordTasks = false;
    OrderBenchmarks b;
    const RunResult johnson = runAlgorithm(workload, "johnson", o);
    b.johnson = johnson.makespan();
    b.johnsonOrder = names(workload, johnson.order);
    if (workload.jobCount() <= kOptimalMaxJobs) {
        const RunResult best = runAlgorithm(workload, "optimal", o);
        b.optimal = best.makespan();
        b.optimalOrder = names(workload, best.order);
    }
    b.lowerBound = makespanLowerBound(workload);
    return b;
}

RunResult runOrderExercise(const Workload& workload, const std::vector<std::string>& order,
                           const RunOptions& options) {
    RunOptions o = options;
    o.manualOrder = order;
    return runAlgorithm(workload, "manual", o);
}

}  // namespace mr
