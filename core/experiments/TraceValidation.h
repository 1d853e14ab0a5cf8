// TraceValidation — a simulation of a workload imported from a job history, beside the history
// itself: per job the simulated and the traced completion time (submit -> finish) and
// the relative error, and the same for the makespan (first submit -> last finish). What
// `mrsim validate` prints and `mrsim run --json` adds when the jobs carry a traced end
// (Job::traceEnd, written by `mrsim import rumen`).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/Workload.h"
#include "sim/SimResult.h"

namespace mr {

// The goal, after SimMR's: every job and the makespan within 5 % of the trace.
inline constexpr double kTraceGoal = 0.05;

struct TracedJob {
    int job = 0;  // index in the workload
    double arrival = 0.0;
    double simulatedEnd = 0.0;
    double tracedEnd = 0.0;

    double simulated() const { return simulatedEnd - arrival; }  // completion time
    double traced() const { return tracedEnd - arrival; }
    // (simulated − traced) / traced: negative when the simulation is faster; 0 when both are 0.
    double error() const;
    bool withinGoal() const;  // |error| <= kTraceGoal
};

struct TraceComparison {
    std::vector<TracedJob> jobs;  // the jobs with a traced end, in workload order
    // When every job has a traced end: the makespans (first arrival -> last end).
    std::optional<double> simulatedMakespan;
    std::optional<double> tracedMakespan;
    std::optional<double> makespanError;
    double meanAbsError = 0.0;  // over the jobs' errors
    double maxAbsError = 0.0;

    bool empty() const { return jobs.empty(); }
};

bool hasTrace(const Workload& workload);  // some job has a traced end
// `result` must be a simulation of `workload` (same jobs).
TraceComparison compareWithTrace(const Workload& workload, const SimResult& result);

// (value − reference) / reference, 0 when both are 0.
double relativeError(double value, double reference);

}  // namespace mr
