// CostSweeps — the LiPS experiments that run many models: cost and makespan against the epoch
// length ([Ehsan13] Fig. 8) and the cost reduction against the cluster size on random models
// (Fig. 5). Both run their points on all cores (each LP on one thread), report progress after
// each point and stop early when `cancel` is set (the points done so far are returned). A point's
// result depends only on the sweep's arguments and its index:
//   epochs:        index = epoch
//   cluster sizes: index = (run · sizes + size) · 2 + (0: the algorithm, 1: the baseline)
// (run-major, so a (run, size) pair's two points are adjacent and share its random model).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cost/CostAlgorithms.h"

namespace mr::cost {

using SweepProgress = std::function<void(int done, int total)>;

// from, from + step, ..., up to `to` (inclusive within rounding). Throws InputError naming
// `field` for step <= 0, from > to, non-finite values or more than 10 000 points.
std::vector<double> sweepValues(double from, double to, double step, const std::string& field);

struct EpochPoint {
    double epochS = 0.0;
    CostResult result;  // lips-online with this epoch length
};

// `threads`: 0 for all cores. Points come back in epoch order; a cancelled sweep returns those
// that finished. Each result keeps the summary only (slimCostResult).
std::vector<EpochPoint> sweepEpochs(const CostModel& model, const std::vector<double>& epochs,
                                    const CostOptions& options, const SweepProgress& progress = {},
                                    int threads = 0);

// What a sweep keeps of a result: the costs, makespan, locality, solver report, CPU-seconds per
// machine and the number of epochs (their records keep only index and start); no plans, units,
// shares or notes.
CostResult slimCostResult(CostResult result);

inline constexpr const char* kEpochSweepOrder = "index = epoch";
// Computes the epoch points `indices` (ascending) and calls onPoint for each as it finishes
// (several threads at once). A set options.cancel throws Cancelled.
void runEpochPoints(const CostModel& model, const std::vector<double>& epochs,
                    const CostOptions& options, const std::vector<std::size_t>& indices,
                    const std::function<void(std::size_t index, const CostResult& slim)>& onPoint,
                    const SweepProgress& progress = {}, int threads = 0);
// The points present, in epoch order.
std::vector<EpochPoint> epochPointsOf(const std::vector<double>& epochs,
                                      const std::vector<std::optional<CostResult>>& values);

struct ClusterSizeOptions {
    std::vector<int> machines;  // the cluster sizes
    int runs = 5;               // random models per size
    int jobsPerMachine = 4;     // jobs = jobsPerMachine × machines (400 jobs on 100 machines)
    std::uint64_t seed = 1;     // run r on M machines uses seed + 1000 × M + r
    std::string algorithm = "lips-coschedule";
    std::string baseline = "hadoop-default";
    int threads = 0;  // 0: all cores
};

struct ClusterSizePoint {
    int machines = 0;
    int jobs = 0;
    int runs = 0;          // runs with both results (fewer than asked only in partial results)
    int feasibleRuns = 0;  // runs where both algorithms found a schedule (the means use these)
    double meanCost = 0.0;
    double meanBaselineCost = 0.0;
    double meanReductionPct = 0.0;  // (baseline − cost) / baseline, averaged over runs
    double minReductionPct = 0.0;
    double maxReductionPct = 0.0;
    // No solver time: a sweep's summary holds only what its arguments determine (a merged
    // sharded sweep prints the same bytes); each point's JSON line has its "seconds".
};

// Throws InputError for unknown algorithm ids, bad sizes or more than kMaxSweepPoints points
// before anything runs. A cancelled sweep returns the sizes with the runs finished.
std::vector<ClusterSizePoint> sweepClusterSize(const ClusterSizeOptions& options,
                                               const CostOptions& costOptions,
                                               const SweepProgress& progress = {});

struct ClusterPointId {
    int run = 0;
    std::size_t size = 0;   // index into options.machines
    bool baseline = false;  // the baseline's point, else the algorithm's
    int machines = 0;
    int jobs = 0;
    std::uint64_t seed = 0;  // of the random model: seed + 1000 × machines + run
};
struct ClusterPointValue {
    bool feasible = false;
    double cost = 0.0;           // the schedule's total cost (when feasible)
    double solverSeconds = 0.0;  // wall time of the LPs: information only, never summarised
};
inline constexpr const char* kClusterSizeOrder =
    "index = (run * sizes + size) * 2 + (0: algorithm, 1: baseline)";
void checkClusterSize(const ClusterSizeOptions& options);  // throws as sweepClusterSize()
std::size_t clusterSizePointCount(const ClusterSizeOptions& options);
ClusterPointId clusterPointAt(const ClusterSizeOptions& options, std::size_t index);
void runClusterSizePoints(
    const ClusterSizeOptions& options, const CostOptions& costOptions,
    const std::vector<std::size_t>& indices,
    const std::function<void(std::size_t index, const ClusterPointValue& value)>& onPoint,
    const SweepProgress& progress = {});
// One point per size over the runs whose two points are present.
std::vector<ClusterSizePoint> summariseClusterSize(
    const ClusterSizeOptions& options, const std::vector<std::optional<ClusterPointValue>>& values);

}  // namespace mr::cost
