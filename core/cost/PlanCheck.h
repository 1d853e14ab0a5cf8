// PlanCheck — checks plans against the constraints of [Ehsan13]'s figures, written from the
// figures alone (no GLPK, no LP builder): the independent referee of the tests and of anyone
// who edits a plan. Each function returns one line per violated constraint (empty: all hold).
#pragma once

#include <string>
#include <vector>

#include "cost/Plan.h"

namespace mr::cost {

// Fig. 2, (2)–(5): data fixed on their origins, capacity cpu_units × uptime_s.
std::vector<std::string> checkSimplePlan(const CostModel& model, const std::vector<WorkUnit>& units,
                                         const Plan& plan);

// Fig. 3, (9)–(15): the plan's placement is x^d.
std::vector<std::string> checkCoSchedulePlan(const CostModel& model,
                                             const std::vector<WorkUnit>& units, const Plan& plan);

// Fig. 4, (19)–(26), epoch after epoch: each plan holds one epoch's work and the copies it makes
// (copies stay); what a unit read on a store before counts against what lies there. At the end
// every unit must have run in full.
std::vector<std::string> checkOnlinePlans(const CostModel& model,
                                          const std::vector<WorkUnit>& units, double epochS,
                                          const std::vector<Plan>& epochs);

// A schedule in whole tasks and blocks: each unit runs in full in multiples of 1/tasks, each
// object lies in whole blocks and in full somewhere, a store holds at least what is read there.
std::vector<std::string> checkWholeBlocks(const CostModel& model,
                                          const std::vector<WorkUnit>& units, const Plan& plan);

}  // namespace mr::cost
