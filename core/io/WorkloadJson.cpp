#include "io/WorkloadJson.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "io/AtomicFile.h"
#include "io/CapacityQueuesJson.h"
#include "io/FieldReader.h"
#include "io/JsonParse.h"
#include "io/JsonText.h"
#include "io/NumberFormat.h"
#include "io/ScenarioJson.h"
#include "io/TextFile.h"
#include "io/TracedAttemptsJson.h"
#include "model/InputError.h"

namespace mr {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

const std::vector<std::string> kTopKeys = {
    "format",     "version",         "name",     "description", "cluster", "manual_order",
    "fair_pools", "capacity_queues", "scenario", "jobs"};
const std::vector<std::string> kFairPoolKeys = {"name", "weight", "min_maps", "min_reduces",
                                                "scheduling_mode"};
const std::vector<std::string> kClusterKeys = {
    "nodes", "map_slots_per_node", "reduce_slots_per_node", "node_classes", "overheads"};
const std::vector<std::string> kNodeClassKeys = {"name", "count", "map_slots", "reduce_slots",
                                                 "speed"};
const std::vector<std::string> kOverheadKeys = {"am_start",   "am_slots",  "commit",
                                                "assign_gap", "slowstart", "reduce_tail"};
const std::vector<std::string> kJobKeys = {"name",
                                           "maps",
                                           "reduces",
                                           "map_duration",
                                           "reduce_duration",
                                           "map_durations",
                                           "reduce_durations",
                                           "arrival",
                                           "deadline",
                                           "profile",
                                           "overheads",
                                           "trace_end",
                                           "traced_attempts",
                                           "fair_pool",
                                           "queue"};
const std::vector<std::string> kProfileKeys = {"map_avg",
                                               "map_max",
                                               "first_shuffle_avg",
                                               "first_shuffle_max",
                                               "typical_shuffle_avg",
                                               "typical_shuffle_max",
                                               "reduce_avg",
                                               "reduce_max"};

// One stage of a job, given either as a count and a scalar duration or as a per-task array.
TaskDurations readStage(const FieldReader& f, const char* countKey, const char* durationKey,
                        const char* arrayKey, bool required, bool& perTask) {
    const bool hasCount = f.has(countKey);
    const bool hasScalar = f.has(durationKey);
    const bool hasArray = f.has(arrayKey);
    if (hasArray && (hasCount || hasScalar)) {
        f.fail(arrayKey, std::string("give either '") + countKey + "' with '" + durationKey +
                             "' or '" + arrayKey + "', not both");
    }
    if (hasArray) {
        perTask = true;
        return f.numberArray(arrayKey, 0.0, kMaxTime, static_cast<std::size_t>(kMaxTasksPerJob));
    }
    if (!hasCount) {
        if (hasScalar) {
            f.fail(countKey, std::string("is required with '") + durationKey + "'");
        }
        if (required) {
            f.fail(countKey, std::string("a job needs '") + countKey + "' and '" + durationKey +
                                 "', or '" + arrayKey + "'");
        }
        return {};
    }
    const long long count = f.requiredInt(countKey, required ? 1 : 0, kMaxTasksPerJob);
    if (count == 0) {
        return {};
    }
    if (!hasScalar) {
        f.fail(durationKey, std::string("is required when '") + countKey + "' is above 0");
    }
    const double duration = f.requiredNumber(durationKey, 0.0, kMaxTime);
    return TaskDurations(static_cast<std::size_t>(count), duration);
}

// The text an unknown field is kept as: the one-line form the saver writes, so that a loaded
// workload and the same workload saved and loaded again hold the same text (a 21.00 in a file is
// kept as 21, as it will be saved).
std::string keptText(const json& value) {
    return toOneLine(nlohmann::ordered_json::parse(value.dump()));
}

JobProfile readProfile(const json& value, const std::string& file, const std::string& job) {
    const FieldReader f(value, file, job, "profile.");
    for (const auto& key : f.unknownKeys(kProfileKeys)) {
        f.fail(key, "unknown profile statistic");
    }
    JobProfile p;
    p.mapAvg = f.optionalNumber("map_avg", 0.0, kMaxTime);
    p.mapMax = f.optionalNumber("map_max", 0.0, kMaxTime);
    p.firstShuffleAvg = f.optionalNumber("first_shuffle_avg", 0.0, kMaxTime);
    p.firstShuffleMax = f.optionalNumber("first_shuffle_max", 0.0, kMaxTime);
    p.typicalShuffleAvg = f.optionalNumber("typical_shuffle_avg", 0.0, kMaxTime);
    p.typicalShuffleMax = f.optionalNumber("typical_shuffle_max", 0.0, kMaxTime);
    p.reduceAvg = f.optionalNumber("reduce_avg", 0.0, kMaxTime);
    p.reduceMax = f.optionalNumber("reduce_max", 0.0, kMaxTime);
    return p;
}

// model/Overheads.h; `prefix` is "overheads." or "cluster.overheads.".
Overheads readOverheads(const json& value, const std::string& file, const std::string& job,
                        const std::string& prefix) {
    if (!value.is_object()) {
        throw InputError(file, job, prefix.substr(0, prefix.size() - 1),
                         std::string("must be an object (got ") + value.type_name() + ")");
    }
    const FieldReader f(value, file, job, prefix);
    for (const auto& key : f.unknownKeys(kOverheadKeys)) {
        f.fail(key,
               "unknown overhead (expected am_start, am_slots, commit, assign_gap, slowstart, "
               "reduce_tail)");
    }
    Overheads o;
    o.amStart = f.optionalNumber("am_start", 0.0, kMaxTime);
    if (const auto slots = f.optionalInt("am_slots", 0, kMaxSlotsPerNode)) {
        o.amSlots = static_cast<int>(*slots);
    }
    o.commit = f.optionalNumber("commit", 0.0, kMaxTime);
    o.assignGap = f.optionalNumber("assign_gap", 0.0, kMaxTime);
    o.slowstart = f.optionalNumber("slowstart", 0.0, 1.0);
    o.reduceTail = f.optionalNumber("reduce_tail", 0.0, kMaxTime);
    return o;
}

// Each object of the array `value` (at `field`), its keys checked against `keys`, read by
// `read(reader)`; `item` names one in the messages ("pool").
template <class Read>
void readObjects(const json& value, const std::string& file, const std::string& field,
                 const std::vector<std::string>& keys, const std::string& item, Read read) {
    std::string expected;
    for (const std::string& key : keys) {
        expected += (expected.empty() ? "" : ", ") + key;
    }
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string prefix = field + "[" + std::to_string(i) + "].";
        if (!value[i].is_object()) {
            throw InputError(file, "", prefix.substr(0, prefix.size() - 1),
                             "each " + item + " must be a JSON object");
        }
        const FieldReader f(value[i], file, "", prefix);
        for (const auto& key : f.unknownKeys(keys)) {
            f.fail(key, "unknown " + item + " field (expected " + expected + ")");
        }
        read(f);
    }
}

