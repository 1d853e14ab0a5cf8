// A real cluster's whole day — docs/performance.md's rows that belong to the engine and the
// optimisers (Release; run them with --benchmark_repetitions=N and read the minimum):
//   BalancedPoolsNodes/N      balanced-pools' search on the 1000-job facebook-1000 batch
//                             ([Verma12b] Table I, seed 1, 233 920 tasks) on N nodes, 16 … 1024
//   BalancedPoolsJobs/J       the same with J jobs on 64 nodes (doubling the jobs)
//   BalancedPools10k          the 10 000-job batch (2.34 M tasks) on 64 nodes
//   Fb2010/ALGORITHM          a whole day of Facebook's 2010 cluster: SWIM's FB-2010 sample
//                             (24 442 jobs, 17.3 M tasks) on 3000 nodes × (4 map + 4 reduce)
//                             slots, imported as `mrsim import swim --nodes 3000` does, deadlines
//                             for the deadline policies as `--deadline-factor 1:2` (T_J alone)
//   Fb2010Workload            importing it (compact durations: the loaded day's memory)
//   Fb2010Days/ALGORITHM/D    the same day as D consecutive days (`mrsim import swim
//                             --repeat-days D`): a week or a month of the cluster, D = 1, 2, 7,
//                             14, 30, so that each algorithm's growth with the trace shows
//                             (per-job times only, as `mrsim run` without exports); the rows
//                             beyond 2 days run only with MRX_BENCH_FULL=1
//   Scenario/fifo, Scenario/faults   fifo on the facebook-1000 batch on 64 nodes without a
//                             scenario, and with 1 % of attempts failing and speculative execution
//                             on (model/Scenario.h): the second within 3× the first
//   SweepFaultsPoint          one point of `mrsim sweep-faults`: fifo at 1 % attempt failures
//                             with speculation on, the same batch and nodes, 10 seeded runs on
//                             all cores (experiments/FaultSweep.h); counters: mean and p95
//   Fb2010NodeFailures        fifo on the FB-2010 day with one node failing every hour (each back
//                             30 minutes later): < 10 s, < 2 GB
// Each benchmark reports the process's peak resident memory during it (peak_rss_mb). The FB-2010
// rows read MRX_TRACE_DIR/swim/FB-2010_samples_24_times_1hr_0.tsv (tests/data/traces by
// default) and skip, saying so, when it is absent. The balanced-pools rows beyond 64 nodes and the
// 10 000-job row take 10-25 s each (docs/performance.md); they run only with MRX_BENCH_FULL=1 and
// skip, saying so, otherwise.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include "experiments/FaultSweep.h"
#include "io/SwimImport.h"
#include "schedulers/BalancedPools.h"
#include "schedulers/Registry.h"
#include "workloads/Arrivals.h"
#include "workloads/Generators.h"

namespace {

const std::string kFb2010 =
    std::string(MRX_TRACES_DIR) + "/swim/FB-2010_samples_24_times_1hr_0.tsv";

double procStatusMb(const std::string& key) {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);) {
        if (line.rfind(key + ":", 0) == 0) {
            return std::stod(line.substr(key.size() + 1)) / 1024.0;  // kB
        }
    }
    return 0.0;
}

void resetPeak() {
    std::ofstream("/proc/self/clear_refs") << "5";  // VmHWM := current RSS (Linux >= 4.0)
}

double minimum(const std::vector<double>& v) {
    return *std::min_element(v.begin(), v.end());
}

const mr::Workload& facebook1000(int jobs, int nodes) {
    static std::map<std::pair<int, int>, mr::Workload> cache;
    auto& w = cache[{jobs, nodes}];
    if (w.jobs.empty()) {
        w = mr::generateWorkload("facebook-1000", {.jobs = jobs, .seed = 1, .nodes = nodes});
    }
    return w;
}

bool slowRowSkipped(benchmark::State& state, bool slow) {
    if (slow && std::getenv("MRX_BENCH_FULL") == nullptr) {
        state.SkipWithError("skipped: a slow row (minutes): set MRX_BENCH_FULL=1 to run it");
        return true;
    }
    return false;
}

void plan(benchmark::State& state, const mr::Workload& w) {
    resetPeak();
    mr::BalancedPoolsPlan result;
    for (auto _ : state) {
        result = mr::planBalancedPools(w);
        benchmark::DoNotOptimize(result.pools.size());
    }
    double end = 0.0;
    for (const auto& p : result.pools) {
        end = std::max(end, p.end);
    }
    long long pruned = 0;
    for (const auto& s : result.splits) {
        pruned += s.pruned ? 1 : 0;
    }
    state.counters["probes"] = static_cast<double>(result.simulations);
    state.counters["pruned_splits"] = static_cast<double>(pruned);
    state.counters["makespan"] = end;
    state.counters["tasks"] = static_cast<double>(w.taskCount());
    state.counters["peak_rss_mb"] = procStatusMb("VmHWM");
}

