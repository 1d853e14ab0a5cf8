// Limits — what a workload's fields may hold. Every loader, saver, importer, generator and editor
// checks them, so that what one writes the others accept. The number of tasks in a workload has
// no limit of its own: a stage of equal tasks is one (count, duration), so a month of a
// production cluster (half a billion tasks) loads in megabytes. What a run or a generator would
// allocate is estimated before it starts and refused only when it exceeds this machine's memory
// (exec/MemoryBudget.h, schedulers/RunMemory.h).
#pragma once

namespace mr {

inline constexpr long long kMaxTasksPerJob = 10'000'000;
inline constexpr long long kMaxNodes = 1'000'000;
inline constexpr long long kMaxSlotsPerNode = 1'000;
// A node class's speed factor (model/Cluster.h): from a thousandth to a thousand times a node's.
inline constexpr double kMinNodeSpeed = 0.001;
inline constexpr double kMaxNodeSpeed = 1000.0;
// Map (or reduce) slots in the whole cluster: nodes × slots per node.
inline constexpr long long kMaxSlotsPerKind = 10'000'000;
inline constexpr double kMaxTime = 1.0e12;  // seconds (~31 700 years): above is a unit mistake

}  // namespace mr