// model/FairPools.h: "fair_pools": [{"name", "weight", "min_maps", "min_reduces",
// "scheduling_mode": "fair" | "fifo"}, ...].
std::vector<FairPoolSpec> readFairPools(const json& value, const std::string& file) {
    if (!value.is_array()) {
        throw InputError(file, "", "fair_pools",
                         std::string("must be an array of pools (got ") + value.type_name() + ")");
    }
    std::vector<FairPoolSpec> pools;
    readObjects(value, file, "fair_pools", kFairPoolKeys, "pool", [&](const FieldReader& f) {
        FairPoolSpec p;
        p.name = f.requiredString("name");
        p.weight = f.optionalNumber("weight", 0.0, 1e9, true).value_or(1.0);
        p.minMaps = static_cast<int>(
            f.optionalInt("min_maps", 0, kMaxNodes * kMaxSlotsPerNode).value_or(0));
        p.minReduces = static_cast<int>(
            f.optionalInt("min_reduces", 0, kMaxNodes * kMaxSlotsPerNode).value_or(0));
        const std::string mode = f.optionalString("scheduling_mode").value_or("fair");
        if (mode != "fair" && mode != "fifo") {
            f.fail("scheduling_mode", "must be \"fair\" or \"fifo\" (got \"" + mode + "\")");
        }
        p.fifo = mode == "fifo";
        pools.push_back(std::move(p));
    });
    return pools;
}

