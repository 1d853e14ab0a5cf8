// Stage blocks (seed 000 Figs. 3 and 6) for the scenario 2 example, checked by hand.
#include <gtest/gtest.h>

#include "experiments/Compare.h"
#include "experiments/StageBlocks.h"
#include "schedulers/Registry.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

TEST(StageBlocks, ModelBlocksFollowTheFormulaTimeline) {
    const Workload w = test::figure4(2);
    const RunResult r = runAlgorithm(w, "johnson", {});
    const auto blocks = modelStageBlocks(w, r.stages, r.order);
    ASSERT_EQ(blocks.size(), 10u);
    // J4 (index 3) is fourth: map [7, 13] on 20 slots; its reduce [13, 43].
    const StageBlock& j4map = blocks[6];
    EXPECT_EQ(j4map.job, 3);
    EXPECT_DOUBLE_EQ(j4map.start, 7.0);
    EXPECT_DOUBLE_EQ(j4map.end, 13.0);
    EXPECT_DOUBLE_EQ(j4map.slotTo, 20.0);
    EXPECT_DOUBLE_EQ(blocks[9].end, 47.0);  // J3's reduce ends at the makespan
}

TEST(StageBlocks, SimulatedBlocksShowJ3BesideJ4) {
    // Seed 000 Fig. 6(a): J3's first 10 maps run beside J4's 20 from 7 to 13, then J3 holds 20
    // slots until 37 and 10 until 43.
    const Workload w = test::figure4(2);
    const RunResult r = runAlgorithm(w, "johnson", {});
    const auto blocks = simulatedStageBlocks(w, r.sim, r.order);
    std::vector<StageBlock> j3;
    for (const auto& b : blocks) {
        if (b.job == 2 && b.kind == TaskKind::Map) {
            j3.push_back(b);
        }
    }
    ASSERT_EQ(j3.size(), 3u);
    EXPECT_DOUBLE_EQ(j3[0].start, 7.0);
    EXPECT_DOUBLE_EQ(j3[0].end, 13.0);
    EXPECT_DOUBLE_EQ(j3[0].slotTo - j3[0].slotFrom, 10.0);
    EXPECT_DOUBLE_EQ(j3[0].slotFrom, 20.0);  // stacked on J4
    EXPECT_DOUBLE_EQ(j3[1].end, 37.0);
    EXPECT_DOUBLE_EQ(j3[1].slotTo - j3[1].slotFrom, 20.0);
    EXPECT_DOUBLE_EQ(j3[2].end, 43.0);
    EXPECT_DOUBLE_EQ(j3[2].slotTo - j3[2].slotFrom, 10.0);
    // Slot-seconds of the blocks equal the busy time of the simulation.
    double area = 0.0;
    for (const auto& b : blocks) {
        area += (b.end - b.start) * (b.slotTo - b.slotFrom);
    }
    EXPECT_DOUBLE_EQ(area, r.sim.mapBusy + r.sim.reduceBusy);
}

TEST(StageBlocks, RunEachReportsRefusalsWithoutStoppingOthers) {
    Workload w;
    w.cluster = {2, 1, 1};
    for (int i = 0; i < 11; ++i) {
        w.jobs.push_back(Job::uniform("J" + std::to_string(i), 1, 1.0 + i, 1, 1));
    }
    const auto outcomes = runEach(w, {"johnson", "optimal"}, {});
    ASSERT_EQ(outcomes.size(), 2u);
    EXPECT_TRUE(outcomes[0].result.has_value());
    EXPECT_FALSE(outcomes[1].result.has_value());
    EXPECT_NE(outcomes[1].error.find("limited to 10 jobs"), std::string::npos);
}

}  // namespace
}  // namespace mr
