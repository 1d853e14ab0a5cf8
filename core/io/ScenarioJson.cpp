#include "io/ScenarioJson.h"

#include <limits>

#include "io/FieldReader.h"
#include "io/JsonParse.h"
#include "io/TextFile.h"
#include "model/InputError.h"
#include "model/Limits.h"

namespace mr {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

const std::vector<std::string> kScenarioKeys = {"seed",
                                                "max_attempts",
                                                "failure_probability",
                                                "straggler_probability",
                                                "straggler_factor",
                                                "node_failures",
                                                "node_additions",
                                                "slow_nodes",
                                                "jobs",
                                                "speculation"};
const std::vector<std::string> kSpeculationKeys = {
    "maps",        "reduces",   "interval",       "interval_after_launch",
    "cap_running", "cap_total", "minimum_allowed"};
const std::vector<std::string> kJobKeys = {"name", "failure_probability", "speculate_maps",
                                           "speculate_reduces"};

bool optionalBool(const FieldReader& f, const char* key, bool fallback) {
    if (!f.has(key)) {
        return fallback;
    }
    if (!f.raw(key).is_boolean()) {
        f.fail(key, "must be true or false");
    }
    return f.raw(key).get<bool>();
}

// Each element of the array `key` as a FieldReader over an object with the fields `known`.
template <class F>
void forEachObject(const FieldReader& f, const char* key, const std::vector<std::string>& known,
                   const std::string& file, F&& read) {
    if (!f.has(key)) {
        return;
    }
    const json& items = f.raw(key);
    if (!items.is_array()) {
        f.fail(key, "must be an array of objects");
    }
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string prefix = f.fieldName(key) + "[" + std::to_string(i) + "]";
        if (!items[i].is_object()) {
            throw InputError(file, "", prefix, "must be a JSON object");
        }
        const FieldReader item(items[i], file, "", prefix + ".");
        for (const auto& unknown : item.unknownKeys(known)) {
            item.fail(unknown, "unknown field");
        }
        read(item);
    }
}

int readNode(const FieldReader& f) {
    return static_cast<int>(f.requiredInt("node", 0, kMaxNodes - 1));
}

void readNodeEvents(const FieldReader& f, const std::string& file, Scenario& s) {
    forEachObject(f, "node_failures", {"node", "at", "recover_at"}, file, [&](const auto& item) {
        NodeFailure e;
        e.node = readNode(item);
        e.at = item.requiredNumber("at", 0.0, kMaxTime);
        e.recoverAt = item.optionalNumber("recover_at", 0.0, kMaxTime)
                          .value_or(std::numeric_limits<double>::infinity());
        s.nodeFailures.push_back(e);
    });
    forEachObject(f, "node_additions", {"node", "at"}, file, [&](const auto& item) {
        s.nodeAdditions.push_back({readNode(item), item.requiredNumber("at", 0.0, kMaxTime)});
    });
    forEachObject(f, "slow_nodes", {"node", "factor"}, file, [&](const auto& item) {
        s.slowNodes.push_back({readNode(item), item.requiredNumber("factor", 0.0, 1e6, true)});
    });
}

void readSpeculation(const FieldReader& f, const std::string& file, Scenario& s) {
    if (!f.has("speculation")) {
        return;
    }
    const FieldReader sp(f.requiredObject("speculation"), file, "", "scenario.speculation.");
    for (const auto& key : sp.unknownKeys(kSpeculationKeys)) {
        sp.fail(key, "unknown speculation field");
    }
    Speculation& o = s.speculation;
    o.enabled = true;
    o.maps = optionalBool(sp, "maps", o.maps);
    o.reduces = optionalBool(sp, "reduces", o.reduces);
    // At least a millisecond: Hadoop's speculator thread cannot look more often either, and a run
    // of checks a nanosecond apart would never reach the next task end.
    o.interval = sp.optionalNumber("interval", 1e-3, kMaxTime).value_or(o.interval);
    o.intervalAfterLaunch =
        sp.optionalNumber("interval_after_launch", 1e-3, kMaxTime).value_or(o.intervalAfterLaunch);
    o.capRunning = sp.optionalNumber("cap_running", 0.0, 1.0).value_or(o.capRunning);
    o.capTotal = sp.optionalNumber("cap_total", 0.0, 1.0).value_or(o.capTotal);
    o.minimumAllowed =
        static_cast<int>(sp.optionalInt("minimum_allowed", 0, std::numeric_limits<int>::max())
                             .value_or(o.minimumAllowed));
}

}  // namespace

