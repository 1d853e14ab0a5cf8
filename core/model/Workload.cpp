#include "model/Workload.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "model/InputError.h"
#include "model/Limits.h"

namespace mr {

std::optional<int> Workload::findJob(const std::string& jobName) const {
    for (int i = 0; i < jobCount(); ++i) {
        if (jobs[static_cast<size_t>(i)].name == jobName) {
            return i;
        }
    }
    return std::nullopt;
}

long long Workload::taskCount() const {
    long long n = 0;
    for (const auto& job : jobs) {
        n += job.maps() + job.reduces();
    }
    return n;
}

bool Workload::hasArrivals() const {
    for (const auto& job : jobs) {
        if (job.arrival > 0.0) {
            return true;
        }
    }
    return false;
}

namespace {

void checkDurations(const TaskDurations& durations, const std::string& file, const std::string& job,
                    const char* field) {
    const std::size_t checked =
        durations.uniform() ? std::min<std::size_t>(durations.size(), 1) : durations.size();
    for (size_t i = 0; i < checked; ++i) {
        const double d = durations[i];
        if (!std::isfinite(d) || d < 0.0) {
            throw InputError(file, job, std::string(field) + "[" + std::to_string(i) + "]",
                             "must be a finite number >= 0");
        }
    }
}

void checkTime(const std::optional<double>& value, const std::string& file, const std::string& job,
               const std::string& field) {
    if (value && (!std::isfinite(*value) || *value < 0.0)) {
        throw InputError(file, job, field, "must be a finite number >= 0");
    }
}

// Ranges of every field; `prefix` is "overheads." or "cluster.overheads.".
void checkOverheads(const Overheads& o, const std::string& file, const std::string& job,
                    const std::string& prefix) {
    checkTime(o.amStart, file, job, prefix + "am_start");
    checkTime(o.commit, file, job, prefix + "commit");
    checkTime(o.assignGap, file, job, prefix + "assign_gap");
    checkTime(o.reduceTail, file, job, prefix + "reduce_tail");
    if (o.amSlots && *o.amSlots < 0) {
        throw InputError(file, job, prefix + "am_slots", "must be a whole number >= 0");
    }
    if (o.slowstart && !(*o.slowstart >= 0.0 && *o.slowstart <= 1.0)) {
        throw InputError(file, job, prefix + "slowstart", "must be a fraction between 0 and 1");
    }
}

}  // namespace

namespace {

void validateNodeClasses(const Cluster& cluster, const std::string& file) {
    std::set<std::string> names;
    long long nodes = 0;
    long long slots[2] = {0, 0};
    for (std::size_t i = 0; i < cluster.nodeClasses.size(); ++i) {
        const NodeClass& c = cluster.nodeClasses[i];
        const std::string field = "cluster.node_classes[" + std::to_string(i) + "].";
        if (c.name.empty() || !names.insert(c.name).second) {
            throw InputError(file, "", field + "name", "every class needs its own non-empty name");
        }
        if (c.count < 1 || c.count > kMaxNodes) {
            throw InputError(file, "", field + "count",
                             "must be between 1 and " + std::to_string(kMaxNodes));
        }
        if (c.mapSlots < 0 || c.mapSlots > kMaxSlotsPerNode || c.reduceSlots < 0 ||
            c.reduceSlots > kMaxSlotsPerNode) {
            throw InputError(
                file, "",
                field + (c.mapSlots < 0 || c.mapSlots > kMaxSlotsPerNode ? "map_slots"
                                                                         : "reduce_slots"),
                "must be between 0 and " + std::to_string(kMaxSlotsPerNode));
        }
        if (!(c.speed >= kMinNodeSpeed && c.speed <= kMaxNodeSpeed)) {
            throw InputError(file, "", field + "speed", "must be a number from 0.001 to 1000");
        }
        nodes += c.count;
        slots[0] += static_cast<long long>(c.count) * c.mapSlots;
        slots[1] += static_cast<long long>(c.count) * c.reduceSlots;
    }
    if (nodes > kMaxNodes) {
        throw InputError(file, "", "cluster.node_classes",
                         "more than " + std::to_string(kMaxNodes) + " nodes in all");
    }
    for (int k = 0; k < 2; ++k) {
        if (slots[k] < 1 || slots[k] > kMaxSlotsPerKind) {
            throw InputError(file, "", "cluster.node_classes",
                             std::string("the classes give ") + std::to_string(slots[k]) + " " +
                                 (k == 0 ? "map" : "reduce") + " slots; a cluster has 1 to " +
                                 std::to_string(kMaxSlotsPerKind) + " of a kind");
        }
    }
    Cluster derived = cluster;
    setNodeClasses(derived, cluster.nodeClasses);
    if (!(derived == cluster)) {
        throw InputError(
            file, "", "cluster.nodes",
            "does not match the node classes (" + std::to_string(derived.nodes) + " nodes in all)");
    }
}

}  // namespace

void validateCluster(const Cluster& cluster, const std::string& file) {
    if (!cluster.nodeClasses.empty()) {
        validateNodeClasses(cluster, file);
        return;
    }
    if (cluster.nodes < 1) {
        throw InputError(file, "", "cluster.nodes", "must be at least 1");
    }
    if (cluster.mapSlotsPerNode < 1) {
        throw InputError(file, "", "cluster.map_slots_per_node", "must be at least 1");
    }
    if (cluster.reduceSlotsPerNode < 1) {
        throw InputError(file, "", "cluster.reduce_slots_per_node", "must be at least 1");
    }
    const std::pair<const char*, int> perNode[] = {
        {"cluster.map_slots_per_node", cluster.mapSlotsPerNode},
        {"cluster.reduce_slots_per_node", cluster.reduceSlotsPerNode}};
    for (const auto& [field, slots] : perNode) {
        const long long total = static_cast<long long>(cluster.nodes) * slots;
        if (total > kMaxSlotsPerKind) {
            throw InputError(file, "", field,
                             std::to_string(cluster.nodes) + " nodes x " + std::to_string(slots) +
                                 " slots = " + std::to_string(total) +
                                 " slots; a cluster has at "
                                 "most " +
                                 std::to_string(kMaxSlotsPerKind) + " of a kind");
        }
    }
}

void validateJob(const Job& job, const std::string& file) {
    if (job.name.empty()) {
        throw InputError(file, "", "name", "every job needs a non-empty name");
    }
    if (!isValidUtf8(job.name)) {
        throw InputError(file, job.name, "name", "is not valid UTF-8 text");
    }
    if (job.mapDurations.empty()) {
        throw InputError(file, job.name, "maps", "a job needs at least one map task");
    }
    checkDurations(job.mapDurations, file, job.name, "map_durations");
    checkDurations(job.reduceDurations, file, job.name, "reduce_durations");
    if (!std::isfinite(job.arrival) || job.arrival < 0.0) {
        throw InputError(file, job.name, "arrival", "must be a finite number >= 0");
    }
    if (job.deadline && (!std::isfinite(*job.deadline) || *job.deadline <= 0.0)) {
        throw InputError(file, job.name, "deadline", "must be a finite number > 0");
    }
    checkOverheads(job.overheads, file, job.name, "overheads.");
    if (!isValidUtf8(job.fairPool)) {
        throw InputError(file, job.name, "fair_pool", "is not valid UTF-8 text");
    }
    if (!isValidUtf8(job.queue)) {
        throw InputError(file, job.name, "queue", "is not valid UTF-8 text");
    }
    if (job.traceEnd && (!std::isfinite(*job.traceEnd) || *job.traceEnd < job.arrival)) {
        throw InputError(file, job.name, "trace_end",
                         "must be a finite time no earlier than the job's arrival");
    }
}

void validate(const Workload& w, const std::string& file) {
    validateCluster(w.cluster, file);
    checkOverheads(w.overheads, file, "", "cluster.overheads.");
    std::set<std::string> names;
    for (const auto& job : w.jobs) {
        validateJob(job, file);
        validateTracedAttempts(job, w.cluster.nodes, file);
        if (!names.insert(job.name).second) {
            throw InputError(file, job.name, "name", "duplicate job name");
        }
    }
    if (!w.manualOrder.empty()) {
        resolveOrder(w, w.manualOrder, true, "manual_order");
    }
    validateFairPools(w.fairPools, file);
    validateCapacityQueues(w.capacityQueues, file);
    validateScenario(w.scenario, w, file);
    // Speeds play through the scenario machinery, which does not model overheads.
    const bool overheads = std::any_of(w.jobs.begin(), w.jobs.end(), [&](const Job& job) {
        return !resolveOverheads(w.overheads, job.overheads).none();
    });
    if (overheads && !w.cluster.equalSpeeds()) {
        throw InputError(file, "", "cluster.node_classes",
                         "node speeds other than 1 cannot be combined with overheads "
                         "(cluster.overheads or a job's overheads): remove one of them");
    }
    // Speeds play through the scenario machinery, and a traced race is the trace's own speculation.
    if (!w.cluster.equalSpeeds() && hasTracedRaces(w)) {
        throw InputError(file, "", "cluster.node_classes",
                         "node speeds other than 1 cannot be combined with speculative "
                         "traced_attempts: remove one of them");
    }
}

void refuseUnequalNodes(const Cluster& cluster, const std::string& who, const std::string& why,
                        const std::string& file) {
    if (!cluster.equalNodes()) {
        throw InputError(file, "", "cluster.node_classes", who + " refuses unequal nodes: " + why);
    }
}

void validateFairPools(const std::vector<FairPoolSpec>& pools, const std::string& file) {
    std::set<std::string> names;
    for (std::size_t i = 0; i < pools.size(); ++i) {
        const FairPoolSpec& p = pools[i];
        const std::string field = "fair_pools[" + std::to_string(i) + "].";
        if (p.name.empty() || !isValidUtf8(p.name)) {
            throw InputError(file, "", field + "name", "every pool needs a non-empty name");
        }
        if (!names.insert(p.name).second) {
            throw InputError(file, "", field + "name", "duplicate pool '" + p.name + "'");
        }
        if (!std::isfinite(p.weight) || p.weight <= 0.0) {
            throw InputError(file, "", field + "weight",
                             "pool '" + p.name + "': must be a finite number > 0");
        }
        if (p.minMaps < 0 || p.minReduces < 0) {
            throw InputError(file, "", field + (p.minMaps < 0 ? "min_maps" : "min_reduces"),
                             "pool '" + p.name + "': must be >= 0");
        }
    }
}

std::vector<int> resolveOrder(const Workload& w, const std::vector<std::string>& names,
                              bool requireAll, const std::string& fieldName) {
    std::vector<int> order;
    std::vector<bool> seen(w.jobs.size(), false);
    for (const auto& name : names) {
        const auto index = w.findJob(name);
        if (!index) {
            throw InputError("", name, fieldName, "no job of that name in the workload");
        }
        if (seen[static_cast<size_t>(*index)]) {
            throw InputError("", name, fieldName, "job listed twice");
        }
        seen[static_cast<size_t>(*index)] = true;
        order.push_back(*index);
    }
    if (requireAll) {
        for (size_t i = 0; i < seen.size(); ++i) {
            if (!seen[i]) {
                throw InputError("", w.jobs[i].name, fieldName,
                                 "the order must list every job exactly once");
            }
        }
    }
    return order;
}

std::string describeWorkload(const Workload& w) {
    const Cluster& c = w.cluster;
    if (!c.nodeClasses.empty()) {
        return std::to_string(w.jobCount()) + " jobs, " + std::to_string(w.taskCount()) +
               " tasks; " + std::to_string(c.nodes) + " nodes: " + describeNodeClasses(c);
    }
    const bool plural = c.mapSlotsPerNode > 1 || c.reduceSlotsPerNode > 1;
    return std::to_string(w.jobCount()) + " jobs, " + std::to_string(w.taskCount()) + " tasks; " +
           std::to_string(c.nodes) + " nodes with " + std::to_string(c.mapSlotsPerNode) +
           " map and " + std::to_string(c.reduceSlotsPerNode) +
           (plural ? " reduce slots" : " reduce slot") + " per node";
}

}  // namespace mr
