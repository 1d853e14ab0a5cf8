// DeadlineMetrics — [Verma12b] §IV-A: how well a run served jobs with deadlines.
//   relative deadline exceeded  Σ over late jobs of (T_compl − T_ar − D) / D
//   missed fraction             late jobs / jobs with a deadline
//   average completion time     Σ (T_compl − T_ar) / n over all jobs
//   extra map / reduce tasks    spare-slot allocations (task starts beyond the minimal quota);
//                               only for the policies with quotas
//   killed map / reduce tasks   task executions killed (spare-slot cancellations)
//   killed work                 slot-seconds those executions had run (lost, rerun later)
//   data-local fraction         completed map tasks that read their block locally (--locality)
// Jobs without a deadline can neither miss nor meet one: they count in the average completion
// time only. A job is late when the time it took exceeds its deadline beyond rounding
// (model/Tolerance.h: relative to the deadline, not to the clock), so that rounding in summed
// durations does not make a job that ends on its deadline "late", at any time of day.
#pragma once

#include <optional>

#include "schedulers/Algorithm.h"

namespace mr {

struct DeadlineMetrics {
    int jobs = 0;
    int jobsWithDeadline = 0;
    int missed = 0;
    double relativeDeadlineExceeded = 0.0;
    std::optional<double> missedFraction;  // none when no job has a deadline
    double avgCompletionTime = 0.0;
    std::optional<long long> extraMapTasks;
    std::optional<long long> extraReduceTasks;
    long long killedMapTasks = 0;
    long long killedReduceTasks = 0;
    double killedWork = 0.0;
    std::optional<double> dataLocalFraction;
};

// `workload` must be the one the run simulated.
DeadlineMetrics deadlineMetrics(const Workload& workload, const RunResult& result);

// Whether a run's output carries deadline metrics: a job has a deadline, or the run has quotas
// (extra tasks) or locality.
bool hasDeadlineMetrics(const Workload& workload, const RunResult& result);

// True when a job with this deadline, arrival and completion missed it.
bool missedDeadline(double arrival, double deadline, double completion);

}  // namespace mr
