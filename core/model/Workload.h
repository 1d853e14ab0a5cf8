// Workload — a cluster and a batch of jobs, as stored in "mrx-workload" files (docs/formats.md).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/CapacityQueues.h"
#include "model/Cluster.h"
#include "model/FairPools.h"
#include "model/Job.h"
#include "model/Scenario.h"

namespace mr {

struct Workload {
    std::string name;
    std::string description;
    Cluster cluster;
    // The cluster's overheads: defaults for every job's (model/Overheads.h); empty: none. Stored
    // in the file as "cluster": {"overheads": ...}.
    Overheads overheads;
    std::vector<Job> jobs;
    // The Fair Scheduler's pools (model/FairPools.h); empty: every job in one pool, "default".
    std::vector<FairPoolSpec> fairPools;
    // The Capacity scheduler's queues below root (model/CapacityQueues.h); empty: one queue,
    // "default", at 100 %.
    std::vector<CapacityQueueSpec> capacityQueues;
    // An order chosen by hand (job names) for the `manual` algorithm; empty when none is stored.
    std::vector<std::string> manualOrder;
    // Failures, stragglers and speculation on simulated time (model/Scenario.h); empty: none.
    Scenario scenario;
    std::map<std::string, std::string>
        extraFields;  // unknown top-level keys: one-line JSON as saved

    int jobCount() const { return static_cast<int>(jobs.size()); }
    std::optional<int> findJob(const std::string& jobName) const;
    long long taskCount() const;
    bool hasArrivals() const;  // any job arriving after time 0

    bool operator==(const Workload&) const = default;
};

// "5 jobs, 300 tasks; 30 nodes with 1 map and 1 reduce slot per node".
std::string describeWorkload(const Workload& workload);

// Check the invariants every loaded or edited workload must satisfy (slots > 0, unique non-empty
// names, at least one map task per job, finite non-negative durations, ...). Throws InputError
// naming `file` (may be empty), the job and the field.
void validate(const Workload& workload, const std::string& file = {});
// The parts of validate() for one cluster and one job (names are checked for uniqueness only by
// validate()); used by writers that stream a workload job by job.
void validateCluster(const Cluster& cluster, const std::string& file = {});
void validateJob(const Job& job, const std::string& file = {});
void validateFairPools(const std::vector<FairPoolSpec>& pools, const std::string& file = {});

// Throws InputError (field cluster.node_classes, naming `file`) "WHO refuses unequal nodes: WHY"
// unless every node of the cluster is alike (Cluster::equalNodes()): for the algorithms, bounds
// and estimators that assume identical slots.
void refuseUnequalNodes(const Cluster& cluster, const std::string& who, const std::string& why,
                        const std::string& file = {});

// Resolve job names to indices; throws InputError (field `fieldName`) on an unknown or repeated
// name, or when `requireAll` and a job is missing.
std::vector<int> resolveOrder(const Workload& workload, const std::vector<std::string>& names,
                              bool requireAll, const std::string& fieldName);

}  // namespace mr
