// mrsim merge PARTS... [-o OUT] [--json|--csv] — the JSON-lines parts of a sharded sweep
// (sweep, sweep-load or cost-sweep with --shard/-o) put back together: checks that every part
// comes from the same sweep (the fingerprint), that no point is missing or given twice (exit 2
// naming their indices), and prints exactly what the unsharded sweep prints (issue 16).
#include <memory>
#include <optional>
#include <ostream>

#include "cli/Command.h"
#include "cli/SweepShards.h"
#include "cost/CostSweepsFormat.h"
#include "io/AtomicFile.h"
#include "io/LoadSweepFormat.h"
#include "io/SweepFormat.h"

namespace mr::cli {

namespace {

// Reads the parts of one sweep into per-point values, whatever the command.
struct MergedSweep {
    std::string command;
    std::string kind;  // cost-sweep: "epochs" or "machines"
    SweepDefinition sweep;
    SweepValues sweepValues;
    LoadSweepOptions load;
    LoadSweepValues loadValues;
    cost::EpochSweepDefinition epochs;
    std::vector<std::optional<cost::CostResult>> epochValues;
    cost::ClusterSizeOptions cluster;
    cost::CostOptions clusterOptions;
    std::vector<std::optional<cost::ClusterPointValue>> clusterValues;

    void define(const SweepHeader& h, const std::string& where) {
        command = h.command;
        const nlohmann::json definition = nlohmann::json::parse(h.definition.dump());
        if (command == "sweep") {
            sweep = sweepFromDefinition(definition, where);
            sweepValues.resize(h.points);
        } else if (command == "sweep-load") {
            load = loadSweepFromDefinition(definition, where);
            loadValues.resize(h.points);
        } else if (command == "cost-sweep") {
            kind = cost::costSweepKind(definition, where);
            if (kind == "epochs") {
                epochs = cost::epochSweepFromDefinition(definition, where);
                epochValues.resize(h.points);
            } else {
                cluster = cost::clusterSizeFromDefinition(definition, where, &clusterOptions);
                clusterValues.resize(h.points);
            }
        } else {
            throw InputError(where, "", "command",
                             "unknown sweep command '" + command +
                                 "' (expected sweep, sweep-load or cost-sweep)");
        }
        if (h.points != pointCount()) {
            throw InputError(where, "", "points",
                             "the header says " + std::to_string(h.points) +
                                 " points, its definition has " + std::to_string(pointCount()));
        }
    }

    std::size_t pointCount() const {
        if (command == "sweep") {
            return sweepPointCount(sweep.spec);
        }
        if (command == "sweep-load") {
            return loadSweepPointCount(load);
        }
        return kind == "epochs" ? epochs.epochs.size() : cost::clusterSizePointCount(cluster);
    }

    void add(std::size_t i, const nlohmann::json& line, const std::string& where) {
        if (command == "sweep") {
            sweepValues[i] = sweepPointFromLine(sweep, i, line, where);
        } else if (command == "sweep-load") {
            loadValues[i] = loadPointFromLine(load, i, line, where);
        } else if (kind == "epochs") {
            epochValues[i] = cost::epochPointFromLine(epochs, i, line, where);
        } else {
            clusterValues[i] = cost::clusterPointFromLine(cluster, i, line, where);
        }
    }

    std::string print(OutputFormat format) const {
        if (command == "sweep") {
            return sweepOutput(summariseSweep(sweep.spec, sweep.workload, sweepValues), format);
        }
        if (command == "sweep-load") {
            return loadSweepOutput(summariseLoadSweep(load, loadValues), format);
        }
        if (kind == "epochs") {
            return epochSweepOutput(epochs.model, cost::epochPointsOf(epochs.epochs, epochValues),
                                    format);
        }
        return clusterSizeOutput(cluster, cost::summariseClusterSize(cluster, clusterValues),
                                 format);
    }
};

}  // namespace

Command makeMergeCommand(CLI::App& app) {
    struct Options {
        std::vector<std::string> parts;
        std::string output;
        FormatFlags format;
    };
    auto o = std::make_shared<Options>();
    Command c;
    c.app = app.add_subcommand(
        "merge",
        "Merge the JSON-lines parts of a sharded sweep (sweep, sweep-load, cost-sweep with "
        "--shard or -o) and print exactly what the unsharded sweep prints. Exit 2 when the parts "
        "come from different sweeps or points are missing or duplicated (their indices named).");
    c.app->add_option("parts", o->parts, "Part files (JSON lines), in any order")->required();
    c.app->add_option("-o,--output", o->output, "Write the result to OUT instead of stdout");
    o->format.addTo(*c.app);
    c.run = [o](std::ostream& out, std::ostream&) {
        MergedSweep merged;
        PartsCallbacks callbacks;
        callbacks.header = [&](const SweepHeader& h) { merged.define(h, o->parts.front()); };
        callbacks.point = [&](std::size_t i, const nlohmann::json& line, const std::string& where) {
            merged.add(i, line, where);
        };
        const PartsReport report = readSweepParts(o->parts, callbacks);
        if (!report.header) {
            throw InputError(o->parts.front(), "", "",
                             "no sweep header line: not the output of a sharded sweep");
        }
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
                        " points given more than once: " + indexRanges(report.duplicates);
            }
            if (!report.tornFiles.empty()) {
                text += " (" + report.tornFiles.front() +
                        " ends with a cut line: its writer was killed; resume it with --resume)";
            }
            throw InputError("", "", "parts", text);
        }
        const std::string text = merged.print(o->format.format());
        if (o->output.empty()) {
            out << text;
        } else {
            writeFileAtomically(o->output, text);
        }
    };
    return c;
}

}  // namespace mr::cli