// model/Cluster.h: "node_classes": [{"name", "count", "map_slots", "reduce_slots", "speed"}].
std::vector<NodeClass> readNodeClasses(const json& value, const std::string& file) {
    if (!value.is_array() || value.empty()) {
        throw InputError(file, "", "cluster.node_classes",
                         "must be a non-empty array of node classes");
    }
    std::vector<NodeClass> classes;
    readObjects(value, file, "cluster.node_classes", kNodeClassKeys, "node class",
                [&](const FieldReader& f) {
                    NodeClass c;
                    c.name = f.requiredString("name");
                    c.count = static_cast<int>(f.requiredInt("count", 1, kMaxNodes));
                    c.mapSlots = static_cast<int>(f.requiredInt("map_slots", 0, kMaxSlotsPerNode));
                    c.reduceSlots =
                        static_cast<int>(f.requiredInt("reduce_slots", 0, kMaxSlotsPerNode));
                    c.speed = f.optionalNumber("speed", kMinNodeSpeed, kMaxNodeSpeed).value_or(1.0);
                    classes.push_back(std::move(c));
                });
    return classes;
}

ordered_json nodeClassesJson(const std::vector<NodeClass>& classes) {
    ordered_json out = ordered_json::array();
    for (const NodeClass& c : classes) {
        ordered_json one;
        one["name"] = c.name;
        one["count"] = c.count;
        one["map_slots"] = c.mapSlots;
        one["reduce_slots"] = c.reduceSlots;
        one["speed"] = c.speed;
        out.push_back(std::move(one));
    }
    return out;
}

// The cluster section: equal nodes (nodes and slots per node) or node classes, not both.
void readCluster(const FieldReader& cluster, Workload& w, const std::string& source) {
    for (const auto& key : cluster.unknownKeys(kClusterKeys)) {
        cluster.fail(key,
                     "unknown cluster field (expected nodes, map_slots_per_node, "
                     "reduce_slots_per_node, node_classes, overheads)");
    }
    if (cluster.has("node_classes")) {
        for (const char* key : {"nodes", "map_slots_per_node", "reduce_slots_per_node"}) {
            if (cluster.has(key)) {
                cluster.fail(key, "is given by node_classes; leave it out beside them");
            }
        }
        setNodeClasses(w.cluster, readNodeClasses(cluster.raw("node_classes"), source));
    } else {
        w.cluster.nodes = static_cast<int>(cluster.requiredInt("nodes", 1, kMaxNodes));
        w.cluster.mapSlotsPerNode =
            static_cast<int>(cluster.requiredInt("map_slots_per_node", 1, kMaxSlotsPerNode));
        w.cluster.reduceSlotsPerNode =
            static_cast<int>(cluster.requiredInt("reduce_slots_per_node", 1, kMaxSlotsPerNode));
    }
    if (cluster.has("overheads")) {
        w.overheads = readOverheads(cluster.raw("overheads"), source, "", "cluster.overheads.");
    }
}

ordered_json fairPoolsJson(const std::vector<FairPoolSpec>& pools) {
    ordered_json out = ordered_json::array();
    for (const FairPoolSpec& p : pools) {
        ordered_json pool;
        pool["name"] = p.name;
        pool["weight"] = p.weight;
        pool["min_maps"] = p.minMaps;
        pool["min_reduces"] = p.minReduces;
        pool["scheduling_mode"] = p.fifo ? "fifo" : "fair";
        out.push_back(std::move(pool));
    }
    return out;
}

