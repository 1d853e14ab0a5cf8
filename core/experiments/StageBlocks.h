// StageBlocks — the pictures of [Verma12] Figs. 3 and 6 as data: per job and stage a block whose
// height is the slots it uses and whose width is its stage duration.
//  * modelStageBlocks: the two-stage abstraction — each job's map and reduce stage as one block
//    on the formula's timeline, height = min(tasks, slots).
//  * simulatedStageBlocks: what the simulation did, as a stacked occupancy profile: for every
//    interval between task starts and ends, one block per job with the number of slots it held,
//    stacked in the algorithm's order (Fig. 6(a) draws J3 as an L beside J4 this way).
//  * stageBands: both, per pool. A pooled result (BalancedPools: [Verma12] §III-C, Fig. 6(b))
//    runs one two-stage pipeline per pool, side by side on the pool's own slots; each pool is a
//    band of its own, its model on its own timeline from 0 with its own slot counts. A result
//    without pools is one band over the whole cluster.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/Workload.h"
#include "perf/StageDuration.h"
#include "schedulers/Algorithm.h"
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

// Needs the task records of `result` (a run with recordTasks; a wave record counts its tasks).
// `maxBlocks` bounds the output for huge batches; returns an empty vector when it would be
// exceeded. `order`: the stacking order (the algorithm's order; jobs missing from it go last).
std::vector<StageBlock> simulatedStageBlocks(const Workload& workload, const SimResult& result,
                                             const std::vector<int>& order,
                                             std::size_t maxBlocks = 200000);

struct StageBand {
    std::string pool;  // the pool's name; empty for a result without pools
    int firstNode = 0;
    int nodes = 0;
    int mapSlots = 0;  // the band's lanes: its pool's slots
    int reduceSlots = 0;
    std::vector<int> jobs;  // the band's jobs, in the order its pool serves them
    // The formula's makespan of the band's jobs on the band's slots (from time 0, arrivals
    // respected), and its blocks: slot coordinates within the band's lanes.
    double modelMakespan = 0.0;
    std::vector<StageBlock> model;
    // The simulated occupancy of the band's jobs (within its lanes: a pool's jobs only run on
    // its slots); empty with `tooLarge` when beyond maxBlocks.
    std::vector<StageBlock> simulated;
    bool tooLarge = false;
};

// The stage view of `result`: one band per pool (in the result's pool order), or one band for
// the whole cluster. The model uses the (m_i, r_i) the algorithm worked with, or, for one that
// keeps none (the deadline policies), those at full allocation. `workload` is the workload the
// result simulated (the simulated workload of an algorithm that changed the jobs). Needs task
// records for the simulated blocks.
std::vector<StageBand> stageBands(const Workload& workload, const RunResult& result,
                                  std::size_t maxBlocks = 200000);

}  // namespace mr
