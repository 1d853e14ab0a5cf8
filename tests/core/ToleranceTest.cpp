// The one tolerance for times (model/Tolerance.h): relative to the durations compared,
// not to the clock. A deadline missed by 1 s counts as missed at t = 0 and at t = 1e10; events 1 s
// apart stay apart at t = 1e11; every scheduler gives the same schedule for a batch arriving at
// 0 and the same batch arriving at 1e11 (whole-second durations are exact there); sums of the
// same durations in another order still count as one instant.
#include <gtest/gtest.h>

#include "experiments/DeadlineMetrics.h"
#include "model/Tolerance.h"
#include "schedulers/Registry.h"
#include "sim/ScheduleCheck.h"
#include "sim/Simulator.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

TEST(Tolerance, ADeadlineMissedByOneSecondIsMissedAtAnyClock) {
    for (const double arrival : {0.0, 1e6, 1e10}) {
        SCOPED_TRACE(arrival);
        EXPECT_TRUE(missedDeadline(arrival, 100.0, arrival + 101.0));
        EXPECT_TRUE(missedDeadline(arrival, 100.0, arrival + 100.001));
        EXPECT_FALSE(missedDeadline(arrival, 100.0, arrival + 100.0));
        EXPECT_FALSE(missedDeadline(arrival, 100.0, arrival + 99.0));
    }
    // Met exactly, with the completion a sum of durations that rounds: not late.
    double end = 0.0;
    for (int i = 0; i < 1000; ++i) {
        end += 0.1;  // 99.9999999999986
    }
    EXPECT_FALSE(missedDeadline(0.0, 100.0, end + 1e-12));
    EXPECT_FALSE(missedDeadline(1e10, 100.0, 1e10 + end));
}

TEST(Tolerance, ADeadlineRunMissedByOneSecondIsLateAtAnyArrival) {
    for (const double arrival : {0.0, 1e10}) {
        SCOPED_TRACE(arrival);
        Workload w;
        w.cluster = {1, 1, 1};
        Job job = Job::uniform("J", 1, 101.0, 0, 0.0);
        job.arrival = arrival;
        job.deadline = 100.0;
        w.jobs.push_back(job);
        const RunResult r = runAlgorithm(w, "edf", {});
        EXPECT_EQ(r.sim.jobs[0].end, arrival + 101.0);
        const DeadlineMetrics m = deadlineMetrics(w, r);
        EXPECT_EQ(m.missed, 1);
        EXPECT_DOUBLE_EQ(m.relativeDeadlineExceeded, 0.01);
    }
}

TEST(Tolerance, EventsOneSecondApartDoNotMergeAtLargeTimes) {
    // One slot; 51 one-second map tasks then a reduce: every task end is its own instant.
    for (const double arrival : {0.0, 1e11}) {
        SCOPED_TRACE(arrival);
        Workload w;
        w.cluster = {1, 1, 1};
        Job job = Job::uniform("J", 51, 1.0, 1, 1.0);
        job.arrival = arrival;
        w.jobs.push_back(job);
        const SimResult r = simulateOrder(w, {0});
        EXPECT_EQ(r.makespan, 52.0);
        EXPECT_EQ(r.jobs[0].mapEnd, arrival + 51.0);
        for (const TaskRecord& t : r.tasks) {
            EXPECT_EQ(t.end - t.start, 1.0);
        }
        EXPECT_TRUE(checkSchedule(w, r).empty());
    }
    EXPECT_FALSE(sameInstant(1e11, 1e11 + 1.0));
    EXPECT_TRUE(sameInstant(1e11, std::nextafter(1e11, 2e11)));
}

TEST(Tolerance, SumsOfTheSameDurationsInAnotherOrderAreOneInstant) {
    const double a = (0.1 + 0.2) + 0.3;
    const double b = 0.1 + (0.2 + 0.3);
    ASSERT_NE(a, b);  // 0.6000000000000001 and 0.6
    EXPECT_TRUE(sameInstant(a, b));
    EXPECT_TRUE(sameInstant(1e9 + a, 1e9 + b));
    EXPECT_FALSE(clearlyShorter(a, b));
    EXPECT_FALSE(clearlyShorter(b, a));
    EXPECT_TRUE(clearlyShorter(0.6, 0.6000001));
    EXPECT_TRUE(withinDuration(a, b));
    EXPECT_FALSE(withinDuration(101.0, 100.0, 1e10));
}

// The same batch arriving at 0 and at 1e11: every registered scheduler gives the same schedule,
// shifted (whole-second durations and arrivals are exact doubles up to 2^53).
TEST(Tolerance, EverySchedulerIsShiftInvariantUpTo1e11) {
    constexpr double kShift = 1e11;
    for (const std::string& id : algorithmIds()) {
        const AlgorithmInfo& info = findAlgorithm(id)->info();
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            SCOPED_TRACE(id + ", seed " + std::to_string(seed));
            Workload w =
                test::randomWorkload(seed, {.maxJobs = 6,
                                            .maxMaps = 8,
                                            .maxReduces = 5,
                                            .arrivals = info.needs.arrivals || seed % 2 == 0,
                                            .deadlines = info.needs.deadlines || seed % 3 == 0,
                                            .integerDurations = true});
            for (Job& job : w.jobs) {
                if (job.deadline) {
                    job.deadline = std::round(*job.deadline);
                }
            }
            Workload shifted = w;
            for (Job& job : shifted.jobs) {
                job.arrival += kShift;
            }
            RunOptions options;
            for (const Job& job : w.jobs) {
                options.manualOrder.push_back(job.name);
            }
            const RunResult a = runAlgorithm(w, id, options);
            const RunResult b = runAlgorithm(shifted, id, options);
            EXPECT_EQ(a.order, b.order);
            // HScheduler's re-split tasks take fractions of a second: at 1e11 they are the same
            // up to the clock's rounding, which is what the one tolerance allows.
            EXPECT_TRUE(sameDuration(a.sim.makespan, b.sim.makespan, kShift))
                << a.sim.makespan << " vs " << b.sim.makespan;
            ASSERT_EQ(a.sim.tasks.size(), b.sim.tasks.size());
            for (std::size_t i = 0; i < a.sim.tasks.size(); ++i) {
                EXPECT_EQ(a.sim.tasks[i].slot, b.sim.tasks[i].slot);
                EXPECT_TRUE(sameInstant(a.sim.tasks[i].start + kShift, b.sim.tasks[i].start));
            }
            EXPECT_EQ(deadlineMetrics(w, a).missed, deadlineMetrics(shifted, b).missed);
        }
    }
}

}  // namespace
}  // namespace mr
