// mrsim validate TRACE [--algorithm ID] [--json] [--no-overheads] [cluster options] — replay a
// Rumen job history: import it with its overheads (core/io/RumenImport.h), simulate it and print
// per job the simulated against the traced completion time (submit -> finish), the error, and the
// makespans (core/experiments/TraceValidation.h). Issue 14's goal: every job and the makespan
// within 5 %.
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "experiments/TraceValidation.h"
#include "io/RumenImport.h"
#include "io/TraceFormat.h"
#include "io/WorkloadJson.h"
#include "schedulers/Registry.h"

namespace mr::cli {

namespace {

struct ValidateOptions {
    std::string trace;
    std::string algorithm = "fifo";
    bool json = false;
    bool noOverheads = false;
    int nodes = 0, mapSlots = 0, reduceSlots = 0;
    CLI::Option* nodesOption = nullptr;
    CLI::Option* mapSlotsOption = nullptr;
    CLI::Option* reduceSlotsOption = nullptr;
};

void addValidateOptions(CLI::App& app, ValidateOptions& o) {
    app.add_option("trace", o.trace, "Rumen trace (JSON)")->required();
    app.add_option("-a,--algorithm", o.algorithm,
                   "Algorithm id (default fifo: Hadoop's default scheduler)");
    app.add_flag("--json", o.json, "Print one JSON object");
    app.add_flag("--no-overheads", o.noOverheads,
                 "Simulate the tasks alone, without the estimated overheads");
    o.nodesOption = app.add_option("--nodes", o.nodes, "Cluster nodes (default: the trace's)")
                        ->check(CLI::Range(1, static_cast<int>(kMaxNodes)));
    o.mapSlotsOption = app.add_option("--map-slots-per-node", o.mapSlots,
                                      "Map slots per node (default: from the trace)")
                           ->check(CLI::Range(1, static_cast<int>(kMaxSlotsPerNode)));
    o.reduceSlotsOption = app.add_option("--reduce-slots-per-node", o.reduceSlots,
                                         "Reduce slots per node (default: from the trace)")
                              ->check(CLI::Range(1, static_cast<int>(kMaxSlotsPerNode)));
}

nlohmann::ordered_json validationJson(const ValidateOptions& o, const Workload& w,
                                      const TraceComparison& comparison) {
    nlohmann::ordered_json j;
    j["trace"] = o.trace;
    j["algorithm"] = o.algorithm;
    j["cluster"] = {{"nodes", w.cluster.nodes},
                    {"map_slots_per_node", w.cluster.mapSlotsPerNode},
                    {"reduce_slots_per_node", w.cluster.reduceSlotsPerNode}};
    j["overheads"] = !o.noOverheads;
    nlohmann::ordered_json jobs = nlohmann::ordered_json::array();
    for (const TracedJob& t : comparison.jobs) {
        jobs.push_back({{"name", w.jobs[static_cast<std::size_t>(t.job)].name},
                        {"submit", t.arrival},
                        {"traced", t.traced()},
                        {"simulated", t.simulated()},
                        {"error", t.error()}});
    }
    j["jobs"] = jobs;
    j["summary"] = traceComparisonJson(comparison);
    return j;
}

void runValidate(const ValidateOptions& o, std::ostream& out, std::ostream& err) {
    RumenImportOptions options;
    options.overheads = !o.noOverheads;
    if (o.nodesOption->count() > 0) {
        options.nodes = o.nodes;
    }
    if (o.mapSlotsOption->count() > 0) {
        options.mapSlotsPerNode = o.mapSlots;
    }
    if (o.reduceSlotsOption->count() > 0) {
        options.reduceSlotsPerNode = o.reduceSlots;
    }
    RumenImportReport report;
    const Workload w = importRumen(o.trace, options, &report);
    for (const auto& note : report.notes) {
        err << "mrsim: note: " << note << "\n";
    }
    RunResult result;
    try {
        result = runAlgorithm(w, o.algorithm, RunOptions{});
    } catch (const InputError& e) {
        rethrowNamingFile(e, o.trace);
    }
    const TraceComparison comparison = compareWithTrace(w, result.sim);
    if (o.json) {
        out << validationJson(o, w, comparison).dump(2) << "\n";
        return;
    }
    out << "trace      " << o.trace << ": " << report.jobs << " jobs on " << describeWorkload(w)
        << "\n";
    out << "algorithm  " << o.algorithm << "\n";
    if (!o.noOverheads) {
        out << report.overheadsSummary() << "\n";
    }
    out << "\n" << traceTableText(w, comparison) << "\n";
    out << "mean |error| " << errorPercent(comparison.meanAbsError, false) << ", max |error| "
        << errorPercent(comparison.maxAbsError, false) << " over " << comparison.jobs.size()
        << " jobs\n";
}

}  // namespace

Command makeValidateCommand(CLI::App& app) {
    auto o = std::make_shared<ValidateOptions>();
    Command c;
    c.app = app.add_subcommand(
        "validate",
        "Replay a Rumen job history: per job the simulated against the traced completion time "
        "(submit -> finish) and the error, and the makespans");
    addValidateOptions(*c.app, *o);
    c.run = [o](std::ostream& out, std::ostream& err) { runValidate(*o, out, err); };
    return c;
}

}  // namespace mr::cli
