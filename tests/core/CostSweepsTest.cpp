// The cost experiments: the epoch sweep of [Ehsan13] Fig. 8 on the EC2 testbed, the cluster-size
// study of Fig. 5 on random models, the generators behind them, progress and cancel.
#include <gtest/gtest.h>

#include <atomic>

#include "cost/CostGenerators.h"
#include "cost/CostModelJson.h"
#include "cost/CostSweeps.h"
#include "model/InputError.h"

namespace mr::cost {
namespace {

TEST(CostSweeps, SweepValuesIncludeTheEnd) {
    EXPECT_EQ(sweepValues(100, 300, 100, "epochs"), (std::vector<double>{100, 200, 300}));
    EXPECT_EQ(sweepValues(0.1, 0.3, 0.1, "epochs").size(), 3u);
    EXPECT_EQ(sweepValues(5, 5, 1, "epochs"), (std::vector<double>{5}));
    EXPECT_THROW(sweepValues(1, 5, 0, "epochs"), InputError);
    EXPECT_THROW(sweepValues(5, 1, 1, "epochs"), InputError);
    EXPECT_THROW(sweepValues(0, 1e9, 1, "epochs"), InputError);
}

// Fig. 8: longer epochs, lower cost and longer execution. With one epoch longer than the
// c1.medium nodes need for everything (73 600 / 50 = 1472 s) the online model is the offline
// optimum: all on c1.medium at 0.92 millicent per CPU-second.
TEST(CostSweeps, LongerEpochsCostLessAndTakeLonger) {
    const CostModel model = ec2CostModel(10);
    int calls = 0;
    const auto points = sweepEpochs(model, {100, 400, 1500, 3000}, {}, [&](int done, int total) {
        ++calls;
        EXPECT_EQ(total, 4);
        EXPECT_EQ(done, calls);
    });
    ASSERT_EQ(points.size(), 4u);
    EXPECT_EQ(calls, 4);
    EXPECT_EQ(points[0].result.epochs.size(), 11u);
    EXPECT_GT(points[0].result.cost.total(), points[3].result.cost.total());
    EXPECT_LT(points[0].result.makespanS, points[3].result.makespanS);
    EXPECT_NEAR(points[3].result.lpCost->total(), 73600 * 0.92e-5, 1e-9);
    EXPECT_EQ(points[3].result.epochs.size(), 1u);
}

TEST(CostSweeps, CancelStopsBetweenPoints) {
    const CostModel model = ec2CostModel(10);
    std::atomic<bool> cancel{false};
    CostOptions o;
    o.cancel = &cancel;
    // One thread: the point after the first never starts.
    const auto points = sweepEpochs(
        model, {200, 400, 600}, o,
        [&](int done, int) {
            if (done == 1) {
                cancel = true;
            }
        },
        1);
    ASSERT_EQ(points.size(), 1u);
    EXPECT_EQ(points[0].epochS, 200.0);
    const CostResult r = runLipsOnline(model, o);
    EXPECT_FALSE(r.feasible);
    EXPECT_EQ(r.solver.status, "cancelled");
}

TEST(CostSweeps, ClusterSizeStudyIsSeededAndConsistent) {
    ClusterSizeOptions o;
    o.machines = {3, 6};
    o.runs = 3;
    o.jobsPerMachine = 3;
    const auto a = sweepClusterSize(o, {});
    const auto b = sweepClusterSize(o, {});
    ASSERT_EQ(a.size(), 2u);
    for (std::size_t i = 0; i < a.size(); ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(a[i].machines, o.machines[i]);
        EXPECT_EQ(a[i].jobs, o.machines[i] * 3);
        EXPECT_EQ(a[i].runs, 3);
        EXPECT_EQ(a[i].feasibleRuns, 3);  // twice the CPU needed: both always fit
        EXPECT_DOUBLE_EQ(a[i].meanCost, b[i].meanCost);
        EXPECT_LE(a[i].minReductionPct, a[i].meanReductionPct);
        EXPECT_LE(a[i].meanReductionPct, a[i].maxReductionPct);
    }
    o.algorithm = "lipz";
    EXPECT_THROW(sweepClusterSize(o, {}), InputError);
}

TEST(CostGenerators, RandomModelsFollowFigure5sRanges) {
    const RandomCostOptions options{12, 30, 0, 7};
    const CostModel m = randomCostModel(options);
    EXPECT_EQ(serializeCostModel(m), serializeCostModel(randomCostModel(options)));
    EXPECT_NE(serializeCostModel(m), serializeCostModel(randomCostModel({12, 30, 0, 8})));
    ASSERT_EQ(m.machines.size(), 12u);
    EXPECT_EQ(m.stores.size(), 12u);
    EXPECT_EQ(m.transfer.pairs.size(), 12u * 11u / 2u);
    double demand = 0.0;
    double capacity = 0.0;
    for (int k = 0; k < 30; ++k) {
        demand += m.jobCpuS(k);
        EXPECT_LE(m.jobCpuS(k), 1000.0);
        EXPECT_LE(m.jobSizeMb(k), 6144.0);
    }
    for (const auto& mc : m.machines) {
        EXPECT_LE(mc.cpuCostPerS, 5e-5);
        capacity += mc.cpuUnits * mc.uptimeS;
    }
    for (const auto& p : m.transfer.pairs) {
        EXPECT_LE(*p.costPerMb * 64.0, 60e-5 + 1e-12);
    }
    EXPECT_GE(capacity, 2.0 * demand);
    EXPECT_THROW(randomCostModel({0, 5, 0, 1}), InputError);
    const CostModel shared = randomCostModel({6, 10, 3, 1});
    EXPECT_EQ(shared.stores.size(), 3u);
    EXPECT_EQ(shared.machines[4].store, 1);
}

TEST(CostGenerators, Ec2TestbedSpreadsC1MediumNodes) {
    for (int c1 : {0, 5, 10, 20}) {
        SCOPED_TRACE(c1);
        const CostModel m = ec2CostModel(c1);
        int fast = 0;
        int zones[3] = {0, 0, 0};
        for (std::size_t n = 0; n < m.machines.size(); ++n) {
            if (m.machines[n].cpuUnits == 5.0) {
                ++fast;
                ++zones[n % 3];
            }
        }
        EXPECT_EQ(fast, c1);
        if (c1 >= 5) {
            EXPECT_GT(zones[0] * zones[1] * zones[2], 0);  // every zone has cheap nodes
        }
    }
    EXPECT_THROW(ec2CostModel(21), InputError);
}

}  // namespace
}  // namespace mr::cost
