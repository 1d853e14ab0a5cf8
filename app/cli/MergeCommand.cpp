// mrsim merge PARTS... [-o OUT] [--json|--csv|--lines] — the JSON-lines parts of a sharded sweep
// (sweep, sweep-load, sweep-faults or cost-sweep with --shard/-o) put back together: checks that
// every part comes from the same sweep (the fingerprint), that no point is missing or given twice
// with different results (exit 2 naming their indices; a point repeated with the same results is
// kept once and counted on stderr), and prints exactly what the unsharded sweep prints; with
// --lines, the sweep's points as one JSON-lines file instead (what File > Open sweep results…
// in the explorer reads).
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "cli/SweepShards.h"
#include "io/AtomicFile.h"
#include "merge/SweepResults.h"

namespace mr::cli {

namespace {

std::string summary(const SweepResults& results, OutputFormat format) {
    if (results.command() == "sweep") {
        return sweepOutput(results.sweep(), format);
    }
    if (results.command() == "sweep-load") {
        return loadSweepOutput(results.loadSweep(), format);
    }
    if (results.command() == "sweep-faults") {
        return faultSweepOutput(results.faultSweep(), format);
    }
    if (results.isEpochSweep()) {
        return epochSweepOutput(results.epochModel(), results.epochSweep(), format);
    }
    return clusterSizeOutput(results.clusterSizeOptions(), results.clusterSizeSweep(), format);
}

}  // namespace

Command makeMergeCommand(CLI::App& app) {
    struct Options {
        std::vector<std::string> parts;
        std::string output;
        FormatFlags format;
        bool lines = false;
    };
    auto o = std::make_shared<Options>();
    Command c;
    c.app = app.add_subcommand(
        "merge",
        "Merge the JSON-lines parts of a sharded sweep (sweep, sweep-load, sweep-faults, "
        "cost-sweep with "
        "--shard or -o) and print exactly what the unsharded sweep prints. Exit 2 when the parts "
        "come from different sweeps or points are missing or given twice with different results "
        "(their "
        "indices named); a point repeated with the same results is kept once.");
    c.app->add_option("parts", o->parts, "Part files (JSON lines), in any order")
        ->required()
        ->type_name("PART");
    c.app->add_option("-o,--output", o->output, "Write the result to OUT instead of stdout")
        ->type_name("FILE");
    o->format.addTo(*c.app);
    c.app->add_flag("--lines", o->lines,
                    "Write the merged points as one JSON-lines file (header, points in index "
                    "order) instead of the summary");
    c.run = [o](std::ostream& out, std::ostream& err) {
        if (o->lines && (o->format.json || o->format.csv)) {
            throw InputError("", "", "lines", "--lines is a format of its own: no --json or --csv");
        }
        const SweepResults results = SweepResults::read(o->parts);
        const PartsReport& report = results.report();
        const std::vector<std::size_t> missing = report.missing();
        if (!missing.empty() || !report.duplicates.empty()) {
            std::string text;
            if (!missing.empty()) {
                text += std::to_string(missing.size()) + " of " +
                        std::to_string(report.header->points) +
                        " points missing: " + indexRanges(missing);
            }
            if (!report.duplicates.empty()) {
                text += std::string(text.empty() ? "" : "; ") +
                        std::to_string(report.duplicates.size()) +
                        " points given more than once with different results: " +
                        indexRanges(report.duplicates) +
                        " (parts of two different computations: keep one of them)";
            }
            if (!report.tornFiles.empty()) {
                text += " (" + report.tornFiles.front() +
                        " ends with a cut line: its writer was killed; resume it with --resume)";
            }
            throw InputError("", "", "parts", text);
        }
        if (!report.repeated.empty()) {
            // Two writers of the same points (or a rerun with another shard layout): the lines
            // agree, one of each is kept; said on stderr so that stdout stays the sweep's output.
            err << "mrsim: merge: " << report.repeated.size()
                << " points were given more than once with the same results (one kept): "
                << indexRanges(report.repeated) << "\n";
        }
        const std::string text =
            o->lines ? results.pointLines() : summary(results, o->format.format());
        if (o->output.empty()) {
            out << text;
        } else {
            writeFileAtomically(o->output, text);
        }
    };
    return c;
}

}  // namespace mr::cli
