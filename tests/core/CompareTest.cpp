// compareAlgorithms / runEach on the project's parallel-for: the results are each algorithm's own
// run, in the requested order, with any thread count; an exception thrown inside a worker reaches
// the caller as its error (it must not terminate the program). The throwing scheduler below is
// registered in this test executable only.
#include <gtest/gtest.h>

#include <stdexcept>

#include "experiments/Compare.h"
#include "model/InputError.h"
#include "schedulers/Registry.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

class ThrowingTestScheduler : public OrderAlgorithm {
public:
    ThrowingTestScheduler()
        : OrderAlgorithm({.id = "test-throws",
                          .name = "Throws (test)",
                          .description = "fails with a std::runtime_error (a test-only scheduler)",
                          .source = "tests/core/CompareTest.cpp",
                          .options = {}}) {}

protected:
    std::vector<int> chooseOrder(const Workload&, const std::vector<StageDurations>&,
                                 const RunOptions&) const override {
        throw std::runtime_error("test-throws failed in its worker");
    }
};

const AlgorithmRegistration registration{std::make_unique<ThrowingTestScheduler>()};

TEST(Compare, EachResultIsThatAlgorithmsOwnRunInTheRequestedOrder) {
    const std::vector<std::string> ids{"johnson", "fifo", "optimal", "reverse-johnson",
                                       "balanced-pools"};
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        const Workload w = test::randomWorkload(seed, {.maxJobs = 6});
        for (const int threads : {1, 2, 0}) {
            SCOPED_TRACE("seed " + std::to_string(seed) + ", threads " + std::to_string(threads));
            RunOptions options;
            options.threads = threads;
            const std::vector<RunResult> results = compareAlgorithms(w, ids, options);
            ASSERT_EQ(results.size(), ids.size());
            for (std::size_t i = 0; i < ids.size(); ++i) {
                const RunResult alone = runAlgorithm(w, ids[i], options);
                EXPECT_EQ(results[i].algorithm, alone.algorithm);
                EXPECT_EQ(results[i].order, alone.order);
                EXPECT_EQ(results[i].sim.makespan, alone.sim.makespan);
            }
            // The optimal order is never worse than any other order tried.
            for (const RunResult& r : results) {
                EXPECT_LE(results[2].sim.makespan, r.sim.makespan + 1e-9 * r.sim.makespan);
            }
        }
    }
}

TEST(Compare, AWorkersExceptionReachesTheCaller) {
    const Workload w = test::figure4(1);
    for (const int threads : {1, 2, 4}) {
        RunOptions options;
        options.threads = threads;
        try {
            compareAlgorithms(w, {"fifo", "test-throws", "johnson"}, options);
            ADD_FAILURE() << "no exception with " << threads << " threads";
        } catch (const std::runtime_error& e) {
            EXPECT_STREQ(e.what(), "test-throws failed in its worker");
        }
        EXPECT_THROW(runEach(w, {"test-throws", "fifo"}, options), std::runtime_error);
    }
}

TEST(Compare, RunEachKeepsAnInputErrorAsThatAlgorithmsOutcome) {
    Workload w = test::figure4(1);
    for (int i = 0; i < 6; ++i) {  // 11 jobs: optimal refuses more than 10
        Job extra = w.jobs[static_cast<std::size_t>(i % 5)];
        extra.name += "-copy" + std::to_string(i);
        w.jobs.push_back(extra);
    }
    const std::vector<AlgorithmOutcome> outcomes = runEach(w, {"fifo", "optimal", "johnson"}, {});
    ASSERT_EQ(outcomes.size(), 3u);
    EXPECT_EQ(outcomes[0].id, "fifo");
    ASSERT_TRUE(outcomes[0].result.has_value());
    EXPECT_EQ(outcomes[0].result->sim.makespan, runAlgorithm(w, "fifo", {}).sim.makespan);
    EXPECT_EQ(outcomes[1].id, "optimal");
    EXPECT_FALSE(outcomes[1].result.has_value());
    EXPECT_NE(outcomes[1].error.find("10"), std::string::npos) << outcomes[1].error;
    ASSERT_TRUE(outcomes[2].result.has_value());
}

TEST(Compare, ACancelledComparisonThrowsCancelled) {
    CancelFlag cancel{true};
    RunOptions options;
    options.cancel = &cancel;
    EXPECT_THROW(compareAlgorithms(test::figure4(1), {"fifo", "johnson"}, options), Cancelled);
}

}  // namespace
}  // namespace mr
