// The overheads model (model/Overheads.h) in the engine, on hand-computed cases: the AM's start,
// the slots it holds, the commit tail, the assignment gap, reduce slow-start with its tail; zero
// overheads change nothing; the schedule checker knows every rule; random workloads with random
// overheads keep every invariant under every kind of policy.
#include <gtest/gtest.h>

#include "io/WorkloadJson.h"
#include "model/SeededRandom.h"
#include "schedulers/Registry.h"
#include "sim/OrderPolicy.h"
#include "sim/ScheduleCheck.h"
#include "sim/Simulator.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

using test::tasksOf;

std::vector<double> startsOf(const SimResult& r, int job, TaskKind kind = TaskKind::Map) {
    std::vector<double> starts;
    for (const TaskRecord& t : tasksOf(r, job, kind)) {
        starts.push_back(t.start);
    }
    return starts;
}

TEST(Overheads, AbsentOrZeroChangeNothing) {
    // Every published number comes from workloads without overheads; explicit zeros (and a
    // slow-start of 1, the barrier) must give the very same schedule, task for task.
    for (int scenario : {1, 2}) {
        const Workload plain = test::figure4(scenario);
        Workload zero = plain;
        zero.overheads = {0.0, 0, 0.0, 0.0, 1.0, 0.0};
        zero.jobs[2].overheads.commit = 0.0;
        for (const char* id : {"fifo", "johnson", "balanced-pools", "hscheduler", "fair"}) {
            SCOPED_TRACE(id);
            const RunResult a = runAlgorithm(plain, id, {});
            const RunResult b = runAlgorithm(zero, id, {});
            EXPECT_EQ(a.sim.makespan, b.sim.makespan);
            ASSERT_EQ(a.sim.tasks.size(), b.sim.tasks.size());
            for (std::size_t i = 0; i < a.sim.tasks.size(); ++i) {
                EXPECT_EQ(a.sim.tasks[i].start, b.sim.tasks[i].start);
                EXPECT_EQ(a.sim.tasks[i].slot, b.sim.tasks[i].slot);
            }
        }
    }
    EXPECT_DOUBLE_EQ(runAlgorithm(test::figure4(1), "johnson", {}).sim.makespan, 47.0);
}

// The engine and the schedule checker read slow-start through one function (model/Overheads.h):
// fractions to six decimals, as imports write them.
TEST(Overheads, SlowstartThresholdCountsMapsToSixDecimals) {
    EXPECT_EQ(slowstartThreshold(1.0, 5), 5);  // the barrier
    EXPECT_EQ(slowstartThreshold(1.5, 5), 5);
    EXPECT_EQ(slowstartThreshold(0.0, 5), 0);
    EXPECT_EQ(slowstartThreshold(0.5, 3), 2);
    EXPECT_EQ(slowstartThreshold(0.666667, 3), 2);  // 2 of 3 maps as an import writes it
    EXPECT_EQ(slowstartThreshold(0.6666, 3), 2);
    EXPECT_EQ(slowstartThreshold(0.05, 100), 5);
    EXPECT_EQ(slowstartThreshold(0.0502, 100), 6);
    EXPECT_EQ(slowstartThreshold(0.5, 0), 0);
}

TEST(Overheads, AmStartAndCommitByHand) {
    // One node, two map slots; A arrives at 1 with two maps of 4 s. The AM starts for 3 s: both
    // maps run [4, 8]; the commit takes 2 s: A completes at 10 (makespan 10 − 1 = 9).
    Workload w;
    w.cluster = {1, 2, 1};
    w.jobs = {Job::uniform("A", 2, 4, 0, 0)};
    w.jobs[0].arrival = 1;
    w.jobs[0].overheads.amStart = 3.0;
    w.jobs[0].overheads.commit = 2.0;
    const SimResult r = simulateOrder(w, {0});
    EXPECT_EQ(startsOf(r, 0), (std::vector<double>{4, 4}));
    EXPECT_DOUBLE_EQ(r.jobs[0].arrival, 1.0);
    EXPECT_DOUBLE_EQ(r.jobs[0].start, 4.0);
    EXPECT_DOUBLE_EQ(r.jobs[0].mapEnd, 8.0);
    EXPECT_DOUBLE_EQ(r.jobs[0].end, 10.0);
    EXPECT_DOUBLE_EQ(r.makespan, 9.0);
    EXPECT_TRUE(checkSchedule(w, r).empty());
}

