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
//  * "otherData": workload, algorithm, makespan (s);
//  * past kMaxTraceEventBytes, a summary of the rest (writeTraceEvents below).
// Written in pieces through a sink, so a day's trace never sits in memory twice.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "model/Workload.h"
#include "schedulers/Algorithm.h"

namespace mr {

// Perfetto's UI fails on JSON traces near 1 GB: past this many bytes of events the rest of the
// schedule is summarised.
inline constexpr std::uint64_t kMaxTraceEventBytes = 512ULL << 20;

// What writeTraceEvents summarised (records == 0: nothing).
struct TraceEventsSummary {
    long long records = 0;  // task records written as part of a summary, not as events
    long long tasks = 0;    // the tasks they hold
    double from = 0.0;      // the earliest start among them (s)
};

// Writes the trace of `result` (simulated on `workload`, or on result.simulatedWorkload when the
// algorithm changed the jobs) to `sink`, piece by piece. The run must have kept its task records.
// Records are written in the engine's order until the next would take the events past
// `maxBytes`; every record from then on is summarised: process 3 ("summarised: N records (T
// tasks) from t = X s on, one event per job and stage") holds, per job and stage, one event
// from its first start to its last end with its tasks and records as args, and the top-level
// key "summarised" repeats the sentence. The summary adds at most two events per job.
TraceEventsSummary writeTraceEvents(const Workload& workload, const RunResult& result,
                                    const std::function<void(std::string_view)>& sink,
                                    std::uint64_t maxBytes = kMaxTraceEventBytes);

// The same, as one string (small runs, tests).
std::string traceEventsJson(const Workload& workload, const RunResult& result);

}  // namespace mr
