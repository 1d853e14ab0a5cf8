// LiPS on seeded random models with every feature (shared and multi-object input, jobs without
// data, stores without machines, tight capacities): every LP solution satisfies every
// constraint of its figure (PlanCheck, written from the figures, not from the LP builder);
// co-scheduling never costs more than simple scheduling; one huge epoch equals offline; short
// epochs stay within each machine's capacity per epoch; rounding gives whole blocks.
#include <gtest/gtest.h>

#include <cmath>

#include "cost/CostAlgorithms.h"
#include "cost/PlanCheck.h"
#include "support/CostSupport.h"

namespace mr::cost {
namespace {

std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) {
        out += l + "\n";
    }
    return out;
}

double tolerance(double value) {
    return 1e-7 * std::max(1.0, std::fabs(value));
}

TEST(LipsInvariants, EveryLpSolutionSatisfiesItsFigure) {
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        test::RandomCostOptions options;
        options.capacitySlack = seed % 3 == 0 ? 1.02 : 1.6;  // tight or loose machines
        const CostModel model = test::randomCostModel(seed, options);
        for (bool all : {false, true}) {
            SCOPED_TRACE(all ? "all stores" : "sparse");
            CostOptions o;
            o.allStores = all;
            const CostResult simple = runCostAlgorithm(model, "lips", o);
            ASSERT_TRUE(simple.feasible) << simple.message;
            ASSERT_EQ(simple.lpPlans.size(), 1u);
            EXPECT_EQ(joined(checkSimplePlan(model, simple.units, simple.lpPlans[0])), "");

            const CostResult co = runCostAlgorithm(model, "lips-coschedule", o);
            ASSERT_TRUE(co.feasible) << co.message;
            EXPECT_EQ(joined(checkCoSchedulePlan(model, co.units, co.lpPlans[0])), "");
            // Fig. 2's solution is one of Fig. 3's: co-scheduling never costs more.
            EXPECT_LE(co.lpCost->total(),
                      simple.lpCost->total() + tolerance(simple.lpCost->total()));

            double minUptime = 1e300;
            for (const auto& m : model.machines) {
                minUptime = std::min(minUptime, m.uptimeS);
            }
            o.epochS = std::max(1.0, minUptime / 3.0);
            const CostResult online = runCostAlgorithm(model, "lips-online", o);
            ASSERT_TRUE(online.feasible) << online.message;
            EXPECT_EQ(joined(checkOnlinePlans(model, online.units, o.epochS, online.lpPlans)), "");
            EXPECT_EQ(online.epochs.size(), online.lpPlans.size());
        }
    }
}

TEST(LipsInvariants, SparseLpEqualsAllStoresWhenCostsAreMetricAndDataUnshared) {
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        test::RandomCostOptions options;
        options.metric = true;
        options.sharedData = false;
        const CostModel model = test::randomCostModel(seed, options);
        CostOptions all;
        all.allStores = true;
        const CostResult sparse = runCostAlgorithm(model, "lips-coschedule");
        const CostResult dense = runCostAlgorithm(model, "lips-coschedule", all);
        ASSERT_TRUE(sparse.feasible && dense.feasible);
        EXPECT_NEAR(sparse.lpCost->total(), dense.lpCost->total(),
                    tolerance(dense.lpCost->total()));
    }
}

TEST(LipsInvariants, SparseLpNeverBeatsAllStores) {
    for (std::uint64_t seed = 200; seed <= 260; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const CostModel model = test::randomCostModel(seed);
        CostOptions all;
        all.allStores = true;
        for (const char* id : {"lips", "lips-coschedule"}) {
            const CostResult sparse = runCostAlgorithm(model, id);
            const CostResult dense = runCostAlgorithm(model, id, all);
            ASSERT_TRUE(sparse.feasible && dense.feasible);
            EXPECT_GE(sparse.lpCost->total(),
                      dense.lpCost->total() - tolerance(dense.lpCost->total()));
        }
    }
}

