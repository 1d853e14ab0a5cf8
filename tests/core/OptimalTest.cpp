// optimal: the best simulated order, checked against brute force over every permutation; the
// size limit; independence from the thread count.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "model/InputError.h"
#include "schedulers/Optimal.h"
#include "schedulers/Registry.h"
#include "sim/Simulator.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

double bruteForceBest(const Workload& w) {
    std::vector<int> order(static_cast<std::size_t>(w.jobCount()));
    std::iota(order.begin(), order.end(), 0);
    double best = 1e300;
    do {
        best = std::min(best, simulateOrder(w, order).makespan);
    } while (std::next_permutation(order.begin(), order.end()));
    return best;
}

TEST(Optimal, FindsTheBestSimulatedOrderOnRandomWorkloads) {
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = test::randomWorkload(seed, {.maxJobs = 6, .arrivals = seed % 3 == 0});
        const OrderSearchResult r = searchBestOrder(w, 2);
        EXPECT_NEAR(r.makespan, bruteForceBest(w), 1e-9);
        EXPECT_NEAR(simulateOrder(w, r.order).makespan, r.makespan, 1e-9);
        EXPECT_GE(r.makespan, r.lowerBound - 1e-9);
    }
}

TEST(MakespanLowerBound, TheStageTermsBeatTheOldBoundAndAreTight) {
    // Two map and two reduce slots. J1: 2 maps × 10, 1 reduce × 4; J2: 2 maps × 3, 1 reduce × 8.
    // Map work 26 / 2 slots + the smaller longest reduce (4) = 17; the first reduce cannot start
    // before 3, + reduce work 12 / 2 = 9; the longest chain 10 + 4 = 14. Bound 17 (work / slots
    // and chains alone: 14). J2 first reaches it: maps [0,3] then [3,13], reduces [3,11], [13,17].
    Workload w;
    w.cluster = {2, 1, 1};
    w.jobs = {Job::uniform("J1", 2, 10, 1, 4), Job::uniform("J2", 2, 3, 1, 8)};
    EXPECT_DOUBLE_EQ(makespanLowerBound(w), 17.0);
    EXPECT_DOUBLE_EQ(runAlgorithm(w, "optimal", {}).makespan(), 17.0);
    // Figure 4 scenario 1 on 30 slots: 1 + Σ r = 1 + 46 = 47, Johnson's makespan (optimal).
    EXPECT_DOUBLE_EQ(makespanLowerBound(test::figure4(1)), 47.0);
}

TEST(MakespanLowerBound, NoAlgorithmBeatsItOnRandomWorkloads) {
    // Every algorithm that runs the given tasks (hscheduler re-splits them: not bound).
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = test::randomWorkload(
            seed, {.maxJobs = 8, .maxMaps = 12, .maxReduces = 6, .arrivals = seed % 2 == 0});
        const double bound = makespanLowerBound(w);
        for (const char* id :
             {"fifo", "johnson", "reverse-johnson", "balanced-pools", "edf", "fair"}) {
            EXPECT_GE(runAlgorithm(w, id, {}).makespan(), bound * (1 - 1e-12) - 1e-9) << id;
        }
    }
}

TEST(Optimal, NeverWorseThanJohnsonAndBeatsItInScenario2) {
    const Workload w = test::figure4(2);
    const RunResult optimal = runAlgorithm(w, "optimal", {});
    const RunResult johnson = runAlgorithm(w, "johnson", {});
    EXPECT_LE(optimal.makespan(), johnson.makespan());
    EXPECT_LT(optimal.makespan(), 47.0);  // a single-queue order beats Johnson's 47 here
    EXPECT_NEAR(optimal.makespan(), bruteForceBest(w), 1e-9);
}

TEST(Optimal, ResultDoesNotDependOnTheThreadCount) {
    for (std::uint64_t seed = 100; seed < 110; ++seed) {
        const Workload w = test::randomWorkload(seed, {.minJobs = 5, .maxJobs = 7});
        const OrderSearchResult one = searchBestOrder(w, 1);
        const OrderSearchResult three = searchBestOrder(w, 3);
        EXPECT_EQ(one.order, three.order) << "seed " << seed;
        EXPECT_EQ(one.makespan, three.makespan);
    }
}

TEST(Optimal, IdenticalJobsAreTriedOnce) {
    Workload w;
    w.cluster = {4, 1, 1};
    for (int i = 0; i < 8; ++i) {
        w.jobs.push_back(Job::uniform("J" + std::to_string(i), 4, i < 4 ? 2 : 5, 4, i < 4 ? 5 : 2));
    }
    // Two classes of four identical jobs: 8!/(4!·4!) = 70 distinct orders at most.
    const OrderSearchResult r = searchBestOrder(w, 1);
    EXPECT_LE(r.ordersSimulated, 70);
    EXPECT_DOUBLE_EQ(r.makespan, 4 * 2 + 4 * 5 + 2);  // short-map jobs first: Johnson's shape
}

TEST(Optimal, RefusesMoreThanTenJobs) {
    Workload w;
    w.cluster = {2, 1, 1};
    for (int i = 0; i < 11; ++i) {
        w.jobs.push_back(Job::uniform("J" + std::to_string(i), 1, 1.0 + i, 1, 1));
    }
    try {
        runAlgorithm(w, "optimal", {});
        FAIL();
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("limited to 10 jobs"), std::string::npos);
    }
}

}  // namespace
}  // namespace mr

namespace mr {
namespace {

TEST(Optimal, StopsWithCancelledWhenTheFlagIsSet) {
    const Workload w = test::randomWorkload(3, {.minJobs = 7, .maxJobs = 7});
    CancelFlag cancel{true};
    EXPECT_THROW(searchBestOrder(w, 2, &cancel), Cancelled);
    RunOptions options;
    options.cancel = &cancel;
    EXPECT_THROW(runAlgorithm(w, "optimal", options), Cancelled);
}

}  // namespace
}  // namespace mr
