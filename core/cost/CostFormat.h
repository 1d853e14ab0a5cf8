// CostFormat — cost results and sweeps as JSON (the `mrsim cost --json` contract), readable
// tables and CSV.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cost/CostResult.h"
#include "cost/CostSweeps.h"

namespace mr::cost {

// {"algorithm", "model", "feasible", "total_cost", "data_transfer_cost", "execution_cost",
//  "runtime_transfer_cost", "lp_lower_bound", "makespan_s", "locality", "solver_status",
//  "solver_seconds", "cpu_seconds_per_machine", "assignment", "placement", ["epochs"], "notes"}.
nlohmann::ordered_json costResultJson(const CostModel& model, const CostResult& result);
std::string costResultText(const CostModel& model, const CostResult& result);

// Several algorithms on one model; the first is the baseline of "saving_pct".
nlohmann::ordered_json costComparisonJson(const CostModel& model,
                                          const std::vector<CostResult>& results);
std::string costComparisonText(const CostModel& model, const std::vector<CostResult>& results);
std::string costComparisonCsv(const std::vector<CostResult>& results);

// The sweeps print no solver times: a sweep's output holds only what its arguments determine, so
// a sharded and merged sweep prints the same bytes as one run.
nlohmann::ordered_json epochSweepJson(const CostModel& model,
                                      const std::vector<EpochPoint>& points);
std::string epochSweepCsv(const std::vector<EpochPoint>& points);
std::string epochSweepText(const CostModel& model, const std::vector<EpochPoint>& points);

nlohmann::ordered_json clusterSizeJson(const ClusterSizeOptions& options,
                                       const std::vector<ClusterSizePoint>& points);
std::string clusterSizeCsv(const std::vector<ClusterSizePoint>& points);
std::string clusterSizeText(const ClusterSizeOptions& options,
                            const std::vector<ClusterSizePoint>& points);

}  // namespace mr::cost
