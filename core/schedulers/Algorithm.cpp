#include "schedulers/Algorithm.h"

#include <algorithm>
#include <numeric>

#include "perf/TwoStage.h"
#include "sim/Simulator.h"

namespace mr {

std::vector<int> fileOrder(const Workload& w) {
    std::vector<int> order(static_cast<std::size_t>(w.jobCount()));
    std::iota(order.begin(), order.end(), 0);
    return order;
}

SimOptions simOptionsFor(const RunOptions& options) {
    SimOptions s;
    s.recordTasks = options.recordTasks;
    s.cancel = options.cancel;
    return s;
}

std::vector<int> arrivalOrder(const Workload& w) {
    auto order = fileOrder(w);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return w.jobs[static_cast<std::size_t>(a)].arrival <
               w.jobs[static_cast<std::size_t>(b)].arrival;
    });
    return order;
}

RunResult runOrder(const Workload& workload, std::string algorithm, std::vector<int> order,
                   std::vector<StageDurations> stages, const RunOptions& options) {
    RunResult result;
    result.algorithm = std::move(algorithm);
    result.sim = simulateOrder(workload, order, simOptionsFor(options));
    std::vector<double> arrivals;
    for (const auto& job : workload.jobs) {
        arrivals.push_back(job.arrival);
    }
    result.modelMakespan =
        twoStageMakespan(stages, order, workload.hasArrivals() ? &arrivals : nullptr);
    result.order = std::move(order);
    result.stages = std::move(stages);
    return result;
}

RunResult OrderAlgorithm::run(const Workload& workload, const RunOptions& options) const {
    auto stages = allStageDurations(workload, workload.cluster.mapSlots(),
                                    workload.cluster.reduceSlots(), options.estimator);
    auto order = chooseOrder(workload, stages, options);
    return runOrder(workload, id(), std::move(order), std::move(stages), options);
}

}  // namespace mr
