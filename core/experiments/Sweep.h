// Sweep — makespan as a function of the cluster size (seed 000 Figs. 7–9): every algorithm
// simulated on the same jobs at each node count, plus the two-stage formula's Min (Johnson's
// order) and Max (reverse Johnson) lines, over one workload or over R generated ones (mean and
// spread). Runs on all cores; every (run, cluster size, algorithm) is computed on its own with a
// single thread, so the numbers do not depend on the thread count.
#pragma once

#include <functional>
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
// slots per node are kept.
using WorkloadSource = std::function<Workload(int run)>;

struct SweepPoint {
    double mean = 0.0, min = 0.0, max = 0.0;
    double stddev = 0.0;         // population standard deviation over the runs
    std::vector<double> values;  // one makespan per run
};

struct SweepSeries {
    std::string name;                // an algorithm id, or "formula-min" / "formula-max"
    bool formula = false;            // the two-stage formula rather than a simulation
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

// Throws InputError for an unknown algorithm id (before anything runs), no sizes or runs < 1.
SweepResult runSweep(const WorkloadSource& source, const SweepSpec& spec);

// "FROM:TO:STEP", "FROM:TO" (step 1) or "N"; throws InputError (field "nodes") when malformed,
// FROM > TO, FROM < 1, STEP < 1 or more than 10 000 sizes.
std::vector<int> parseNodeRange(std::string_view text);

}  // namespace mr
