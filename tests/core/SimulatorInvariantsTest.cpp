// The engine's invariants on seeded random workloads (issue: at least 200), for every order
// algorithm; the checker itself is shown to catch violations.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "model/SeededRandom.h"
#include "perf/TwoStage.h"
#include "schedulers/Registry.h"
#include "sim/ScheduleCheck.h"
#include "sim/Simulator.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

constexpr int kWorkloads = 250;

TEST(SimulatorInvariants, HoldOnRandomWorkloadsForEveryOrderAlgorithm) {
    for (std::uint64_t seed = 1; seed <= kWorkloads; ++seed) {
        const Workload w = test::randomWorkload(
            seed, {.maxJobs = 12, .maxMaps = 25, .maxReduces = 10, .arrivals = seed % 2 == 0});
        for (const char* id : {"fifo", "johnson", "reverse-johnson", "random"}) {
            SCOPED_TRACE("seed " + std::to_string(seed) + ", " + id);
            RunOptions options;
            options.seed = seed;
            const RunResult r = runAlgorithm(w, id, options);
            const auto problems = checkSchedule(w, r.sim);
            EXPECT_TRUE(problems.empty()) << problems.front();
            EXPECT_EQ(taskCount(r.sim.tasks), w.taskCount());
            // Jobs start in policy order when all arrive at once (FIFO by that order).
            if (!w.hasArrivals()) {
                for (std::size_t i = 1; i < r.order.size(); ++i) {
                    EXPECT_LE(r.sim.jobs[static_cast<std::size_t>(r.order[i - 1])].start,
                              r.sim.jobs[static_cast<std::size_t>(r.order[i])].start);
                }
            }
        }
    }
}

TEST(SimulatorInvariants, OneWaveJobsThatFillAllSlotsMatchTheTwoStageFormula) {
    SeededRandom rng(9);
    for (int trial = 0; trial < 200; ++trial) {
        SCOPED_TRACE(trial);
        Workload w;
        w.cluster = {1 + static_cast<int>(rng.next() % 8), 1 + static_cast<int>(rng.next() % 2),
                     1 + static_cast<int>(rng.next() % 2)};
        const int n = 1 + static_cast<int>(rng.next() % 9);
        for (int j = 0; j < n; ++j) {
            const double m = 1 + static_cast<double>(rng.next() % 20);
            const double r = static_cast<double>(rng.next() % 20);  // 0: no reduce stage work
            w.jobs.push_back(Job::uniform("J" + std::to_string(j), w.cluster.mapSlots(), m,
                                          w.cluster.reduceSlots(), r));
        }
        std::vector<int> order(static_cast<std::size_t>(n));
        std::iota(order.begin(), order.end(), 0);
        rng.shuffle(order);
        const auto stages = allStageDurations(w, w.cluster.mapSlots(), w.cluster.reduceSlots());
        EXPECT_DOUBLE_EQ(simulateOrder(w, order).makespan, twoStageMakespan(stages, order));
    }
}

TEST(SimulatorInvariants, CheckerCatchesBrokenSchedules) {
    const Workload w = test::figure4(1);
    SimResult good = simulateOrder(w, {1, 4, 0, 3, 2});
    ASSERT_TRUE(checkSchedule(w, good).empty());
    good.tasks = expandWaves(good.tasks);  // one record per task, to break them one by one
    ASSERT_TRUE(checkSchedule(w, good).empty());

    SimResult overlap = good;  // a task moved onto a busy slot
    overlap.tasks[1].slot = overlap.tasks[0].slot;
    overlap.tasks[1].kind = overlap.tasks[0].kind;
    EXPECT_FALSE(checkSchedule(w, overlap).empty());

    SimResult twice = good;  // a task recorded twice
    twice.tasks.push_back(twice.tasks.back());
    EXPECT_FALSE(checkSchedule(w, twice).empty());

    SimResult early = good;  // a reduce task before its job's maps end
    for (auto& t : early.tasks) {
        if (t.kind == TaskKind::Reduce && t.job == 2) {
            t.start -= 10;  // same duration, ten seconds early
            t.end -= 10;
            break;
        }
    }
    EXPECT_FALSE(checkSchedule(w, early).empty());

    SimResult fast = good;  // a makespan below the work bound
    fast.makespan = 10;
    EXPECT_FALSE(checkSchedule(w, fast).empty());
}

}  // namespace
}  // namespace mr
