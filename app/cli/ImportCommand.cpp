// mrsim import rumen|swim TRACE -o WORKLOAD [options] — real traces as workloads.
//   rumen: a Hadoop Rumen job trace (core/io/RumenImport.h); the cluster comes from the trace
//          unless --nodes / --map-slots-per-node / --reduce-slots-per-node say otherwise.
//   swim:  a SWIM workload (core/io/SwimImport.h); bytes become tasks by a documented model whose
//          every parameter is an option; streamed to the file, one job in memory at a time —
//          unless --deadline-factor asks for deadlines, which need every job's T_J (the batch
//          in memory, as `mrsim generate` has it).
#include <memory>
#include <optional>
#include <ostream>

#include "cli/Command.h"
#include "cli/NumberOptions.h"
#include "io/RumenImport.h"
#include "io/SwimImport.h"
#include "io/WorkloadJson.h"
#include "model/Numbers.h"
#include "workloads/Arrivals.h"

namespace mr::cli {

namespace {

constexpr std::size_t kNotesShown = 20;

// The largest byte count an option takes: 2^53, where doubles still count every byte.
constexpr double kMaxBytes = 9007199254740992.0;
// Throughputs in MB/s: a petabyte per second is past any disk or network.
constexpr double kMaxMBPerS = 1e9;

CLI::Option* addCount(CLI::App& app, const std::string& name, int& value, long long max,
                      const std::string& help) {
    return addNumberOption(app, name, value, {1, static_cast<double>(max)}, help, "N");
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
    std::optional<std::string> deadlineFactor;
    std::uint64_t seed = 1;
};

CLI::App* addRumen(CLI::App& import, ImportOptions& o) {
    CLI::App* rumen = import.add_subcommand(
        "rumen",
        "Hadoop Rumen job trace (concatenated JSON jobs): per-task durations of the successful "
        "attempts, arrivals from submitTime, ARIA profiles");
    rumen->add_option("trace", o.rumenTrace, "Rumen trace (JSON)")->required()->type_name("TRACE");
    rumen->add_option("-o,--output", o.rumenOutput, "Output workload file")
        ->required()
        ->type_name("FILE");
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
    swim->add_option("trace", o.swimTrace, "SWIM trace (TSV)")->required()->type_name("TRACE");
    swim->add_option("-o,--output", o.swimOutput, "Output workload file")
        ->required()
        ->type_name("FILE");
    addNumberOption(*swim, "--block-size", o.swim.model.blockSize, {1, kMaxBytes},
                    "Bytes per map task: maps = ceil(input / this) (default " +
                        std::to_string(defaults.blockSize) + ")",
                    "BYTES");
    addNumberOption(*swim, "--map-mb-per-s", o.swim.model.mapMBPerS, {0, kMaxMBPerS, true},
                    "Map task throughput, MB (10^6 B) per second (default 5)", "MB/S");
    addNumberOption(*swim, "--reduce-mb-per-s", o.swim.model.reduceMBPerS, {0, kMaxMBPerS, true},
                    "Reduce task throughput on shuffle + output bytes, MB/s (default 5)", "MB/S");
    addNumberOption(*swim, "--bytes-per-reducer", o.swim.model.bytesPerReducer, {1, kMaxBytes},
                    "Shuffle bytes per reduce task: reduces = ceil(shuffle / this) (default " +
                        std::to_string(defaults.bytesPerReducer) + ")",
                    "BYTES");
    addNumberOption(*swim, "--task-overhead", o.swim.model.taskOverhead, {0, kMaxTime},
                    "Seconds added to every task (default 0)", "SECONDS");
    addNumberOption(*swim, "--jobs", o.swim.maxJobs, {1, kMaxBytes},
                    "Import only the first N rows (default: all)", "N");
    addNumberOption(*swim, "--repeat-days", o.swim.repeatDays, {1, kMaxRepeatDays},
                    "The trace as N consecutive days: each job again with its arrival k x 86400 "
                    "s later and \"-day<k+1>\" after its name, k = 1..N-1; at most " +
                        std::to_string(kMaxRepeatDays) + " (default 1)",
                    "N");
    addCount(*swim, "--nodes", o.swim.cluster.nodes, kMaxNodes, "Cluster nodes (default 64)");
    addCount(*swim, "--map-slots-per-node", o.swim.cluster.mapSlotsPerNode, kMaxSlotsPerNode,
             "Map slots per node (default 4)");
    addCount(*swim, "--reduce-slots-per-node", o.swim.cluster.reduceSlotsPerNode, kMaxSlotsPerNode,
             "Reduce slots per node (default 4)");
    CLI::Option* factor =
        swim->add_option("--deadline-factor", o.deadlineFactor,
                         "Give every job a deadline uniform in [A·T_J, B·T_J] after its arrival, "
                         "T_J = the job alone on the cluster (A:B; what the deadline schedulers "
                         "read; default: no deadlines)")
            ->type_name("A:B");
    addSeedOption(*swim, o.seed, "Seed of the deadlines' draws (default 1)")->needs(factor);
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
    if (o.deadlineFactor) {
        const ArrivalOptions deadlines{std::nullopt, parseDeadlineFactor(*o.deadlineFactor)};
        validateArrivals(deadlines);
        Workload w = importSwim(o.swimTrace, o.swim, &report);
        addArrivalsAndDeadlines(w, deadlines, o.seed);
        saveWorkload(w, o.swimOutput);
    } else {
        importSwimToFile(o.swimTrace, o.swim, o.swimOutput, &report);
    }
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
