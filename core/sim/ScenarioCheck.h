// ScenarioCheck — the engine's invariants under a scenario (model/Scenario.h), checked on a
// finished simulation; checkSchedule() (ScheduleCheck.h) hands a run with a scenario to it:
//  * no slot runs two attempts at once, and a node's slots run nothing while it is down;
//  * every task of a job that did not fail completes exactly once, plus once for each time its
//    map output was lost (and no task completes more often in a job that failed);
//  * a lost map output was completed on the failed node, is recomputed after the loss, and before
//    any reduce of its job that completes afterwards;
//  * a job's reduces complete only after each of its maps has completed; a superseded attempt
//    stops when another attempt of its task completes (or its job fails);
//  * the per-job times and the makespan agree with the records.
#pragma once

#include <string>
#include <vector>

#include "model/Workload.h"
#include "sim/SimResult.h"

namespace mr {

// Empty when every invariant holds; otherwise one line per violation (at most 20).
std::vector<std::string> checkScenarioSchedule(const Workload& workload, const SimResult& result);

}  // namespace mr
