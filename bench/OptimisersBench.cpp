// The makespan optimisers on 100-job batches of [Verma12] §IV-A:
//   BalancedPools/<kind>  balanced-pools on 100 jobs, 64 nodes × 1 slot, one thread (target < 1 s
//                         for facebook); counters: simulations run, makespan vs Johnson
//   BalancedPoolsBisect   the same with Algorithm 2's plain bisection per split (no warm start)
//   BalancedPoolsTestbed  facebook on [Verma12]'s testbed: 64 nodes × 4 map + 4 reduce slots
//   HScheduler            re-split and Johnson on facebook
//   Sweep/<threads>       10 cluster sizes (10..100 nodes) × 5 algorithms on a 100-job batch of
//                         each of three kinds (target < 5 s on 2 cores)
//   BalancedPoolsProgress/<case>  what the explorer sees of a long search, all cores: the time to
//                         its first plan (plain Johnson's) and the longest time its progress
//                         count stood still (target < 2 s), sampled every 20 ms; counter
//                         `percent`: how far it got. Cases: 0 = SWIM FB-2010's day imported on
//                         3000 nodes (MRX_TRACE_DIR; stopped after 60 s: the exact search
//                         takes days there), 1 = the 1000-job facebook batch on 512 nodes (run
//                         to its end; `answerSeconds`), 2 = FB-2010's day on 64 nodes (to its
//                         end).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <map>
#include <string>
#include <thread>

#include "experiments/Sweep.h"
#include "io/SwimImport.h"
#include "schedulers/BalancedPools.h"
#include "schedulers/Registry.h"
#include "workloads/Facebook1000.h"
#include "workloads/Generators.h"

