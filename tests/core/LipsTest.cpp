// LiPS ([Ehsan13] Figs. 2–4) on hand-solved models, and the relations between its models:
// co-scheduling never costs more than simple scheduling, one huge epoch equals the offline
// model, tiny epochs spread the work over epochs within each machine's capacity.
#include <gtest/gtest.h>

#include <algorithm>

#include "cost/CostAlgorithms.h"
#include "cost/CostGenerators.h"
#include "cost/CostModelJson.h"
#include "cost/PlanCheck.h"
#include "model/InputError.h"
#include "support/CostSupport.h"
#include "support/TestSupport.h"

namespace mr::cost {
namespace {

using test::twoMachines;

// One job, 100 MB on A's store at 1 CPU-s/MB; A costs 5/CPU-s, B 1/CPU-s; 1 $/MB between the
// stores. By hand: on A 100 × 5 = 500; on B 100 × 1 + 100 × 1 (reading from A) = 200.
TEST(Lips, HandSolvedRunsOnTheCheapMachine) {
    const CostModel model = twoMachines();
    const CostResult r = runCostAlgorithm(model, "lips");
    ASSERT_TRUE(r.feasible) << r.message;
    EXPECT_EQ(r.solver.status, "optimal");
    EXPECT_NEAR(r.cost.total(), 200.0, 1e-9);
    EXPECT_NEAR(r.cost.execution, 100.0, 1e-9);
    EXPECT_NEAR(r.cost.runtimeTransfer, 100.0, 1e-9);
    EXPECT_NEAR(r.cost.dataTransfer, 0.0, 1e-9);
    ASSERT_TRUE(r.lpCost);
    EXPECT_NEAR(r.lpCost->total(), 200.0, 1e-9);
    ASSERT_EQ(r.assignment.size(), 1u);
    EXPECT_EQ(r.assignment[0].machine, 1);  // B
    EXPECT_EQ(r.assignment[0].store, 0);    // reading from A's store
    EXPECT_NEAR(r.assignment[0].fraction, 1.0, 1e-12);
    EXPECT_EQ(r.assignment[0].tasks, 2);  // 100 MB = two 64 MB blocks
    EXPECT_NEAR(r.cpuSecondsPerMachine[1], 100.0, 1e-9);
    EXPECT_NEAR(r.makespanS, 100.0, 1e-9);  // B has one compute unit
}

TEST(Lips, HandSolvedHadoopDefaultStaysLocal) {
    const CostResult r = runCostAlgorithm(twoMachines(), "hadoop-default");
    ASSERT_TRUE(r.feasible) << r.message;
    EXPECT_NEAR(r.cost.total(), 500.0, 1e-9);
    EXPECT_NEAR(r.cpuSecondsPerMachine[0], 100.0, 1e-9);
    EXPECT_DOUBLE_EQ(r.locality, 1.0);
    EXPECT_FALSE(r.lpCost);
}

// B may run only 50 CPU-seconds: half on B (50 + 50 transfer), half on A (250) = 350.
TEST(Lips, HandSolvedCapacityLimitSplitsHalfHalf) {
    const CostModel model = twoMachines(/*uptimeB=*/50.0);
    for (const char* id : {"lips", "lips-coschedule"}) {
        SCOPED_TRACE(id);
        const CostResult r = runCostAlgorithm(model, id);
        ASSERT_TRUE(r.feasible) << r.message;
        EXPECT_NEAR(r.lpCost->total(), 350.0, 1e-9);
        EXPECT_NEAR(r.cost.total(), 350.0, 1e-9);  // one block each: the rounding is exact
        EXPECT_NEAR(r.cpuSecondsPerMachine[0], 50.0, 1e-9);
        EXPECT_NEAR(r.cpuSecondsPerMachine[1], 50.0, 1e-9);
    }
}

// One huge epoch: the whole job in epoch 1, as offline. Epochs of 10 s: A and B may each run
// 10 CPU-seconds per epoch and F costs more than both, so every epoch fills both machines:
// 5 epochs of 10 on B (10 + 10 transfer) and 10 on A (50) = 5 × 70 = 350, done at 50 s.
TEST(Lips, HandSolvedOnline) {
    const CostModel model = twoMachines();
    CostOptions huge;
    huge.epochS = 3600.0;
    const CostResult one = runCostAlgorithm(model, "lips-online", huge);
    ASSERT_TRUE(one.feasible) << one.message;
    EXPECT_EQ(one.epochs.size(), 1u);
    EXPECT_NEAR(one.cost.total(), 200.0, 1e-9);

    CostOptions tiny;
    tiny.epochS = 10.0;
    const CostResult r = runCostAlgorithm(model, "lips-online", tiny);
    ASSERT_TRUE(r.feasible) << r.message;
    ASSERT_EQ(r.epochs.size(), 5u);
    for (const EpochRecord& e : r.epochs) {
        EXPECT_NEAR(e.cpuSecondsPerMachine[0], 10.0, 1e-9);
        EXPECT_NEAR(e.cpuSecondsPerMachine[1], 10.0, 1e-9);
        EXPECT_NEAR(e.lpCost.total(), 70.0, 1e-9);
    }
    EXPECT_NEAR(r.epochs[0].deferredCpuS, 80.0, 1e-9);  // 100 − 20 waits on F
    EXPECT_NEAR(r.lpCost->total(), 350.0, 1e-9);
    EXPECT_NEAR(r.cost.total(), 350.0, 1e-9);
    EXPECT_NEAR(r.makespanS, 50.0, 1e-9);
    EXPECT_TRUE(checkOnlinePlans(model, r.units, 10.0, r.lpPlans).empty());
}

// Bandwidth 0.5 MB/s between the stores: in a 10 s epoch B may read only 5 MB from s1
// (constraint (21)), so the online model copies the rest of B's share to B's store and reads it
// there: the same dollars (1 $/MB either way), no transfer time inside the epoch.
TEST(Lips, OnlineCopiesDataWhenTheBandwidthBoundBinds) {
    CostModel model = twoMachines();
    model.transfer.pairs[0].mbPerS = 0.5;
    CostOptions o;
    o.epochS = 10.0;
    const CostResult r = runCostAlgorithm(model, "lips-online", o);
    ASSERT_TRUE(r.feasible) << r.message;
    EXPECT_TRUE(checkOnlinePlans(model, r.units, 10.0, r.lpPlans).empty());
    EXPECT_NEAR(r.lpCost->total(), 350.0, 1e-9);
    double copied = 0.0;
    for (const Plan& p : r.lpPlans) {
        for (const DataShare& d : p.placement) {
            copied += d.store == 1 ? d.fraction : 0.0;
        }
    }
    // B runs 10 MB a epoch for 5 epochs; at most 5 MB of each may come over the network.
    EXPECT_GE(copied, 0.25 - 1e-9);
}

TEST(Lips, InfeasibleModelIsReportedNotThrown) {
    CostModel model = twoMachines(/*uptimeB=*/10.0);
    model.machines[0].uptimeS = 20.0;  // 30 CPU-seconds for a 100 CPU-second job
    for (const char* id : {"lips", "lips-coschedule", "hadoop-default", "delay"}) {
        SCOPED_TRACE(id);
        const CostResult r = runCostAlgorithm(model, id);
        EXPECT_FALSE(r.feasible);
        EXPECT_NE(r.message.find("infeasible"), std::string::npos) << r.message;
        EXPECT_TRUE(r.assignment.empty());
    }
    const CostResult lp = runCostAlgorithm(model, "lips");
    EXPECT_EQ(lp.solver.status, "infeasible");
    EXPECT_NE(lp.message.find("100 CPU-seconds"), std::string::npos) << lp.message;
    // Online never is: what does not fit waits on F for the next epoch.
    CostOptions o;
    o.epochS = 20.0;
    EXPECT_TRUE(runCostAlgorithm(model, "lips-online", o).feasible);
}

TEST(Lips, ObviouslyInfeasibleModelsAreSaidSoWithoutAnLp) {
    // A 10 000-job model took 50 s of simplex to say it was infeasible.
    CostModel model = twoMachines(/*uptimeB=*/10.0);
    model.machines[0].uptimeS = 20.0;
    for (const char* id : {"lips", "lips-coschedule"}) {
        const CostResult r = runCostAlgorithm(model, id);
        EXPECT_FALSE(r.feasible);
        EXPECT_EQ(r.solver.status, "infeasible");
        EXPECT_EQ(r.solver.programs, 0) << id;
        EXPECT_NE(r.message.find("the jobs need 100 CPU-seconds but the machines offer 30"),
                  std::string::npos)
            << r.message;
    }
}

// The EC2 sample with every data object shrunk to `sizeMb` (built in code: the loader refuses
// sizes below a byte). Its Pi jobs (2 × 800 CPU-s) then dominate, on the cheapest machine
// (4.44e-5 per CPU-s): an execution cost of 1600 × 4.44e-5 = 0.07104 (by hand).
TEST(Lips, TinyDataSolveExactlyWithinTheSolversLimits) {
    // 1e-9 MB kept GLPK's presolver busy for more than 17 minutes (lips-online);
    // 1e-12 MB was reported infeasible (a solution GLPK called optimal broke a row by half).
    for (const double sizeMb : {1e-9, 1e-12}) {
        CostModel model = loadCostModel(test::samplePath("lips-ec2-20.json"));
        for (DataObject& d : model.data) {
            d.sizeMb = sizeMb;
        }
        for (const char* id : {"lips", "lips-coschedule", "lips-online"}) {
            SCOPED_TRACE(std::string(id) + " at " + std::to_string(sizeMb) + " MB");
            const CostResult r = runCostAlgorithm(model, id);
            ASSERT_TRUE(r.feasible) << r.message;
            EXPECT_EQ(r.solver.status, "optimal");
            EXPECT_NEAR(r.cost.execution, 0.07104, 1e-9);
            EXPECT_EQ(r.solver.limits, "60 s and 1000000 simplex iterations per LP");
        }
    }
}

TEST(Lips, BadOptionsAndIdsAreInputErrors) {
    const CostModel model = twoMachines();
    EXPECT_THROW(runCostAlgorithm(model, "lipz"), InputError);
    CostOptions o;
    o.epochS = 0.0;
    EXPECT_THROW(runCostAlgorithm(model, "lips-online", o), InputError);
    o.epochS = 1e-6;  // 100 CPU-seconds in 2e-6 CPU-seconds per epoch: too many epochs
    EXPECT_THROW(runCostAlgorithm(model, "lips-online", o), InputError);
    o = {};
    o.delayS = -1.0;
    EXPECT_THROW(runCostAlgorithm(model, "delay", o), InputError);
}

// §IV: with capacity to spare everywhere, the optimum is the greedy choice of the cheapest
// JM + MS × Size per job and data portion — computed here by hand, independently of the LP.
TEST(Lips, AmpleCapacityGivesTheGreedyOptimum) {
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        SCOPED_TRACE(seed);
        test::RandomCostOptions options;
        options.capacitySlack = 1e6;
        const CostModel model = test::randomCostModel(seed, options);
        const TransferTable t(model);
        double greedy = 0.0;
        for (const WorkUnit& u : workUnits(model)) {
            double best = 1e300;
            for (const Machine& m : model.machines) {
                const double read =
                    u.data < 0
                        ? 0.0
                        : u.sizeMb *
                              t.costPerMb(m.store,
                                          model.data[static_cast<std::size_t>(u.data)].origin);
                best = std::min(best, u.cpuS * m.cpuCostPerS + read);
            }
            greedy += best;
        }
        const CostResult r = runCostAlgorithm(model, "lips");
        ASSERT_TRUE(r.feasible) << r.message;
        EXPECT_NEAR(r.lpCost->total(), greedy, 1e-7 * std::max(1.0, greedy));
        // Rounding cannot lose anything here: every task goes to its unit's cheapest machine.
        EXPECT_NEAR(r.cost.total(), greedy, 1e-7 * std::max(1.0, greedy));
    }
}

TEST(Lips, Ec2SampleOnCheapNodes) {
    const CostModel model = ec2CostModel(10);
    const CostResult lips = runCostAlgorithm(model, "lips");
    const CostResult hadoop = runCostAlgorithm(model, "hadoop-default");
    ASSERT_TRUE(lips.feasible && hadoop.feasible);
    // 73 600 compute-unit seconds (Tables I and IV, 200 s per Pi task): all fit on the
    // c1.medium nodes (10 × 5 units × 3600 s) at 0.92 millicent, each beside its data's zone.
    EXPECT_NEAR(lips.cost.total(), 73600 * 0.92e-5, 1e-9);
    EXPECT_NEAR(lips.cost.dataTransfer + lips.cost.runtimeTransfer, 0.0, 1e-12);
    // Hadoop's default runs every block where it lies: half the data on each node type; the
    // Pi tasks go to the least busy machines (all m1.medium ones at first: index order).
    EXPECT_DOUBLE_EQ(hadoop.locality, 1.0);
    EXPECT_LT(lips.cost.total(), 0.4 * hadoop.cost.total());
}

}  // namespace
}  // namespace mr::cost
