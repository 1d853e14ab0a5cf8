// Sweep — makespan as a function of the cluster size ([Verma12] Figs. 7–9): every algorithm
// simulated on the same jobs at each node count, plus the two-stage formula's Min (Johnson's
// order) and Max (reverse Johnson) lines, over one workload or over R generated ones (mean and
// spread). Runs on all cores; every point is computed on its own with a single thread, so the
// numbers do not depend on the thread count, the shard or the machine.
//
// Points, in this order (run-major, so a run's points are adjacent and share its workload):
//   index = (run · sizes + size) · (algorithms + 1) + slot
// slot < algorithms: that algorithm simulated at that size on that run's workload; slot ==
// algorithms: the formula pair (Min and Max) and the makespan lower bound there
// (schedulers/Optimal.h: no schedule of those tasks ends earlier).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/Workload.h"
#include "schedulers/Algorithm.h"

namespace mr {

struct SweepSpec {
    std::vector<int> nodes;               // cluster sizes, in the order reported
    std::vector<std::string> algorithms;  // ids; each simulated at every size
    int runs = 1;                         // workloads per size (the source is asked for each)
    RunOptions run;   // estimator, seed, pools, cancel (threads and records ignored)
    int threads = 0;  // 0: all cores
    // Called from the worker threads after each (run, size, algorithm) with (done, total); must
    // be thread-safe. A set run.cancel stops the sweep with Cancelled.
    std::function<void(std::size_t done, std::size_t total)> progress;
};

// The workload of run r (0-based). Its cluster's node count is replaced at every point; the
// slots per node are kept. Called from the worker threads, several runs at once: it must be
// thread-safe (no shared state it writes).
using WorkloadSource = std::function<Workload(int run)>;

// One series at one size, over the runs computed there. With no run (a gap in a partial result)
// the statistics are NaN.
struct SweepPoint {
    double mean = 0.0, min = 0.0, max = 0.0;
    double stddev = 0.0;         // population standard deviation over the runs
    std::vector<double> values;  // one makespan per run computed, in run order
};

struct SweepSeries {
    std::string name;      // an algorithm id, or "formula-min" / "formula-max" / "lower-bound"
    bool formula = false;  // computed (the two-stage formula, the lower bound), not simulated
    std::vector<SweepPoint> points;  // one per cluster size
};

struct SweepResult {
    std::string workload;  // the first run's workload name
    std::vector<int> nodes;
    int runs = 1;
    std::vector<SweepSeries> series;  // the algorithms in the given order, then the formula lines
};

inline constexpr const char* kFormulaMin = "formula-min";
inline constexpr const char* kFormulaMax = "formula-max";
inline constexpr const char* kLowerBound = "lower-bound";

// Throws InputError for an unknown algorithm id (before anything runs), no sizes, runs < 1 or
// more than kMaxSweepPoints points. Workloads are generated in the workers, one per run, and
// dropped after the run's last point: memory stays at about (threads + 1) workloads.
SweepResult runSweep(const WorkloadSource& source, const SweepSpec& spec);

// The points, one by one.
struct SweepPointId {
    int run = 0;
    std::size_t size = 0;  // index into spec.nodes
    std::size_t slot = 0;  // index into spec.algorithms, or algorithms.size(): the formula pair
    bool formula = false;
};
struct SweepPointValue {
    double makespan = 0.0;    // simulated, or the formula's Min (Johnson's order)
    double formulaMax = 0.0;  // the formula's Max (reverse Johnson); formula points only
    double lowerBound = 0.0;  // the makespan lower bound; formula points only
};
using SweepValues = std::vector<std::optional<SweepPointValue>>;  // by index; none: missing

// Throws InputError as runSweep() does, before anything runs.
void checkSweep(const SweepSpec& spec);
std::size_t sweepPointCount(const SweepSpec& spec);
SweepPointId sweepPointAt(const SweepSpec& spec, std::size_t index);
inline constexpr const char* kSweepOrder =
    "index = (run * sizes + size) * (algorithms + 1) + slot; slot = algorithms is the formula pair";

// Computes the points `indices` (ascending, each < sweepPointCount) and calls onPoint for each as
// it finishes, from the worker threads (several at once). A set spec.run.cancel throws Cancelled.
void runSweepPoints(
    const WorkloadSource& source, const SweepSpec& spec, const std::vector<std::size_t>& indices,
    const std::function<void(std::size_t index, const SweepPointValue& value)>& onPoint);

// The result of the values present (`values` has sweepPointCount entries); a series at a size
// with no value is a gap (SweepPoint with no values). `workload` names the first run's workload.
SweepResult summariseSweep(const SweepSpec& spec, std::string workload, const SweepValues& values);

// "FROM:TO:STEP", "FROM:TO" (step 1) or "N"; throws InputError (field "nodes") when malformed,
// FROM > TO, FROM < 1, STEP < 1 or more than 10 000 sizes.
std::vector<int> parseNodeRange(std::string_view text);

}  // namespace mr
