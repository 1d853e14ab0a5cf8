// mrsim import rumen|swim TRACE -o WORKLOAD [options] — real traces as workloads.
//   rumen: a Hadoop Rumen job trace (core/io/RumenImport.h); the cluster comes from the trace
//          unless --nodes / --map-slots-per-node / --reduce-slots-per-node say otherwise.
//   swim:  a SWIM workload (core/io/SwimImport.h); bytes become tasks by a documented model whose
//          every parameter is an option; streamed to the file, one job in memory at a time.
#include <memory>
#include <optional>
#include <ostream>

#include "cli/Command.h"
#include "io/RumenImport.h"
#include "io/SwimImport.h"
#include "io/WorkloadJson.h"
#include "model/Numbers.h"

namespace mr::cli {

namespace {

constexpr std::size_t kNotesShown = 20;

// CLI11's PositiveNumber and NonNegativeNumber refuse -1 with their range, the largest double
// written out in 309 digits: these say it in words, under the same names in --help.
CLI::Validator signCheck(bool zeroAllowed) {
    return CLI::Validator(
        [zeroAllowed](std::string& text) -> std::string {
            const std::optional<double> value = parseDouble(text);
            if (value && (*value > 0.0 || (zeroAllowed && *value == 0.0))) {
                return {};
            }
            return std::string(zeroAllowed ? "must be a number >= 0"
                                           : "must be a positive number") +
                   " (got '" + text + "')";
        },
        zeroAllowed ? "NONNEGATIVE" : "POSITIVE");
}
CLI::Validator positiveNumber() {
    return signCheck(false);
}
CLI::Validator nonNegativeNumber() {
    return signCheck(true);
}

CLI::Option* addCount(CLI::App& app, const std::string& name, int& value, long long max,
                      const std::string& help) {
    return app.add_option(name, value, help)->check(CLI::Range(1, static_cast<int>(max)));
}

struct ImportOptions {
    std::string rumenTrace, rumenOutput;
    int nodes = 0, mapSlots = 0, reduceSlots = 0;
    bool noOverheads = false;
    CLI::Option* nodesOption = nullptr;
    CLI::Option* mapSlotsOption = nullptr;
    CLI::Option* reduceSlotsOption = nullptr;

