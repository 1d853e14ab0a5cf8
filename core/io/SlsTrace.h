// SlsTrace — a simulated schedule as a job trace for Hadoop's Scheduler Load Simulator (SLS), in
// its native JSON format (hadoop-sls `inputsls.json`): a sequence of job objects with am.type,
// job.start.ms (the job's arrival), job.end.ms (its simulated completion), job.queue.name (its
// plan queue), job.id (the job's name), job.user and job.tasks — one container per completed task
// execution with container.host (/default-rack/nodeN, N = the simulated node, from 1),
// container.start.ms / container.end.ms (simulated times, rounded to whole milliseconds: SLS reads
// them as longs), container.priority (20 map, 10 reduce, as SLS's MapReduce AM) and
// container.type. Killed executions are left out (SLS cannot replay a kill; the rerun is listed).
// Jobs appear in the plan's submission order, so SLS submits them in that order.
#pragma once

#include <string>

#include "io/PoolPlan.h"
#include "model/Workload.h"
#include "schedulers/Algorithm.h"

namespace mr {

// `result` must hold task records (RunOptions::recordTasks); throws std::logic_error otherwise.
std::string slsTrace(const Workload& workload, const PoolPlan& plan, const RunResult& result);

// The cluster as an SLS topology file (`slsrun.sh --nodes=FILE`): one rack "default-rack" with
// nodes node1..nodeN, the hosts slsTrace() names. Without it SLS knows only the hosts the trace
// happens to use.
std::string slsTopology(const Workload& workload);

// Simulated seconds as SLS milliseconds (rounded to the nearest).
long long slsMilliseconds(double seconds);

}  // namespace mr
