#include "io/FaultSweepFormat.h"

#include <cmath>
#include <cstdio>

#include "io/Csv.h"
#include "io/FieldReader.h"
#include "io/ScenarioJson.h"
#include "io/SweepFormat.h"
#include "io/SweepParts.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"

namespace mr {

namespace {

// The options both the result and the definition hold.
nlohmann::ordered_json optionsJson(const FaultSweepOptions& o) {
    nlohmann::ordered_json out;
    out["axis"] = faultAxisId(o.axis);
    out["values"] = o.values;
    out["runs"] = o.runs;
    out["seed"] = o.seed;
    out["algorithms"] = o.algorithms;
    out["scenario"] = scenarioJson(o.scenario);
    return out;
}

nlohmann::ordered_json jsonNumber(double v) {
    return std::isnan(v) ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v);
}

std::string csvValue(double v) {
    return std::isnan(v) ? std::string() : csvNumber(v);
}

}  // namespace

nlohmann::ordered_json faultSweepJson(const FaultSweepResult& r) {
    nlohmann::ordered_json out;
    out["workload"] = r.workload;
    out.update(optionsJson(r.options));
    out["cancelled"] = r.cancelled;
    auto points = nlohmann::ordered_json::array();
    for (const FaultPoint& p : r.points) {
        points.push_back({{"probability", p.probability},
                          {"algorithm", p.algorithm},
                          {"runs", p.runs},
                          {"makespan_mean", jsonNumber(p.makespanMean)},
                          {"makespan_p95", jsonNumber(p.makespanP95)},
                          {"makespan_max", jsonNumber(p.makespanMax)},
                          {"failed_jobs_mean", jsonNumber(p.failedJobsMean)},
                          {"failed_attempts_mean", jsonNumber(p.failedAttemptsMean)}});
    }
    out["points"] = points;
    return out;
}

std::string faultSweepCsv(const FaultSweepResult& r) {
    std::string out =
        "probability,algorithm,runs,makespan_mean,makespan_p95,makespan_max,failed_jobs_mean,"
        "failed_attempts_mean\n";
    for (const FaultPoint& p : r.points) {
        out += csvNumber(p.probability) + "," + csvField(p.algorithm) + "," +
               std::to_string(p.runs) + "," + csvValue(p.makespanMean) + "," +
               csvValue(p.makespanP95) + "," + csvValue(p.makespanMax) + "," +
               csvValue(p.failedJobsMean) + "," + csvValue(p.failedAttemptsMean) + "\n";
    }
    return out;
}

std::string faultSweepText(const FaultSweepResult& r) {
    const FaultSweepOptions& o = r.options;
    const bool failures = o.axis == FaultAxis::FailureProbability;
    char line[256];
    std::snprintf(
        line, sizeof line, "%s: makespan against the %s, %d runs (scenario seeds %llu..%llu)\n\n",
        r.workload.c_str(), failures ? "attempt failure probability" : "straggler probability",
        o.runs, static_cast<unsigned long long>(o.seed),
        static_cast<unsigned long long>(o.seed + static_cast<std::uint64_t>(o.runs) - 1));
    std::string out = line;
    std::snprintf(line, sizeof line, "%11s  %-16s %5s %12s %12s %12s %11s %11s\n", "probability",
                  "algorithm", "runs", "mean", "p95", "max", "failed jobs", "failed att.");
    out += line;
    const auto cell = [](double v, const char* format) {
        char b[32] = "-";
        if (!std::isnan(v)) {
            std::snprintf(b, sizeof b, format, v);
        }
        return std::string(b);
    };
    for (const FaultPoint& p : r.points) {
        std::snprintf(line, sizeof line, "%11g  %-16s %5d %12s %12s %12s %11s %11s\n",
                      p.probability, p.algorithm.c_str(), p.runs,
                      cell(p.makespanMean, "%.6g").c_str(), cell(p.makespanP95, "%.6g").c_str(),
                      cell(p.makespanMax, "%.6g").c_str(), cell(p.failedJobsMean, "%.2f").c_str(),
                      cell(p.failedAttemptsMean, "%.2f").c_str());
        out += line;
    }
    if (r.cancelled) {
        out += "(cancelled: some runs are missing)\n";
    }
    return out;
}

nlohmann::ordered_json faultSweepDefinitionJson(const FaultSweepOptions& o,
                                                const Workload& workload) {
    Workload jobs = workload;
    jobs.scenario = {};  // the base scenario is a field of its own
    nlohmann::ordered_json out;
    out["workload"] = workload.name;
    out["contents"] = contentHash(serializeWorkload(jobs));
    out.update(optionsJson(o));
    out["run_options"] = runOptionsJson(o.run);
    return out;
}

FaultSweepOptions faultSweepFromDefinition(const nlohmann::json& definition,
                                           const std::string& where, std::string* workload) {
    const FieldReader f(definition, where, "", "definition.");
    FaultSweepOptions o;
    try {
        o.axis = parseFaultAxis(f.requiredString("axis"));
        o.values = f.numberArray("values", 0.0, 1.0, 10'000);
        o.runs = static_cast<int>(f.requiredInt("runs", 1, 100'000));
        o.seed = static_cast<std::uint64_t>(f.requiredInt("seed", 0, INT64_MAX));
        o.algorithms = f.stringArray("algorithms");
        o.scenario = readScenario(f.requiredObject("scenario"), where);
        o.run = runOptionsFromJson(f.requiredObject("run_options"), where);
        checkFaultSweep(o);
    } catch (const InputError& e) {
        if (e.file() == where) {
            throw;
        }
        throw InputError(where, "", "definition." + e.field(), e.message());
    }
    if (workload != nullptr) {
        *workload = f.requiredString("workload");
    }
    return o;
}

nlohmann::ordered_json faultPointFields(const FaultSweepOptions& options, std::size_t index,
                                        const FaultPointValue* v) {
    const FaultPointId id = faultPointAt(options, index);
    nlohmann::ordered_json out;
    out["run"] = id.run;
    out["probability"] = options.values[id.value];
    out["algorithm"] = options.algorithms[id.algorithm];
    out["seed"] = id.seed;
    if (v != nullptr) {
        out["makespan"] = partNumber(v->makespan);
        out["failed_jobs"] = v->failedJobs;
        out["failed_attempts"] = v->failedAttempts;
        out["speculative_attempts"] = v->speculativeAttempts;
    }
    return out;
}

FaultPointValue faultPointFromLine(const FaultSweepOptions& options, std::size_t index,
                                   const nlohmann::json& line, const std::string& where) {
    const FieldReader f(line, where, "");
    checkPointArguments(f, faultPointFields(options, index, nullptr), index);
    constexpr long long kMaxCount = 1'000'000'000'000LL;
    FaultPointValue v;
    v.makespan = partNumber(f, "makespan");
    v.failedJobs = static_cast<int>(f.requiredInt("failed_jobs", 0, 1'000'000'000));
    v.failedAttempts = f.requiredInt("failed_attempts", 0, kMaxCount);
    v.speculativeAttempts = f.requiredInt("speculative_attempts", 0, kMaxCount);
    return v;
}

}  // namespace mr
