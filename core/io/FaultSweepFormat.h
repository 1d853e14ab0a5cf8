// FaultSweepFormat — a fault sweep's result (experiments/FaultSweep) as JSON, CSV or a table:
// what `mrsim sweep-faults` prints and what the explorer exports; and its points as JSON lines
// (io/SweepParts): the definition for the header, each point's line, and back. A point without
// runs (a partial result) is null in JSON, empty in CSV and "-" in the table.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "experiments/FaultSweep.h"

namespace mr {

// {"workload", "axis", "values", "runs", "seed", "algorithms", "scenario", "cancelled",
//  "points": [{"probability", "algorithm", "runs", "makespan_mean", "makespan_p95",
//  "makespan_max", "failed_jobs_mean", "failed_attempts_mean"}]}
nlohmann::ordered_json faultSweepJson(const FaultSweepResult& result);
// probability,algorithm,runs,makespan_mean,makespan_p95,makespan_max,failed_jobs_mean,
// failed_attempts_mean; one row per point.
std::string faultSweepCsv(const FaultSweepResult& result);
std::string faultSweepText(const FaultSweepResult& result);

// What the parts' header holds: the options' result-shaping fields, the workload's name and a
// hash of its contents (jobs and cluster; the base scenario is a field of its own).
nlohmann::ordered_json faultSweepDefinitionJson(const FaultSweepOptions& options,
                                                const Workload& workload);
// The options and the workload's name back from a definition; throws InputError naming `where`.
FaultSweepOptions faultSweepFromDefinition(const nlohmann::json& definition,
                                           const std::string& where, std::string* workload);

// A point's arguments (run, probability, algorithm, seed) and, with a value, its results
// ("makespan", "failed_jobs", "failed_attempts", "speculative_attempts").
nlohmann::ordered_json faultPointFields(const FaultSweepOptions& options, std::size_t index,
                                        const FaultPointValue* value);
// Reads a point line back; throws InputError naming `where` when it does not fit the point.
FaultPointValue faultPointFromLine(const FaultSweepOptions& options, std::size_t index,
                                   const nlohmann::json& line, const std::string& where);

}  // namespace mr
