#include "experiments/TraceValidation.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mr {

double relativeError(double value, double reference) {
    if (reference == 0.0) {
        return value == 0.0 ? 0.0 : std::numeric_limits<double>::infinity();
    }
    return (value - reference) / reference;
}

double TracedJob::error() const {
    return relativeError(simulated(), traced());
}

bool TracedJob::withinGoal() const {
    return std::fabs(error()) <= kTraceGoal;
}

bool hasTrace(const Workload& workload) {
    return std::any_of(workload.jobs.begin(), workload.jobs.end(),
                       [](const Job& job) { return job.traceEnd.has_value(); });
}

TraceComparison compareWithTrace(const Workload& workload, const SimResult& result) {
    TraceComparison c;
    double firstArrival = std::numeric_limits<double>::infinity();
    double lastSimulated = 0.0;
    double lastTraced = 0.0;
    double sumAbs = 0.0;
    for (int j = 0; j < workload.jobCount() && j < static_cast<int>(result.jobs.size()); ++j) {
        const Job& job = workload.jobs[static_cast<std::size_t>(j)];
        const JobTimes& t = result.jobs[static_cast<std::size_t>(j)];
        firstArrival = std::min(firstArrival, job.arrival);
        lastSimulated = std::max(lastSimulated, t.end);
        if (!job.traceEnd) {
            continue;
        }
        lastTraced = std::max(lastTraced, *job.traceEnd);
        TracedJob traced{j, job.arrival, t.end, *job.traceEnd};
        const double error = std::fabs(traced.error());
        sumAbs += error;
        c.maxAbsError = std::max(c.maxAbsError, error);
        c.jobs.push_back(traced);
    }
    if (!c.jobs.empty()) {
        c.meanAbsError = sumAbs / static_cast<double>(c.jobs.size());
    }
    if (!c.jobs.empty() && static_cast<int>(c.jobs.size()) == workload.jobCount()) {
        c.simulatedMakespan = lastSimulated - firstArrival;
        c.tracedMakespan = lastTraced - firstArrival;
        c.makespanError = relativeError(*c.simulatedMakespan, *c.tracedMakespan);
    }
    return c;
}

}  // namespace mr
