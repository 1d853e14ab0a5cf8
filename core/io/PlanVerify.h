// PlanVerify — a plan's queues run back through the Capacity scheduler (`mrsim plan --verify`):
// the capacity-scheduler.xml the plan exports is read back (io/CapacityQueuesXml.h), every job
// goes to its queue in the plan's submission order, and the `capacity` policy simulates the
// whole cluster. Each queue's simulated makespan (its last job's end) is set beside the plan's
// pool. Run twice: with the queues as exported (maximum-capacity = capacity: the hard pools the
// plan simulated) and elastic (maximum-capacity 100, no user limit: what borrowing idle slots
// would change).
#pragma once

#include <string>
#include <vector>

#include "io/PoolPlan.h"
#include "schedulers/Algorithm.h"

namespace mr {

struct QueueCheck {
    std::string queue;
    double planned = 0.0;    // the pool's last end in the plan's own simulation
    double simulated = 0.0;  // under the Capacity scheduler, queues as exported
    double elastic = 0.0;    // under the Capacity scheduler, every queue elastic to 100 %
};

struct PlanVerification {
    std::vector<QueueCheck> queues;  // in the plan's order
    double planned = 0.0;            // the whole batch's last end, likewise
    double simulated = 0.0;
    double elastic = 0.0;
};

// `result` is the run `plan` was made from. Throws InputError if the exported queues cannot be
// read back (a defect of the export, not of the input).
PlanVerification verifyPlan(const Workload& workload, const PoolPlan& plan, const RunResult& result,
                            const RunOptions& options);

}  // namespace mr
