// LoadSweepFormat — a load sweep's result ([Verma12b] Figs. 1–4) as JSON, CSV or a table: what
// `mrsim sweep-load` prints and what the UI exports; and its points as JSON lines
// (io/SweepParts): the definition for the header, each point's line, and back.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "experiments/LoadSweep.h"

namespace mr {

// {"kind", "jobs", "nodes", "seed", "runs", "deadline_factor": [A, B], "interarrivals",
//  "algorithms", "cancelled", "points": [{"interarrival", "algorithm", "runs", metrics...}]}
// with the metric names of run --json's deadline_metrics.
nlohmann::ordered_json loadSweepJson(const LoadSweepResult& result);
// interarrival,algorithm,runs,<kDeadlineCsvColumns>; one row per point.
std::string loadSweepCsv(const LoadSweepResult& result);
std::string loadSweepText(const LoadSweepResult& result);

// The options that shape the results: kind, jobs, nodes, seed, runs, deadline_factor,
// interarrivals, algorithms, run_options (estimator, locality). And back (throws InputError).
nlohmann::ordered_json loadSweepDefinitionJson(const LoadSweepOptions& options);
LoadSweepOptions loadSweepFromDefinition(const nlohmann::json& definition,
                                         const std::string& where);

// A point's arguments (run, interarrival, algorithm, seed) and, with metrics, its deadline
// metrics under run --json's names plus "jobs" and "jobs_with_deadline", "missed_jobs".
nlohmann::ordered_json loadPointFields(const LoadSweepOptions& options, std::size_t index,
                                       const DeadlineMetrics* metrics);
DeadlineMetrics loadPointFromLine(const LoadSweepOptions& options, std::size_t index,
                                  const nlohmann::json& line, const std::string& where);

}  // namespace mr
