// JobMetricsFormat — the job metrics of experiments/JobMetrics.h as JSON, CSV and table cells,
// one naming for every output (docs/metrics.md): `mrsim run --json` (per-job fields and the
// "metrics" object), `mrsim compare` (its metrics table, --json, --csv) and the explorer's
// Comparison table.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "experiments/JobMetrics.h"

namespace mr {

// Adds a job's metrics to its JSON object: "wait", "jct", "alone", "slowdown",
// "bounded_slowdown"; with a deadline also "deadline_met" and "lateness".
void putJobMetrics(nlohmann::ordered_json& job, const JobMetrics& metrics);

// {"jobs", "makespan", "jct", "wait", "slowdown", "bounded_slowdown" (each {"mean", "p50",
// "p95", "p99", "max"}), "bounded_slowdown_tau", "fairness", "utilization": {"map", "reduce"},
// "slot_seconds", ["deadlines": deadlineMetricsJson plus "jobs_with_deadline", "missed_jobs"]}.
nlohmann::ordered_json runMetricsJson(const RunMetrics& metrics);

// The CSV columns of a run's metrics (jct_mean … jct_max, wait_…, slowdown_…,
// bounded_slowdown_…, fairness, slot_seconds) and one run's fields in that order.
std::string runMetricsCsvColumns();
std::string runMetricsCsvFields(const RunMetrics& metrics);
// The same number of empty fields (a run that did not happen).
std::string emptyRunMetricsCsvFields();

// Which metrics a table shows, each set holding the one before: Compact (JCT mean and p95,
// slowdown mean, fairness: the explorer's tables), Default (adds JCT max, mean wait, slowdown
// max: `mrsim compare`), All (adds JCT p50, p99, wait p95, max, bounded slowdown mean).
enum class MetricColumns { Compact, Default, All };

// The header of the metric columns, without the algorithm column.
std::vector<std::string> runMetricsHeader(MetricColumns columns);
// What each of those columns is (one line each, for tooltips), in the same order.
std::vector<std::string> runMetricsNotes(MetricColumns columns);
// One run's cells under that header: times as formatTime, slowdowns with two decimals,
// fairness with three.
std::vector<std::string> runMetricsCells(const RunMetrics& metrics, MetricColumns columns);

// The "jobs ..." line of a run's text: JCT mean, p95 and max, mean wait, slowdown mean and max,
// fairness.
std::string runMetricsText(const RunMetrics& metrics);
// A slowdown for people: two decimals ("1.25").
std::string slowdownText(double slowdown);
// Jain's fairness index for people: three decimals ("0.976").
std::string fairnessText(double fairness);

}  // namespace mr