TEST(Overheads, AssignGapKeepsTheSlotIdleAfterEachTask) {
    // One map slot, three maps of 2 s, a gap of 0.5 s after each: [0,2], [2.5,4.5], [5,7]. The
    // job's reduce (1 s) starts on the idle reduce slot at the barrier, 7: no gap before a slot's
    // first task. A cluster default applies to every job.
    Workload w;
    w.cluster = {1, 1, 1};
    w.jobs = {Job::uniform("A", 3, 2, 1, 1)};
    w.overheads.assignGap = 0.5;
    const SimResult r = simulateOrder(w, {0});
    EXPECT_EQ(startsOf(r, 0), (std::vector<double>{0, 2.5, 5}));
    EXPECT_EQ(startsOf(r, 0, TaskKind::Reduce), (std::vector<double>{7}));
    EXPECT_DOUBLE_EQ(r.jobs[0].end, 8.0);
    EXPECT_TRUE(checkSchedule(w, r).empty());
    // A job's own value overrides the cluster's.
    w.jobs[0].overheads.assignGap = 1.0;
    const SimResult own = simulateOrder(w, {0});
    EXPECT_EQ(startsOf(own, 0), (std::vector<double>{0, 3, 6}));
    EXPECT_TRUE(checkSchedule(w, own).empty());
}

TEST(Overheads, AmSlotsAreHeldForTheJobsLife) {
    // One node with three map slots; A and B arrive at 0, each with an AM of 2 slots starting in
    // 1 s and two maps of 4 s. A's AM takes slots 2 and 1 at 0: A's maps run one after the other
    // on slot 0, [1,5] and [5,9]; A completes at 9. B's AM cannot have 2 slots while A's holds 2
    // of 3 (one must stay for tasks): it gets them at 9, B's maps run [10,14] and [14,18].
    Workload w;
    w.cluster = {1, 3, 1};
    w.jobs = {Job::uniform("A", 2, 4, 0, 0), Job::uniform("B", 2, 4, 0, 0)};
    w.overheads.amSlots = 2;
    w.overheads.amStart = 1.0;
    const SimResult r = simulateOrder(w, {0, 1});
    EXPECT_EQ(startsOf(r, 0), (std::vector<double>{1, 5}));
    EXPECT_EQ(startsOf(r, 1), (std::vector<double>{10, 14}));
    for (const TaskRecord& t : r.tasks) {
        EXPECT_EQ(t.slot, 0) << "a task ran on a slot an AM holds";
    }
    EXPECT_DOUBLE_EQ(r.jobs[0].end, 9.0);
    EXPECT_DOUBLE_EQ(r.jobs[1].end, 18.0);
    EXPECT_TRUE(checkSchedule(w, r).empty());
}

TEST(Overheads, AnAmNeverTakesThePoolsLastMapSlot) {
    // One node of two map slots and an AM of 2: it gets one slot (the pool keeps one for the
    // tasks), so the job still runs, its maps one after the other.
    Workload w;
    w.cluster = {1, 2, 1};
    w.jobs = {Job::uniform("A", 2, 3, 0, 0)};
    w.jobs[0].overheads.amSlots = 1;
    const SimResult r = simulateOrder(w, {0});
    EXPECT_EQ(startsOf(r, 0), (std::vector<double>{0, 3}));
    EXPECT_TRUE(checkSchedule(w, r).empty());
}

TEST(Overheads, ReduceSlowStartHoldsEarlyReducesUntilTheMapStageEnds) {
    // Two map slots, one reduce slot. Maps of 1 and 5 s; slow-start 0.5: the reduces open when 1
    // of 2 maps is done, at 1. r0 (2 s) starts at 1; its own end, 3, comes before the map stage
    // ends (5): it completes reduce_tail = 1.5 s after, at 6.5, holding its slot. r1 (3 s)
    // starts after the map stage: [6.5, 9.5].
    Workload w;
    w.cluster = {1, 2, 1};
    Job job;
    job.name = "A";
    job.mapDurations = {1, 5};
    job.reduceDurations = {2, 3};
    job.overheads.slowstart = 0.5;
    job.overheads.reduceTail = 1.5;
    w.jobs = {job};
    const SimResult r = simulateOrder(w, {0});
    const auto reduces = tasksOf(r, 0, TaskKind::Reduce);
    ASSERT_EQ(reduces.size(), 2u);
    EXPECT_DOUBLE_EQ(reduces[0].start, 1.0);
    EXPECT_DOUBLE_EQ(reduces[0].end, 6.5);
    EXPECT_DOUBLE_EQ(reduces[1].start, 6.5);
    EXPECT_DOUBLE_EQ(reduces[1].end, 9.5);
    EXPECT_DOUBLE_EQ(r.jobs[0].mapEnd, 5.0);
    EXPECT_DOUBLE_EQ(r.jobs[0].end, 9.5);
    EXPECT_TRUE(checkSchedule(w, r).empty());

    // An early reduce whose own end is after map end + tail keeps its own end: maps 1 and 3,
    // one reduce of 5 from 1: max(1 + 5, 3 + 1.5) = 6.
    w.jobs[0].mapDurations = {1, 3};
    w.jobs[0].reduceDurations = {5};
    const SimResult own = simulateOrder(w, {0});
    EXPECT_DOUBLE_EQ(tasksOf(own, 0, TaskKind::Reduce)[0].start, 1.0);
    EXPECT_DOUBLE_EQ(own.jobs[0].end, 6.0);
    EXPECT_TRUE(checkSchedule(w, own).empty());

    // Slow-start 0: the reduce opens with the job (at its arrival), still ends after the maps.
    w.jobs[0].overheads.slowstart = 0.0;
    const SimResult zero = simulateOrder(w, {0});
    EXPECT_DOUBLE_EQ(tasksOf(zero, 0, TaskKind::Reduce)[0].start, 0.0);
    EXPECT_DOUBLE_EQ(zero.jobs[0].end, 5.0);  // max(0 + 5, 3 + 1.5)
    EXPECT_TRUE(checkSchedule(w, zero).empty());
}

