#include "schedulers/DeadlineRun.h"

namespace mr {

RunResult runPolicy(const Workload& workload, std::string algorithm, std::vector<int> order,
                    std::unique_ptr<Policy> policy, const RunOptions& options,
                    std::shared_ptr<const LocalityModel> locality, bool policyPlacesTasks,
                    const QuotaStats* stats) {
    RunResult result;
    result.algorithm = std::move(algorithm);
    result.order = std::move(order);
    std::vector<PoolSetup> pools(1);
    pools[0].nodes = workload.cluster.nodes;
    pools[0].jobs = fileOrder(workload);
    pools[0].policy = std::move(policy);
    simulateRun(result, workload, std::move(pools), options, std::move(locality),
                policyPlacesTasks);
    if (stats) {
        result.extraTasks = std::array<long long, 2>{stats->extraTasks[0], stats->extraTasks[1]};
    }
    return result;
}

}  // namespace mr
