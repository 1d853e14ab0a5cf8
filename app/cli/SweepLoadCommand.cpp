// mrsim sweep-load KIND --jobs N --interarrival FROM:TO:STEP --runs R --deadline-factor A:B
//                  --algorithms edf,min-edf,min-edf-wc [--csv|--json] — seed 004 Figs. 1–4:
// deadline metrics against the mean inter-arrival time, averaged over seeded runs, all cores.
#include <cstdio>
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "experiments/LoadSweep.h"
#include "io/JsonFields.h"
#include "io/ResultFormat.h"
#include "workloads/Generators.h"

namespace mr::cli {

namespace {

std::string optionalNumber(const std::optional<double>& v) {
    return v ? formatNumber(*v) : std::string();
}

nlohmann::ordered_json sweepJson(const LoadSweepResult& r) {
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
        const auto optional = [](const std::optional<double>& v) {
            return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json();
        };
        nlohmann::ordered_json j;
        j["interarrival"] = p.interarrival;
        j["algorithm"] = p.algorithm;
        j["runs"] = p.runs;
        j["relative_deadline_exceeded"] = p.relativeDeadlineExceeded;
        j["missed_fraction"] = p.missedFraction;
        j["avg_completion_time"] = p.avgCompletionTime;
        j["extra_map_tasks"] = optional(p.extraMapTasks);
        j["extra_reduce_tasks"] = optional(p.extraReduceTasks);
        j["killed_map_tasks"] = p.killedMapTasks;
        j["killed_reduce_tasks"] = p.killedReduceTasks;
        if (p.dataLocalFraction) {
            j["data_local_fraction"] = *p.dataLocalFraction;
        }
        points.push_back(j);
    }
    out["points"] = points;
    return out;
}

std::string sweepCsv(const LoadSweepResult& r) {
    std::string out =
        "interarrival,algorithm,runs,relative_deadline_exceeded,missed_fraction,"
        "avg_completion_time,extra_map_tasks,extra_reduce_tasks,killed_map_tasks,"
        "killed_reduce_tasks,data_local_fraction\n";
    for (const LoadPoint& p : r.points) {
        out += formatNumber(p.interarrival) + "," + csvField(p.algorithm) + "," +
               std::to_string(p.runs) + "," + formatNumber(p.relativeDeadlineExceeded) + "," +
               formatNumber(p.missedFraction) + "," + formatNumber(p.avgCompletionTime) + "," +
               optionalNumber(p.extraMapTasks) + "," + optionalNumber(p.extraReduceTasks) + "," +
               formatNumber(p.killedMapTasks) + "," + formatNumber(p.killedReduceTasks) + "," +
               optionalNumber(p.dataLocalFraction) + "\n";
    }
    return out;
}

std::string sweepText(const LoadSweepResult& r) {
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
    for (const LoadPoint& p : r.points) {
        const auto optional = [](const std::optional<double>& v) {
            char b[32];
            if (!v) {
                return std::string("-");
            }
            std::snprintf(b, sizeof b, "%.1f", *v);
            return std::string(b);
        };
        std::snprintf(
            line, sizeof line, "%12s  %-16s %12.4g %7.1f%% %14.6g %10s %10s %8.2f %8.2f\n",
            formatNumber(p.interarrival).c_str(), p.algorithm.c_str(), p.relativeDeadlineExceeded,
            p.missedFraction * 100.0, p.avgCompletionTime, optional(p.extraMapTasks).c_str(),
            optional(p.extraReduceTasks).c_str(), p.killedMapTasks, p.killedReduceTasks);
        out += line;
    }
    if (r.cancelled) {
        out += "(cancelled: some runs are missing)\n";
    }
    return out;
}

}  // namespace

Command makeSweepLoadCommand(CLI::App& app) {
    struct Options {
        LoadSweepOptions sweep;
        std::string interarrival;
        std::string deadlineFactor = "1:2";
        std::string estimator = "aria-avg";
        bool json = false;
        bool csv = false;
    };
    auto o = std::make_shared<Options>();
    Command c;
    c.app = app.add_subcommand(
        "sweep-load",
        "Deadline metrics against the mean inter-arrival time (seed 004 Figs. 1-4), all cores");
    c.app->add_option("kind", o->sweep.kind, "Workload kind (see mrsim generate --help)")
        ->required();
    c.app->add_option("--jobs", o->sweep.jobs, "Jobs per batch")->required();
    c.app
        ->add_option("--interarrival", o->interarrival,
                     "Mean inter-arrival times FROM:TO:STEP (seconds)")
        ->required();
    c.app->add_option("--runs", o->sweep.runs, "Seeded runs averaged per point (default 10)");
    c.app->add_option("--deadline-factor", o->deadlineFactor,
                      "Deadlines uniform in [A·T_J, B·T_J] (default 1:2)");
    c.app
        ->add_option("-a,--algorithms", o->sweep.algorithms,
                     "Comma-separated algorithm ids (default edf,min-edf,min-edf-wc)")
        ->delimiter(',');
    c.app->add_option("--seed", o->sweep.seed, "Seed of the first run (run r: seed + r)");
    c.app->add_option("--nodes", o->sweep.nodes, "Cluster nodes (default 64)");
    c.app->add_option("--threads", o->sweep.threads, "Worker threads (0 = all cores)")
        ->check(CLI::Range(0, 1024));
    c.app
        ->add_option("--estimator", o->estimator,
                     "ARIA bound behind min-edf quotas: aria-avg (default), aria-low, aria-up")
        ->check(CLI::IsMember({"aria-avg", "aria-low", "aria-up"}));
    addLocalityOptions(*c.app, o->sweep.run.locality);
    auto* json = c.app->add_flag("--json", o->json, "Print JSON");
    c.app->add_flag("--csv", o->csv, "Print CSV")->excludes(json);
    c.run = [o](std::ostream& out, std::ostream&) {
        LoadSweepOptions options = o->sweep;
        options.interarrivals = parseRange(o->interarrival, "interarrival");
        options.deadlineFactor = parseDeadlineFactor(o->deadlineFactor);
        options.run.estimator = *parseEstimator(o->estimator);
        const LoadSweepResult r = sweepLoad(options);
        out << (o->json ? sweepJson(r).dump(2) + "\n" : o->csv ? sweepCsv(r) : sweepText(r));
    };
    return c;
}

}  // namespace mr::cli
