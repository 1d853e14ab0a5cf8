// CostSweepsFormat — the cost sweeps' points as JSON lines (io/SweepParts): each
// sweep's definition for the parts' header, each point's line, and back. The summaries
// themselves are CostFormat's (epochSweep…, clusterSize…).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cost/CostSweeps.h"

namespace mr::cost {

// {"kind": "epochs", "model": {the whole cost model}, "epochs": [...], "options": {...}}
struct EpochSweepDefinition {
    CostModel model;
    std::vector<double> epochs;
    CostOptions options;  // epochS is each point's
};
nlohmann::ordered_json epochSweepDefinitionJson(const EpochSweepDefinition& sweep);

// {"kind": "machines", "machines": [...], "runs", "jobs_per_machine", "seed", "algorithm",
//  "baseline", "options": {...}}
nlohmann::ordered_json clusterSizeDefinitionJson(const ClusterSizeOptions& sweep,
                                                 const CostOptions& options);

// Which of the two a cost-sweep header defines ("epochs" or "machines"); throws InputError.
std::string costSweepKind(const nlohmann::json& definition, const std::string& where);
EpochSweepDefinition epochSweepFromDefinition(const nlohmann::json& definition,
                                              const std::string& where);
ClusterSizeOptions clusterSizeFromDefinition(const nlohmann::json& definition,
                                             const std::string& where, CostOptions* options);

// An epoch point: "epoch_s" and, with a result, its summary (costs, LP cost, makespan, locality,
// epoch count, solver report, CPU-seconds per machine) and its "solver_seconds" (wall time,
// information only: never in a summary).
nlohmann::ordered_json epochPointFields(const EpochSweepDefinition& sweep, std::size_t index,
                                        const CostResult* slim);
CostResult epochPointFromLine(const EpochSweepDefinition& sweep, std::size_t index,
                              const nlohmann::json& line, const std::string& where);

// A cluster-size point: run, machines, jobs, role ("algorithm"/"baseline"), algorithm, seed and,
// with a value, "feasible", "total_cost" and "solver_seconds" (information only).
nlohmann::ordered_json clusterPointFields(const ClusterSizeOptions& sweep, std::size_t index,
                                          const ClusterPointValue* value);
ClusterPointValue clusterPointFromLine(const ClusterSizeOptions& sweep, std::size_t index,
                                       const nlohmann::json& line, const std::string& where);

}  // namespace mr::cost