// One epoch as long as the uptime, with bandwidth too high for (21) to matter, is the offline
// co-scheduling model: the same LP optimum. Where that optimum is unique (one machine per store,
// every job reading one object of its own: no two units trade machines at the same price per
// CPU-second) the LP solution, its rounding and the makespan are the same too.
TEST(LipsInvariants, OneHugeEpochEqualsOffline) {
    for (std::uint64_t seed = 1; seed <= 80; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        test::RandomCostOptions options;
        const bool unique = seed % 2 == 0;
        if (unique) {
            options.maxMachines = options.minStores = options.maxStores = 4;
            options.minMachines = 2;
            options.sharedData = false;
            options.noDataJobs = false;
            options.maxDataPerJob = 1;
        }
        CostModel model = test::randomCostModel(seed, options);
        const double uptime = model.machines[0].uptimeS * 4.0;
        for (auto& m : model.machines) {
            m.uptimeS = uptime;
        }
        model.transfer.defaultMbPerS = 1e9;
        for (auto& p : model.transfer.pairs) {
            p.mbPerS = 1e9;
        }
        CostOptions o;
        o.epochS = uptime;
        const CostResult offline = runCostAlgorithm(model, "lips-coschedule", o);
        const CostResult online = runCostAlgorithm(model, "lips-online", o);
        ASSERT_TRUE(offline.feasible && online.feasible);
        ASSERT_EQ(online.epochs.size(), 1u);
        EXPECT_NEAR(online.lpCost->total(), offline.lpCost->total(),
                    tolerance(offline.lpCost->total()));
        if (unique) {
            EXPECT_NEAR(online.cost.total(), offline.cost.total(), tolerance(offline.cost.total()));
            EXPECT_EQ(online.assignment.size(), offline.assignment.size());
            // The online makespan is the LP's (the epoch's busiest machine): the same as the
            // offline LP solution's.
            const auto lpCpu = cpuSecondsPerMachine(model, offline.units, offline.lpPlans[0]);
            EXPECT_NEAR(online.makespanS, busyMakespan(model, lpCpu), 1e-6 * online.makespanS);
        }
    }
}

TEST(LipsInvariants, ShortEpochsSpreadWorkWithinEachEpochsCapacity) {
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const CostModel model = test::randomCostModel(seed);
        double demand = 0.0;
        double perSecond = 0.0;
        for (int k = 0; k < static_cast<int>(model.jobs.size()); ++k) {
            demand += model.jobCpuS(k);
        }
        for (const auto& m : model.machines) {
            perSecond += m.cpuUnits;
        }
        if (demand <= 0.0) {
            continue;
        }
        CostOptions o;
        o.epochS = demand / perSecond / 4.5;  // the whole cluster needs at least 4.5 epochs
        const CostResult r = runCostAlgorithm(model, "lips-online", o);
        ASSERT_TRUE(r.feasible) << r.message;
        EXPECT_GE(r.epochs.size(), 5u);
        double total = 0.0;
        for (const EpochRecord& e : r.epochs) {
            EXPECT_NEAR(e.startS, e.index * o.epochS, 1e-9 * e.startS);
            for (std::size_t l = 0; l < model.machines.size(); ++l) {
                EXPECT_LE(e.cpuSecondsPerMachine[l],
                          model.machines[l].cpuUnits * o.epochS * (1.0 + 1e-9));
                total += e.cpuSecondsPerMachine[l];
            }
        }
        EXPECT_NEAR(total, demand, 1e-6 * demand);  // every job ran in full, once
        EXPECT_GT(r.makespanS, (r.epochs.size() - 1) * o.epochS);
        EXPECT_LE(r.makespanS, r.epochs.size() * o.epochS * (1.0 + 1e-9));
        EXPECT_EQ(joined(checkOnlinePlans(model, r.units, o.epochS, r.lpPlans)), "");
    }
}

TEST(LipsInvariants, RoundingGivesWholeBlocksAboveTheLpBound) {
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const CostModel model = test::randomCostModel(seed);
        const CostResult co = runCostAlgorithm(model, "lips-coschedule");
        for (const char* id : {"lips", "lips-coschedule", "hadoop-default", "delay"}) {
            SCOPED_TRACE(id);
            const CostResult r = runCostAlgorithm(model, id);
            if (!r.feasible) {
                // A baseline may find no machine with room for a whole task where the LP, in
                // fractions, still fits: capacities here are tight and tasks coarse.
                EXPECT_TRUE(r.lpCost == std::nullopt) << r.message;
                continue;
            }
            EXPECT_EQ(joined(checkWholeBlocks(model, r.units, r.schedule)), "");
            int tasks = 0;
            for (const JobShare& s : r.assignment) {
                tasks += s.tasks;
            }
            int expected = 0;
            for (int k = 0; k < static_cast<int>(model.jobs.size()); ++k) {
                expected += model.jobTasks(k);
            }
            EXPECT_EQ(tasks, expected);
            // A schedule that keeps every capacity satisfies its figure, so the LP optimum is
            // a lower bound of its cost (the baselines' too). Rounding that had to overrun a
            // capacity says so in a note.
            if (r.notes.empty()) {
                EXPECT_EQ(joined(std::string(id) == "lips-coschedule"
                                     ? checkCoSchedulePlan(model, r.units, r.schedule)
                                     : checkSimplePlan(model, r.units, r.schedule)),
                          "");
                EXPECT_GE(r.cost.total(), co.lpCost->total() - tolerance(co.lpCost->total()));
                if (r.lpCost) {
                    EXPECT_GE(r.cost.total(), r.lpCost->total() - tolerance(r.lpCost->total()));
                }
            } else {
                EXPECT_TRUE(r.lpCost.has_value());  // only LiPS rounds
            }
        }
    }
}

}  // namespace
}  // namespace mr::cost