ordered_json overheadsJson(const Overheads& o) {
    ordered_json out = ordered_json::object();
    if (o.amStart) {
        out["am_start"] = *o.amStart;
    }
    if (o.amSlots) {
        out["am_slots"] = *o.amSlots;
    }
    if (o.commit) {
        out["commit"] = *o.commit;
    }
    if (o.assignGap) {
        out["assign_gap"] = *o.assignGap;
    }
    if (o.slowstart) {
        out["slowstart"] = *o.slowstart;
    }
    if (o.reduceTail) {
        out["reduce_tail"] = *o.reduceTail;
    }
    return out;
}

Job readJob(const json& value, std::size_t index, const std::string& file, LoadReport* report) {
    const std::string fallbackName = std::string("#") + std::to_string(index + 1);
    if (!value.is_object()) {
        throw InputError(file, fallbackName, "", "each entry of 'jobs' must be a JSON object");
    }
    // Name first, so that every later error can name the job.
    std::string name = fallbackName;
    if (value.contains("name") && value["name"].is_string() &&
        !value["name"].get<std::string>().empty()) {
        name = value["name"].get<std::string>();
    }
    const FieldReader f(value, file, name);
    Job job;
    job.name = f.requiredString("name");
    if (job.name.empty()) {
        f.fail("name", "must not be empty");
    }
    job.mapDurations =
        readStage(f, "maps", "map_duration", "map_durations", true, job.perTaskDurations);
    job.reduceDurations =
        readStage(f, "reduces", "reduce_duration", "reduce_durations", false, job.perTaskDurations);
    job.arrival = f.optionalNumber("arrival", 0.0, kMaxTime).value_or(0.0);
    job.deadline = f.optionalNumber("deadline", 0.0, kMaxTime, true);
    if (f.has("profile")) {
        job.profile = readProfile(f.raw("profile"), file, job.name);
    }
    if (f.has("overheads")) {
        job.overheads = readOverheads(f.raw("overheads"), file, job.name, "overheads.");
    }
    job.traceEnd = f.optionalNumber("trace_end", 0.0, kMaxTime);
    if (f.has("traced_attempts")) {
        job.tracedAttempts = readTracedAttempts(f.raw("traced_attempts"), file, job.name);
    }
    job.fairPool = f.optionalString("fair_pool").value_or("");
    job.queue = f.optionalString("queue").value_or("");
    for (const auto& key : f.unknownKeys(kJobKeys)) {
        job.extraFields[key] = keptText(value[key]);
        if (report) {
            report->warnings.push_back(
                inputMessage(file, job.name, "", "unknown field '" + key + "' kept as it is"));
        }
    }
    // "reduces": 0 with a "reduce_duration" carries no task, but the value is the user's: keep it.
    if (job.reduceDurations.empty() && !job.perTaskDurations && f.has("reduce_duration")) {
        f.requiredNumber("reduce_duration", 0.0, kMaxTime);
        job.extraFields["reduce_duration"] = keptText(value["reduce_duration"]);
    }
    return job;
}

ordered_json stageJson(const Job& job) {
    ordered_json out;
    out["name"] = job.name;
    auto allEqual = [](const TaskDurations& d) {
        if (d.uniform()) {
            return true;
        }
        for (double x : d) {
            if (x != d.front()) {
                return false;
            }
        }
        return true;
    };
    const bool scalar = !job.perTaskDurations && allEqual(job.mapDurations) &&
                        (job.reduceDurations.empty() || allEqual(job.reduceDurations));
    if (scalar) {
        out["maps"] = job.maps();
        out["reduces"] = job.reduces();
        out["map_duration"] = job.mapDurations.front();
        if (!job.reduceDurations.empty()) {
            out["reduce_duration"] = job.reduceDurations.front();
        }
    } else {
        out["map_durations"] = job.mapDurations.toVector();
        out["reduce_durations"] = job.reduceDurations.toVector();
    }
    return out;
}

