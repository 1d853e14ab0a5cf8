// ResultFormat — a RunResult (or several) as JSON (the `mrsim run --json` contract of DESIGN.md),
// as a human-readable table, or as CSV.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "experiments/DeadlineMetrics.h"
#include "experiments/TraceValidation.h"
#include "model/Workload.h"
#include "schedulers/Algorithm.h"

namespace mr {

// {"algorithm", "order", "makespan", "model_makespan", ["pools"], "jobs", "utilization", ...};
// "deadline_metrics" when a job has a deadline or the run has quotas or locality (then each job
// also has "deadline" (absolute) and "late"); "trace" (traceComparisonJson) when jobs carry a
// traced end (then each job also has "trace_end" and "trace_error", null for a job without one).
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

// The seed 004 metrics under their JSON names, of one run (DeadlineMetrics) or of a load
// sweep's means (LoadPoint): both have these members; a missing optional one is null
// (data_local_fraction is left out instead).
template <class Metrics>
void putDeadlineMetrics(nlohmann::ordered_json& out, const Metrics& m) {
    const auto nullable = [](const auto& v) {
        return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json();
    };
    out["relative_deadline_exceeded"] = m.relativeDeadlineExceeded;
    out["missed_fraction"] = nullable(m.missedFraction);
    out["avg_completion_time"] = m.avgCompletionTime;
    out["extra_map_tasks"] = nullable(m.extraMapTasks);
    out["extra_reduce_tasks"] = nullable(m.extraReduceTasks);
    out["killed_map_tasks"] = m.killedMapTasks;
    out["killed_reduce_tasks"] = m.killedReduceTasks;
    if (m.dataLocalFraction) {
        out["data_local_fraction"] = *m.dataLocalFraction;
    }
}

// The same as CSV fields in the order of kDeadlineCsvColumns (missing ones empty).
inline constexpr const char* kDeadlineCsvColumns =
    "relative_deadline_exceeded,missed_fraction,avg_completion_time,extra_map_tasks,"
    "extra_reduce_tasks,killed_map_tasks,killed_reduce_tasks,data_local_fraction";
std::string csvNumber(double value);  // shortest text that reads back the same
template <class Metrics>
std::string deadlineCsvFields(const Metrics& m) {
    const auto optional = [](const auto& v) {
        return v ? csvNumber(static_cast<double>(*v)) : std::string();
    };
    return csvNumber(m.relativeDeadlineExceeded) + "," + optional(m.missedFraction) + "," +
           csvNumber(m.avgCompletionTime) + "," + optional(m.extraMapTasks) + "," +
           optional(m.extraReduceTasks) + "," + csvNumber(static_cast<double>(m.killedMapTasks)) +
           "," + csvNumber(static_cast<double>(m.killedReduceTasks)) + "," +
           optional(m.dataLocalFraction);
}

// A trace comparison (experiments/TraceValidation.h): {"jobs", "makespan", "trace_makespan",
// "makespan_error", "mean_abs_error", "max_abs_error"} (errors as fractions), and one text line.
nlohmann::ordered_json traceComparisonJson(const TraceComparison& comparison);
std::string traceComparisonText(const TraceComparison& comparison);
// A relative error as a percentage: "+0.70%", "-21.24%" (without the sign: "0.70%").
std::string errorPercent(double fraction, bool withSign = true);
// Per traced job: submit, traced and simulated completion time (submit -> finish), error; then
// the makespans (mrsim validate's table).
std::string traceTableText(const Workload& workload, const TraceComparison& comparison);

// Improvement of `value` over `baseline` in percent ((baseline − value) / baseline · 100).
double improvementPercent(double baseline, double value);

// "47", "35.6667": six significant digits, no trailing zeros.
std::string formatTime(double seconds);
std::string describeWorkload(const Workload& workload);  // "30 nodes (30 map + 30 reduce ..."
std::string csvField(const std::string& text);           // quoted when needed (RFC 4180)
// Rows as text, columns padded to their widest cell; `align` has one letter per column, 'l' (left)
// or 'r' (right, the default).
std::string textTable(const std::vector<std::vector<std::string>>& rows, const std::string& align);

}  // namespace mr
