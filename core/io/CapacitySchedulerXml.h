// CapacitySchedulerXml — a plan's queues as Hadoop's capacity-scheduler.xml (YARN Capacity
// scheduler; [Verma12] §IV-C enforced BalancedPools' pools this way): root.queues lists one leaf
// queue per pool; each gets capacity = maximum-capacity = its share of the nodes in percent (hard
// pools, as simulated), user-limit-factor 1 (one user may fill the queue), FIFO ordering (the
// order the script submits in is the order the queue serves) and state RUNNING. A `capacity`
// plan writes the queue tree it ran with instead, every property io/CapacityQueuesXml.h reads.
#pragma once

#include <string>

#include "io/PoolPlan.h"
#include "model/Workload.h"

namespace mr {

std::string capacitySchedulerXml(const Workload& workload, const PoolPlan& plan);

// Text for XML character data and attribute values: & < > " ' escaped, characters XML 1.0 does
// not allow (control characters) replaced by '?'.
std::string xmlEscape(const std::string& text);

}  // namespace mr
