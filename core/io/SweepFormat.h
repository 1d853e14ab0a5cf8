// SweepFormat — a SweepResult as JSON (for scripts and charts), CSV (one row per size and
// series) or a readable table (one row per size, one column per series).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "experiments/Sweep.h"

namespace mr {

// {"workload", "runs", "nodes": [...], "series": [{"name", "kind": "simulated"|"formula",
//   "mean": [...], "min": [...], "max": [...], "stddev": [...]}]} — arrays aligned with "nodes".
nlohmann::ordered_json sweepJson(const SweepResult& result);
// nodes,series,kind,runs,mean,min,max,stddev
std::string sweepCsv(const SweepResult& result);
// Means; with several runs "mean ±stddev".
std::string sweepText(const SweepResult& result);

}  // namespace mr