void BalancedPoolsNodes(benchmark::State& state) {
    if (slowRowSkipped(state, state.range(0) > 64)) {
        return;
    }
    plan(state, facebook1000(1000, static_cast<int>(state.range(0))));
}
BENCHMARK(BalancedPoolsNodes)
    ->RangeMultiplier(2)
    ->Range(16, 1024)
    ->Unit(benchmark::kMillisecond)
    ->ComputeStatistics("min", minimum);

void BalancedPoolsJobs(benchmark::State& state) {
    plan(state, facebook1000(static_cast<int>(state.range(0)), 64));
}
BENCHMARK(BalancedPoolsJobs)
    ->Arg(500)
    ->Arg(1000)
    ->Arg(2000)
    ->Arg(4000)
    ->Unit(benchmark::kMillisecond)
    ->ComputeStatistics("min", minimum);

void BalancedPools10k(benchmark::State& state) {
    if (slowRowSkipped(state, true)) {
        return;
    }
    plan(state, facebook1000(10000, 64));
}
BENCHMARK(BalancedPools10k)->Unit(benchmark::kSecond)->Iterations(1);

// The FB-2010 day, imported once (the import itself is bench_import's).
const mr::Workload* fb2010(bool deadlines) {
    static std::unique_ptr<mr::Workload> day[2];
    if (!std::filesystem::exists(kFb2010)) {
        return nullptr;
    }
    auto& w = day[deadlines ? 1 : 0];
    if (!w) {
        mr::SwimImportOptions options;
        options.cluster = {3000, 4, 4};
        w = std::make_unique<mr::Workload>(mr::importSwim(kFb2010, options));
        if (deadlines) {
            mr::addArrivalsAndDeadlines(*w, {std::nullopt, mr::parseDeadlineFactor("1:2")}, 1);
        }
    }
    return w.get();
}

void Fb2010(benchmark::State& state, const std::string& algorithm) {
    const bool deadlines =
        algorithm.find("edf") != std::string::npos || algorithm == "completion-time";
    const mr::Workload* w = fb2010(deadlines);
    if (w == nullptr) {
        state.SkipWithError(("skipped: the FB-2010 trace is absent: " + kFb2010).c_str());
        return;
    }
    resetPeak();
    mr::RunResult result;
    for (auto _ : state) {
        result = mr::runAlgorithm(*w, algorithm, {});
        benchmark::DoNotOptimize(std::as_const(
            result.sim.makespan));  // const: benchmark 1.7.1 zeroes a non-const double (GCC)
    }
    state.counters["makespan"] = result.sim.makespan;
    state.counters["records"] = static_cast<double>(result.sim.tasks.size());
    state.counters["tasks"] = static_cast<double>(mr::taskCount(result.sim.tasks));
    state.counters["peak_rss_mb"] = procStatusMb("VmHWM");
}

void runScenario(benchmark::State& state, const mr::Workload& w) {
    resetPeak();
    mr::RunResult result;
    for (auto _ : state) {
        result = mr::runAlgorithm(w, "fifo", {});
        benchmark::DoNotOptimize(std::as_const(result.sim.makespan));
    }
    long long failed = 0;
    long long copies = 0;
    for (const mr::JobTimes& t : result.sim.jobs) {
        failed += t.failedAttempts;
        copies += t.speculativeAttempts;
    }
    state.counters["makespan"] = result.sim.makespan;
    state.counters["failed_attempts"] = static_cast<double>(failed);
    state.counters["speculative"] = static_cast<double>(copies);
    state.counters["lost_outputs"] = static_cast<double>(result.sim.lostOutputs.size());
    state.counters["failed_jobs"] = result.sim.failedJobs;
    state.counters["peak_rss_mb"] = procStatusMb("VmHWM");
}

void Scenario(benchmark::State& state) {
    mr::Workload w = facebook1000(1000, 64);
    if (state.range(0) == 1) {
        w.scenario.failureProbability = 0.01;
        w.scenario.speculation.enabled = true;
    }
    state.SetLabel(state.range(0) == 1 ? "faults" : "fifo");
    runScenario(state, w);
}
BENCHMARK(Scenario)
    ->DenseRange(0, 1)
    ->Unit(benchmark::kMillisecond)
    ->ComputeStatistics("min", minimum);

void SweepFaultsPoint(benchmark::State& state) {
    const mr::Workload& w = facebook1000(1000, 64);
    mr::FaultSweepOptions options;
    options.values = {0.01};
    options.runs = 10;
    options.algorithms = {"fifo"};
    options.scenario.speculation.enabled = true;
    resetPeak();
    mr::FaultSweepResult result;
    for (auto _ : state) {
        result = mr::sweepFaults(w, options);
        benchmark::DoNotOptimize(result.points.size());
    }
    state.counters["makespan_mean"] = result.points[0].makespanMean;
    state.counters["makespan_p95"] = result.points[0].makespanP95;
    state.counters["failed_attempts"] = result.points[0].failedAttemptsMean;
    state.counters["peak_rss_mb"] = procStatusMb("VmHWM");
}
BENCHMARK(SweepFaultsPoint)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->ComputeStatistics("min", minimum);

