#include "io/LoadSweepFormat.h"

#include <cstdio>

#include "io/Csv.h"
#include "io/DeadlineMetricsFormat.h"
#include "io/FieldReader.h"
#include "io/SweepFormat.h"
#include "io/SweepParts.h"
#include "model/InputError.h"
#include "model/Numbers.h"

namespace mr {

namespace {

// The options both the result and the definition start with.
nlohmann::ordered_json optionsJson(const LoadSweepOptions& o) {
    nlohmann::ordered_json out;
    out["kind"] = o.kind;
    out["jobs"] = o.jobs;
    out["nodes"] = o.nodes;
    out["seed"] = o.seed;
    out["runs"] = o.runs;
    if (o.withinJobSigma) {
        out["within_job_sigma"] = *o.withinJobSigma;
    }
    out["deadline_factor"] = {o.deadlineFactor.low, o.deadlineFactor.high};
    out["interarrivals"] = o.interarrivals;
    out["algorithms"] = o.algorithms;
    return out;
}

}  // namespace

nlohmann::ordered_json loadSweepJson(const LoadSweepResult& r) {
    nlohmann::ordered_json out = optionsJson(r.options);
    out["cancelled"] = r.cancelled;
    auto points = nlohmann::ordered_json::array();
    for (const LoadPoint& p : r.points) {
        nlohmann::ordered_json j;
        j["interarrival"] = p.interarrival;
        j["algorithm"] = p.algorithm;
        j["runs"] = p.runs;
        putDeadlineMetrics(j, p);
        points.push_back(j);
    }
    out["points"] = points;
    return out;
}

std::string loadSweepCsv(const LoadSweepResult& r) {
    std::string out = std::string("interarrival,algorithm,runs,") + kDeadlineCsvColumns + "\n";
    for (const LoadPoint& p : r.points) {
        out += csvNumber(p.interarrival) + "," + csvField(p.algorithm) + "," +
               std::to_string(p.runs) + "," + deadlineCsvFields(p) + "\n";
    }
    return out;
}

std::string loadSweepText(const LoadSweepResult& r) {
    const LoadSweepOptions& o = r.options;
    const std::string kind =
        o.kind + (o.withinJobSigma ? " (within-job sigma " + formatTime(*o.withinJobSigma) + ")"
                                   : std::string());
    char line[256];
    std::snprintf(line, sizeof line,
                  "%s, %d jobs on %d nodes, deadlines in [%g, %g]·T_J, mean of %d runs (seeds "
                  "%llu..%llu)\n\n",
                  kind.c_str(), o.jobs, o.nodes, o.deadlineFactor.low, o.deadlineFactor.high,
                  o.runs, static_cast<unsigned long long>(o.seed),
                  static_cast<unsigned long long>(o.seed + static_cast<std::uint64_t>(o.runs) - 1));
    std::string out = line;
    std::snprintf(line, sizeof line, "%12s  %-16s %12s %8s %14s %10s %10s %8s %8s\n",
                  "interarrival", "algorithm", "rel.exceeded", "missed", "avg completion",
                  "extra map", "extra red", "killed m", "killed r");
    out += line;
    const auto fixed = [](const std::optional<double>& v, const char* format) {
        char b[32];
        if (!v) {
            return std::string("-");
        }
        std::snprintf(b, sizeof b, format, *v);
        return std::string(b);
    };
    for (const LoadPoint& p : r.points) {
        char missed[32] = "-";
        if (p.missedFraction) {
            std::snprintf(missed, sizeof missed, "%.1f%%", *p.missedFraction * 100.0);
        }
        std::snprintf(
            line, sizeof line, "%12s  %-16s %12.4g %8s %14.6g %10s %10s %8.2f %8.2f\n",
            formatTime(p.interarrival).c_str(), p.algorithm.c_str(), p.relativeDeadlineExceeded,
            missed, p.avgCompletionTime, fixed(p.extraMapTasks, "%.1f").c_str(),
            fixed(p.extraReduceTasks, "%.1f").c_str(), p.killedMapTasks, p.killedReduceTasks);
        out += line;
    }
    if (r.cancelled) {
        out += "(cancelled: some runs are missing)\n";
    }
    return out;
}

nlohmann::ordered_json loadSweepDefinitionJson(const LoadSweepOptions& o) {
    nlohmann::ordered_json out = optionsJson(o);
    out["run_options"] = runOptionsJson(o.run);
    return out;
}

LoadSweepOptions loadSweepFromDefinition(const nlohmann::json& definition,
                                         const std::string& where) {
    const FieldReader f(definition, where, "", "definition.");
    LoadSweepOptions o;
    o.kind = f.requiredString("kind");
    o.jobs = static_cast<int>(f.requiredInt("jobs", 1, 1'000'000));
    o.nodes = static_cast<int>(f.requiredInt("nodes", 1, 1'000'000));
    o.seed = static_cast<std::uint64_t>(f.requiredInt("seed", 0, INT64_MAX));
    o.runs = static_cast<int>(f.requiredInt("runs", 1, 100'000));
    o.withinJobSigma = f.optionalNumber("within_job_sigma", 0.0, 1e300);
    const auto factor = f.numberArray("deadline_factor", 0.0, 1e9, 2);
    if (factor.size() != 2) {
        f.fail("deadline_factor", "must be [A, B]");
    }
    o.deadlineFactor = {factor[0], factor[1]};
    o.interarrivals = f.numberArray("interarrivals", 0.0, 1e300, 10'000);
    o.algorithms = f.stringArray("algorithms");
    o.run = runOptionsFromJson(f.requiredObject("run_options"), where);
    try {
        checkLoadSweep(o);
    } catch (const InputError& e) {
        throw InputError(where, "", "definition." + e.field(), e.message());
    }
    return o;
}

nlohmann::ordered_json loadPointFields(const LoadSweepOptions& options, std::size_t index,
                                       const DeadlineMetrics* m) {
    const LoadPointId id = loadPointAt(options, index);
    nlohmann::ordered_json out;
    out["run"] = id.run;
    out["interarrival"] = options.interarrivals[id.load];
    out["algorithm"] = options.algorithms[id.algorithm];
    out["seed"] = id.seed;
    if (m != nullptr) {
        putDeadlineMetrics(out, *m);
        out["jobs"] = m->jobs;
        out["jobs_with_deadline"] = m->jobsWithDeadline;
        out["missed_jobs"] = m->missed;
    }
    return out;
}

DeadlineMetrics loadPointFromLine(const LoadSweepOptions& options, std::size_t index,
                                  const nlohmann::json& line, const std::string& where) {
    const FieldReader f(line, where, "");
    const nlohmann::ordered_json expected = loadPointFields(options, index, nullptr);
    checkPointArguments(f, expected, index);
    const auto count = [&](const char* key) { return f.requiredInt(key, 0, 1'000'000'000'000LL); };
    const auto optionalCount = [&](const char* key) -> std::optional<long long> {
        if (f.has(key) && f.raw(key).is_null()) {
            return std::nullopt;
        }
        return count(key);
    };
    DeadlineMetrics m;
    m.relativeDeadlineExceeded = partNumber(f, "relative_deadline_exceeded");
    m.missedFraction = optionalPartNumber(f, "missed_fraction");
    m.avgCompletionTime = partNumber(f, "avg_completion_time");
    m.extraMapTasks = optionalCount("extra_map_tasks");
    m.extraReduceTasks = optionalCount("extra_reduce_tasks");
    m.killedMapTasks = count("killed_map_tasks");
    m.killedReduceTasks = count("killed_reduce_tasks");
    m.dataLocalFraction = optionalPartNumber(f, "data_local_fraction");
    m.jobs = static_cast<int>(f.requiredInt("jobs", 0, 1'000'000'000));
    m.jobsWithDeadline = static_cast<int>(f.requiredInt("jobs_with_deadline", 0, 1'000'000'000));
    m.missed = static_cast<int>(f.requiredInt("missed_jobs", 0, 1'000'000'000));
    return m;
}

}  // namespace mr
