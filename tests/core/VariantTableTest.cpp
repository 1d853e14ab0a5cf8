// The variant × algorithm table: makespans, deltas against the reference
// variant, utilisation and missed deadlines, on hand-built results and on the papers' numbers.
#include <gtest/gtest.h>

#include "experiments/VariantTable.h"
#include "io/VariantTableFormat.h"
#include "schedulers/Registry.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

RunResult handResult(double makespan, double mapBusy, std::vector<JobTimes> jobs) {
    RunResult r;
    r.sim.makespan = makespan;
    r.sim.mapSlots = 2;
    r.sim.reduceSlots = 1;
    r.sim.mapBusy = mapBusy;
    r.sim.reduceBusy = makespan / 2;
    r.sim.jobs = std::move(jobs);
    return r;
}

TEST(VariantTable, DeltasAgainstTheReferenceAndMissedDeadlines) {
    Workload w;
    w.cluster = {2, 1, 1};
    Job a;
    a.name = "a";
    a.mapDurations = {1.0};
    a.deadline = 30.0;
    Job b;
    b.name = "b";
    b.mapDurations = {1.0};
    w.jobs = {a, b};
    // Variant A ends job a at 20 (on time), B at 45 (late: deadline 30).
    const RunResult ra = handResult(40.0, 40.0, {{0, 0, 10, 20}, {0, 0, 30, 40}});
    RunResult rb = handResult(50.0, 25.0, {{0, 0, 10, 45, 2, 0, 5.0}, {0, 0, 30, 50}});
    rb.extraTasks = std::array<long long, 2>{3, 1};  // a policy with quotas: 3 + 1 spare tasks
    const std::vector<VariantCell> cells = {
        {"A", "x", &w, &ra, ""}, {"B", "x", &w, &rb, ""}, {"B", "y", &w, nullptr, "cancelled"}};
    const auto rows = variantTable(cells, "A");
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0].delta, 0.0);
    EXPECT_EQ(rows[1].makespan, 50.0);
    EXPECT_EQ(rows[1].delta, 10.0);
    EXPECT_EQ(rows[1].deltaPercent, 25.0);
    EXPECT_EQ(rows[0].mapUtilization, 0.5);   // 40 / (2 slots × 40 s)
    EXPECT_EQ(rows[1].mapUtilization, 0.25);  // 25 / (2 × 50)
    EXPECT_EQ(rows[1].reduceUtilization, 0.5);
    EXPECT_EQ(rows[0].jctMean, 30.0);  // (20 + 40) / 2
    EXPECT_EQ(rows[0].jctP95, 40.0);   // nearest rank: the 2nd of 2
    // Each job alone takes 1 s (one 1 s map task), so slowdowns are the JCTs: 20 and 40.
    EXPECT_EQ(rows[0].slowdownMean, 30.0);
    EXPECT_EQ(rows[0].fairness, 0.9);  // 60² / (2 · (20² + 40²))
    EXPECT_EQ(rows[0].deadlines, 1);
    EXPECT_EQ(rows[0].missed, 0);
    EXPECT_EQ(rows[1].missed, 1);
    // [Verma12b] §IV-A's metrics where they exist: a is late by 15 s on a 30 s deadline.
    EXPECT_EQ(rows[0].relativeExceeded, 0.0);
    EXPECT_EQ(rows[1].relativeExceeded, 0.5);
    EXPECT_FALSE(rows[0].extraMapTasks);  // no quotas: no spare-slot tasks, no kills counted
    EXPECT_FALSE(rows[0].killedTasks);
    EXPECT_EQ(rows[1].extraMapTasks, 3);
    EXPECT_EQ(rows[1].extraReduceTasks, 1);
    EXPECT_EQ(rows[1].killedTasks, 2);
    EXPECT_EQ(rows[1].killedWork, 5.0);
    EXPECT_FALSE(rows[1].dataLocalFraction);
    EXPECT_FALSE(rows[2].makespan);
    EXPECT_FALSE(rows[2].delta);
    EXPECT_EQ(rows[2].status, "cancelled");
    EXPECT_EQ(variantTableCsv(rows),
              "variant,algorithm,makespan,delta,delta_percent,map_utilization,"
              "reduce_utilization,jct_mean,jct_p95,slowdown_mean,fairness,deadlines,missed,"
              "relative_deadline_exceeded,"
              "extra_map_tasks,extra_reduce_tasks,killed_tasks,killed_work,data_local_fraction,"
              "status\n"
              "A,x,40,0,0,0.5,0.5,30,40,30,0.9,1,0,0,,,,,,\n"
              "B,x,50,10,25,0.25,0.5,47.5,50,47.5,0.9972375690607734,1,1,0.5,3,1,2,5,,\n"
              "B,y,,,,,,,,,,,,,,,,,,cancelled\n");
    // Without a reference (or an unknown one) there are no deltas.
    EXPECT_FALSE(variantTable(cells, "")[1].delta);
    EXPECT_FALSE(variantTable(cells, "Z")[1].delta);
}

TEST(VariantTable, Figure4ScenariosAsVariants) {
    // [Verma12] Fig. 4: Johnson simulates scenario 1 and scenario 2 both to 47; BalancedPools
    // gains only on scenario 2 (40), so its delta against scenario 1 is 40 − its scenario-1 run.
    const Workload s1 = test::figure4(1);
    const Workload s2 = test::figure4(2);
    const RunResult j1 = runAlgorithm(s1, "johnson", {});
    const RunResult j2 = runAlgorithm(s2, "johnson", {});
    const RunResult b2 = runAlgorithm(s2, "balanced-pools", {});
    const RunResult b1 = runAlgorithm(s1, "balanced-pools", {});
    const auto rows = variantTable({{"s1", "johnson", &s1, &j1, ""},
                                    {"s1", "balanced-pools", &s1, &b1, ""},
                                    {"s2", "johnson", &s2, &j2, ""},
                                    {"s2", "balanced-pools", &s2, &b2, ""}},
                                   "s1");
    EXPECT_EQ(rows[2].makespan, 47.0);
    EXPECT_EQ(rows[2].delta, 0.0);
    EXPECT_EQ(rows[3].makespan, 40.0);
    EXPECT_EQ(*rows[3].delta, 40.0 - b1.makespan());
    EXPECT_FALSE(rows[3].deadlines);  // no job has a deadline
}

}  // namespace
}  // namespace mr
