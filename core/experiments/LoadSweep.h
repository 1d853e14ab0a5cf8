// LoadSweep — [Verma12b] Figs. 1–4: deadline metrics against the mean inter-arrival time (the
// load), averaged over seeded runs, for several policies. Run r uses the batch of
// `mrsim generate KIND --jobs N --seed (seed + r) --nodes M --interarrival X --deadline-factor A:B`
// at every load point X (common random numbers: the same jobs, deadlines and arrival pattern,
// stretched), so the curves compare loads, not samples. Work is spread over threads; every
// result is computed independently and averaged in a fixed order, so the answer does not depend
// on the thread count, the shard or the machine.
//
// Points, in this order (run-major: a run's points are adjacent and share its batch):
//   index = (run · loads + load) · algorithms + algorithm
// Run r's batch and its T_J are generated in the worker by the run's first point and dropped
// after its last: memory stays at about (threads + 1) batches whatever `runs`.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "experiments/DeadlineMetrics.h"
#include "experiments/Ranges.h"  // parseRange for the inter-arrival times
#include "schedulers/Algorithm.h"
#include "workloads/Arrivals.h"
#include "workloads/Generators.h"

namespace mr {

// The algorithms the load sweep offers (the Deadlines tab's policies), in registry order: every
// one that needs deadlines and the load-sweep baselines (AlgorithmInfo::loadSweep). A policy's
// position here is its style index (line colour and marker), stable while new schedulers are
// registered after the others (schedulers/BuiltIns.def).
std::vector<const Algorithm*> loadSweepAlgorithms();
// The ones checked until the user chooses (AlgorithmInfo::loadSweep.byDefault: [Verma12b]'s three),
// in registry order: the default of LoadSweepOptions::algorithms.
std::vector<std::string> defaultLoadSweepAlgorithms();
// The position of `id` in loadSweepAlgorithms(); -1 when the sweep does not offer it.
int loadSweepStyleIndex(std::string_view id);

struct LoadSweepOptions {
    std::string kind = "facebook-1000";  // a generator kind (workloads/Generators.h)
    int jobs = 1000;
    int nodes = 64;
    std::uint64_t seed = 1;             // run r uses seed + r
    std::vector<double> interarrivals;  // mean inter-arrival times (s), the x axis
    int runs = 10;
    std::optional<double> withinJobSigma;  // GenerateOptions::withinJobSigma (facebook kinds)
    DeadlineFactor deadlineFactor{1.0, 2.0};
    std::vector<std::string> algorithms = defaultLoadSweepAlgorithms();
    int threads = 0;  // 0: all cores
    RunOptions run;   // estimator, locality, ... (recordTasks is forced off)
};

// The means over the runs of one (load, algorithm) point. Optional metrics are averaged over
// the runs that have them (extra tasks: policies with quotas; missed fraction: runs with
// deadlines; data-local fraction: with locality).
struct LoadPoint {
    double interarrival = 0.0;
    std::string algorithm;
    int runs = 0;  // runs averaged (fewer than asked only when the sweep was cancelled)
    double relativeDeadlineExceeded = 0.0;
    std::optional<double> missedFraction;
    double avgCompletionTime = 0.0;
    std::optional<double> extraMapTasks;
    std::optional<double> extraReduceTasks;
    double killedMapTasks = 0.0;
    double killedReduceTasks = 0.0;
    std::optional<double> dataLocalFraction;
};

struct LoadSweepResult {
    LoadSweepOptions options;
    std::vector<LoadPoint> points;  // load-major: for each interarrival, each algorithm
    bool cancelled = false;
};

// Called after each finished point with (points done, points in all), from worker threads, one
// call at a time.
using SweepProgress = std::function<void(int done, int total)>;

// Throws InputError for unknown algorithms or kinds, bad sizes or more than kMaxSweepPoints
// points before any work starts. `cancel` (may be null) is polled between points and inside the
// simulations; a cancelled sweep returns the points finished (cancelled = true).
LoadSweepResult sweepLoad(const LoadSweepOptions& options, const SweepProgress& progress = {},
                          const std::atomic<bool>* cancel = nullptr);

// The points, one by one.
struct LoadPointId {
    int run = 0;
    std::size_t load = 0;       // index into options.interarrivals
    std::size_t algorithm = 0;  // index into options.algorithms
    std::uint64_t seed = 0;     // the run's batch and arrivals: options.seed + run
};
using LoadSweepValues = std::vector<std::optional<DeadlineMetrics>>;  // by index; none: missing

void checkLoadSweep(const LoadSweepOptions& options);  // throws as sweepLoad() does
// What the batch of the run with seed `seed` is generated with.
GenerateOptions loadSweepBatchOptions(const LoadSweepOptions& options, std::uint64_t seed);
std::size_t loadSweepPointCount(const LoadSweepOptions& options);
LoadPointId loadPointAt(const LoadSweepOptions& options, std::size_t index);
inline constexpr const char* kLoadSweepOrder =
    "index = (run * interarrivals + interarrival) * algorithms + algorithm";

// Computes the points `indices` (ascending) and calls onPoint for each as it finishes, from the
// worker threads (several at once). A set `cancel` throws Cancelled.
void runLoadSweepPoints(
    const LoadSweepOptions& options, const std::vector<std::size_t>& indices,
    const std::function<void(std::size_t index, const DeadlineMetrics& metrics)>& onPoint,
    const SweepProgress& progress = {}, const std::atomic<bool>* cancel = nullptr);

// The means of the values present (`values` has loadSweepPointCount entries).
LoadSweepResult summariseLoadSweep(const LoadSweepOptions& options, const LoadSweepValues& values,
                                   bool cancelled = false);

}  // namespace mr
