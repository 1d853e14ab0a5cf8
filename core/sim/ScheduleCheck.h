// ScheduleCheck — the engine's invariants, checked on a finished simulation (used by the tests of
// every scheduler, and available to users who write their own policies):
//  * no slot runs two tasks at once;
//  * every task completes exactly once (killed executions are followed by a rerun);
//  * tasks take their duration (unless a duration model changes it), divided by the speed of
//    their node's class (model/Cluster.h), start after their job
//    arrives, and a job's reduce tasks start no earlier than its last map task ends;
//  * with overheads (model/Overheads.h): tasks start after arrival + am_start, a slot waits the
//    assignment gap after a completed task, reduces start once slow-start allows and a reduce
//    that started before the map stage ended ends no earlier than reduce_tail after it, and a
//    job ends its commit time after its last task;
//  * the per-job and overall times agree with the task records;
//  * the makespan is at least max(total map work / map slots, total reduce work / reduce slots)
//    and at least every job's longest map plus longest reduce task.
// A workload with a scenario (model/Scenario.h) is checked by checkScenarioSchedule instead
// (sim/ScenarioCheck.h): attempts fail, straggle and rerun there.
#pragma once

#include <string>
#include <vector>

#include "model/Workload.h"
#include "sim/SimResult.h"

namespace mr {

struct CheckOptions {
    bool durationsExact = true;  // false when a TaskDurationModel changed task times
};

// Empty when every invariant holds; otherwise one line per violation (at most 20).
std::vector<std::string> checkSchedule(const Workload& workload, const SimResult& result,
                                       const CheckOptions& options = {});

}  // namespace mr
