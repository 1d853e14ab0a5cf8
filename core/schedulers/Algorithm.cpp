#include "schedulers/Algorithm.h"

#include <algorithm>
#include <numeric>

#include "perf/TwoStage.h"
#include "sim/OrderPolicy.h"
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
    s.spillRecordsAbove = options.spillRecordsAbove;
    s.waves = options.waves;
    s.cancel = options.cancel;
    return s;
}

std::shared_ptr<const LocalityModel> makeLocalityModel(const Workload& workload,
                                                       const RunOptions& options, bool coreMoves) {
    if (!options.locality.enabled) {
        return nullptr;
    }
    validateLocality(options.locality);
    auto placement =
        std::make_shared<const BlockPlacement>(workload, options.locality.replicas, options.seed);
    return std::make_shared<const LocalityModel>(std::move(placement), options.locality, coreMoves);
}

void simulateRun(RunResult& result, const Workload& workload, std::vector<PoolSetup> pools,
                 const RunOptions& options, std::shared_ptr<const LocalityModel> locality,
                 bool policiesPlaceTasks, std::function<void(long long steps)> onSteps) {
    SimOptions simOptions = simOptionsFor(options);
    simOptions.onSteps = std::move(onSteps);
    simOptions.recordTasks = options.recordTasks || locality != nullptr;
    if (locality) {
        simOptions.durations = locality.get();
        if (!policiesPlaceTasks) {
            for (PoolSetup& pool : pools) {
                auto placement =
                    std::shared_ptr<const BlockPlacement>(locality, &locality->placement());
                pool.policy =
                    std::make_unique<LocalityPolicy>(std::move(pool.policy), std::move(placement));
            }
        }
    }
    result.sim = simulate(workload, std::move(pools), simOptions);
    if (locality) {
        result.locality = countLocality(workload, result.sim, *locality);
        if (!options.recordTasks) {
            result.sim.tasks.clear();
            result.sim.tasks.shrink_to_fit();
        }
    }
}

RunResult runOrder(const Workload& workload, std::string algorithm, std::vector<int> order,
                   std::vector<StageDurations> stages, const RunOptions& options) {
    RunResult result;
    result.algorithm = std::move(algorithm);
    std::vector<PoolSetup> pools(1);
    pools[0].nodes = workload.cluster.nodes;
    pools[0].jobs = order;
    pools[0].policy = std::make_unique<OrderPolicy>(order);
    simulateRun(result, workload, std::move(pools), options,
                makeLocalityModel(workload, options, false));
    if (twoStageModelApplies(workload)) {
        result.modelMakespan = twoStageMakespan(stages, order);
    }
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
