// The Teach tab's lessons and exercise from the core: each lesson's last step
// is the algorithm's own result — HScheduler's re-split (m, r) and makespan on [Tian16] Example 2
// ([Tian16] Example 2: J3 → (20, 8/3), J4 → (4, 20), 35⅔), OnHScheduler's 52 on Example 3's
// arrivals (samples/example3-online.json) — and the "your order" exercise scores an order as
// `manual` does, against Johnson, the best order and the lower bound ([Verma12] Fig. 3: 42 and 24).
#include <gtest/gtest.h>

#include "experiments/OrderExercise.h"
#include "io/WorkloadJson.h"
#include "schedulers/HSchedulerLesson.h"
#include "schedulers/Registry.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

using Kind = ResplitLessonStep::Kind;

TEST(HSchedulerLesson, LastStepIsTian16Example2) {
    const Workload w = loadWorkload(test::samplePath("figure4-scenario2.json"));
    const ResplitLesson lesson = hschedulerLesson(w, false, {});
    ASSERT_EQ(lesson.steps.size(), 1u + 5u + 1u + 5u + 1u);
    EXPECT_EQ(lesson.steps.front().kind, Kind::Fixed);
    EXPECT_EQ(lesson.steps.back().kind, Kind::Result);
    EXPECT_EQ(lesson.mapSlots, 30);
    EXPECT_NEAR(lesson.makespan(), 107.0 / 3.0, 1e-9);  // 35⅔
    EXPECT_EQ(lesson.makespan(), runAlgorithm(w, "hscheduler", {}).makespan());
    EXPECT_EQ(lesson.fixedJohnson, 47.0);  // [Verma12] Fig. 4 scenario 2, Johnson simulated
    // J3: 20 maps of 30 s over 30 slots = 20 s, 20 reduces of 4 s = 8/3 s; J4: (4, 20).
    const ResplitLessonJob& j3 = lesson.jobs[2];
    EXPECT_EQ(j3.fixed.map, 30.0);
    EXPECT_EQ(j3.fixed.reduce, 4.0);
    EXPECT_EQ(j3.mapWork, 600.0);
    EXPECT_NEAR(j3.resplit.map, 20.0, 1e-12);
    EXPECT_NEAR(j3.resplit.reduce, 8.0 / 3.0, 1e-12);
    EXPECT_NEAR(lesson.jobs[3].resplit.map, 4.0, 1e-12);
    EXPECT_NEAR(lesson.jobs[3].resplit.reduce, 20.0, 1e-12);
    // Johnson's order on the re-split jobs, served in it; the last ends at the makespan.
    EXPECT_EQ(lesson.result.order, (std::vector<int>{1, 4, 0, 3, 2}));  // J2 J5 J1 J4 J3
    int served = 0;
    for (const ResplitLessonStep& s : lesson.steps) {
        if (s.kind == Kind::Serve) {
            EXPECT_EQ(s.job, lesson.result.order[static_cast<std::size_t>(served++)]);
        }
    }
    EXPECT_NEAR(lesson.jobs[2].times.end, lesson.makespan(), 1e-9);
    EXPECT_NEAR(lesson.jobs[2].reduceStart, lesson.makespan() - 8.0 / 3.0, 1e-9);
}

TEST(HSchedulerLesson, OnlineLessonIsTian16Example3) {
    const Workload w = loadWorkload(test::samplePath("example3-online.json"));
    const ResplitLesson lesson = hschedulerLesson(w, true, {});
    EXPECT_TRUE(lesson.online);
    EXPECT_NEAR(lesson.makespan(), 52.0, 1e-9);  // [Tian16] Example 3
    EXPECT_EQ(lesson.makespan(), runAlgorithm(w, "online-hscheduler", {}).makespan());
    EXPECT_EQ(lesson.result.order, (std::vector<int>{0, 1, 2, 3, 4}));  // by arrival
    EXPECT_EQ(lesson.offline, runAlgorithm(w, "hscheduler", {}).makespan());
    EXPECT_NEAR(lesson.jobs[4].times.end, 52.0, 1e-9);  // J5's reduce wave ends last
    EXPECT_EQ(lesson.jobs[1].arrival, 1.0);
}

// [Verma12] Fig. 3: J1 then J2 takes 20 + 2 + 20 = 42 s, J2 then J1 2 + 20 + 2 = 24 s.
TEST(OrderExercise, ScoresAnOrderAsManualDoes) {
    const Workload w = loadWorkload(test::samplePath("two-jobs.json"));
    const OrderBenchmarks b = orderBenchmarks(w, {});
    EXPECT_EQ(b.johnson, 24.0);
    EXPECT_EQ(b.johnsonOrder, (std::vector<std::string>{"J2", "J1"}));
    ASSERT_TRUE(b.optimal);
    EXPECT_EQ(*b.optimal, 24.0);
    EXPECT_LE(b.lowerBound, 24.0);
    EXPECT_GT(b.lowerBound, 0.0);
    EXPECT_EQ(runOrderExercise(w, {"J1", "J2"}, {}).makespan(), 42.0);
    EXPECT_EQ(runOrderExercise(w, {"J2", "J1"}, {}).makespan(), 24.0);
}

TEST(OrderExercise, NoBestOrderAboveTheSearchLimit) {
    const Workload w = loadWorkload(test::samplePath("swim-fb2009-100.json"));
    const OrderBenchmarks b = orderBenchmarks(w, {});
    EXPECT_FALSE(b.optimal);
    EXPECT_GT(b.johnson, 0.0);
}

}  // namespace
}  // namespace mr
