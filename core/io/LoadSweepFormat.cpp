#include "io/LoadSweepFormat.h"

#include <cstdio>

#include "io/Csv.h"
#include "io/DeadlineMetricsFormat.h"
#include "model/Numbers.h"

namespace mr {

nlohmann::ordered_json loadSweepJson(const LoadSweepResult& r) {
    const LoadSweepOptions& o = r.options;
    nlohmann::ordered_json out;
    out["kind"] = o.kind;
    out["jobs"] = o.jobs;
    out["nodes"] = o.nodes;
    out["seed"] = o.seed;
    out["runs"] = o.runs;
    out["deadline_factor"] = {o.deadlineFactor.low, o.deadlineFactor.high};
    out["interarrivals"] = o.interarrivals;
    out["algorithms"] = o.algorithms;
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
    char line[256];
    std::snprintf(line, sizeof line,
                  "%s, %d jobs on %d nodes, deadlines in [%g, %g]·T_J, mean of %d runs (seeds "
                  "%llu..%llu)\n\n",
                  o.kind.c_str(), o.jobs, o.nodes, o.deadlineFactor.low, o.deadlineFactor.high,
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

}  // namespace mr