TEST(Overheads, TheScheduleCheckerKnowsTheRules) {
    Workload w;
    w.cluster = {1, 1, 1};
    w.jobs = {Job::uniform("A", 2, 2, 0, 0)};
    w.jobs[0].overheads = {1.0, std::nullopt, 0.5, 0.25, std::nullopt, std::nullopt};
    const SimResult good = simulateOrder(w, {0});
    // [1,3], gap, [3.25,5.25], commit: 5.75.
    EXPECT_EQ(startsOf(good, 0), (std::vector<double>{1, 3.25}));
    EXPECT_DOUBLE_EQ(good.jobs[0].end, 5.75);
    ASSERT_TRUE(checkSchedule(w, good).empty());

    SimResult early = good;  // a task before the AM started
    for (TaskRecord& t : early.tasks.memory()) {
        t.start -= 0.5;
        t.end -= 0.5;
    }
    early.jobs[0].start -= 0.5;
    early.jobs[0].mapEnd -= 0.5;
    early.jobs[0].end -= 0.5;
    early.makespan -= 0.5;
    EXPECT_FALSE(checkSchedule(w, early).empty());

    SimResult noGap = good;  // the second task right after the first
    noGap.tasks.memory()[1].start = 3.0;
    noGap.tasks.memory()[1].end = 5.0;
    noGap.jobs[0].mapEnd = 5.0;
    noGap.jobs[0].end = 5.5;
    noGap.makespan = 5.5;
    EXPECT_FALSE(checkSchedule(w, noGap).empty());

    SimResult noCommit = good;  // completion without the commit time
    noCommit.jobs[0].end = 5.25;
    noCommit.makespan = 5.25;
    EXPECT_FALSE(checkSchedule(w, noCommit).empty());
}

TEST(Overheads, RandomWorkloadsKeepEveryInvariant) {
    SeededRandom rng(20240);
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        test::RandomWorkloadOptions options;
        options.arrivals = true;
        Workload w = test::randomWorkload(seed, options);
        const auto time = [&rng] { return rng.uniform(0.0, 3.0); };
        const auto coin = [&rng] { return rng.uniformInt(0, 1); };
        w.overheads.assignGap = coin() ? time() : 0.0;
        for (Job& job : w.jobs) {
            if (coin()) {
                job.overheads.amStart = time();
            }
            if (coin()) {
                job.overheads.commit = time();
            }
            if (coin() && w.cluster.mapSlots() > 1) {
                job.overheads.amSlots = std::min(w.cluster.mapSlotsPerNode, 1 + coin());
            }
            if (coin()) {
                job.overheads.slowstart = rng.uniform(0.0, 1.0);
                job.overheads.reduceTail = time();
            }
        }
        if (w.cluster.mapSlotsPerNode < 2 || w.cluster.mapSlots() < 3) {
            for (Job& job : w.jobs) {
                job.overheads.amSlots.reset();
            }
        }
        for (const char* id : {"fifo", "johnson", "fair", "balanced-pools", "edf"}) {
            SCOPED_TRACE(std::string(id) + " seed " + std::to_string(seed));
            const RunResult r = runAlgorithm(w, id, {});
            const auto problems = checkSchedule(w, r.sim);
            EXPECT_TRUE(problems.empty()) << problems.front() << serializeWorkload(w);
        }
    }
}

}  // namespace
}  // namespace mr
