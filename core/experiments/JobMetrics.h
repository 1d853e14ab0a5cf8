// JobMetrics — the standard job metrics of a run, defined once (docs/metrics.md): per job its
// times, wait, completion time (JCT), slowdown against the job alone on the whole cluster and
// bounded slowdown, deadline met and lateness; per run the makespan, the JCT, wait and slowdown
// distributions, utilisation, Jain's fairness index over slowdowns and the deadline metrics of
// [Verma12b] §IV-A (experiments/DeadlineMetrics.h). `mrsim run --json`, `mrsim compare`, the
// explorer's Comparison and variants tables and the Python module all read these values.
//
//   wait               start − submit            (submit: the job's arrival)
//   completion (JCT)   end − submit
//   alone              m + r of the job on the whole cluster with the exact estimator
//                      (perf/StageDuration.h: greedy list schedule of its tasks, nothing else
//                      running), the time the simulator gives the job alone without overheads
//   slowdown           completion / alone        (1 for a job whose alone time is 0)
//   bounded slowdown   max(1, completion / max(alone, τ)), τ = kBoundedSlowdownTau
//   lateness           end − (submit + deadline)  (positive: late), only with a deadline
//   percentile p       nearest rank: the ⌈p/100 · n⌉-th smallest value (1-based, at least 1st)
//   Jain's fairness    (Σ x)² / (n · Σ x²) over the slowdowns x, in (0, 1]; 1 when all equal
#pragma once

#include <optional>
#include <vector>

#include "experiments/DeadlineMetrics.h"
#include "schedulers/Algorithm.h"

namespace mr {

// τ of the bounded slowdown (seconds): jobs shorter than this count as this long, so that a
// few seconds of wait do not give a tiny job a huge slowdown (the literature's usual 10 s).
inline constexpr double kBoundedSlowdownTau = 10.0;

struct JobMetrics {
    double submit = 0.0;  // arrival
    double start = 0.0;   // first task start
    double mapEnd = 0.0;  // last map task end
    double end = 0.0;     // completion
    double wait = 0.0;
    double completion = 0.0;
    double alone = 0.0;
    double slowdown = 1.0;
    double boundedSlowdown = 1.0;
    std::optional<double> deadline;  // absolute (submit + the job's relative deadline)
    std::optional<bool> deadlineMet;
    std::optional<double> lateness;
    // Under a scenario (model/Scenario.h) the job failed at `end`: it has no completion time, and
    // the run's distributions leave it out.
    bool failed = false;
};

// Mean, nearest-rank percentiles and maximum of a set of values (all 0 for an empty set).
struct Distribution {
    double mean = 0.0;
    double p50 = 0.0;
    double p95 = 0.0;
    double p99 = 0.0;
    double max = 0.0;
};

struct RunMetrics {
    int jobs = 0;
    double makespan = 0.0;
    Distribution completion;  // JCT
    Distribution wait;
    Distribution slowdown;
    Distribution boundedSlowdown;
    double mapUtilization = 0.0;
    double reduceUtilization = 0.0;
    double fairness = 1.0;  // Jain's index over the slowdowns
    // Slot-seconds the run occupied (map and reduce, killed executions included): what a
    // cluster billed by the slot-second charges. Killed work is part of it (deadlines->killedWork).
    double slotSeconds = 0.0;
    // [Verma12b] §IV-A when a job has a deadline or the run has quotas or locality.
    std::optional<DeadlineMetrics> deadlines;
};

// The p-th percentile (0 < p <= 100) of `sorted` (ascending) by nearest rank; 0 when empty.
double nearestRankPercentile(const std::vector<double>& sorted, double p);
// Mean, p50, p95, p99, max of `values` (any order).
Distribution distributionOf(std::vector<double> values);
// Jain's fairness index (Σ x)² / (n · Σ x²); 1 for no values or all zero.
double jainFairness(const std::vector<double>& values);

// The job's time alone on the whole cluster of `workload` (see above).
double aloneTime(const Job& job, const Cluster& cluster);

// Per job, indexed like the workload's jobs. `workload` is the input the run was given (alone
// times come from its jobs, so every algorithm's slowdowns share one denominator); deadlines
// are read from the jobs the run simulated.
std::vector<JobMetrics> jobMetrics(const Workload& workload, const RunResult& result);
// The run's summary of jobMetrics().
RunMetrics runMetrics(const Workload& workload, const RunResult& result);
RunMetrics runMetrics(const Workload& workload, const RunResult& result,
                      const std::vector<JobMetrics>& jobs);

}  // namespace mr
