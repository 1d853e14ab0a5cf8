// The utilisation and queue-depth series (timeline/UsageSeries.h): a three-job FIFO schedule
// worked out by hand, and invariants under every registered scheduler on seeded random workloads
// (running never above the slots, busy integrals equal to the summed executions, waiting equal to
// a per-task reference that sorts each task's attempts). Seeds are printed on failure.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "schedulers/Registry.h"
#include "support/TestSupport.h"
#include "timeline/TimelineIndex.h"
#include "timeline/UsageSeries.h"

namespace mr {
namespace {

// One node with two map slots and one reduce slot; J0 and J1 arrive at 0, J2 at 5.
Workload threeJobs() {
    Workload w;
    w.name = "three jobs";
    w.cluster = {1, 2, 1};
    w.jobs = {Job::uniform("J0", 2, 4, 1, 5), Job::uniform("J1", 3, 2, 1, 2),
              Job::uniform("J2", 1, 1, 1, 1)};
    w.jobs[2].arrival = 5.0;
    return w;
}

// FIFO, by hand: maps J0 [0,4)×2; J1 [4,6)×2 and [6,8); J2 [6,7). Reduces: J0 [4,9) (ready at
// 4); J2 ready at 7, J1 at 8; at 9 FIFO runs J1's [9,11), then J2's [11,12).
TEST(UsageSeries, ThreeJobFifoByHand) {
    const Workload w = threeJobs();
    const RunResult r = test::runChecked(w, "fifo", 1);
    ASSERT_DOUBLE_EQ(r.sim.makespan, 12.0);
    const UsageSeries series(w, r.sim);
    struct Expected {
        double from, to;
        UsageSample s;  // map running, reduce running, map waiting, reduce waiting
    };
    const Expected expected[] = {{0, 4, {2, 0, 3, 0}},
                                 {4, 5, {2, 1, 1, 0}},
                                 {5, 6, {2, 1, 2, 0}},
                                 {6, 7, {2, 1, 0, 0}},
                                 {7, 8, {1, 1, 0, 1}},
                                 {8, 9, {0, 1, 0, 2}},
                                 {9, 11, {0, 1, 0, 1}},
                                 {11, 12, {0, 1, 0, 0}},
                                 {12, 13, {0, 0, 0, 0}},
                                 // Means over intervals that cross the steps.
                                 {3, 5, {2, 0.5, 2, 0}},
                                 {0, 12, {15.0 / 12, 8.0 / 12, 15.0 / 12, 5.0 / 12}}};
    for (const Expected& e : expected) {
        SCOPED_TRACE(testing::Message() << "[" << e.from << ", " << e.to << ")");
        const UsageSample s = series.mean(e.from, e.to);
        EXPECT_NEAR(s.mapRunning, e.s.mapRunning, 1e-12);
        EXPECT_NEAR(s.reduceRunning, e.s.reduceRunning, 1e-12);
        EXPECT_NEAR(s.mapWaiting, e.s.mapWaiting, 1e-12);
        EXPECT_NEAR(s.reduceWaiting, e.s.reduceWaiting, 1e-12);
    }
    EXPECT_DOUBLE_EQ(series.busySeconds(TaskKind::Map), 15.0);
    EXPECT_DOUBLE_EQ(series.busySeconds(TaskKind::Reduce), 8.0);
    std::vector<UsageSample> pixels;
    series.sample(4.0, 0.5, 4, pixels);  // [4, 6) in half seconds: J2 arrives at 5
    ASSERT_EQ(pixels.size(), 4u);
    EXPECT_NEAR(pixels[1].mapWaiting, 1.0, 1e-12);
    EXPECT_NEAR(pixels[2].mapWaiting, 2.0, 1e-12);
}

// Reference waiting time per kind: each task waits from its job's ready time to its first
// attempt, then from each stopped attempt's end to the next attempt's start.
std::pair<double, double> waitingSeconds(const SimResult& sim) {
    std::map<std::tuple<int, int, int>, std::vector<TaskRecord>> attempts;
    std::vector<double> firstReduce(sim.jobs.size(), -1.0);
    for (const TaskRecord& t : expandWaves(sim.tasks)) {
        attempts[{t.job, t.kind == TaskKind::Map ? 0 : 1, t.task}].push_back(t);
        double& first = firstReduce[static_cast<std::size_t>(t.job)];
        if (t.kind == TaskKind::Reduce && (first < 0.0 || t.start < first)) {
            first = t.start;
        }
    }
    double waiting[2] = {0.0, 0.0};
    for (auto& [key, list] : attempts) {
        const auto [job, kind, task] = key;
        const JobTimes& times = sim.jobs[static_cast<std::size_t>(job)];
        std::sort(list.begin(), list.end(),
                  [](const TaskRecord& a, const TaskRecord& b) { return a.start < b.start; });
        double ready = kind == 0
                           ? times.arrival
                           : std::min(times.mapEnd, firstReduce[static_cast<std::size_t>(job)]);
        for (const TaskRecord& a : list) {
            waiting[kind] += a.start - ready;
            ready = a.end;
        }
    }
    return {waiting[0], waiting[1]};
}

class UsageSeriesInvariants : public ::testing::TestWithParam<std::string> {};

TEST_P(UsageSeriesInvariants, RunningWithinSlotsIntegralsMatchRecords) {
    const AlgorithmInfo& info = findAlgorithm(GetParam())->info();
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload input =
            test::randomWorkload(seed, {.maxJobs = 7,
                                        .maxMaps = 10,
                                        .maxReduces = 6,
                                        .arrivals = info.needs.arrivals || seed % 2 == 0,
                                        .deadlines = info.needs.deadlines || seed % 3 == 0});
        const RunResult r = test::runChecked(input, GetParam(), seed);
        const Workload& w = r.simulatedWorkload ? *r.simulatedWorkload : input;
        const UsageSeries series(w, r.sim);
        // Given the records' latest end (a chart's index knows it), the same series.
        const UsageSeries given(w, r.sim, TimelineIndex(r.sim).end());
        const double tolerance = 1e-9 * std::max(1.0, series.end());
        EXPECT_NEAR(series.busySeconds(TaskKind::Map), r.sim.mapBusy, tolerance);
        EXPECT_NEAR(series.busySeconds(TaskKind::Reduce), r.sim.reduceBusy, tolerance);
        // Sixty-four windows across the run: never more running tasks than slots.
        const double step = series.end() / 64.0;
        double waiting[2] = {0.0, 0.0};
        for (int i = 0; i < 64 && step > 0.0; ++i) {
            const UsageSample s = series.mean(i * step, (i + 1) * step);
            const UsageSample g = given.mean(i * step, (i + 1) * step);
            EXPECT_EQ(g.mapRunning, s.mapRunning);
            EXPECT_EQ(g.mapWaiting, s.mapWaiting);
            EXPECT_EQ(g.reduceRunning, s.reduceRunning);
            EXPECT_EQ(g.reduceWaiting, s.reduceWaiting);
            EXPECT_LE(s.mapRunning, r.sim.mapSlots + 1e-9);
            EXPECT_LE(s.reduceRunning, r.sim.reduceSlots + 1e-9);
            waiting[0] += s.mapWaiting * step;
            waiting[1] += s.reduceWaiting * step;
        }
        const auto [mapWaiting, reduceWaiting] = waitingSeconds(r.sim);
        EXPECT_NEAR(waiting[0], mapWaiting, 1e-6 * std::max(1.0, mapWaiting));
        EXPECT_NEAR(waiting[1], reduceWaiting, 1e-6 * std::max(1.0, reduceWaiting));
        // After the bin of the last event nothing runs or waits.
        const double after0 = std::ceil(series.end() / series.binWidth()) * series.binWidth();
        const UsageSample after = series.mean(after0, after0 + 1.0);
        EXPECT_EQ(after.mapRunning + after.reduceRunning + after.mapWaiting + after.reduceWaiting,
                  0.0);
    }
}

INSTANTIATE_TEST_SUITE_P(Registry, UsageSeriesInvariants, ::testing::ValuesIn(algorithmIds()),
                         test::AlgorithmParamName());

// The memory is the bins', whatever the number of tasks: a million records over a week.
TEST(UsageSeries, MemoryBoundedByBins) {
    Workload w;
    w.cluster = {1000, 1, 1};
    w.jobs = {Job::uniform("big", 1000000, 1.0, 0, 0.0)};
    SimResult sim;
    sim.mapSlots = 1000;
    sim.jobs.resize(1);
    sim.jobs[0].end = 7 * 86400.0;
    sim.jobs[0].mapEnd = sim.jobs[0].end;
    for (int i = 0; i < 1000000; ++i) {
        TaskRecord t;
        t.task = i;
        t.slot = i % 1000;
        t.start = (i / 1000) * 604.8;
        t.end = t.start + 1.0;
        sim.tasks.push_back(t);
    }
    const UsageSeries series(w, sim);
    EXPECT_LE(series.memoryBytes(), (UsageSeries::kMaxBins + 1) * 32 + 256);
    EXPECT_NEAR(series.busySeconds(TaskKind::Map), 1e6, 1e-3);
    // The whole week: a million task-seconds over 604 800 s.
    EXPECT_NEAR(series.mean(0, 604800).mapRunning, 1e6 / 604800.0, 1e-9);
}

}  // namespace
}  // namespace mr
