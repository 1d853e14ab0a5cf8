// ComparisonFormat — a ComparisonTable (experiments/ComparisonTable.h) as text, CSV and the
// cells of the explorer's comparison table; the comparison of `mrsim compare --json`.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "experiments/ComparisonTable.h"
#include "io/JobMetricsFormat.h"

namespace mr {

// The table's cells for people, header first: algorithm, makespan, model, "vs B" per baseline
// (signed, "+36.5%"), [the metric columns of `metrics` (io/JobMetricsFormat.h), when given],
// map util, reduce util, order (at most `orderNames` names, then "... (+N
// more)"), and "pools" when some row has pools. An algorithm that did not run has "-" cells and
// its reason as order.
std::vector<std::vector<std::string>> comparisonCells(
    const ComparisonTable& table, std::size_t orderNames = 12,
    std::optional<MetricColumns> metrics = std::nullopt);
// The job metrics' cells (docs/metrics.md), header first: algorithm and the columns of
// `columns`; "-" cells for an algorithm that did not run.
std::vector<std::vector<std::string>> comparisonMetricsCells(const ComparisonTable& table,
                                                             MetricColumns columns);
// The deadline metrics' cells ([Verma12b] §IV-A), header first; empty without deadline metrics.
std::vector<std::vector<std::string>> comparisonDeadlineCells(const ComparisonTable& table);
// One line saying what the "vs" columns mean.
std::string comparisonVsNote(const ComparisonTable& table);

// `mrsim compare`: the workload line, the table, what "vs" means, the job metrics' table (the
// columns of `metrics`), and the deadline metrics when some run has them.
std::string comparisonText(const ComparisonTable& table,
                           MetricColumns metrics = MetricColumns::Default);
// CSV (RFC 4180), one row per algorithm: algorithm, makespan, model_makespan, vs_<B>_pct per
// baseline B (ComparisonTable.h's definition; B's id with '-' as '_'), map_utilization,
// reduce_utilization (fractions), order (job names separated by spaces), pools, error, every job
// metric (runMetricsCsvColumns()); then kDeadlineCsvColumns when some run has deadline metrics.
// Numbers are exact (the shortest text that reads back the same); a missing value is an empty
// field.
std::string comparisonCsv(const ComparisonTable& table);

// `mrsim compare --json`: {"workload", "baseline", "results": [runResultJson +
// "improvement_over_baseline_pct" (the "vs" of the first result)]}.
nlohmann::ordered_json comparisonJson(const Workload& workload,
                                      const std::vector<RunResult>& results);
// The same past refusals: the baseline is the first entry that ran (null when none did); an
// entry without a run is {"algorithm": id, "refused": its note (one line)}.
nlohmann::ordered_json comparisonJson(const Workload& workload,
                                      const std::vector<ComparisonEntry>& entries);

}  // namespace mr
