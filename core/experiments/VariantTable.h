// VariantTable — the Comparison tab's variant × algorithm table (its CSV,
// `variants.csv` of --export-all, is io/VariantTableFormat.h): per variant and algorithm the
// makespan, its difference from the same algorithm on a reference variant, utilisation, the job
// metrics (JCT mean and p95, mean slowdown, fairness: docs/metrics.md), and the deadline and cost
// metrics of [Verma12b] §IV-A where they exist: missed deadlines and the relative deadline exceeded
// when jobs have deadlines; the spare-slot tasks, killed tasks and the work they lost for the
// policies with quotas; the data-local fraction with locality.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "schedulers/Algorithm.h"

namespace mr {

// One algorithm on one variant, as far as it got.
struct VariantCell {
    std::string variant;
    std::string algorithm;
    const Workload* workload = nullptr;  // the variant's jobs (deadlines, arrivals)
    const RunResult* result = nullptr;   // null: no result (computing, failed, cancelled)
    std::string status;                  // why there is no result; empty with one
};

struct VariantRow {
    std::string variant;
    std::string algorithm;
    std::optional<double> makespan;
    std::optional<double> delta;         // makespan − the reference variant's (same algorithm)
    std::optional<double> deltaPercent;  // delta / the reference's makespan × 100
    std::optional<double> mapUtilization;
    std::optional<double> reduceUtilization;
    // Job metrics (experiments/JobMetrics.h): JCT mean and p95, slowdown mean, Jain's fairness.
    std::optional<double> jctMean;
    std::optional<double> jctP95;
    std::optional<double> slowdownMean;
    std::optional<double> fairness;
    std::optional<int> deadlines;            // jobs with a deadline (none: no deadlines)
    std::optional<int> missed;               // of those, late ones
    std::optional<double> relativeExceeded;  // Σ (late by) / deadline over late jobs
    std::optional<long long> extraMapTasks;  // spare-slot task starts (policies with quotas)
    std::optional<long long> extraReduceTasks;
    std::optional<long long> killedTasks;     // with quotas, or when any task was killed
    std::optional<double> killedWork;         // slot-seconds the killed executions had run
    std::optional<double> dataLocalFraction;  // with the locality model
    std::string status;
};

// One row per cell, in the cells' order. `reference`: the variant the deltas are against (none
// when empty or unknown; its own rows get a delta of 0).
std::vector<VariantRow> variantTable(const std::vector<VariantCell>& cells,
                                     const std::string& reference);

}  // namespace mr
