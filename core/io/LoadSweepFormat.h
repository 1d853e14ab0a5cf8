// LoadSweepFormat — a load sweep's result (seed 004 Figs. 1–4) as JSON, CSV or a table: what
// `mrsim sweep-load` prints and what the UI exports.
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

}  // namespace mr
