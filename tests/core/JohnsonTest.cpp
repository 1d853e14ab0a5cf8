// Johnson's rule ([Verma12] Alg. 1): the published order and makespans, its trace, the
// documented tie-breaking, and optimality in the two-stage model checked by brute force.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "perf/TwoStage.h"
#include "schedulers/Johnson.h"
#include "schedulers/Registry.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

std::vector<std::string> names(const Workload& w, const std::vector<int>& order) {
    std::vector<std::string> out;
    for (int j : order) {
        out.push_back(w.jobs[static_cast<std::size_t>(j)].name);
    }
    return out;
}

const std::vector<std::string> kJohnsonFigure4 = {"J2", "J5", "J1", "J4", "J3"};

TEST(Johnson, ReproducesFigure4OrderAndMakespanInScenario1) {
    const Workload w = test::figure4(1);
    const RunResult r = runAlgorithm(w, "johnson", {});
    EXPECT_EQ(names(w, r.order), kJohnsonFigure4);
    ASSERT_TRUE(r.modelMakespan);
    EXPECT_DOUBLE_EQ(*r.modelMakespan, 47.0);  // two-stage formula
    EXPECT_DOUBLE_EQ(r.makespan(), 47.0);      // simulated slot by slot
}

TEST(Johnson, ReverseOrderTakes78InScenario1) {
    const Workload w = test::figure4(1);
    const RunResult r = runAlgorithm(w, "reverse-johnson", {});
    EXPECT_EQ(names(w, r.order), (std::vector<std::string>{"J3", "J4", "J1", "J5", "J2"}));
    EXPECT_DOUBLE_EQ(*r.modelMakespan, 78.0);
    EXPECT_DOUBLE_EQ(r.makespan(), 78.0);
}

TEST(Johnson, Scenario2KeepsTheOrderAndSimulatesTo47) {
    const Workload w = test::figure4(2);
    const RunResult r = runAlgorithm(w, "johnson", {});
    EXPECT_EQ(names(w, r.order), kJohnsonFigure4);
    EXPECT_DOUBLE_EQ(r.makespan(), 47.0);
    // J3's first 10 maps run beside J4's 20 ([Verma12]: "processed concurrently").
    EXPECT_DOUBLE_EQ(r.sim.jobs[2].start, 7.0);
    EXPECT_DOUBLE_EQ(r.sim.jobs[2].mapEnd, 43.0);
}

TEST(Johnson, TraceListsTheSortedListAndPlacements) {
    const std::vector<StageDurations> stages = {{4, 5}, {1, 4}, {30, 4}, {6, 30}, {2, 3}};
    const JohnsonTrace t = johnsonTrace(stages, {0, 1, 2, 3, 4});
    // [Verma12] Figure 5: L = J2, J5, J1, J3, J4.
    EXPECT_EQ(t.sorted, (std::vector<int>{1, 4, 0, 2, 3}));
    ASSERT_EQ(t.steps.size(), 5u);
    EXPECT_TRUE(t.steps[0].mapType);
    EXPECT_EQ(t.steps[0].position, 0);
    EXPECT_FALSE(t.steps[3].mapType);  // J3 (4, r) goes to the tail
    EXPECT_EQ(t.steps[3].position, 4);
    EXPECT_DOUBLE_EQ(t.steps[3].duration, 4.0);
    EXPECT_EQ(t.order, (std::vector<int>{1, 4, 0, 3, 2}));
}

TEST(Johnson, TiesAreBrokenAsDocumented) {
    // A (3,3) is map-type (m <= r); B (5,3) reduce-type; C (3,9) map-type; D (4,3) reduce-type.
    // L by (duration, map-type first, file order): A, C, B, D. Heads: A, C. Tails from the
    // end: B last, then D: order A C D B.
    const std::vector<StageDurations> stages = {{3, 3}, {5, 3}, {3, 9}, {4, 3}};
    EXPECT_EQ(johnsonOrder(stages), (std::vector<int>{0, 2, 3, 1}));
}

TEST(Johnson, IsOptimalInTheTwoStageModelByBruteForce) {
    std::mt19937_64 rng(2024);
    for (int trial = 0; trial < 300; ++trial) {
        const int n = 1 + static_cast<int>(rng() % 8);
        SCOPED_TRACE("trial " + std::to_string(trial) + ", n " + std::to_string(n));
        std::vector<StageDurations> stages;
        for (int i = 0; i < n; ++i) {
            // Small integers make ties (and zero reduce stages) common.
            stages.push_back({static_cast<double>(rng() % 10), static_cast<double>(rng() % 10)});
        }
        std::vector<int> order(static_cast<std::size_t>(n));
        std::iota(order.begin(), order.end(), 0);
        double best = 1e300;
        do {
            best = std::min(best, twoStageMakespan(stages, order));
        } while (std::next_permutation(order.begin(), order.end()));
        EXPECT_DOUBLE_EQ(twoStageMakespan(stages, johnsonOrder(stages)), best);
    }
}

}  // namespace
}  // namespace mr
