// ComparisonFormat — a ComparisonTable (experiments/ComparisonTable.h) as text, CSV and the
// cells of the explorer's comparison table; the comparison of `mrsim compare --json`.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "experiments/ComparisonTable.h"

namespace mr {

// The table's cells for people, header first: algorithm, makespan, model, "vs B" per baseline
// (signed, "+36.5%"), map util, reduce util, order (at most `orderNames` names, then "... (+N
// more)"), and "pools" when some row has pools. An algorithm that did not run has "-" cells and
// its reason as order.
std::vector<std::vector<std::string>> comparisonCells(const ComparisonTable& table,
                                                      std::size_t orderNames = 12);
// The deadline metrics' cells ([Verma12b] §IV-A), header first; empty without deadline metrics.
std::vector<std::vector<std::string>> comparisonDeadlineCells(const ComparisonTable& table);
// One line saying what the "vs" columns mean.
std::string comparisonVsNote(const ComparisonTable& table);

// `mrsim compare`: the workload line, the table, what "vs" means, and the deadline metrics when
// some run has them.
std::string comparisonText(const ComparisonTable& table);
// CSV (RFC 4180), one row per algorithm: algorithm, makespan, model_makespan, vs_<B>_pct per
// baseline B (ComparisonTable.h's definition; B's id with '-' as '_'), map_utilization,
// reduce_utilization (fractions), order (job names separated by spaces), pools, error; then
// kDeadlineCsvColumns when some run has deadline metrics. Numbers are exact (the shortest text
// that reads back the same); a missing value is an empty field.
std::string comparisonCsv(const ComparisonTable& table);

// `mrsim compare --json`: {"workload", "baseline", "results": [runResultJson +
// "improvement_over_baseline_pct" (the "vs" of the first result)]}.
nlohmann::ordered_json comparisonJson(const Workload& workload,
                                      const std::vector<RunResult>& results);

}  // namespace mr
