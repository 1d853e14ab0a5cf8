// SweepShards — what the sweep commands (sweep, sweep-load, sweep-faults, cost-sweep) share on the
// command line
//: --shard I/N, --list-points, --resume PART, -o FILE and --force, the JSON-lines run
// of a shard's points, the cap on one machine's work, and the summaries that both a command and
// `mrsim merge` print (so that a merged sweep prints exactly the unsharded output).
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cost/CostSweeps.h"
#include "experiments/FaultSweep.h"
#include "experiments/LoadSweep.h"
#include "experiments/Sweep.h"
#include "experiments/SweepPoints.h"
#include "io/SweepParts.h"

namespace mr::cli {

enum class OutputFormat { Text, Json, Csv };

// --json / --csv (excluding each other) on `command`.
struct FormatFlags {
    bool json = false;
    bool csv = false;
    void addTo(CLI::App& command);
    OutputFormat format() const;
};

struct ShardOptions {
    std::string shard;  // "I/N"
    bool listPoints = false;
    std::string resume;             // PART
    std::vector<std::string> done;  // --done PART...: read only, their points are skipped too
    std::string output;             // -o FILE
    bool force = false;
    bool exitWithParent = false;  // --exit-with-parent (with --shard): end when the parent ends

    void addTo(CLI::App& command);
    // Any of --shard, --list-points, --resume, -o: the run writes (or lists) JSON lines.
    bool pointsMode() const;
};

// The program and version written into every part's header (part of the fingerprint).
std::string sweepProgram();

// One sweep as the sharded run sees it.
struct PointsJob {
    SweepHeader header;
    // A point's arguments (its --list-points line).
    std::function<nlohmann::ordered_json(std::size_t index)> arguments;
    // Throws InputError (checkWorkCap) when computing `indices` is over one machine's cap.
    std::function<void(const std::vector<std::size_t>& indices, bool force)> checkWork;
    // Computes the points `indices` (ascending); emit(index, fields) as each finishes, from any
    // thread: fields = the point's arguments and results.
    using Emit = std::function<void(std::size_t index, const nlohmann::ordered_json& fields)>;
    std::function<void(const std::vector<std::size_t>& indices, const Emit& emit)> run;
};

// Runs (or lists) the points of the shard not already in --resume's part (or in a --done part),
// writing JSON lines to -o FILE, to the resumed part (appended) or to `out`; one line on `err`
// says what was done.
void runPointsJob(const ShardOptions& options, const PointsJob& job, std::ostream& out,
                  std::ostream& err);

// What each sweep prints: the same function for the command and for `mrsim merge`.
std::string sweepOutput(const SweepResult& result, OutputFormat format);
std::string loadSweepOutput(const LoadSweepResult& result, OutputFormat format);
std::string faultSweepOutput(const FaultSweepResult& result, OutputFormat format);
std::string epochSweepOutput(const cost::CostModel& model,
                             const std::vector<cost::EpochPoint>& points, OutputFormat format);
std::string clusterSizeOutput(const cost::ClusterSizeOptions& options,
                              const std::vector<cost::ClusterSizePoint>& points,
                              OutputFormat format);

// The caps of one machine's work without --force (docs/sweeps-on-a-cluster.md).
inline constexpr double kMaxSimulatedTasks = 2e10;  // sweep, sweep-load, sweep-faults: tasks
inline constexpr double kMaxLpCells = 2e8;          // cost-sweep: Σ jobs × machines of the LPs

}  // namespace mr::cli
