// Stage durations (m, r) of a job on (sm, sr) slots — docs/simulator.md "Model", [Verma12] §II-B.
//   exact     greedy list schedule of the stage's tasks in file order, each task to the slot that
//             frees first (the job running alone); uniform tasks give ceil(N/S)·t.
//   aria-low  T_M = N·Mavg/S;  T_R = Sh1avg + (N/S − 1)·Shtyp_avg + N·Ravg/S
//   aria-up   T_M = (N−1)·Mavg/S + Mmax   ([Verma12] prints an extra /S: a typo)
//             T_R = Sh1max + ((N−1)/S − 1)·Shtyp_avg + Shtyp_max + (N−1)·Ravg/S + Rmax
//   aria-avg  the mean of the two bounds (what [Verma12] and [Verma12b] use as the estimate).
// A job cannot use more slots than it has tasks, so S is always min(slots, tasks); with that,
// the typical-shuffle term never goes negative. A stage without tasks takes 0.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/Job.h"
#include "model/Workload.h"

namespace mr {

enum class Estimator { Exact, AriaLow, AriaUp, AriaAvg };

std::optional<Estimator> parseEstimator(std::string_view id);
const char* toString(Estimator estimator);

struct StageDurations {
    double map = 0.0;
    double reduce = 0.0;
    bool operator==(const StageDurations&) const = default;
};

// Makespan of greedy list scheduling of `durations` (in order) on `slots` identical slots.
double greedyMakespan(const TaskDurations& durations, int slots);

// The statistics the ARIA bounds need, from the job's profile where present, otherwise from its
// task durations (shuffle statistics then 0).
struct AriaStats {
    int maps = 0, reduces = 0;
    double mapAvg = 0, mapMax = 0;
    double firstShuffleAvg = 0, firstShuffleMax = 0;
    double typicalShuffleAvg = 0, typicalShuffleMax = 0;
    double reduceAvg = 0, reduceMax = 0;
};
AriaStats ariaStats(const Job& job);

double stageDuration(const Job& job, TaskKind kind, int slots, Estimator estimator);
StageDurations stageDurations(const Job& job, int mapSlots, int reduceSlots,
                              Estimator estimator = Estimator::Exact);

// (m_i, r_i) for every job of a workload on the given slots.
std::vector<StageDurations> allStageDurations(const Workload& workload, int mapSlots,
                                              int reduceSlots,
                                              Estimator estimator = Estimator::Exact);

}  // namespace mr
