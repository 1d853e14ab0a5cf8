// DeadlineRun — what the deadline algorithms (min-edf, min-edf-wc, completion-time, fair) share:
// one pool over the whole cluster with the given policy, simulated under the run options.
#pragma once

#include <memory>

#include "schedulers/Algorithm.h"
#include "sim/QuotaPolicy.h"

namespace mr {

// `order`: the order reported (EDF for the deadline policies, arrival order for fair).
// `stats`: the policy's counters (extraTasks is filled from them when not null).
RunResult runPolicy(const Workload& workload, std::string algorithm, std::vector<int> order,
                    std::unique_ptr<Policy> policy, const RunOptions& options,
                    std::shared_ptr<const LocalityModel> locality, bool policyPlacesTasks,
                    const QuotaStats* stats);

}  // namespace mr
