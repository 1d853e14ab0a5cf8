// mrsim validate TRACE [--algorithm ID] [--json] [--no-overheads] [cluster options] — replay a
// Rumen job history: import it with its overheads (core/io/RumenImport.h), simulate it and print
// per job the simulated against the traced completion time (submit -> finish), the error, and the
// makespans (core/experiments/TraceValidation.h). The goal: every job and the makespan
// within 5 %; a job beyond it is listed with what the trace shows that a replay cannot reproduce.
#include <cmath>
#include <memory>
#include <ostream>
#include <vector>

#include "cli/Command.h"
#include "cli/NumberOptions.h"
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
    app.add_option("trace", o.trace, "Rumen trace (JSON)")->required()->type_name("TRACE");
    app.add_option("-a,--algorithm", o.algorithm,
                   "Algorithm id (default fifo: Hadoop's default scheduler)")
        ->type_name("ID");
    app.add_flag("--json", o.json, "Print one JSON object");
    app.add_flag("--no-overheads", o.noOverheads,
                 "Simulate the tasks alone, without the estimated overheads");
    o.nodesOption = addNumberOption(app, "--nodes", o.nodes, {1, kMaxNodes},
                                    "Cluster nodes (default: the trace's)", "N");
    o.mapSlotsOption =
        addNumberOption(app, "--map-slots-per-node", o.mapSlots, {1, kMaxSlotsPerNode},
                        "Map slots per node (default: from the trace)", "N");
    o.reduceSlotsOption =
        addNumberOption(app, "--reduce-slots-per-node", o.reduceSlots, {1, kMaxSlotsPerNode},
                        "Reduce slots per node (default: from the trace)", "N");
}

// What the replay of a job cannot reproduce, measured in the trace (empty: nothing found).
std::vector<std::string> limitsOf(const RumenImportReport& report, const TracedJob& t) {
    const auto j = static_cast<std::size_t>(t.job);
    return j < report.replayLimits.size() ? report.replayLimits[j] : std::vector<std::string>{};
}

std::vector<TracedJob> beyondGoal(const TraceComparison& comparison) {
    std::vector<TracedJob> beyond;
    for (const TracedJob& t : comparison.jobs) {
        if (!t.withinGoal()) {
            beyond.push_back(t);
        }
    }
    return beyond;
}

nlohmann::ordered_json validationJson(const ValidateOptions& o, const Workload& w,
                                      const TraceComparison& comparison,
                                      const RumenImportReport& report) {
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
                        {"error", t.error()},
                        {"within_goal", t.withinGoal()},
                        {"replay_limits", limitsOf(report, t)}});
    }
    j["jobs"] = jobs;
    j["summary"] = traceComparisonJson(comparison);
    j["summary"]["goal"] = kTraceGoal;
    j["summary"]["jobs_beyond_goal"] = beyondGoal(comparison).size();
    return j;
}

// The goal line, and for each job beyond it what the trace shows that a replay cannot do.
void printGoal(const ValidateOptions& o, const Workload& w, const TraceComparison& comparison,
               const RumenImportReport& report, std::ostream& out) {
    const std::vector<TracedJob> beyond = beyondGoal(comparison);
    const bool makespanBeyond =
        comparison.makespanError && std::fabs(*comparison.makespanError) > kTraceGoal;
    out << "goal       every job and the makespan within " << errorPercent(kTraceGoal, false)
        << ": ";
    if (beyond.empty() && !makespanBeyond) {
        out << "met\n";
        return;
    }
    out << "not met (" << beyond.size() << " of " << comparison.jobs.size() << " jobs"
        << (makespanBeyond ? " and the makespan" : "") << " beyond it)\n";
    if (beyond.empty()) {
        return;
    }
    if (o.noOverheads) {
        out << "(--no-overheads: the replay leaves out what the trace shows around the tasks: "
               "the ApplicationMaster's start and slots, the commit, the assignment gaps and "
               "slow-start; without the option they are modelled)\n";
        return;
    }
    out << "\nWhat the replay cannot reproduce, measured in the trace:\n";
    for (const TracedJob& t : beyond) {
        out << "  " << w.jobs[static_cast<std::size_t>(t.job)].name << " ("
            << errorPercent(t.error()) << "):\n";
        const std::vector<std::string> limits = limitsOf(report, t);
        if (limits.empty()) {
            out << "    - nothing found: no failed or killed attempt the replay leaves out and "
                   "no wait beside a free slot longer than the assignment gap\n";
        }
        for (const std::string& limit : limits) {
            out << "    - " << limit << "\n";
        }
    }
}

void runValidate(const ValidateOptions& o, std::ostream& out, std::ostream& err) {
    RumenImportOptions options;
    options.overheads = !o.noOverheads;
    options.traceEnds = true;  // --no-overheads compares the tasks alone with the trace
    options.replayLimits = true;
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
    if (comparison.empty()) {
        // Nothing to compare with is not a pass (the notes above say why for each job).
        throw InputError(o.trace, "", "finishTime",
                         "no job has a usable traced finish, so there is nothing to compare the "
                         "replay with");
    }
    if (o.json) {
        out << validationJson(o, w, comparison, report).dump(2) << "\n";
        return;
    }
    out << "trace      " << o.trace << ": " << describeWorkload(w) << "\n";
    out << "algorithm  " << o.algorithm << "\n";
    out << (o.noOverheads ? std::string("overheads: none (--no-overheads: the tasks alone)")
                          : report.overheadsSummary())
        << "\n";
    out << "\n" << traceTableText(w, comparison) << "\n";
    out << "mean |error| " << errorPercent(comparison.meanAbsError, false) << ", max |error| "
        << errorPercent(comparison.maxAbsError, false) << " over " << comparison.jobs.size()
        << " jobs\n";
    printGoal(o, w, comparison, report, out);
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
