// SweepFormat — a SweepResult as JSON (for scripts and charts), CSV (one row per size and
// series) or a readable table (one row per size, one column per series); and the sweep's points
// as JSON lines (io/SweepParts): its definition for the header, each point's line, and back.
// A gap (a size with no run in a partial result) is null in JSON, empty in CSV, "-" in the table.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "experiments/Sweep.h"
#include "io/FieldReader.h"
#include "workloads/Generators.h"

namespace mr {

// {"workload", "runs", "nodes": [...], "series": [{"name", "kind": "simulated"|"formula"|"bound",
//   "mean": [...], "min": [...], "max": [...], "stddev": [...]}]} — arrays aligned with "nodes".
nlohmann::ordered_json sweepJson(const SweepResult& result);
// nodes,series,kind,runs,mean,min,max,stddev
std::string sweepCsv(const SweepResult& result);
// Means; with several runs "mean ±stddev".
std::string sweepText(const SweepResult& result);

// RunOptions' result-shaping fields (seed, estimator, manual order, pools, locality), and back
// (throws InputError naming `where`).
nlohmann::ordered_json runOptionsJson(const RunOptions& options);
RunOptions runOptionsFromJson(const nlohmann::json& json, const std::string& where);

// What a sweep's parts' header holds: the spec's result-shaping fields, the first run's workload
// name (what the summary prints) and where the workloads come from: {"file": name, "contents":
// hash} or {"generate": kind, "jobs", "slots_per_node", "seed"} (run r: seed + r).
struct SweepDefinition {
    SweepSpec spec;
    std::string workload;
    nlohmann::ordered_json source;
    std::optional<std::uint64_t> firstSeed() const;  // generated workloads only
};
nlohmann::ordered_json sweepDefinitionJson(const SweepDefinition& sweep);

// Where the runs' workloads come from, as `mrsim sweep` and the Python module's sweep read them:
// `file` at every run, or generated workloads of `kind` (run r: seed + r). Each sets the
// definition's workload (the first run's name) and source, and `firstTasks` (when given) to the
// first run's task count.
WorkloadSource fileSweepSource(std::shared_ptr<const Workload> file, SweepDefinition& sweep,
                               long long* firstTasks = nullptr);
WorkloadSource generatedSweepSource(const std::string& kind, const GenerateOptions& options,
                                    std::uint64_t seed, SweepDefinition& sweep,
                                    long long* firstTasks = nullptr);
SweepDefinition sweepFromDefinition(const nlohmann::json& definition, const std::string& where);

// A point's arguments (run, nodes, algorithm, the workload's seed when generated) and, with a
// value, its result ("makespan", or "formula_min", "formula_max" and "lower_bound").
nlohmann::ordered_json sweepPointFields(const SweepDefinition& sweep, std::size_t index,
                                        const SweepPointValue* value);
// Reads a point line back; throws InputError naming `where` when it does not fit the point.
SweepPointValue sweepPointFromLine(const SweepDefinition& sweep, std::size_t index,
                                   const nlohmann::json& line, const std::string& where);

}  // namespace mr
