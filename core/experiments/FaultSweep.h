// FaultSweep — how robust each order is: the makespan of every algorithm on one workload under a
// scenario (model/Scenario.h) whose per-attempt failure probability or straggler probability
// runs along the x axis, over seeded runs (mean, 95th percentile and worst). Run r draws its
// scenario with seed + r at every probability and for every algorithm (common random numbers:
// the curves compare probabilities and orders, not samples). Every point is computed on its own
// with one thread, so the numbers do not depend on the thread count, the shard or the machine.
//
// Points, in this order (run-major, like the load sweep):
//   index = (run · values + value) · algorithms + algorithm
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/Scenario.h"
#include "model/Workload.h"
#include "schedulers/Algorithm.h"

namespace mr {

// What the x axis varies in the base scenario.
enum class FaultAxis {
    FailureProbability,    // Scenario::failureProbability (jobs with their own keep theirs)
    StragglerProbability,  // Scenario::stragglerProbability (factors from the base scenario)
};
// "failure-prob", "straggler-prob".
const char* faultAxisId(FaultAxis axis);
// Throws InputError (field "axis") for anything else.
FaultAxis parseFaultAxis(std::string_view id);

// "A:B" with 1 <= A <= B <= 1e6: a straggler takes its duration times U[A, B]; sets the
// scenario's straggler factors (mrsim sweep-faults --straggler-factor, mrx.sweep_faults).
// Throws InputError (field "straggler-factor") for anything else.
void setStragglerFactor(Scenario& scenario, const std::string& text);

struct FaultSweepOptions {
    FaultAxis axis = FaultAxis::FailureProbability;
    std::vector<double> values;  // the probabilities, the x axis
    int runs = 10;
    std::uint64_t seed = 1;  // run r: scenario seed + r
    std::vector<std::string> algorithms;
    Scenario scenario;  // the base: everything but the axis' probability and the seed
    int threads = 0;    // 0: all cores
    RunOptions run;     // estimator, locality, ... (recordTasks is forced off)
};

// One simulation: an algorithm at one probability on one run's draws.
struct FaultPointValue {
    double makespan = 0.0;
    int failedJobs = 0;
    long long failedAttempts = 0;
    long long speculativeAttempts = 0;
};
using FaultSweepValues = std::vector<std::optional<FaultPointValue>>;  // by index; none: missing

// One (probability, algorithm) over the runs present. With no run the statistics are NaN.
struct FaultPoint {
    double probability = 0.0;
    std::string algorithm;
    int runs = 0;  // runs present (fewer than asked in a cancelled or partial sweep)
    double makespanMean = 0.0;
    double makespanP95 = 0.0;  // nearest rank: the ⌈0.95·runs⌉-th smallest makespan
    double makespanMax = 0.0;
    double failedJobsMean = 0.0;
    double failedAttemptsMean = 0.0;
};

struct FaultSweepResult {
    std::string workload;  // its name
    FaultSweepOptions options;
    std::vector<FaultPoint> points;  // value-major: for each probability, each algorithm
    bool cancelled = false;
};

// Throws InputError before anything runs: runs outside [1, 100000], no value, a value outside
// [0, 1), no or an unknown algorithm, too many points.
void checkFaultSweep(const FaultSweepOptions& options);
// checkFaultSweep and what needs the workload: the base scenario fits it, and a straggler axis
// has straggler factors other than 1 (else the axis changes nothing).
void checkFaultSweep(const FaultSweepOptions& options, const Workload& workload);

struct FaultPointId {
    int run = 0;
    std::size_t value = 0;      // index into options.values
    std::size_t algorithm = 0;  // index into options.algorithms
    std::uint64_t seed = 0;     // the scenario's: options.seed + run
};
std::size_t faultSweepPointCount(const FaultSweepOptions& options);
FaultPointId faultPointAt(const FaultSweepOptions& options, std::size_t index);
inline constexpr const char* kFaultSweepOrder =
    "index = (run * values + value) * algorithms + algorithm";

// The scenario of a point: the base with the axis' probability and the run's seed.
Scenario faultScenario(const FaultSweepOptions& options, std::size_t value, std::uint64_t seed);

// Computes the points `indices` (ascending) of the sweep on `workload` and calls onPoint for each
// as it finishes, from the worker threads (several at once). A set `cancel` throws Cancelled.
void runFaultSweepPoints(
    const Workload& workload, const FaultSweepOptions& options,
    const std::vector<std::size_t>& indices,
    const std::function<void(std::size_t index, const FaultPointValue& value)>& onPoint,
    const std::function<void(std::size_t done, std::size_t total)>& progress = {},
    const std::atomic<bool>* cancel = nullptr);

// The statistics of the values present (`values` has faultSweepPointCount entries).
FaultSweepResult summariseFaultSweep(const FaultSweepOptions& options, std::string workload,
                                     const FaultSweepValues& values, bool cancelled = false);

// The whole sweep; a cancelled one returns the points finished (cancelled = true).
FaultSweepResult sweepFaults(const Workload& workload, const FaultSweepOptions& options,
                             const std::atomic<bool>* cancel = nullptr);

}  // namespace mr
