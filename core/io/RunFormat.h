// RunFormat — one algorithm's run (a RunResult) as JSON (the `mrsim run --json` contract of
// docs/cli.md) and as text for people (`mrsim run`).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "model/Workload.h"
#include "schedulers/Algorithm.h"

namespace mr {

// {"algorithm", "workload", "order", "makespan", "model_makespan", ["pools"], "jobs",
// "utilization", ...}; "deadline_metrics" when a job has a deadline or the run has quotas or
// locality (then each job also has "deadline" (absolute) and "late"); "trace"
// (traceComparisonJson) when jobs carry a traced end (then each job also has "trace_end" and
// "trace_error", null for a job without one).
nlohmann::ordered_json runResultJson(const Workload& workload, const RunResult& result);
std::string runResultText(const Workload& workload, const RunResult& result);

// The names of `jobs` (indices into workload.jobs).
std::vector<std::string> jobNames(const Workload& workload, const std::vector<int>& jobs);

}  // namespace mr
