// DeadlineRun — what the deadline algorithms (min-edf, min-edf-wc, completion-time, fair) share:
// one pool over the whole cluster with the given policy, simulated under the run options, the
// order reported as EDF.
#pragma once

#include <memory>

#include "schedulers/Algorithm.h"
#include "sim/QuotaPolicy.h"

namespace mr {

// `stats`: the policy's counters (extraTasks is filled from them when not null).
RunResult runPolicy(const Workload& workload, std::string algorithm, std::unique_ptr<Policy> policy,
                    const RunOptions& options, std::shared_ptr<const LocalityModel> locality,
                    bool policyPlacesTasks, const QuotaStats* stats);

}  // namespace mr
