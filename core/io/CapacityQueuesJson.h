// CapacityQueuesJson — a workload's "capacity_queues" section (docs/formats.md): root's children,
// each {"name", "capacity", "maximum_capacity", "user_limit_factor", "ordering", "queues"}, the
// same tree and defaults as capacity-scheduler.xml (model/CapacityQueues.h).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "model/CapacityQueues.h"

namespace mr {

// Throws InputError naming `file` and the field ("capacity_queues[1].queues[0].capacity").
std::vector<CapacityQueueSpec> readCapacityQueuesJson(const nlohmann::json& value,
                                                      const std::string& file);
nlohmann::ordered_json capacityQueuesJson(const std::vector<CapacityQueueSpec>& queues);

}  // namespace mr