void Fb2010NodeFailures(benchmark::State& state) {
    const mr::Workload* day = fb2010(false);
    if (day == nullptr) {
        state.SkipWithError(("skipped: the FB-2010 trace is absent: " + kFb2010).c_str());
        return;
    }
    mr::Workload w = *day;
    for (int hour = 1; hour <= 24; ++hour) {  // a different node each hour, spread over the racks
        const double at = 3600.0 * hour;
        w.scenario.nodeFailures.push_back({(hour * 127) % w.cluster.nodes, at, at + 1800.0});
    }
    runScenario(state, w);
}
BENCHMARK(Fb2010NodeFailures)->Unit(benchmark::kMillisecond)->Iterations(1);

void Fb2010Workload(benchmark::State& state) {
    if (!std::filesystem::exists(kFb2010)) {
        state.SkipWithError(("skipped: the FB-2010 trace is absent: " + kFb2010).c_str());
        return;
    }
    resetPeak();
    const double before = procStatusMb("VmRSS");
    for (auto _ : state) {
        mr::SwimImportOptions options;
        options.cluster = {3000, 4, 4};
        const mr::Workload w = mr::importSwim(kFb2010, options);
        state.counters["tasks"] = static_cast<double>(w.taskCount());
        state.counters["workload_mb"] = procStatusMb("VmRSS") - before;
    }
    state.counters["peak_rss_mb"] = procStatusMb("VmHWM");
}
BENCHMARK(Fb2010Workload)->Unit(benchmark::kMillisecond)->Iterations(1);

// FB-2010 repeated on `days` days; one trace kept at a time (a month is 733 260 jobs).
const mr::Workload* fb2010Days(int days, bool deadlines) {
    static std::unique_ptr<mr::Workload> kept;
    static std::pair<int, bool> keptKey{0, false};
    if (!std::filesystem::exists(kFb2010)) {
        return nullptr;
    }
    if (!kept || keptKey != std::pair{days, deadlines}) {
        kept.reset();
        mr::SwimImportOptions options;
        options.cluster = {3000, 4, 4};
        options.repeatDays = days;
        kept = std::make_unique<mr::Workload>(mr::importSwim(kFb2010, options));
        if (deadlines) {
            mr::addArrivalsAndDeadlines(*kept, {std::nullopt, mr::parseDeadlineFactor("1:2")}, 1);
        }
        keptKey = {days, deadlines};
    }
    return kept.get();
}

void Fb2010Days(benchmark::State& state, const std::string& algorithm) {
    const int days = static_cast<int>(state.range(0));
    if (slowRowSkipped(state, days > 2)) {
        return;
    }
    const bool deadlines =
        algorithm.find("edf") != std::string::npos || algorithm == "completion-time";
    const mr::Workload* w = fb2010Days(days, deadlines);
    if (w == nullptr) {
        state.SkipWithError(("skipped: the FB-2010 trace is absent: " + kFb2010).c_str());
        return;
    }
    resetPeak();
    mr::RunResult result;
    mr::RunOptions options;
    options.recordTasks = false;  // per-job times, as `mrsim run` keeps them without exports
    for (auto _ : state) {
        result = mr::runAlgorithm(*w, algorithm, options);
        benchmark::DoNotOptimize(std::as_const(result.sim.makespan));
    }
    state.counters["makespan"] = result.sim.makespan;
    state.counters["peak_rss_mb"] = procStatusMb("VmHWM");
}

}  // namespace

BENCHMARK_CAPTURE(Fb2010, hscheduler, std::string("hscheduler"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK_CAPTURE(Fb2010, fifo, std::string("fifo"))->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(Fb2010, fair, std::string("fair"))->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(Fb2010, online_hscheduler, std::string("online-hscheduler"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK_CAPTURE(Fb2010, edf, std::string("edf"))->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(Fb2010, min_edf, std::string("min-edf"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK_CAPTURE(Fb2010, min_edf_wc, std::string("min-edf-wc"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK_CAPTURE(Fb2010, completion_time, std::string("completion-time"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

#define MRX_FB2010_DAYS(name, id)                        \
    BENCHMARK_CAPTURE(Fb2010Days, name, std::string(id)) \
        ->ArgName("days")                                \
        ->Arg(1)                                         \
        ->Arg(2)                                         \
        ->Arg(7)                                         \
        ->Arg(14)                                        \
        ->Arg(30)                                        \
        ->Unit(benchmark::kMillisecond)                  \
        ->Iterations(1)
MRX_FB2010_DAYS(fifo, "fifo");
MRX_FB2010_DAYS(fair, "fair");
MRX_FB2010_DAYS(online_hscheduler, "online-hscheduler");
MRX_FB2010_DAYS(hscheduler, "hscheduler");
MRX_FB2010_DAYS(edf, "edf");
MRX_FB2010_DAYS(min_edf, "min-edf");
MRX_FB2010_DAYS(min_edf_wc, "min-edf-wc");
MRX_FB2010_DAYS(completion_time, "completion-time");

BENCHMARK_MAIN();
