// AttemptMarks — what a timeline marks on a run under a scenario (model/Scenario.h,
// docs/simulator.md "Scenarios"): which executions were speculative copies of a running task, and
// the slot rows a node left empty while it was down (failed, or not yet added). The explorer only
// draws these; they are worked out here from the run's records and downtime.
#pragma once

#include <cstdint>
#include <vector>

#include "model/Cluster.h"
#include "sim/SimResult.h"

namespace mr {

// The node a slot of `kind` belongs to (slots are numbered node by node).
int nodeOfSlot(const Cluster& cluster, TaskKind kind, int slot);

// The record numbers (ascending) of the speculative copies in `records`: single executions that
// start while an earlier execution of the same task (job, kind, task) still runs. Runs without a
// speculation race (no record stopped as AttemptEnd::Superseded) have none, found without sorting.
std::vector<std::uint32_t> speculativeRecords(const TaskRecords& records);

// A node's slot rows of one kind while it was unavailable, from `from` to `to` (infinity: to the
// end of the run).
struct DownWindow {
    int node = 0;
    TaskKind kind = TaskKind::Map;
    int firstSlot = 0;
    int slotCount = 0;
    double from = 0.0;
    double to = 0.0;
};

// One window per kind with slots on the node for every entry of `sim.downtime`, in its order
// (map before reduce).
std::vector<DownWindow> downWindows(const SimResult& sim, const Cluster& cluster);

}  // namespace mr
