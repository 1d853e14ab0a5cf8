// RunMemory — an estimate, before anything is allocated, of the memory one algorithm's run takes
// on a workload: the engine's per-slot, per-job and per-task arrays and task records, and what
// some algorithms add on top (HScheduler's jobs re-split over every slot, BalancedPools' stage
// memo per node count, the locality model's block replicas). runAlgorithm() refuses a run whose
// estimate is above the memory limit (exec/MemoryBudget.h) with one InputError saying both, so
// that a large but valid workload never ends in an out-of-memory.
// The numbers follow the engine's data structures (sim/Simulator.cpp). RecordCount::EveryTask is
// an upper bound (every task its own record, every memo row touched). With waves (the default)
// the records of a stage whose tasks all take one time depend on how slots free up: usually one
// per round of the slots (a production day under hscheduler: 40 560 records for 487 M tasks),
// at worst one per task. The refusal counts them as RecordCount::Waves, so a day that runs in
// 47 MB is not refused for a worst case of 22 GB; the records grow as the run goes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "model/Workload.h"

namespace mr {

struct RunOptions;

struct RunMemory {
    double bytes = 0.0;  // double: the product of the limits overflows 64 bits
    std::string what;    // the largest part, for the message: "the engine's 2000000000 slots"
    std::string field;   // the input that makes it large: "cluster" or "jobs"
};

enum class RecordCount { EveryTask, Waves };

RunMemory estimateRunMemory(const Workload& workload, std::string_view algorithm,
                            const RunOptions& options,
                            RecordCount records = RecordCount::EveryTask);

// Throws InputError (field "cluster" or "jobs") when the estimate is above memoryLimit().
void checkRunMemory(const Workload& workload, std::string_view algorithm,
                    const RunOptions& options);

}  // namespace mr
