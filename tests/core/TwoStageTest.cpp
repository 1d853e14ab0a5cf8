// The two-stage abstraction: [Verma12]'s published numbers and [Tian16] Eqs. 11–12.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "model/InputError.h"
#include "model/SeededRandom.h"
#include "perf/TwoStage.h"
#include "schedulers/Registry.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

// [Verma12] Figure 4: J1 (4,5), J2 (1,4), J3 (30,4), J4 (6,30), J5 (2,3).
const std::vector<StageDurations> kFigure4 = {{4, 5}, {1, 4}, {30, 4}, {6, 30}, {2, 3}};

TEST(TwoStage, Figure4JohnsonOrderTakes47AndTheReverse78) {
    EXPECT_DOUBLE_EQ(twoStageMakespan(kFigure4, {1, 4, 0, 3, 2}), 47.0);
    EXPECT_DOUBLE_EQ(twoStageMakespan(kFigure4, {2, 3, 0, 4, 1}), 78.0);
    // [Tian16] Example 1 computes 47 with Eqs. 11–12.
    EXPECT_DOUBLE_EQ(johnsonClosedFormMakespan(kFigure4, {1, 4, 0, 3, 2}), 47.0);
    EXPECT_DOUBLE_EQ(johnsonClosedFormMakespan(kFigure4, {2, 3, 0, 4, 1}), 78.0);
}

TEST(TwoStage, TwoJobsTake42Or24) {
    const std::vector<StageDurations> jobs = {{20, 2}, {2, 20}};
    EXPECT_DOUBLE_EQ(twoStageMakespan(jobs, {0, 1}), 42.0);
    EXPECT_DOUBLE_EQ(twoStageMakespan(jobs, {1, 0}), 24.0);
}

TEST(TwoStage, TimelineFollowsTheRecurrence) {
    const auto t = twoStageTimeline(kFigure4, {1, 4, 0, 3, 2});
    // J2: map [0,1], reduce [1,5]; J5: map [1,3], reduce [5,8]; ... J3 reduce [43,47].
    EXPECT_DOUBLE_EQ(t[0].reduceEnd, 5.0);
    EXPECT_DOUBLE_EQ(t[1].reduceStart, 5.0);
    EXPECT_DOUBLE_EQ(t[4].mapStart, 13.0);
    EXPECT_DOUBLE_EQ(t[4].reduceStart, 43.0);
    const std::vector<double> arrivals = {0, 10, 0, 0, 0};  // J2 arrives at 10
    const auto late = twoStageTimeline(kFigure4, {1, 4, 0, 3, 2}, &arrivals);
    EXPECT_DOUBLE_EQ(late[0].mapStart, 10.0);
    EXPECT_DOUBLE_EQ(late[1].mapStart, 11.0);
}

TEST(TwoStage, ClosedFormEqualsTheRecurrenceOnRandomOrders) {
    SeededRandom rng(11);
    for (int trial = 0; trial < 1000; ++trial) {
        const int n = 1 + static_cast<int>(rng.next() % 12);
        std::vector<StageDurations> stages;
        for (int i = 0; i < n; ++i) {
            // Reduce stages may be 0 ([Verma12] footnote 3).
            stages.push_back({rng.uniform(0, 30), rng.next() % 4 == 0 ? 0.0 : rng.uniform(0, 30)});
        }
        std::vector<int> order(static_cast<std::size_t>(n));
        std::iota(order.begin(), order.end(), 0);
        rng.shuffle(order);
        EXPECT_NEAR(twoStageMakespan(stages, order), johnsonClosedFormMakespan(stages, order),
                    1e-9);
    }
}


TEST(TwoStage, ARunCarriesTheModelOnlyForABatch) {
    // "Never the two-stage model value where it has no meaning (arrival traces)".
    // Every algorithm's run, on the same random workloads with and without arrivals: a model
    // value only for the batch, and for an order algorithm it is the formula's.
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        for (const bool arrivals : {false, true}) {
            SCOPED_TRACE("seed " + std::to_string(seed) + (arrivals ? " with arrivals" : ""));
            const Workload w = test::randomWorkload(
                seed, {.minJobs = 2, .maxJobs = 6, .arrivals = arrivals, .deadlines = true});
            ASSERT_EQ(w.hasArrivals(), arrivals);
            EXPECT_EQ(twoStageModelApplies(w), !arrivals);
            for (const std::string& id : algorithmIds()) {
                RunResult r;
                try {
                    r = runAlgorithm(w, id, {});
                } catch (const InputError&) {
                    continue;  // needs what this workload has not (a cost model, ...)
                }
                if (arrivals) {
                    EXPECT_FALSE(r.modelMakespan.has_value()) << id;
                }
            }
            const RunResult johnson = runAlgorithm(w, "johnson", {});
            EXPECT_EQ(johnson.modelMakespan.has_value(), !arrivals);
            if (!arrivals) {
                EXPECT_DOUBLE_EQ(*johnson.modelMakespan,
                                 twoStageMakespan(johnson.stages, johnson.order));
            }
        }
    }
}

}  // namespace
}  // namespace mr
