// TwoStage — the two-stage abstraction of [Verma12] §III (each job J_i = (m_i, r_i), map stages run
// one after another on "the map machine", reduce stages likewise), the makespan of any order,
// and the closed form of [Tian16] Eqs. 11–12 (which gives the same value).
#pragma once

#include <vector>

#include "perf/StageDuration.h"

namespace mr {

struct StageTimes {
    double mapStart = 0, mapEnd = 0, reduceStart = 0, reduceEnd = 0;
};

// Timeline of `order` (indices into `stages`): a map stage starts when the previous map stage
// ends (and, if `arrivals` is given, not before the job arrives); a reduce stage starts when its
// own map stage and the previous reduce stage have both ended. Indexed like `order`.
std::vector<StageTimes> twoStageTimeline(const std::vector<StageDurations>& stages,
                                         const std::vector<int>& order,
                                         const std::vector<double>* arrivals = nullptr);
double twoStageMakespan(const std::vector<StageDurations>& stages, const std::vector<int>& order,
                        const std::vector<double>* arrivals = nullptr);

// Where the model applies: a batch whose jobs are all there at time 0 ([Verma12] §III). For jobs
// that arrive over time (a trace), "one job at a time at full allocation" says nothing about a
// cluster that runs many at once (on the SWIM FB-2010 day it gives 8.4× the simulated makespan):
// no run then carries a model makespan (RunResult::modelMakespan), and no view shows one. Nor on
// unequal nodes (model/Cluster.h): the model's slots are identical.
bool twoStageModelApplies(const Workload& workload);

// [Tian16] Eqs. 11–12: T = Σ r_i + max_u K_u with K_u = Σ_{i<=u} m_i − Σ_{i<u} r_i (no arrivals).
double johnsonClosedFormMakespan(const std::vector<StageDurations>& stages,
                                 const std::vector<int>& order);

}  // namespace mr
