// Simulator throughput on the 1000-job Facebook batch of [Verma12b] §IV-B (Table I ×10, LogNormal
// task times) on 64 nodes with one map and one reduce slot each: ~234 000 tasks.
//   BareFifoSlotLoop   the reference: a heap-driven FIFO list schedule that keeps no records
//   Simulate/records   the full engine (events, policy, barrier) keeping every task record
//   Simulate/quiet     the same without records (what the optimisers' inner loops use)
// Counters: tasks per second, and the process's peak resident memory.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <algorithm>
#include <functional>
#include <numeric>
#include <queue>
#include <utility>

#include "schedulers/Johnson.h"
#include "sim/Simulator.h"
#include "workloads/Facebook1000.h"

namespace {

const mr::Workload& batch() {
    static const mr::Workload w = mr::facebook1000(1000, 1, 64);
    return w;
}

double peakRssMb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;  // KiB on Linux
}

// Jobs in order; each map task to the map slot that frees first, each reduce task to the reduce
// slot that frees first but not before its job's last map ends. No events, no records.
double bareFifoSlotLoop(const mr::Workload& w) {
    using MinHeap = std::priority_queue<double, std::vector<double>, std::greater<>>;
    MinHeap maps(std::greater<>{},
                 std::vector<double>(static_cast<std::size_t>(w.cluster.mapSlots()), 0.0));
    MinHeap reduces(std::greater<>{},
                    std::vector<double>(static_cast<std::size_t>(w.cluster.reduceSlots()), 0.0));
    double makespan = 0.0;
    for (const auto& job : w.jobs) {
        double mapEnd = 0.0;
        for (double d : job.mapDurations) {
            const double end = maps.top() + d;
            maps.pop();
            maps.push(end);
            mapEnd = std::max(mapEnd, end);
        }
        double end = mapEnd;
        for (double d : job.reduceDurations) {
            const double e = std::max(reduces.top(), mapEnd) + d;
            reduces.pop();
            reduces.push(e);
            end = std::max(end, e);
        }
        makespan = std::max(makespan, end);
    }
    return makespan;
}

// The least-disturbed repetition: on a shared machine the minimum is the stable statistic.
double minimum(const std::vector<double>& v) {
    return *std::min_element(v.begin(), v.end());
}

void setCounters(benchmark::State& state) {
    state.counters["tasks/s"] = benchmark::Counter(static_cast<double>(batch().taskCount()),
                                                   benchmark::Counter::kIsIterationInvariantRate);
    state.counters["tasks"] = static_cast<double>(batch().taskCount());
    state.counters["peak_rss_MB"] = peakRssMb();
}

void BareFifoSlotLoop(benchmark::State& state) {
    for (auto _ : state) {
        benchmark::DoNotOptimize(bareFifoSlotLoop(batch()));
    }
    setCounters(state);
}
BENCHMARK(BareFifoSlotLoop)->Unit(benchmark::kMillisecond)->ComputeStatistics("min", minimum);

void Simulate(benchmark::State& state) {
    std::vector<int> order(static_cast<std::size_t>(batch().jobCount()));
    std::iota(order.begin(), order.end(), 0);
    mr::SimOptions options;
    options.recordTasks = state.range(0) != 0;
    std::size_t records = 0;
    for (auto _ : state) {
        const mr::SimResult r = mr::simulateOrder(batch(), order, options);
        records = r.tasks.size();
        benchmark::DoNotOptimize(
            std::as_const(r.makespan));  // const: benchmark 1.7.1 zeroes a non-const double (GCC)
    }
    setCounters(state);
    state.counters["records"] = static_cast<double>(records);
    state.counters["record_MB"] = static_cast<double>(records * sizeof(mr::TaskRecord)) / 1e6;
}
BENCHMARK(Simulate)
    ->Arg(1)
    ->Arg(0)
    ->ArgName("records")
    ->Unit(benchmark::kMillisecond)
    ->ComputeStatistics("min", minimum);

void JohnsonOrder(benchmark::State& state) {
    const auto stages =
        mr::allStageDurations(batch(), batch().cluster.mapSlots(), batch().cluster.reduceSlots());
    for (auto _ : state) {
        benchmark::DoNotOptimize(mr::johnsonOrder(stages));
    }
}
BENCHMARK(JohnsonOrder)->Unit(benchmark::kMicrosecond);

void StageDurationsExact(benchmark::State& state) {
    for (auto _ : state) {
        benchmark::DoNotOptimize(mr::allStageDurations(batch(), 64, 64));
    }
}
BENCHMARK(StageDurationsExact)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
