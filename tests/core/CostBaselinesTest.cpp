// The baselines LiPS is compared with: Hadoop's default (local while the machine has capacity)
// and delay scheduling, on hand-timed cases and on the EC2 testbed.
#include <gtest/gtest.h>

#include <cmath>

#include "cost/CostAlgorithms.h"
#include "cost/CostGenerators.h"
#include "model/InputError.h"
#include "support/CostSupport.h"

namespace mr::cost {
namespace {

using test::twoMachines;

// Two tasks of 50 CPU-seconds on A's data; A and B both free at 0, one compute unit each.
// A takes task 1 at 0 (local). B has no local task: the job waits `delay` seconds for one, then
// B runs task 2 remotely (50 × 1 + 50 MB × 1 $/MB) — unless A frees first, at 50, and runs it.
struct DelayCase {
    double delayS;
    double cost;
    double makespan;
};

class DelayByHand : public ::testing::TestWithParam<DelayCase> {};

TEST_P(DelayByHand, WaitsThenRunsRemotely) {
    const DelayCase& c = GetParam();
    const CostResult r = runDelayScheduling(twoMachines(), c.delayS);
    ASSERT_TRUE(r.feasible) << r.message;
    EXPECT_NEAR(r.cost.total(), c.cost, 1e-9);
    EXPECT_NEAR(r.makespanS, c.makespan, 1e-9);
}

INSTANTIATE_TEST_SUITE_P(Cases, DelayByHand,
                         ::testing::Values(DelayCase{0.0, 350.0, 50.0},    // no patience
                                           DelayCase{20.0, 350.0, 70.0},   // B starts at 20
                                           DelayCase{100.0, 500.0, 100.0}  // A at 50 is sooner
                                           ));

TEST(CostBaselines, HadoopDefaultGoesToTheCheapestReachableMachineWhenFull) {
    CostModel model = twoMachines();
    model.machines[0].uptimeS = 50.0;  // A takes one task; the other must travel to B
    const CostResult r = runHadoopDefault(model);
    ASSERT_TRUE(r.feasible) << r.message;
    EXPECT_NEAR(r.cost.total(), 250.0 + 50.0 + 50.0, 1e-9);
    EXPECT_NEAR(r.locality, 0.5, 1e-12);
}

// An --epoch or --delay no algorithm could take is refused whichever algorithm runs, not
// ignored by the ones that do not read it.
TEST(CostBaselines, AnImpossibleEpochOrDelayIsRefusedForEveryAlgorithm) {
    for (const std::string& id : costAlgorithmIds()) {
        SCOPED_TRACE(id);
        CostOptions epoch;
        epoch.epochS = std::nan("");
        EXPECT_THROW(
            {
                try {
                    runCostAlgorithm(twoMachines(), id, epoch);
                } catch (const InputError& e) {
                    EXPECT_EQ(e.field(), "epoch");
                    throw;
                }
            },
            InputError);
        CostOptions delay;
        delay.delayS = -1.0;
        EXPECT_THROW(runCostAlgorithm(twoMachines(), id, delay), InputError);
    }
}

TEST(CostBaselines, DelayTradesLocalityForTimeOnTheEc2Testbed) {
    const CostModel model = ec2CostModel(10);
    const CostResult patient = runDelayScheduling(model, 1e6);
    const CostResult eager = runDelayScheduling(model, 0.0);
    const CostResult hadoop = runHadoopDefault(model);
    ASSERT_TRUE(patient.feasible && eager.feasible && hadoop.feasible);
    // Every store has its machine: waiting long enough keeps every task local.
    EXPECT_DOUBLE_EQ(patient.locality, 1.0);
    EXPECT_LT(eager.locality, 0.95);
    EXPECT_LT(eager.makespanS, patient.makespanS);
    // Fast c1.medium nodes finish their local blocks first and take others' work: cheaper than
    // keeping half the work on m1.medium, but never below LiPS's optimum.
    const CostResult lips = runCostAlgorithm(model, "lips-coschedule");
    EXPECT_LT(eager.cost.total(), hadoop.cost.total());
    EXPECT_GT(eager.cost.total(), lips.lpCost->total());
}

TEST(CostBaselines, TasksRunWholeAndOnceOnRandomModels) {
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        test::RandomCostOptions options;
        options.capacitySlack = 20.0;  // room for whole tasks everywhere
        const CostModel model = test::randomCostModel(seed, options);
        for (double delay : {0.0, 3.0, 1e9}) {
            const CostResult r = runDelayScheduling(model, delay);
            ASSERT_TRUE(r.feasible) << r.message;
            double cpu = 0.0;
            for (std::size_t l = 0; l < model.machines.size(); ++l) {
                cpu += r.cpuSecondsPerMachine[l];
                EXPECT_LE(r.cpuSecondsPerMachine[l],
                          model.machines[l].cpuUnits * model.machines[l].uptimeS * (1 + 1e-9));
                // The simulated finish is never before the machine's busy time.
                EXPECT_GE(r.makespanS * (1 + 1e-12),
                          r.cpuSecondsPerMachine[l] / model.machines[l].cpuUnits);
            }
            double demand = 0.0;
            for (int k = 0; k < static_cast<int>(model.jobs.size()); ++k) {
                demand += model.jobCpuS(k);
            }
            EXPECT_NEAR(cpu, demand, 1e-9 * std::max(1.0, demand));
        }
    }
}

}  // namespace
}  // namespace mr::cost
