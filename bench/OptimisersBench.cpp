// The makespan optimisers on 100-job batches of [Verma12] §IV-A:
//   BalancedPools/<kind>  balanced-pools on 100 jobs, 64 nodes × 1 slot, one thread (target < 1 s
//                         for facebook); counters: simulations run, makespan vs Johnson
//   BalancedPoolsBisect   the same with Algorithm 2's plain bisection per split (no warm start)
//   BalancedPoolsTestbed  facebook on [Verma12]'s testbed: 64 nodes × 4 map + 4 reduce slots
//   HScheduler            re-split and Johnson on facebook
//   Sweep/<threads>       10 cluster sizes (10..100 nodes) × 5 algorithms on a 100-job batch of
//                         each of three kinds (target < 5 s on 2 cores)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <map>
#include <string>

#include "experiments/Sweep.h"
#include "schedulers/BalancedPools.h"
#include "schedulers/Registry.h"
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

}  // namespace

BENCHMARK_MAIN();