namespace {

const char* const kKinds[] = {"facebook", "synthetic-bimodal", "yahoo-bimodal"};

const mr::Workload& batch(const std::string& kind, int slotsPerNode = 1) {
    static std::map<std::pair<std::string, int>, mr::Workload> cache;
    auto it = cache.find({kind, slotsPerNode});
    if (it == cache.end()) {
        it = cache
                 .emplace(
                     std::make_pair(kind, slotsPerNode),
                     mr::generateWorkload(
                         kind, {.jobs = 100, .seed = 1, .nodes = 64, .slotsPerNode = slotsPerNode}))
                 .first;
    }
    return it->second;
}

double minimum(const std::vector<double>& v) {
    return *std::min_element(v.begin(), v.end());
}

void planOnce(benchmark::State& state, const mr::Workload& w, bool gallop) {
    mr::BalancedPoolsPlan plan;
    for (auto _ : state) {
        plan = mr::planBalancedPools(w, {.gallop = gallop});
        benchmark::DoNotOptimize(plan.pools.size());
    }
    double end = 0.0;
    for (const auto& p : plan.pools) {
        end = std::max(end, p.end);
    }
    state.counters["simulations"] = static_cast<double>(plan.simulations);
    state.counters["pools"] = static_cast<double>(plan.pools.size());
    state.counters["vs_johnson_pct"] = (plan.johnsonEnd - end) / plan.johnsonEnd * 100.0;
    state.counters["tasks"] = static_cast<double>(w.taskCount());
}

void BalancedPools(benchmark::State& state) {
    planOnce(state, batch(kKinds[state.range(0)]), false);
    state.SetLabel(kKinds[state.range(0)]);
}
BENCHMARK(BalancedPools)
    ->DenseRange(0, 2)
    ->Unit(benchmark::kMillisecond)
    ->ComputeStatistics("min", minimum);

void BalancedPoolsGallop(benchmark::State& state) {
    planOnce(state, batch(kKinds[state.range(0)]), true);
    state.SetLabel(kKinds[state.range(0)]);
}
BENCHMARK(BalancedPoolsGallop)
    ->DenseRange(0, 2)
    ->Unit(benchmark::kMillisecond)
    ->ComputeStatistics("min", minimum);

void BalancedPoolsTestbed(benchmark::State& state) {
    planOnce(state, batch("facebook", 4), false);
}
BENCHMARK(BalancedPoolsTestbed)->Unit(benchmark::kMillisecond)->ComputeStatistics("min", minimum);

// The whole algorithm as `mrsim run` runs it: search, then the final simulation with records.
void BalancedPoolsRun(benchmark::State& state) {
    for (auto _ : state) {
        benchmark::DoNotOptimize(mr::runAlgorithm(batch("facebook"), "balanced-pools", {}));
    }
}
BENCHMARK(BalancedPoolsRun)->Unit(benchmark::kMillisecond)->ComputeStatistics("min", minimum);

void HScheduler(benchmark::State& state) {
    for (auto _ : state) {
        benchmark::DoNotOptimize(mr::runAlgorithm(batch("facebook"), "hscheduler", {}));
    }
}
BENCHMARK(HScheduler)->Unit(benchmark::kMillisecond)->ComputeStatistics("min", minimum);

void Sweep(benchmark::State& state) {
    mr::SweepSpec spec;
    spec.nodes = mr::parseNodeRange("10:100:10");
    spec.algorithms = {"johnson", "reverse-johnson", "balanced-pools", "hscheduler", "fifo"};
    spec.threads = static_cast<int>(state.range(1));
    const std::string kind = kKinds[state.range(0)];
    const mr::Workload& w = batch(kind);
    for (auto _ : state) {
        benchmark::DoNotOptimize(mr::runSweep([&](int) { return w; }, spec));
    }
    state.SetLabel(kind);
}
BENCHMARK(Sweep)
    ->ArgsProduct({{0, 1, 2}, {1, 2}})
    ->ArgNames({"kind", "threads"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->ComputeStatistics("min", minimum);

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

mr::Workload progressCase(int which) {
    if (which == 1) {
        return mr::facebook1000(1000, 1, 512);
    }
    mr::SwimImportOptions options;
    options.cluster.nodes = which == 2 ? 64 : 3000;
    return mr::importSwim(std::string(MRX_TRACES_DIR) + "/swim/FB-2010_samples_24_times_1hr_0.tsv",
                          options);
}

void BalancedPoolsProgress(benchmark::State& state) {
    if (std::getenv("MRX_BENCH_FULL") == nullptr) {  // a minute a row
        state.SkipWithError("skipped: a slow row (a minute): set MRX_BENCH_FULL=1 to run it");
        return;
    }
    const mr::Workload w = progressCase(static_cast<int>(state.range(0)));
    const double limit = state.range(0) == 0 ? 60.0 : 1e9;
    for (auto _ : state) {
        mr::Progress progress;
        mr::CancelFlag cancel{false};
        std::atomic<bool> ended{false};
        std::atomic<double> firstPlan{-1.0};
        const auto start = std::chrono::steady_clock::now();
        double longestStill = 0.0;
        std::thread watch([&] {
            long long seen = -1;
            double since = 0.0;
            while (!ended) {
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
                const double now = secondsSince(start);
                if (progress.done.load() != seen) {
                    seen = progress.done.load();
                    longestStill = std::max(longestStill, now - since);
                    since = now;
                }
                if (now > limit) {
                    mr::cancel(cancel);
                }
            }
        });
        mr::RunOptions options;
        options.progress = &progress;
        options.cancel = &cancel;
        options.incumbent = [&](const std::shared_ptr<const mr::RunResult>&) {
            if (firstPlan < 0.0) {
                firstPlan = secondsSince(start);
            }
        };
        try {
            mr::runAlgorithm(w, "balanced-pools", options);
            state.counters["answerSeconds"] = secondsSince(start);
        } catch (const mr::Cancelled&) {
        }
        ended = true;
        watch.join();
        state.SetIterationTime(secondsSince(start));
        state.counters["firstPlanSeconds"] = firstPlan.load();
        state.counters["longestStillSeconds"] = longestStill;
        state.counters["percent"] = 100.0 * progress.fraction();
    }
}
BENCHMARK(BalancedPoolsProgress)
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->UseManualTime()
    ->Iterations(1)
    ->Unit(benchmark::kSecond);

}  // namespace

BENCHMARK_MAIN();