ordered_json jobJson(const Job& job) {
    ordered_json out = stageJson(job);
    if (job.arrival != 0.0) {
        out["arrival"] = job.arrival;
    }
    if (job.deadline) {
        out["deadline"] = *job.deadline;
    }
    if (job.profile) {
        ordered_json p = ordered_json::object();
        const JobProfile& pr = *job.profile;
        const std::pair<const char*, const std::optional<double>*> fields[] = {
            {"map_avg", &pr.mapAvg},
            {"map_max", &pr.mapMax},
            {"first_shuffle_avg", &pr.firstShuffleAvg},
            {"first_shuffle_max", &pr.firstShuffleMax},
            {"typical_shuffle_avg", &pr.typicalShuffleAvg},
            {"typical_shuffle_max", &pr.typicalShuffleMax},
            {"reduce_avg", &pr.reduceAvg},
            {"reduce_max", &pr.reduceMax}};
        for (const auto& [key, value] : fields) {
            if (*value) {
                p[key] = **value;
            }
        }
        out["profile"] = p;
    }
    if (!job.overheads.empty()) {
        out["overheads"] = overheadsJson(job.overheads);
    }
    if (job.traceEnd) {
        out["trace_end"] = *job.traceEnd;
    }
    if (!job.tracedAttempts.empty()) {
        out["traced_attempts"] = tracedAttemptsJson(job.tracedAttempts);
    }
    if (!job.fairPool.empty()) {
        out["fair_pool"] = job.fairPool;
    }
    if (!job.queue.empty()) {
        out["queue"] = job.queue;
    }
    for (const auto& [key, text] : job.extraFields) {
        // Unknown fields never shadow known ones: a value the job holds is always what is saved
        // (a stale "reduce_duration" kept beside "reduces": 0 must not override the reduce
        // time the user gave after adding reduce tasks). An extra "reduce_duration" only stands
        // beside a scalar "reduces": 0 (see readJob).
        const bool known = std::find(kJobKeys.begin(), kJobKeys.end(), key) != kJobKeys.end();
        if (out.contains(key) || (known && key != "reduce_duration") ||
            (key == "reduce_duration" && (out.contains("map_durations") || job.reduces() > 0))) {
            continue;
        }
        out[key] = ordered_json::parse(text);
    }
    return out;
}

void checkTime(double value, const std::string& file, const std::string& job,
               const std::string& field) {
    if (value > kMaxTime) {
        throw InputError(file, job, field,
                         formatNumber(value) + " s is more than the " + formatNumber(kMaxTime) +
                             " s a workload file may hold");
    }
}

void checkTimes(const TaskDurations& durations, const std::string& file, const std::string& job,
                const char* field) {
    // A uniform stage has one value to check, however many tasks it has.
    const std::size_t checked =
        durations.uniform() ? std::min<std::size_t>(durations.size(), 1) : durations.size();
    for (std::size_t i = 0; i < checked; ++i) {
        checkTime(durations[i], file, job, std::string(field) + "[" + std::to_string(i) + "]");
    }
}

}  // namespace

void checkFileLimits(const Cluster& c, const std::string& file) {
    const std::pair<const char*, long long> fields[] = {
        {"nodes", c.nodes},
        {"map_slots_per_node", c.mapSlotsPerNode},
        {"reduce_slots_per_node", c.reduceSlotsPerNode}};
    for (const auto& [field, value] : fields) {
        const long long limit = std::string(field) == "nodes" ? kMaxNodes : kMaxSlotsPerNode;
        if (value > limit) {
            throw InputError(file, "", std::string("cluster.") + field,
                             "must be at most " + std::to_string(limit) + " (got " +
                                 std::to_string(value) + ")");
        }
    }
}

