// Sweeps over cluster sizes ([Verma12] Figs. 7–9): the Figure 4 numbers at 30 nodes, the formula
// lines, statistics over runs, results independent of the thread count, one thread in total
// when bounded to one, and the FROM:TO:STEP syntax.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "experiments/Sweep.h"
#include "model/InputError.h"
#include "schedulers/Registry.h"
#include "support/TestSupport.h"
#include "workloads/Generators.h"

namespace mr {
namespace {

const SweepSeries& series(const SweepResult& r, const std::string& name) {
    for (const auto& s : r.series) {
        if (s.name == name) {
            return s;
        }
    }
    throw std::runtime_error("no series " + name);
}

TEST(Sweep, Figure4AtThirtyNodesGivesThePublishedLines) {
    SweepSpec spec;
    spec.nodes = {15, 30};
    spec.algorithms = {"johnson", "reverse-johnson"};
    const SweepResult r = runSweep([](int) { return test::figure4(1); }, spec);
    ASSERT_EQ(r.series.size(), 5u);
    EXPECT_EQ(r.series[2].name, kFormulaMin);
    EXPECT_EQ(r.series[4].name, kLowerBound);
    EXPECT_TRUE(r.series[4].formula);
    EXPECT_TRUE(r.series[2].formula);
    EXPECT_FALSE(r.series[0].formula);
    // At 30 nodes: MinSim = Min = 47, MaxSim = Max = 78 ([Verma12] §III-B).
    EXPECT_DOUBLE_EQ(series(r, "johnson").points[1].mean, 47.0);
    EXPECT_DOUBLE_EQ(series(r, "reverse-johnson").points[1].mean, 78.0);
    EXPECT_DOUBLE_EQ(series(r, kFormulaMin).points[1].mean, 47.0);
    EXPECT_DOUBLE_EQ(series(r, kFormulaMax).points[1].mean, 78.0);
    // At 15 nodes every stage takes two waves: the same model scaled by two.
    EXPECT_DOUBLE_EQ(series(r, kFormulaMin).points[0].mean, 94.0);
    EXPECT_DOUBLE_EQ(series(r, "johnson").points[0].mean, 94.0);
    // The lower bound: at 30 nodes 1 + Σ r = 47 (Johnson is optimal); at 15 nodes 1 + 2 · 46 =
    // 93 (the maps: 2 · 43 + 3 = 89).
    EXPECT_DOUBLE_EQ(series(r, kLowerBound).points[1].mean, 47.0);
    EXPECT_DOUBLE_EQ(series(r, kLowerBound).points[0].mean, 93.0);
}

TEST(Sweep, RunsGiveMeanAndSpreadOfTheirOwnSimulations) {
    SweepSpec spec;
    spec.nodes = {8, 16};
    spec.algorithms = {"johnson", "balanced-pools"};
    spec.runs = 3;
    const auto source = [](int run) {
        return generateWorkload("synthetic-bimodal",
                                {.jobs = 12, .seed = 40 + static_cast<std::uint64_t>(run)});
    };
    const SweepResult r = runSweep(source, spec);
    for (std::size_t p = 0; p < spec.nodes.size(); ++p) {
        const SweepPoint& point = series(r, "balanced-pools").points[p];
        ASSERT_EQ(point.values.size(), 3u);
        double sum = 0.0;
        for (int run = 0; run < 3; ++run) {
            Workload w = source(run);
            w.cluster.nodes = spec.nodes[p];
            const double direct = runAlgorithm(w, "balanced-pools", {}).makespan();
            EXPECT_DOUBLE_EQ(point.values[static_cast<std::size_t>(run)], direct);
            sum += direct;
        }
        EXPECT_DOUBLE_EQ(point.mean, sum / 3.0);
        EXPECT_LE(point.min, point.mean);
        EXPECT_GE(point.max, point.mean);
        EXPECT_GT(point.stddev, 0.0);
        EXPECT_LE(point.stddev, point.max - point.min);
    }
}

TEST(Sweep, ResultsDoNotDependOnTheThreadCount) {
    SweepSpec spec;
    spec.nodes = {5, 10, 20};
    spec.algorithms = {"johnson", "reverse-johnson", "balanced-pools", "hscheduler", "random"};
    spec.runs = 2;
    const auto source = [](int run) {
        return generateWorkload("yahoo-bimodal",
                                {.jobs = 15, .seed = 7 + static_cast<std::uint64_t>(run)});
    };
    spec.threads = 1;
    const SweepResult one = runSweep(source, spec);
    spec.threads = 4;
    const SweepResult four = runSweep(source, spec);
    ASSERT_EQ(one.series.size(), four.series.size());
    for (std::size_t s = 0; s < one.series.size(); ++s) {
        for (std::size_t p = 0; p < spec.nodes.size(); ++p) {
            EXPECT_EQ(one.series[s].points[p].values, four.series[s].points[p].values)
                << one.series[s].name << " at " << spec.nodes[p] << " nodes";
        }
    }
}

// sweep --threads 1 runs one thread in total: the points on the calling thread, and the searches
// inside them (balanced-pools' splits) too, through every nested parallel-for.
TEST(Sweep, OneThreadMeansOneThreadInTotal) {
    SweepSpec spec;
    spec.nodes = {10, 20};
    spec.algorithms = {"balanced-pools", "johnson"};
    spec.runs = 2;
    spec.threads = 1;
    const auto source = [](int run) {
        return generateWorkload("facebook",
                                {.jobs = 40, .seed = 3 + static_cast<std::uint64_t>(run)});
    };
    const test::LoopThreads loops;
    runSweep(source, spec);
    EXPECT_GT(loops.indices(), 8u);  // the points and the splits of each search
    EXPECT_EQ(loops.largestBound(), 1);
    EXPECT_TRUE(loops.onlyOn(std::this_thread::get_id())) << loops.threads() << " threads";
}

TEST(Sweep, UnknownAlgorithmIsAnInputError) {
    SweepSpec spec;
    spec.nodes = {4};
    spec.algorithms = {"johnson", "balanced-pool"};
    EXPECT_THROW(runSweep([](int) { return test::figure4(1); }, spec), InputError);
}

TEST(Sweep, NodeRangesParseOrFailClearly) {
    EXPECT_EQ(parseNodeRange("10:50:10"), (std::vector<int>{10, 20, 30, 40, 50}));
    EXPECT_EQ(parseNodeRange("10:45:10"), (std::vector<int>{10, 20, 30, 40}));
    EXPECT_EQ(parseNodeRange("3:5"), (std::vector<int>{3, 4, 5}));
    EXPECT_EQ(parseNodeRange("64"), (std::vector<int>{64}));
    for (const char* bad : {"", "10:", "a:5", "0:10:1", "10:5:1", "1:10:0", "1:10:2:3", "1:2e9",
                            "5:-1", "1:1000000:1"}) {
        SCOPED_TRACE(bad);
        try {
            parseNodeRange(bad);
            FAIL();
        } catch (const InputError& e) {
            EXPECT_EQ(e.field(), "nodes");
        }
    }
}

TEST(Sweep, ReportsProgressAndStopsWhenCancelled) {
    SweepSpec spec;
    spec.nodes = {10, 20, 30};
    spec.algorithms = {"johnson", "fifo"};
    std::atomic<std::size_t> calls{0};
    std::atomic<std::size_t> lastTotal{0};
    spec.progress = [&](std::size_t, std::size_t total) {
        ++calls;
        lastTotal = total;
    };
    runSweep([](int) { return test::figure4(2); }, spec);
    EXPECT_EQ(calls.load(), 9u);  // 3 sizes x (2 algorithms + the formula pair)
    EXPECT_EQ(lastTotal.load(), 9u);
    CancelFlag cancel{true};
    spec.run.cancel = &cancel;
    EXPECT_THROW(runSweep([](int) { return test::figure4(2); }, spec), Cancelled);
}

TEST(Sweep, BalancedPoolsStopsWhenCancelled) {
    CancelFlag cancel{true};
    RunOptions options;
    options.cancel = &cancel;
    EXPECT_THROW(runAlgorithm(test::figure4(2), "balanced-pools", options), Cancelled);
}

}  // namespace
}  // namespace mr
