// ResultFormat — a RunResult (or several) as JSON (the `mrsim run --json` contract of DESIGN.md),
// as a human-readable table, or as CSV.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "experiments/DeadlineMetrics.h"
#include "model/Workload.h"
#include "schedulers/Algorithm.h"

namespace mr {

// {"algorithm", "order", "makespan", "model_makespan", ["pools"], "jobs", "utilization", ...};
// "deadline_metrics" when a job has a deadline or the run has quotas or locality (then each job
// also has "deadline" (absolute) and "late").
nlohmann::ordered_json runResultJson(const Workload& workload, const RunResult& result);
std::string runResultText(const Workload& workload, const RunResult& result);

// Comparison of several runs; the first result is the baseline of the "vs" column.
nlohmann::ordered_json comparisonJson(const Workload& workload,
                                      const std::vector<RunResult>& results);
std::string comparisonText(const Workload& workload, const std::vector<RunResult>& results);
std::string comparisonCsv(const Workload& workload, const std::vector<RunResult>& results);

// Whether a run's output carries deadline metrics (see runResultJson).
bool hasDeadlineMetrics(const Workload& workload, const RunResult& result);
// {"relative_deadline_exceeded", "missed_fraction", "avg_completion_time", "extra_map_tasks",
//  "extra_reduce_tasks", "killed_map_tasks", "killed_reduce_tasks", ["data_local_fraction"],
//  "jobs_with_deadline", "missed_jobs"}; metrics a run does not have are null.
nlohmann::ordered_json deadlineMetricsJson(const DeadlineMetrics& metrics);

// Improvement of `value` over `baseline` in percent ((baseline − value) / baseline · 100).
double improvementPercent(double baseline, double value);

// "47", "35.6667": six significant digits, no trailing zeros.
std::string formatTime(double seconds);
std::string describeWorkload(const Workload& workload);  // "30 nodes (30 map + 30 reduce ..."
std::string csvField(const std::string& text);           // quoted when needed (RFC 4180)

}  // namespace mr