void checkFileLimits(const Job& job, const std::string& file) {
    for (const TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
        if (job.tasks(kind) > kMaxTasksPerJob) {
            throw InputError(file, job.name, kind == TaskKind::Map ? "maps" : "reduces",
                             "more than " + std::to_string(kMaxTasksPerJob) + " tasks in a job");
        }
    }
    checkTimes(job.mapDurations, file, job.name, "map_durations");
    checkTimes(job.reduceDurations, file, job.name, "reduce_durations");
    checkTime(job.arrival, file, job.name, "arrival");
    if (job.deadline) {
        checkTime(*job.deadline, file, job.name, "deadline");
    }
    if (job.profile) {
        const JobProfile& p = *job.profile;
        const std::pair<const char*, const std::optional<double>*> stats[] = {
            {"map_avg", &p.mapAvg},
            {"map_max", &p.mapMax},
            {"first_shuffle_avg", &p.firstShuffleAvg},
            {"first_shuffle_max", &p.firstShuffleMax},
            {"typical_shuffle_avg", &p.typicalShuffleAvg},
            {"typical_shuffle_max", &p.typicalShuffleMax},
            {"reduce_avg", &p.reduceAvg},
            {"reduce_max", &p.reduceMax}};
        for (const auto& [key, value] : stats) {
            if (*value && (!std::isfinite(**value) || **value < 0.0)) {
                throw InputError(file, job.name, std::string("profile.") + key,
                                 "must be a finite number >= 0");
            }
            if (*value) {
                checkTime(**value, file, job.name, std::string("profile.") + key);
            }
        }
    }
}

Workload parseWorkload(const std::string& text, const std::string& source, LoadReport* report) {
    const json root = parseFormattedDocument(text, source, kWorkloadFormat, kWorkloadVersion);
    const FieldReader f(root, source, "");

    Workload w;
    w.name = f.optionalString("name").value_or("");
    w.description = f.optionalString("description").value_or("");

    readCluster(FieldReader(f.requiredObject("cluster"), source, "", "cluster."), w, source);

    const json& jobs = f.raw("jobs");
    if (!jobs.is_array()) {
        f.fail("jobs", std::string("must be an array of jobs (got ") + jobs.type_name() + ")");
    }
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        w.jobs.push_back(readJob(jobs[i], i, source, report));
    }
    if (f.has("manual_order")) {
        w.manualOrder = f.stringArray("manual_order");
    }
    if (f.has("fair_pools")) {
        w.fairPools = readFairPools(f.raw("fair_pools"), source);
    }
    if (f.has("capacity_queues")) {
        w.capacityQueues = readCapacityQueuesJson(f.raw("capacity_queues"), source);
    }
    if (f.has("scenario")) {
        w.scenario = readScenario(f.raw("scenario"), source);
    }
    for (const auto& key : f.unknownKeys(kTopKeys)) {
        w.extraFields[key] = keptText(root[key]);
        if (report) {
            report->warnings.push_back(inputMessage(
                source, "", "", "unknown top-level field '" + key + "' kept as it is"));
        }
    }
    try {
        validate(w, source);
    } catch (const InputError& e) {
        throw e.file().empty() ? e.withFile(source) : e;
    }
    return w;
}

Workload loadWorkload(const std::string& path, LoadReport* report) {
    return parseWorkload(readTextFile(path), path, report);
}

