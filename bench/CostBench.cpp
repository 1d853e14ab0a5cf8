// LiPS solve times ([Ehsan13] §VI-A: "tens of milliseconds" for thousands of tasks with GLPK).
//   Ec2/*        the 20-node EC2 testbed with 10 c1.medium nodes, jobs J1–J9 (1608 tasks)
//   Random100/*  a Fig. 5 random model of 100 machines, 100 stores and 400 jobs (the scale of
//                the paper's SWIM-derived 100-node experiment), ~19 000 tasks
// Each iteration builds the LP, solves it and rounds it to 64 MB blocks; the baselines simulate.
// Counters: LP columns and rows of the largest LP, LPs solved, the process's peak memory.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <algorithm>
#include <utility>

#include "cost/CostAlgorithms.h"
#include "cost/CostGenerators.h"

namespace {

const mr::cost::CostModel& ec2() {
    static const mr::cost::CostModel m = mr::cost::ec2CostModel(10);
    return m;
}

const mr::cost::CostModel& random100() {
    static const mr::cost::CostModel m = mr::cost::randomCostModel({100, 400, 0, 1});
    return m;
}

double minimum(const std::vector<double>& v) {
    return *std::min_element(v.begin(), v.end());
}

void run(benchmark::State& state, const mr::cost::CostModel& model, const char* id) {
    mr::cost::CostOptions options;
    options.epochS = 600.0;
    mr::cost::CostResult r;
    for (auto _ : state) {
        r = mr::cost::runCostAlgorithm(model, id, options);
        benchmark::DoNotOptimize(
            std::as_const(r.cost));  // const: benchmark 1.7.1 zeroes a non-const double (GCC)
    }
    if (!r.feasible) {
        state.SkipWithError(r.message.c_str());
    }
    int tasks = 0;
    for (int k = 0; k < static_cast<int>(model.jobs.size()); ++k) {
        tasks += model.jobTasks(k);
    }
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    state.counters["tasks"] = tasks;
    state.counters["lp_columns"] = r.solver.columns;
    state.counters["lp_rows"] = r.solver.rows;
    state.counters["lps"] = r.solver.programs;
    state.counters["peak_rss_MB"] = static_cast<double>(usage.ru_maxrss) / 1024.0;
}

void Ec2(benchmark::State& state, const char* id) {
    run(state, ec2(), id);
}

void Random100(benchmark::State& state, const char* id) {
    run(state, random100(), id);
}

}  // namespace

#define MRX_COST_BENCH(group, name, id) \
    BENCHMARK_CAPTURE(group, name, id)  \
        ->Unit(benchmark::kMillisecond) \
        ->ComputeStatistics("min", minimum)

MRX_COST_BENCH(Ec2, lips, "lips");
MRX_COST_BENCH(Ec2, lips_coschedule, "lips-coschedule");
MRX_COST_BENCH(Ec2, lips_online_600s, "lips-online");
MRX_COST_BENCH(Ec2, hadoop_default, "hadoop-default");
MRX_COST_BENCH(Ec2, delay, "delay");
MRX_COST_BENCH(Random100, lips, "lips")->Iterations(1);
MRX_COST_BENCH(Random100, lips_coschedule, "lips-coschedule")->Iterations(1);
MRX_COST_BENCH(Random100, lips_online_600s, "lips-online")->Iterations(1);
MRX_COST_BENCH(Random100, hadoop_default, "hadoop-default");
MRX_COST_BENCH(Random100, delay, "delay");

BENCHMARK_MAIN();
