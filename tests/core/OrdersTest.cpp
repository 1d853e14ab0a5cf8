// fifo, manual, random and the registry.
#include <gtest/gtest.h>

#include "model/InputError.h"
#include "schedulers/Registry.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

TEST(Orders, TwoJobsTake42InFileOrderAnd24Reversed) {
    const Workload w = test::figure4(1);  // unused, keeps the helper linked
    (void)w;
    Workload two;
    two.cluster = {10, 1, 1};
    two.jobs = {Job::uniform("J1", 10, 20, 10, 2), Job::uniform("J2", 10, 2, 10, 20)};
    EXPECT_DOUBLE_EQ(runAlgorithm(two, "fifo", {}).makespan(), 42.0);
    EXPECT_DOUBLE_EQ(runAlgorithm(two, "johnson", {}).makespan(), 24.0);
    RunOptions manual;
    manual.manualOrder = {"J2", "J1"};
    EXPECT_DOUBLE_EQ(runAlgorithm(two, "manual", manual).makespan(), 24.0);
}

TEST(Orders, FifoFollowsArrivalsThenFileOrder) {
    Workload w = test::figure4(1);
    w.jobs[0].arrival = 50;  // J1 arrives last
    w.jobs[3].arrival = 5;
    const RunResult r = runAlgorithm(w, "fifo", {});
    EXPECT_EQ(r.order, (std::vector<int>{1, 2, 4, 3, 0}));
}

TEST(Orders, ManualUsesTheFileOrderOrRefusesClearly) {
    Workload w = test::figure4(1);
    EXPECT_THROW(runAlgorithm(w, "manual", {}), InputError);
    w.manualOrder = {"J5", "J4", "J3", "J2", "J1"};
    EXPECT_EQ(runAlgorithm(w, "manual", {}).order, (std::vector<int>{4, 3, 2, 1, 0}));
    RunOptions partial;
    partial.manualOrder = {"J1", "J2"};
    try {
        runAlgorithm(w, "manual", partial);
        FAIL();
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "order");
        EXPECT_EQ(e.job(), "J3");
    }
}

TEST(Orders, RandomIsSeeded) {
    const Workload w = test::randomWorkload(5, {.minJobs = 8, .maxJobs = 8});
    RunOptions a;
    a.seed = 1;
    RunOptions b;
    b.seed = 2;
    EXPECT_EQ(runAlgorithm(w, "random", a).order, runAlgorithm(w, "random", a).order);
    EXPECT_NE(runAlgorithm(w, "random", a).order, runAlgorithm(w, "random", b).order);
}

TEST(Orders, UnknownAlgorithmListsTheKnownOnes) {
    try {
        runAlgorithm(test::figure4(1), "jonson", {});
        FAIL();
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "algorithm");
        EXPECT_NE(std::string(e.what()).find("johnson"), std::string::npos);
    }
}

TEST(Orders, EveryRegisteredAlgorithmHasAUniqueKebabCaseId) {
    const auto ids = algorithmIds();
    EXPECT_GE(ids.size(), 6u);
    for (const auto& id : ids) {
        EXPECT_EQ(id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-"), std::string::npos);
        EXPECT_EQ(std::count(ids.begin(), ids.end(), id), 1);
        EXPECT_FALSE(findAlgorithm(id)->info().description.empty());
    }
}

}  // namespace
}  // namespace mr
