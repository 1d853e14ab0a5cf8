// HScheduler ([Tian16] Alg. 3.2) and OnHScheduler (Alg. 3.3): Example 2's 35⅔ with the re-split
// stage durations, and on seeded random workloads: work is conserved, the simulation equals the
// two-stage formula of the re-split jobs, the schedules pass the engine's invariants.
#include <gtest/gtest.h>

#include <algorithm>

#include "io/WorkloadJson.h"
#include "perf/TwoStage.h"
#include "schedulers/HScheduler.h"
#include "schedulers/Johnson.h"
#include "schedulers/Registry.h"
#include "sim/JobOrders.h"
#include "sim/ScheduleCheck.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

TEST(HScheduler, Example2GivesThirtyFiveAndTwoThirds) {
    const Workload w = test::figure4(2);
    const RunResult r = runAlgorithm(w, "hscheduler", {});
    // [Tian16] Example 2: J3 -> (20, 8/3), J4 -> (4, 20); makespan 35 2/3.
    EXPECT_NEAR(r.makespan(), 107.0 / 3.0, 1e-9);
    EXPECT_NEAR(*r.modelMakespan, 107.0 / 3.0, 1e-9);
    ASSERT_EQ(r.stages.size(), 5u);
    EXPECT_DOUBLE_EQ(r.stages[2].map, 20.0);
    EXPECT_NEAR(r.stages[2].reduce, 8.0 / 3.0, 1e-12);
    EXPECT_DOUBLE_EQ(r.stages[3].map, 4.0);
    EXPECT_DOUBLE_EQ(r.stages[3].reduce, 20.0);
    EXPECT_EQ(r.stages[0], (StageDurations{4, 5}));  // the 30-task jobs do not change
    // Before the re-split (what the result shows as "before").
    ASSERT_EQ(r.inputStages.size(), 5u);
    EXPECT_EQ(r.inputStages[2], (StageDurations{30, 4}));
    EXPECT_EQ(r.inputStages[3], (StageDurations{6, 30}));
    // The simulated jobs are the re-split ones: 30 map tasks of 20 for J3.
    ASSERT_TRUE(r.simulatedWorkload);
    EXPECT_EQ(r.simulatedWorkload->jobs[2].maps(), 30);
    EXPECT_DOUBLE_EQ(r.simulatedWorkload->jobs[2].mapDurations.front(), 20.0);
    const auto problems = checkSchedule(*r.simulatedWorkload, r.sim);
    EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(HScheduler, ResplitConservesWorkAndKeepsMapOnlyJobsMapOnly) {
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = test::randomWorkload(seed, {.maxJobs = 10, .maxMaps = 40});
        const Workload split = resplitOverAllSlots(w);
        ASSERT_EQ(split.jobCount(), w.jobCount());
        for (std::size_t j = 0; j < w.jobs.size(); ++j) {
            const Job& before = w.jobs[j];
            const Job& after = split.jobs[j];
            EXPECT_EQ(after.name, before.name);
            EXPECT_EQ(after.maps(), w.cluster.mapSlots());
            EXPECT_EQ(after.reduces(), before.reduces() == 0 ? 0 : w.cluster.reduceSlots());
            EXPECT_NEAR(after.totalWork(TaskKind::Map), before.totalWork(TaskKind::Map), 1e-9);
            EXPECT_NEAR(after.totalWork(TaskKind::Reduce), before.totalWork(TaskKind::Reduce),
                        1e-9);
        }
    }
}

TEST(HScheduler, SimulationEqualsTheTwoStageFormulaOnRandomWorkloads) {
    for (std::uint64_t seed = 1; seed <= 120; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = test::randomWorkload(seed, {.maxJobs = 12, .maxMaps = 30});
        const RunResult r = runAlgorithm(w, "hscheduler", {});
        ASSERT_TRUE(r.simulatedWorkload);
        const double formula = twoStageMakespan(r.stages, r.order);
        EXPECT_NEAR(r.makespan(), formula, 1e-9 * formula);
        // Johnson's order of the re-split (m, r), which is optimal in the two-stage model.
        const auto resplit =
            allStageDurations(*r.simulatedWorkload, w.cluster.mapSlots(), w.cluster.reduceSlots());
        EXPECT_DOUBLE_EQ(formula, twoStageMakespan(resplit, johnsonOrder(resplit)));
        const auto problems = checkSchedule(*r.simulatedWorkload, r.sim);
        EXPECT_TRUE(problems.empty()) << problems.front();
    }
}

