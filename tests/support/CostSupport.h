// Cost models for the LiPS tests: the hand-solved two-machine case of the issue and seeded
// random models small enough to check by brute force.
#pragma once

#include <cstdint>

#include "cost/CostModel.h"

namespace mr::test {

// Stores s1, s2; machine A on s1 (1 compute unit, 5 $/CPU-s), B on s2 (1 unit, 1 $/CPU-s),
// 1 $/MB between s1 and s2; data d1 of 100 MB on s1; job "grep" at 1 CPU-s/MB reads d1.
// A runs 3600 s; B `uptimeB` s.
cost::CostModel twoMachines(double uptimeB = 3600.0);

struct RandomCostOptions {
    int minMachines = 1, maxMachines = 5;
    int minStores = 1, maxStores = 5;
    int maxJobs = 5;
    int maxDataPerJob = 3;
    double capacitySlack = 1.5;  // machines' total capacity over the demand (>= 1: feasible)
    bool sharedData = true;      // may two jobs read the same object
    bool noDataJobs = true;      // jobs with cpu_s and no data
    bool metric = false;         // transfer costs obey the triangle inequality
};
// Small random models with every feature: shared and multi-object input, jobs without data,
// stores without machines, tight machine and store capacities.
cost::CostModel randomCostModel(std::uint64_t seed, const RandomCostOptions& options = {});

}  // namespace mr::test
