// Limits — what a workload may hold. Every loader, saver, importer, generator and editor checks
// them, so that what one writes the others accept; at these limits a run still fits in a few GB
// (the engine keeps about 30 bytes per slot and 40 per task). What an algorithm would allocate
// beyond them (a re-split over every slot, say) is estimated and refused before it starts
// (schedulers/RunMemory.h).
#pragma once

namespace mr {

inline constexpr long long kMaxTasksPerJob = 10'000'000;
inline constexpr long long kMaxTasksPerWorkload = 50'000'000;
inline constexpr long long kMaxNodes = 1'000'000;
inline constexpr long long kMaxSlotsPerNode = 1'000;
// Map (or reduce) slots in the whole cluster: nodes × slots per node.
inline constexpr long long kMaxSlotsPerKind = 10'000'000;
inline constexpr double kMaxTime = 1.0e12;  // seconds (~31 700 years): above is a unit mistake

}  // namespace mr