TEST(HScheduler, OnlineServesArrivalOrderAndMatchesTheFormulaWithArrivals) {
    for (std::uint64_t seed = 1; seed <= 120; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w =
            test::randomWorkload(seed, {.maxJobs = 12, .maxMaps = 30, .arrivals = true});
        const RunResult r = runAlgorithm(w, "online-hscheduler", {});
        EXPECT_EQ(r.order, arrivalOrder(w, fileOrder(w)));
        std::vector<double> arrivals;
        double firstArrival = 1e300;
        double lastEnd = 0.0;
        for (std::size_t j = 0; j < w.jobs.size(); ++j) {
            arrivals.push_back(w.jobs[j].arrival);
            firstArrival = std::min(firstArrival, w.jobs[j].arrival);
            lastEnd = std::max(lastEnd, r.sim.jobs[j].end);
        }
        const double formulaEnd = twoStageMakespan(r.stages, r.order, &arrivals);
        EXPECT_NEAR(lastEnd, formulaEnd, 1e-9 * formulaEnd);
        EXPECT_NEAR(r.makespan(), lastEnd - firstArrival, 1e-9 * formulaEnd);
        const auto problems = checkSchedule(*r.simulatedWorkload, r.sim);
        EXPECT_TRUE(problems.empty()) << problems.front();
    }
}

TEST(HScheduler, Example3OnlineGivesFiftyTwo) {
    // [Tian16] Example 3: OnHScheduler on Example 2's jobs arriving in index order (the sample
    // samples/example3-online.json: t = 0, 1, 2, 3, 4), 30 x 30 slots. By hand, FIFO by arrival
    // with J3 -> (20, 8/3) and J4 -> (4, 20): maps J1 [0,4] J2 [4,5] J3 [5,25] J4 [25,29]
    // J5 [29,31]; reduces J1 [4,9] J2 [9,13] J3 [25,27 2/3] J4 [29,49] J5 [49,52]: 52.
    const Workload sample = loadWorkload(test::samplePath("example3-online.json"));
    const RunResult r = runAlgorithm(sample, "online-hscheduler", {});
    EXPECT_DOUBLE_EQ(r.makespan(), 52.0);
    EXPECT_EQ(r.order, (std::vector<int>{0, 1, 2, 3, 4}));
    const double ends[] = {9, 13, 27.0 + 2.0 / 3.0, 49, 52};
    for (int j = 0; j < 5; ++j) {
        EXPECT_NEAR(r.sim.jobs[static_cast<std::size_t>(j)].end, ends[j], 1e-9) << "J" << j + 1;
    }
    // The reading holds for t2 <= 4, t3 <= 5, t4 <= 25, t5 <= 47: each job arrives before the
    // one ahead of it frees the map slots. One step beyond any of them and the makespan grows.
    Workload latest = sample;
    const double bounds[] = {0, 4, 5, 25, 47};
    for (int j = 1; j < 5; ++j) {
        latest.jobs[static_cast<std::size_t>(j)].arrival = bounds[j];
    }
    EXPECT_DOUBLE_EQ(runAlgorithm(latest, "online-hscheduler", {}).makespan(), 52.0);
    for (int j = 1; j < 5; ++j) {
        Workload later = latest;
        later.jobs[static_cast<std::size_t>(j)].arrival = bounds[j] + 1;
        for (int k = j + 1; k < 5; ++k) {  // keep the arrival order
            later.jobs[static_cast<std::size_t>(k)].arrival =
                std::max(bounds[k], bounds[j] + 1);
        }
        EXPECT_GT(runAlgorithm(later, "online-hscheduler", {}).makespan(), 52.0) << "J" << j + 1;
    }
    // Example 1's jobs (every job 30 + 30 tasks) also give 52 when J4 arrives first, then J1, J2,
    // J3, J5: maps J4 [0,6] J1 [6,10] J2 [10,11] J3 [11,41] J5 [41,43]; reduces J4 [6,36] J1 [36,41]
    // J2 [41,45] J3 [45,49] J5 [49,52]. In index order they give 74.
    Workload example1 = test::figure4(1);
    const double arrivals[] = {1, 2, 3, 0, 4};
    for (int j = 0; j < 5; ++j) {
        example1.jobs[static_cast<std::size_t>(j)].arrival = arrivals[j];
    }
    EXPECT_DOUBLE_EQ(runAlgorithm(example1, "online-hscheduler", {}).makespan(), 52.0);
    for (int j = 0; j < 5; ++j) {
        example1.jobs[static_cast<std::size_t>(j)].arrival = j;
    }
    EXPECT_DOUBLE_EQ(runAlgorithm(example1, "online-hscheduler", {}).makespan(), 74.0);
}

TEST(HScheduler, OfflineIsNoWorseThanOnlineWithoutArrivals) {
    // Without arrivals the online order is the file order; Johnson's is optimal for the re-split.
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = test::randomWorkload(seed, {.maxJobs = 10});
        EXPECT_LE(runAlgorithm(w, "hscheduler", {}).makespan(),
                  runAlgorithm(w, "online-hscheduler", {}).makespan() * (1 + 1e-12));
    }
}

}  // namespace
}  // namespace mr
