// ResultFormat — a RunResult (or several) as JSON (the `mrsim run --json` contract of DESIGN.md),
// as a human-readable table, or as CSV.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "model/Workload.h"
#include "schedulers/Algorithm.h"

namespace mr {

// {"algorithm", "order", "makespan", "model_makespan", ["pools"], "jobs", "utilization", ...}.
nlohmann::ordered_json runResultJson(const Workload& workload, const RunResult& result);
std::string runResultText(const Workload& workload, const RunResult& result);

// Comparison of several runs; the first result is the baseline of the "vs" column.
nlohmann::ordered_json comparisonJson(const Workload& workload,
                                      const std::vector<RunResult>& results);
std::string comparisonText(const Workload& workload, const std::vector<RunResult>& results);
std::string comparisonCsv(const Workload& workload, const std::vector<RunResult>& results);

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
