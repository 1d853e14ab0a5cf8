// Rounding — the LP's fractional schedule turned into whole tasks of one 64 MB block each, the
// minimum task size of [Ehsan13] §IV ("Integrity of the solution"). The LP optimum stays a lower
// bound of what the rounded schedule costs when the rounding keeps every capacity.
#pragma once

#include <vector>

#include "cost/Plan.h"

namespace mr::cost {

struct RoundedPlan {
    Plan plan;                    // fractions are whole tasks (blocks) over the unit's (data's)
    std::vector<int> tasks;       // per plan.work entry: its number of tasks
    std::vector<int> blocks;      // per plan.placement entry: its number of blocks
    double cpuOverrunS = 0.0;     // CPU-seconds above a machine's capacity rounding could not avoid
    double storeOverrunMb = 0.0;  // megabytes above a store's capacity
};

// Per unit: the floor of each share's tasks first; the tasks left go to the shares with the
// largest fractional parts whose machine still has capacity for one more task, then to the
// cheapest machine with capacity, and only when no machine has any to the largest share (counted
// in cpuOverrunS). `movable`: data may be copied, so each store gets the blocks its readers need
// (the rest of an object stays on its origin); otherwise every object stays on its origin.
RoundedPlan roundToBlocks(const CostModel& model, const TransferTable& transfer,
                          const std::vector<WorkUnit>& units, const Plan& fractional,
                          const std::vector<double>& capacityCpuS, bool movable);

}  // namespace mr::cost
