// CapacityQueues — the queue tree of YARN's Capacity scheduler, as capacity-scheduler.xml gives it
// (yarn.scheduler.capacity.<queue-path>.capacity, .maximum-capacity, .user-limit-factor,
// .ordering-policy). A workload lists root's children under "capacity_queues"; each job names its
// leaf queue ("queue"; none: "default"). Only the `capacity` algorithm reads them
// (sim/CapacityPolicy.h); io/CapacityQueuesXml.h reads the same tree from a
// capacity-scheduler.xml.
#pragma once

#include <string>
#include <vector>

namespace mr {

inline constexpr const char* kDefaultQueue = "default";

struct CapacityQueueSpec {
    std::string name;  // letters, digits, '_' and '-'; unique in the whole tree
    // Percent of the parent's capacity; the children of a queue sum to 100.
    double capacity = 0.0;
    // Percent of the parent's maximum capacity the queue may grow to with idle slots elsewhere
    // (elasticity); >= capacity.
    double maximumCapacity = 100.0;
    // The queue's jobs are one user's (as the submit script submits them), and YARN keeps one
    // user within user-limit-factor × capacity: 1 (YARN's default) means no elasticity at all.
    // kNoUserLimit: no user limit.
    double userLimitFactor = 1.0;
    bool fair = false;  // ordering-policy fair: equal shares among its jobs; else fifo
    std::vector<CapacityQueueSpec> children;  // none: a leaf queue, which holds jobs

    bool isLeaf() const { return children.empty(); }
    bool operator==(const CapacityQueueSpec&) const = default;
};

inline constexpr double kNoUserLimit = -1.0;

// The queues a workload without "capacity_queues" has: YARN's stock configuration, one leaf
// "default" at 100 % of the cluster, FIFO.
std::vector<CapacityQueueSpec> defaultCapacityQueues();

// Checks names (valid, unique), percentages (0..100, capacity <= maximum-capacity, children of
// every queue summing to 100 within 0.01), user-limit factors (> 0 or kNoUserLimit) and that
// only leaves set a user-limit factor or fair ordering (they apply to a queue's jobs). Throws
// InputError naming `file`, the queue (by its path, "root.a.b") and the field.
void validateCapacityQueues(const std::vector<CapacityQueueSpec>& queues,
                            const std::string& file = {});

}  // namespace mr
