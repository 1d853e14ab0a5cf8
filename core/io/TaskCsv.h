// TaskCsv — every task execution of a run as CSV for spreadsheets and notebooks
// (`mrsim run --tasks-csv`): header job,kind,task,slot,node,start,end,killed and one row per task
// record (killed executions too, killed = 1), in start order (then map before reduce, then slot).
// job is the job's name; task the index within its stage; slot the index among the cluster's
// slots of that kind; node = slot / slots per node; times in seconds, exact. Under a scenario
// (model/Scenario.h), or with a trace's attempts (model/TracedAttempt.h), a last column,
// cause, says why a stopped execution stopped: killed (by the policy, or as traced), failed,
// node-lost or superseded (another attempt of its task won, or its job failed).
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "model/Workload.h"
#include "schedulers/Algorithm.h"

namespace mr {

// Writes the CSV to `sink` piece by piece. A wave record becomes its rows only when its instant
// is written, so memory holds the records in start order (a pointer each) and one instant's
// tasks, not a row per task: a week of a production cluster is 121 million rows.
void writeTaskRecordsCsv(const Workload& workload, const RunResult& result,
                         const std::function<void(std::string_view)>& sink);

// The same, as one string (small runs, tests).
std::string taskRecordsCsv(const Workload& workload, const RunResult& result);

}  // namespace mr
