// StageBlocks — the pictures of seed 000 Figs. 3 and 6 as data: per job and stage a block whose
// height is the slots it uses and whose width is its stage duration.
//  * modelStageBlocks: the two-stage abstraction — each job's map and reduce stage as one block
//    on the formula's timeline, height = min(tasks, slots).
//  * simulatedStageBlocks: what the simulation did, as a stacked occupancy profile: for every
//    interval between task starts and ends, one block per job with the number of slots it held,
//    stacked in the algorithm's order (Fig. 6(a) draws J3 as an L beside J4 this way).
#pragma once

#include <vector>

#include "model/Workload.h"
#include "perf/StageDuration.h"
#include "sim/SimResult.h"

namespace mr {

struct StageBlock {
    int job = 0;
    TaskKind kind = TaskKind::Map;
    double start = 0.0;
    double end = 0.0;
    double slotFrom = 0.0;  // bottom of the block, in slots from the bottom of its stage's lane
    double slotTo = 0.0;
};

std::vector<StageBlock> modelStageBlocks(const Workload& workload,
                                         const std::vector<StageDurations>& stages,
                                         const std::vector<int>& order);

// Needs the task records of `result` (a run with recordTasks). `maxBlocks` bounds the output for
// huge batches; returns an empty vector when it would be exceeded.
// `order`: the stacking order (the algorithm's order; jobs missing from it go last).
std::vector<StageBlock> simulatedStageBlocks(const Workload& workload, const SimResult& result,
                                             const std::vector<int>& order,
                                             std::size_t maxBlocks = 200000);

}  // namespace mr
