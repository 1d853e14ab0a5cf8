#include "io/SweepFormat.h"

#include <cmath>
#include <cstdio>

#include "io/Csv.h"
#include "io/SweepParts.h"
#include "io/TextTable.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "model/Numbers.h"

namespace mr {

using nlohmann::ordered_json;

namespace {

std::string seriesKind(const SweepSeries& s) {
    return !s.formula ? "simulated" : s.name == kLowerBound ? "bound" : "formula";
}

}  // namespace

ordered_json sweepJson(const SweepResult& result) {
    ordered_json out;
    out["workload"] = result.workload;
    out["runs"] = result.runs;
    out["nodes"] = result.nodes;
    ordered_json series = ordered_json::array();
    for (const auto& s : result.series) {
        ordered_json item{{"name", s.name}, {"kind", seriesKind(s)}};
        using Field = double SweepPoint::*;
        const std::pair<const char*, Field> fields[] = {{"mean", &SweepPoint::mean},
                                                        {"min", &SweepPoint::min},
                                                        {"max", &SweepPoint::max},
                                                        {"stddev", &SweepPoint::stddev}};
        for (const auto& [key, field] : fields) {
            ordered_json values = ordered_json::array();
            for (const auto& p : s.points) {
                values.push_back(p.*field);
            }
            item[key] = values;
        }
        series.push_back(item);
    }
    out["series"] = series;
    return out;
}

std::string sweepCsv(const SweepResult& result) {
    std::string out = "nodes,series,kind,runs,mean,min,max,stddev\n";
    for (std::size_t p = 0; p < result.nodes.size(); ++p) {
        for (const auto& s : result.series) {
            const SweepPoint& point = s.points[p];
            char numbers[160];
            std::snprintf(numbers, sizeof numbers, "%d,%.10g,%.10g,%.10g,%.10g", result.runs,
                          point.mean, point.min, point.max, point.stddev);
            if (point.values.empty()) {
                std::snprintf(numbers, sizeof numbers, "%d,,,,", result.runs);
            }
            out += std::to_string(result.nodes[p]) + "," + csvField(s.name) + "," + seriesKind(s) +
                   "," + numbers + "\n";
        }
    }
    return out;
}

std::string sweepText(const SweepResult& result) {
    std::string out = "workload  " + result.workload;
    out += result.runs > 1 ? "  (mean ±standard deviation over " + std::to_string(result.runs) +
                                 " generated workloads)\n\n"
                           : "\n\n";
    std::vector<std::vector<std::string>> rows{{"nodes"}};
    bool bound = false;
    for (const auto& s : result.series) {
        // The bound holds for the tasks as given: HScheduler re-splits them and may end below.
        bound = bound || s.name == kLowerBound;
        rows[0].push_back(s.name == kLowerBound ? std::string(kLowerBound) + " (fixed tasks)"
                                                : s.name);
    }
    for (std::size_t p = 0; p < result.nodes.size(); ++p) {
        std::vector<std::string> row{std::to_string(result.nodes[p])};
        for (const auto& s : result.series) {
            const SweepPoint& point = s.points[p];
            if (point.values.empty()) {
                row.push_back("-");
            } else if (result.runs > 1 &&
                       point.values.size() < static_cast<std::size_t>(result.runs)) {
                row.push_back(formatTime(point.mean) + " ±" + formatTime(point.stddev) + " (" +
                              std::to_string(point.values.size()) + " runs)");
            } else {
                row.push_back(formatTime(point.mean) +
                              (result.runs > 1 ? " ±" + formatTime(point.stddev) : ""));
            }
        }
        rows.push_back(std::move(row));
    }
    out += textTable(rows, "r");
    if (bound) {
        out +=
            "\nlower-bound (fixed tasks): no schedule of the batch's tasks as given (any order, "
            "any "
            "pool split) ends earlier;\nhscheduler and online-hscheduler re-split the tasks over "
            "all slots and may end below it.\n";
    }
    return out;
}

ordered_json runOptionsJson(const RunOptions& o) {
    ordered_json out;
    out["seed"] = o.seed;
    out["estimator"] = toString(o.estimator);
    out["order"] = o.manualOrder;
    out["pools"] = o.pools;
    if (o.locality.enabled) {
        out["locality"] = {{"replicas", o.locality.replicas},
                           {"vms_per_host", o.locality.vmsPerHost},
                           {"remote_penalty", o.locality.remotePenalty},
                           {"reconfig_delay", o.locality.reconfigDelay}};
    }
    return out;
}

RunOptions runOptionsFromJson(const nlohmann::json& json, const std::string& where) {
    const FieldReader f(json, where, "", "run_options.");
    RunOptions o;
    o.seed = static_cast<std::uint64_t>(f.requiredInt("seed", 0, INT64_MAX));
    const auto estimator = parseEstimator(f.requiredString("estimator"));
    if (!estimator) {
        f.fail("estimator", "unknown estimator");
    }
    o.estimator = *estimator;
    o.manualOrder = f.stringArray("order");
    o.pools = static_cast<int>(f.requiredInt("pools", 2, 1000));
    if (f.has("locality")) {
        const FieldReader l(f.requiredObject("locality"), where, "", "run_options.locality.");
        o.locality.enabled = true;
        o.locality.replicas = static_cast<int>(l.requiredInt("replicas", 1, 1000));
        o.locality.vmsPerHost = static_cast<int>(l.requiredInt("vms_per_host", 1, 1'000'000));
        o.locality.remotePenalty = l.requiredNumber("remote_penalty", 1.0, 1000.0);
        o.locality.reconfigDelay = l.requiredNumber("reconfig_delay", 0.0, 1e9);
    }
    return o;
}

std::optional<std::uint64_t> SweepDefinition::firstSeed() const {
    if (source.contains("generate") && source.contains("seed")) {
        return source["seed"].get<std::uint64_t>();
    }
    return std::nullopt;
}

ordered_json sweepDefinitionJson(const SweepDefinition& sweep) {
    ordered_json out;
    out["source"] = sweep.source;
    out["workload"] = sweep.workload;
    out["nodes"] = sweep.spec.nodes;
    out["algorithms"] = sweep.spec.algorithms;
    out["runs"] = sweep.spec.runs;
    out["run_options"] = runOptionsJson(sweep.spec.run);
    return out;
}

SweepDefinition sweepFromDefinition(const nlohmann::json& definition, const std::string& where) {
    const FieldReader f(definition, where, "", "definition.");
    SweepDefinition sweep;
    const nlohmann::json& source = f.requiredObject("source");
    sweep.source = ordered_json::parse(source.dump());
    if (source.contains("generate")) {
        FieldReader(source, where, "", "definition.source.").requiredInt("seed", 0, INT64_MAX);
    }
    sweep.workload = f.requiredString("workload");
    for (double n : f.numberArray("nodes", 1, 1'000'000, 10'000)) {
        if (n != std::floor(n)) {
            f.fail("nodes", "must be whole numbers");
        }
        sweep.spec.nodes.push_back(static_cast<int>(n));
    }
    sweep.spec.algorithms = f.stringArray("algorithms");
    sweep.spec.runs = static_cast<int>(f.requiredInt("runs", 1, 1'000'000));
    sweep.spec.run = runOptionsFromJson(f.requiredObject("run_options"), where);
    try {
        checkSweep(sweep.spec);
    } catch (const InputError& e) {
        throw InputError(where, "", "definition." + e.field(), e.message());
    }
    return sweep;
}

ordered_json sweepPointFields(const SweepDefinition& sweep, std::size_t index,
                              const SweepPointValue* value) {
    const SweepPointId id = sweepPointAt(sweep.spec, index);
    ordered_json out;
    out["run"] = id.run;
    out["nodes"] = sweep.spec.nodes[id.size];
    out["algorithm"] = id.formula ? "formula" : sweep.spec.algorithms[id.slot];
    if (const auto seed = sweep.firstSeed()) {
        out["workload_seed"] = *seed + static_cast<std::uint64_t>(id.run);
    }
    if (value != nullptr && id.formula) {
        out["formula_min"] = partNumber(value->makespan);
        out["formula_max"] = partNumber(value->formulaMax);
        out["lower_bound"] = partNumber(value->lowerBound);
    } else if (value != nullptr) {
        out["makespan"] = partNumber(value->makespan);
    }
    return out;
}

SweepPointValue sweepPointFromLine(const SweepDefinition& sweep, std::size_t index,
                                   const nlohmann::json& line, const std::string& where) {
    const FieldReader f(line, where, "");
    const ordered_json expected = sweepPointFields(sweep, index, nullptr);
    checkPointArguments(f, expected, index);
    SweepPointValue v;
    if (sweepPointAt(sweep.spec, index).formula) {
        v.makespan = partNumber(f, "formula_min");
        v.formulaMax = partNumber(f, "formula_max");
        v.lowerBound = partNumber(f, "lower_bound");
    } else {
        v.makespan = partNumber(f, "makespan");
    }
    return v;
}

WorkloadSource fileSweepSource(std::shared_ptr<const Workload> file, SweepDefinition& sweep,
                               long long* firstTasks) {
    sweep.workload = file->name;
    if (firstTasks != nullptr) {
        *firstTasks = file->taskCount();
    }
    sweep.source = {{"contents", contentHash(serializeWorkload(*file))}};
    return [file = std::move(file)](int) { return *file; };
}

WorkloadSource generatedSweepSource(const std::string& kind, const GenerateOptions& options,
                                    std::uint64_t seed, SweepDefinition& sweep,
                                    long long* firstTasks) {
    WorkloadSource source = [kind, options, seed](int run) {
        GenerateOptions g = options;
        g.seed = seed + static_cast<std::uint64_t>(run);
        return generateWorkload(kind, g);
    };
    const Workload first = source(0);
    sweep.workload = first.name;
    if (firstTasks != nullptr) {
        *firstTasks = first.taskCount();
    }
    sweep.source = {{"generate", kind},
                    {"jobs", options.jobs},
                    {"slots_per_node", options.slotsPerNode},
                    {"seed", seed}};
    if (options.withinJobSigma) {
        sweep.source["within_job_sigma"] = *options.withinJobSigma;
    }
    return source;
}

}  // namespace mr