Scenario readScenario(const json& value, const std::string& file) {
    if (!value.is_object()) {
        throw InputError(file, "", "scenario", "must be a JSON object");
    }
    const FieldReader f(value, file, "", "scenario.");
    for (const auto& key : f.unknownKeys(kScenarioKeys)) {
        f.fail(key, "unknown scenario field");
    }
    Scenario s;
    s.seed = static_cast<unsigned long long>(
        f.optionalInt("seed", 0, std::numeric_limits<long long>::max()).value_or(1));
    s.maxAttempts = static_cast<int>(f.optionalInt("max_attempts", 1, 1000).value_or(4));
    s.failureProbability = f.optionalNumber("failure_probability", 0.0, 1.0).value_or(0.0);
    if (s.failureProbability >= 1.0) {
        f.fail("failure_probability", "must be below 1 (every attempt would fail)");
    }
    s.stragglerProbability = f.optionalNumber("straggler_probability", 0.0, 1.0).value_or(0.0);
    if (f.has("straggler_factor")) {
        const std::vector<double> range = f.numberArray("straggler_factor", 0.0, 1e6, 2);
        if (range.size() != 2 || range[0] <= 0.0) {
            f.fail("straggler_factor", "must be two factors [low, high] above 0");
        }
        s.stragglerMinFactor = range[0];
        s.stragglerMaxFactor = range[1];
    }
    readNodeEvents(f, file, s);
    forEachObject(f, "jobs", kJobKeys, file, [&](const auto& item) {
        ScenarioJob j;
        j.name = item.requiredString("name");
        j.failureProbability = item.optionalNumber("failure_probability", 0.0, 1.0).value_or(-1.0);
        if (j.failureProbability >= 1.0) {
            item.fail("failure_probability", "must be below 1 (every attempt would fail)");
        }
        j.speculateMaps = optionalBool(item, "speculate_maps", true);
        j.speculateReduces = optionalBool(item, "speculate_reduces", true);
        s.jobs.push_back(std::move(j));
    });
    readSpeculation(f, file, s);
    return s;
}

ordered_json scenarioJson(const Scenario& s) {
    const Scenario d;
    ordered_json out = ordered_json::object();
    out["seed"] = s.seed;
    if (s.maxAttempts != d.maxAttempts) {
        out["max_attempts"] = s.maxAttempts;
    }
    if (s.failureProbability != 0.0) {
        out["failure_probability"] = s.failureProbability;
    }
    if (s.stragglerProbability != 0.0) {
        out["straggler_probability"] = s.stragglerProbability;
    }
    if (s.stragglerMinFactor != 1.0 || s.stragglerMaxFactor != 1.0) {
        out["straggler_factor"] = {s.stragglerMinFactor, s.stragglerMaxFactor};
    }
    for (const NodeFailure& e : s.nodeFailures) {
        ordered_json item{{"node", e.node}, {"at", e.at}};
        if (e.recoverAt != std::numeric_limits<double>::infinity()) {
            item["recover_at"] = e.recoverAt;
        }
        out["node_failures"].push_back(item);
    }
    for (const NodeAddition& a : s.nodeAdditions) {
        out["node_additions"].push_back({{"node", a.node}, {"at", a.at}});
    }
    for (const SlowNode& n : s.slowNodes) {
        out["slow_nodes"].push_back({{"node", n.node}, {"factor", n.factor}});
    }
    for (const ScenarioJob& j : s.jobs) {
        ordered_json item{{"name", j.name}};
        if (j.failureProbability >= 0.0) {
            item["failure_probability"] = j.failureProbability;
        }
        item["speculate_maps"] = j.speculateMaps;
        item["speculate_reduces"] = j.speculateReduces;
        out["jobs"].push_back(item);
    }
    if (s.speculation.enabled) {
        const Speculation& o = s.speculation;
        out["speculation"] = {{"maps", o.maps},
                              {"reduces", o.reduces},
                              {"interval", o.interval},
                              {"interval_after_launch", o.intervalAfterLaunch},
                              {"cap_running", o.capRunning},
                              {"cap_total", o.capTotal},
                              {"minimum_allowed", o.minimumAllowed}};
    }
    return out;
}

Scenario loadScenarioFile(const std::string& path) {
    return readScenario(parseJsonText(readTextFile(path), path), path);
}

}  // namespace mr
