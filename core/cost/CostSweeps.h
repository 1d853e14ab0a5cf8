// CostSweeps — the LiPS experiments that run many models: cost and makespan against the epoch
// length (seed 002 Fig. 8) and the cost reduction against the cluster size on random models
// (Fig. 5). Both report progress after each point and stop early when `cancel` is set (the
// points done so far are returned).
#pragma once

#include <cstdint>
#include <functional>
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

std::vector<EpochPoint> sweepEpochs(const CostModel& model, const std::vector<double>& epochs,
                                    const CostOptions& options, const SweepProgress& progress = {});

struct ClusterSizeOptions {
    std::vector<int> machines;  // the cluster sizes
    int runs = 5;               // random models per size
    int jobsPerMachine = 4;     // jobs = jobsPerMachine × machines (400 jobs on 100 machines)
    std::uint64_t seed = 1;     // run r on M machines uses seed + 1000 × M + r
    std::string algorithm = "lips-coschedule";
    std::string baseline = "hadoop-default";
};

struct ClusterSizePoint {
    int machines = 0;
    int jobs = 0;
    int runs = 0;
    int feasibleRuns = 0;  // runs where both algorithms found a schedule (the means use these)
    double meanCost = 0.0;
    double meanBaselineCost = 0.0;
    double meanReductionPct = 0.0;  // (baseline − cost) / baseline, averaged over runs
    double minReductionPct = 0.0;
    double maxReductionPct = 0.0;
    double meanSolverSeconds = 0.0;
};

// Throws InputError for unknown algorithm ids or bad sizes before anything runs.
std::vector<ClusterSizePoint> sweepClusterSize(const ClusterSizeOptions& options,
                                               const CostOptions& costOptions,
                                               const SweepProgress& progress = {});

}  // namespace mr::cost
