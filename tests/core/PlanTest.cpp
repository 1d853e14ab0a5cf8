// Plans: queue capacities are the pools' node shares and sum to exactly 100 %; single-pool
// algorithms give one queue "default"; the submission sequence keeps each queue's order.
#include <gtest/gtest.h>

#include <numeric>
#include <random>

#include "io/Plan.h"
#include "schedulers/Registry.h"
#include "sim/OrderPolicy.h"
#include "sim/Simulator.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

TEST(Plan, CapacitiesAreNodeSharesThatSumToExactly100) {
    // 10 of 30 nodes = 33.333…%, 20 of 30 = 66.666…%: the larger remainder (2/3) gets the unit.
    EXPECT_EQ(capacityHundredths({10, 20}), (std::vector<int>{3333, 6667}));
    // Equal remainders: the earlier queue gets the unit.
    EXPECT_EQ(capacityHundredths({1, 1, 1}), (std::vector<int>{3334, 3333, 3333}));
    EXPECT_EQ(capacityHundredths({64}), (std::vector<int>{10000}));
    // [Verma12] §IV-C: 3 and 253 slots' worth of a 256-slot cluster → 1.17 % and 98.83 %.
    EXPECT_EQ(capacityHundredths({3, 253}), (std::vector<int>{117, 9883}));
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        SCOPED_TRACE(seed);
        std::mt19937_64 rng(seed);
        std::vector<int> nodes(1 + rng() % 8);
        for (int& n : nodes) {
            n = 1 + static_cast<int>(rng() % 1000);
        }
        const auto shares = capacityHundredths(nodes);
        EXPECT_EQ(std::accumulate(shares.begin(), shares.end(), 0), 10000);
        const double total = std::accumulate(nodes.begin(), nodes.end(), 0.0);
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            // Within one hundredth of the exact share (largest remainder never moves further).
            EXPECT_LT(std::abs(shares[i] - 10000.0 * nodes[i] / total), 1.0);
        }
    }
}

TEST(Plan, PercentTextHasNoTrailingZeros) {
    EXPECT_EQ(formatPercent(10000), "100");
    EXPECT_EQ(formatPercent(3333), "33.33");
    EXPECT_EQ(formatPercent(1250), "12.5");
    EXPECT_EQ(formatPercent(117), "1.17");
    EXPECT_EQ(formatPercent(5), "0.05");
    EXPECT_EQ(formatPercent(0), "0");
}

TEST(Plan, SinglePoolAlgorithmGivesOneDefaultQueueInTheAlgorithmsOrder) {
    const Workload w = test::figure4(1);
    const RunResult r = runAlgorithm(w, "johnson", {});
    const Plan plan = makePlan(w, r);
    ASSERT_EQ(plan.queues.size(), 1u);
    EXPECT_EQ(plan.queues[0].name, "default");
    EXPECT_EQ(plan.queues[0].capacityHundredths, 10000);
    EXPECT_EQ(plan.queues[0].nodes, 30);
    EXPECT_EQ(plan.queues[0].jobs, (std::vector<int>{1, 4, 0, 3, 2}));  // J2 J5 J1 J4 J3
    ASSERT_EQ(plan.submissions.size(), 5u);
    for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(plan.submissions[static_cast<std::size_t>(i)].job,
                  plan.queues[0].jobs[static_cast<std::size_t>(i)]);
    }
}

TEST(Plan, PoolsBecomeQueuesWithTheirNodeShares) {
    const Workload w = test::figure4(2);
    const RunResult r = test::twoPoolResult(w);
    const Plan plan = makePlan(w, r);
    ASSERT_EQ(plan.queues.size(), 2u);
    EXPECT_EQ(plan.queues[0].name, "small");
    EXPECT_EQ(plan.queues[0].nodes, 10);
    EXPECT_EQ(plan.queues[0].capacityHundredths, 3333);
    EXPECT_EQ(plan.queues[0].jobs, (std::vector<int>{1, 4, 0}));
    EXPECT_EQ(plan.queues[1].name, "big");
    EXPECT_EQ(plan.queues[1].firstNode, 10);
    EXPECT_EQ(plan.queues[1].capacityHundredths, 6667);
    EXPECT_EQ(plan.queueOfJob, (std::vector<int>{0, 0, 1, 1, 0}));
    // All arrive at 0: by position in the queue, queues interleaved: J2 J4 J5 J3 J1.
    std::vector<int> sequence;
    for (const auto& s : plan.submissions) {
        sequence.push_back(s.job);
    }
    EXPECT_EQ(sequence, (std::vector<int>{1, 3, 4, 2, 0}));
}

TEST(Plan, ArrivalsComeFirstThenTheQueueOrder) {
    Workload w = test::figure4(1);
    w.jobs[1].arrival = 50;  // J2, first in Johnson's order, arrives late
    w.jobs[3].arrival = 10;  // J4
    RunOptions options;
    options.manualOrder = {"J2", "J5", "J1", "J4", "J3"};
    const RunResult r = runAlgorithm(w, "manual", options);
    const Plan plan = makePlan(w, r);
    std::vector<int> sequence;
    for (const auto& s : plan.submissions) {
        sequence.push_back(s.job);
    }
    // At 0: J5 J1 J3 (queue order); at 10: J4; at 50: J2.
    EXPECT_EQ(sequence, (std::vector<int>{4, 0, 2, 3, 1}));
    EXPECT_DOUBLE_EQ(plan.submissions.back().arrival, 50.0);
}

TEST(Plan, PoolNamesBecomeValidUniqueQueueNames) {
    const Workload w = test::figure4(2);
    RunResult r = test::twoPoolResult(w);
    r.sim.pools[0].name = "my pool.1";
    r.sim.pools[1].name = "my_pool_1";
    const Plan plan = makePlan(w, r);
    EXPECT_EQ(plan.queues[0].name, "my_pool_1");
    EXPECT_EQ(plan.queues[1].name, "my_pool_1_2");
    r.sim.pools[0].name = "";
    r.sim.pools[1].name = "root";
    const Plan unnamed = makePlan(w, r);
    EXPECT_EQ(unnamed.queues[0].name, "pool1");
    EXPECT_EQ(unnamed.queues[1].name, "pool2");
}

TEST(Plan, PoolsThatMissAJobAreALogicError) {
    const Workload w = test::figure4(2);
    RunResult r = test::twoPoolResult(w);
    r.sim.pools[1].jobs.pop_back();
    EXPECT_THROW(makePlan(w, r), std::logic_error);
}

}  // namespace
}  // namespace mr