    std::string swimTrace, swimOutput;
    SwimImportOptions swim;
};

CLI::App* addRumen(CLI::App& import, ImportOptions& o) {
    CLI::App* rumen = import.add_subcommand(
        "rumen",
        "Hadoop Rumen job trace (concatenated JSON jobs): per-task durations of the successful "
        "attempts, arrivals from submitTime, ARIA profiles");
    rumen->add_option("trace", o.rumenTrace, "Rumen trace (JSON)")->required();
    rumen->add_option("-o,--output", o.rumenOutput, "Output workload file")->required();
    o.nodesOption = addCount(*rumen, "--nodes", o.nodes, kMaxNodes,
                             "Cluster nodes (default: the trace's hosts)");
    o.mapSlotsOption =
        addCount(*rumen, "--map-slots-per-node", o.mapSlots, kMaxSlotsPerNode,
                 "Map slots per node (default: most map attempts that ran at once on one host)");
    o.reduceSlotsOption = addCount(
        *rumen, "--reduce-slots-per-node", o.reduceSlots, kMaxSlotsPerNode,
        "Reduce slots per node (default: most reduce attempts at once on one host, at least 1)");
    rumen->add_flag("--no-overheads", o.noOverheads,
                    "Leave out the overheads model (AM start and slots, commit, assignment gap, "
                    "slow-start) and the traced ends: the tasks alone");
    return rumen;
}

void addSwim(CLI::App& import, ImportOptions& o) {
    const SwimModel defaults;
    CLI::App* swim = import.add_subcommand(
        "swim",
        "SWIM workload (TSV: id, submit s, gap s, input, shuffle, output bytes); tasks from a "
        "byte model");
    swim->add_option("trace", o.swimTrace, "SWIM trace (TSV)")->required();
    swim->add_option("-o,--output", o.swimOutput, "Output workload file")->required();
    swim->add_option("--block-size", o.swim.model.blockSize,
                     "Bytes per map task: maps = ceil(input / this) (default " +
                         std::to_string(defaults.blockSize) + ")")
        ->check(positiveNumber());
    swim->add_option("--map-mb-per-s", o.swim.model.mapMBPerS,
                     "Map task throughput, MB (10^6 B) per second (default 5)")
        ->check(positiveNumber());
    swim->add_option("--reduce-mb-per-s", o.swim.model.reduceMBPerS,
                     "Reduce task throughput on shuffle + output bytes, MB/s (default 5)")
        ->check(positiveNumber());
    swim->add_option("--bytes-per-reducer", o.swim.model.bytesPerReducer,
                     "Shuffle bytes per reduce task: reduces = ceil(shuffle / this) (default " +
                         std::to_string(defaults.bytesPerReducer) + ")")
        ->check(positiveNumber());
    swim->add_option("--task-overhead", o.swim.model.taskOverhead,
                     "Seconds added to every task (default 0)")
        ->check(nonNegativeNumber());
    swim->add_option("--jobs", o.swim.maxJobs, "Import only the first N rows (default: all)")
        ->check(positiveNumber());
    swim->add_option("--repeat-days", o.swim.repeatDays,
                     "The trace as N consecutive days: each job again with its arrival k x 86400 "
                     "s later and \"-day<k+1>\" after its name, k = 1..N-1; at most " +
                         std::to_string(kMaxRepeatDays) + " (default 1)")
        ->check(positiveNumber());  // at most kMaxRepeatDays: checked by the import
    swim->add_option("--nodes", o.swim.cluster.nodes, "Cluster nodes (default 64)")
        ->check(CLI::Range(1, static_cast<int>(kMaxNodes)));
    swim->add_option("--map-slots-per-node", o.swim.cluster.mapSlotsPerNode,
                     "Map slots per node (default 4)")
        ->check(CLI::Range(1, static_cast<int>(kMaxSlotsPerNode)));
    swim->add_option("--reduce-slots-per-node", o.swim.cluster.reduceSlotsPerNode,
                     "Reduce slots per node (default 4)")
        ->check(CLI::Range(1, static_cast<int>(kMaxSlotsPerNode)));
}

void runRumenImport(const ImportOptions& o, std::ostream& out, std::ostream& err) {
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
    const Workload w = importRumen(o.rumenTrace, options, &report);
    saveWorkload(w, o.rumenOutput);
    for (std::size_t i = 0; i < report.notes.size() && i < kNotesShown; ++i) {
        err << "mrsim: note: " << report.notes[i] << "\n";
    }
    if (report.notes.size() > kNotesShown) {
        err << "mrsim: note: ... and " << report.notes.size() - kNotesShown << " more notes\n";
    }
    out << "wrote " << o.rumenOutput << ": " << report.summary() << "; cluster " << w.cluster.nodes
        << " nodes x (" << w.cluster.mapSlotsPerNode << " map + " << w.cluster.reduceSlotsPerNode
        << " reduce) slots\n";
    if (report.overheadsEstimated) {
        out << report.overheadsSummary() << "\n";
    }
}

void runSwimImport(const ImportOptions& o, std::ostream& out) {
    SwimImportReport report;
    importSwimToFile(o.swimTrace, o.swim, o.swimOutput, &report);
    out << "wrote " << o.swimOutput << ": " << report.summary() << "; cluster "
        << o.swim.cluster.nodes << " nodes x (" << o.swim.cluster.mapSlotsPerNode << " map + "
        << o.swim.cluster.reduceSlotsPerNode << " reduce) slots\n";
}

}  // namespace

Command makeImportCommand(CLI::App& app) {
    auto o = std::make_shared<ImportOptions>();
    Command c;
    c.app = app.add_subcommand("import", "Turn a real job trace (Rumen, SWIM) into a workload");
    c.app->require_subcommand(1);
    CLI::App* rumen = addRumen(*c.app, *o);
    addSwim(*c.app, *o);
    c.run = [o, rumen](std::ostream& out, std::ostream& err) {
        if (rumen->parsed()) {
            runRumenImport(*o, out, err);
        } else {
            runSwimImport(*o, out);
        }
    };
    return c;
}

}  // namespace mr::cli