namespace {

// Refuses a text that loading would refuse for its length (readTextFile's limit).
void checkFileSize(std::uint64_t bytes, const std::string& path, const std::string& job) {
    if (bytes > kMaxTextFileBytes) {
        throw InputError(path, job, "jobs",
                         "the workload's text passes " + std::to_string(kMaxTextFileBytes) +
                             " bytes, the most a workload file may hold (give stages of equal "
                             "tasks one duration, or fewer jobs)");
    }
}

// The canonical text in three pieces, so that WorkloadWriter streams exactly what
// serializeWorkload writes: everything up to "jobs": [, one line per job, the closing lines.
std::string headerText(const Workload& w) {
    std::string out = "{\n";
    out += "  \"format\": \"" + std::string(kWorkloadFormat) + "\",\n";
    out += "  \"version\": " + std::to_string(kWorkloadVersion) + ",\n";
    out += "  \"name\": " + json(w.name).dump() + ",\n";
    if (!w.description.empty()) {
        out += "  \"description\": " + json(w.description).dump() + ",\n";
    }
    ordered_json cluster;
    if (w.cluster.nodeClasses.empty()) {
        cluster["nodes"] = w.cluster.nodes;
        cluster["map_slots_per_node"] = w.cluster.mapSlotsPerNode;
        cluster["reduce_slots_per_node"] = w.cluster.reduceSlotsPerNode;
    } else {
        cluster["node_classes"] = nodeClassesJson(w.cluster.nodeClasses);
    }
    if (!w.overheads.empty()) {
        cluster["overheads"] = overheadsJson(w.overheads);
    }
    out += "  \"cluster\": " + toOneLine(cluster) + ",\n";
    if (!w.manualOrder.empty()) {
        out += "  \"manual_order\": " + toOneLine(ordered_json(w.manualOrder)) + ",\n";
    }
    if (!w.fairPools.empty()) {
        out += "  \"fair_pools\": " + toOneLine(fairPoolsJson(w.fairPools)) + ",\n";
    }
    if (!w.capacityQueues.empty()) {
        out += "  \"capacity_queues\": " + toOneLine(capacityQueuesJson(w.capacityQueues)) + ",\n";
    }
    if (!(w.scenario == Scenario{})) {
        out += "  \"scenario\": " + toOneLine(scenarioJson(w.scenario)) + ",\n";
    }
    for (const auto& [key, text] : w.extraFields) {
        if (std::find(kTopKeys.begin(), kTopKeys.end(), key) != kTopKeys.end()) {
            continue;  // unknown fields never shadow known ones
        }
        out += "  " + json(key).dump() + ": " + toOneLine(ordered_json::parse(text)) + ",\n";
    }
    return out + "  \"jobs\": [";
}

std::string jobText(const Job& job, bool first) {
    return (first ? "\n    " : ",\n    ") + toOneLine(jobJson(job));
}

std::string footerText(bool noJobs) {
    return noJobs ? "]\n}\n" : "\n  ]\n}\n";
}

}  // namespace

std::string serializeWorkload(const Workload& w) {
    std::string out = headerText(w);
    for (std::size_t i = 0; i < w.jobs.size(); ++i) {
        out += jobText(w.jobs[i], i == 0);
    }
    return out + footerText(w.jobs.empty());
}

void checkWritable(const Workload& w, const std::string& path) {
    validate(w, path);
    checkFileLimits(w.cluster, path);
    for (const Job& job : w.jobs) {
        checkFileLimits(job, path);
    }
}

void saveWorkload(const Workload& w, const std::string& path) {
    checkWritable(w, path);
    const std::string text = serializeWorkload(w);
    checkFileSize(static_cast<std::uint64_t>(text.size()), path, "");
    writeFileAtomically(path, text);
}

WorkloadWriter::WorkloadWriter(const std::string& path, const Workload& header) : m_file(path) {
    if (!header.jobs.empty() || !header.manualOrder.empty()) {
        throw std::logic_error("WorkloadWriter: the header must hold no jobs and no manual order");
    }
    validate(header, path);  // the cluster and its overheads (the header has no jobs)
    checkFileLimits(header.cluster, path);
    const std::string text = headerText(header);
    m_bytes = text.size();
    m_file.write(text);
}

void WorkloadWriter::add(const Job& job) {
    const std::string& path = m_file.path();
    validateJob(job, path);
    if (!m_names.insert(job.name).second) {
        throw InputError(path, job.name, "name", "duplicate job name");
    }
    checkFileLimits(job, path);
    const std::string text = jobText(job, m_jobs == 0);
    m_bytes += text.size();
    checkFileSize(m_bytes, path, job.name);
    m_file.write(text);
    m_tasks += job.maps() + job.reduces();
    ++m_jobs;
}

void WorkloadWriter::finish() {
    m_file.write(footerText(m_jobs == 0));
    m_file.commit();
}

}  // namespace mr
