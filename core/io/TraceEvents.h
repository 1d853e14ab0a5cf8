// TraceEvents — a run's schedule in the Chrome trace-event format, so that a
// whole day of a production cluster opens in Perfetto (ui.perfetto.dev) or chrome://tracing,
// the tools people already use to read millions of events:
//  * process 1 "map slots", process 2 "reduce slots"; one thread per slot ("map slot 12 ·
//    node 3"), sorted by slot;
//  * one complete event ("ph": "X") per task record: ts and dur in microseconds from time 0,
//    name = the job's name, cat = "map" / "reduce" (+ ",killed"), args: job, phase, task, pool
//    and, for a wave of identical tasks (TaskRecord::count > 1), tasks = count and last_slot —
//    a wave is one event on the row of its first slot (expanding it would multiply the file by
//    the slot count: 12 000 for HScheduler on FB-2010);
//  * "otherData": workload, algorithm, makespan (s).
// Written in pieces through a sink, so a day's trace never sits in memory twice.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "model/Workload.h"
#include "schedulers/Algorithm.h"

namespace mr {

// Writes the trace of `result` (simulated on `workload`, or on result.simulatedWorkload when the
// algorithm changed the jobs) to `sink`, piece by piece. The run must have kept its task records.
void writeTraceEvents(const Workload& workload, const RunResult& result,
                      const std::function<void(std::string_view)>& sink);

// The same, as one string (small runs, tests).
std::string traceEventsJson(const Workload& workload, const RunResult& result);

}  // namespace mr
