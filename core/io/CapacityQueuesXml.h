// CapacityQueuesXml — the Capacity scheduler's queue tree read from a capacity-scheduler.xml (ours,
// from `mrsim plan`, or written by hand). Supported, for root and every queue it lists:
//   yarn.scheduler.capacity.<queue-path>.queues             children, comma-separated
//   yarn.scheduler.capacity.<queue-path>.capacity           percent of the parent (required)
//   yarn.scheduler.capacity.<queue-path>.maximum-capacity   percent of the parent; -1: 100
//   yarn.scheduler.capacity.<queue-path>.user-limit-factor  default 1; -1: no user limit
//   yarn.scheduler.capacity.<queue-path>.ordering-policy    leaves: fifo | fair; parents:
//                                                            utilization
//   yarn.scheduler.capacity.<queue-path>.state              RUNNING
// Any other property is refused, named with its line: a setting the simulation would silently
// ignore could make its makespans wrong.
#pragma once

#include <string>
#include <vector>

#include "model/CapacityQueues.h"

namespace mr {

inline constexpr const char* kCapacityPrefix = "yarn.scheduler.capacity.";

// root's children. Throws InputError naming `file`, the property and its line.
std::vector<CapacityQueueSpec> readCapacityQueuesXml(const std::string& text,
                                                     const std::string& file);
std::vector<CapacityQueueSpec> loadCapacityQueuesXml(const std::string& path);

}  // namespace mr
