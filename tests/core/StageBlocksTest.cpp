// Stage blocks ([Verma12] Figs. 3 and 6) for the scenario 2 example, checked by hand.
#include <gtest/gtest.h>

#include <algorithm>

#include "experiments/Compare.h"
#include "experiments/StageBlocks.h"
#include "io/WorkloadJson.h"
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
    // [Verma12] Fig. 6(a): J3's first 10 maps run beside J4's 20 from 7 to 13, then J3 holds 20
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

// Busy slot-seconds of `jobs` in a simulation (a wave counts each of its tasks).
double busyOf(const SimResult& r, const std::vector<int>& jobs) {
    double busy = 0.0;
    for (const auto& t : r.tasks) {
        if (std::find(jobs.begin(), jobs.end(), t.job) != jobs.end()) {
            busy += (t.end - t.start) * t.count;
        }
    }
    return busy;
}

double areaOf(const std::vector<StageBlock>& blocks) {
    double area = 0.0;
    for (const auto& b : blocks) {
        area += (b.end - b.start) * (b.slotTo - b.slotFrom);
    }
    return area;
}

TEST(StageBlocks, EachPoolOfBalancedPoolsIsItsOwnPipeline) {
    // [Verma12] §III-C, scenario 2: {J3, J4} on 20 nodes (model: J4 then J3, 6 + 30 maps, J3's
    // reduce 36–40) and {J1, J2, J5} on 10 (J2 0–3, J5 3–9, J1 9–21 maps; reduces end 15, 24,
    // 39). Each pool's pipeline starts at 0 on its own slots; none runs past the makespan 40.
    const Workload w = test::figure4(2);
    const RunResult r = runAlgorithm(w, "balanced-pools", {});
    const auto bands = stageBands(w, r);
    ASSERT_EQ(bands.size(), 2u);
    const StageBand& big = bands[0].nodes == 20 ? bands[0] : bands[1];
    const StageBand& small = bands[0].nodes == 20 ? bands[1] : bands[0];
    EXPECT_EQ(big.jobs, (std::vector<int>{3, 2}));
    EXPECT_EQ(small.jobs, (std::vector<int>{1, 4, 0}));
    EXPECT_EQ(big.mapSlots, 20);
    EXPECT_EQ(small.reduceSlots, 10);
    EXPECT_DOUBLE_EQ(big.modelMakespan, 40.0);
    EXPECT_DOUBLE_EQ(small.modelMakespan, 39.0);
    const auto blockOf = [](const StageBand& band, int job, TaskKind kind) {
        for (const auto& b : band.model) {
            if (b.job == job && b.kind == kind) {
                return b;
            }
        }
        ADD_FAILURE() << "no block for job " << job;
        return StageBlock{};
    };
    const StageBlock j1 = blockOf(small, 0, TaskKind::Map);
    EXPECT_DOUBLE_EQ(j1.start, 9.0);
    EXPECT_DOUBLE_EQ(j1.end, 21.0);
    EXPECT_DOUBLE_EQ(j1.slotTo, 10.0);  // 30 tasks on the pool's 10 slots
    const StageBlock j3 = blockOf(big, 2, TaskKind::Reduce);
    EXPECT_DOUBLE_EQ(j3.start, 36.0);
    EXPECT_DOUBLE_EQ(j3.end, 40.0);
    for (const StageBand& band : bands) {
        for (const auto& b : band.model) {
            EXPECT_LE(b.end, *r.modelMakespan + 1e-9);
        }
        EXPECT_DOUBLE_EQ(areaOf(band.simulated), busyOf(r.sim, band.jobs));
        EXPECT_FALSE(band.tooLarge);
    }
}

TEST(StageBlocks, BandsStayInTheirLanesOnRandomBatches) {
    // Invariants over seeded random batches: every band's blocks fit its lanes, the model's
    // stages of one lane never overlap and end at the band's makespan, the simulated profile
    // never holds more slots than the band has, and its area is the band's busy time.
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = test::randomWorkload(seed, {.minJobs = 2, .maxJobs = 7, .minNodes = 2});
        for (const char* id : {"johnson", "balanced-pools", "hscheduler"}) {
            SCOPED_TRACE(id);
            const RunResult r = runAlgorithm(w, id, {});
            const Workload& shown = r.simulatedWorkload ? *r.simulatedWorkload : w;
            const auto bands = stageBands(shown, r);
            ASSERT_EQ(bands.size(), std::max<std::size_t>(1, r.sim.pools.size()));
            double busy = 0.0;
            for (const StageBand& band : bands) {
                for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
                    const double lane = kind == TaskKind::Map ? band.mapSlots : band.reduceSlots;
                    double previousEnd = 0.0;
                    double modelEnd = 0.0;
                    for (const auto& b : band.model) {
                        if (b.kind != kind) {
                            continue;
                        }
                        EXPECT_LE(b.slotTo, lane);
                        EXPECT_GE(b.start, previousEnd - 1e-9);
                        previousEnd = b.end;
                        modelEnd = std::max(modelEnd, b.end);
                    }
                    if (kind == TaskKind::Reduce || modelEnd > 0) {
                        EXPECT_LE(modelEnd, band.modelMakespan + 1e-9);
                    }
                    for (const auto& b : band.simulated) {
                        if (b.kind == kind) {
                            EXPECT_LE(b.slotTo, lane + 1e-9);
                        }
                    }
                }
                EXPECT_NEAR(areaOf(band.simulated), busyOf(r.sim, band.jobs),
                            1e-6 * (1.0 + busyOf(r.sim, band.jobs)));
                busy += areaOf(band.simulated);
            }
            EXPECT_NEAR(busy, r.sim.mapBusy + r.sim.reduceBusy,
                        1e-6 * (1.0 + r.sim.mapBusy + r.sim.reduceBusy));
        }
    }
}

// Every algorithm's result has a stage view (the explorer exports one per checked algorithm):
// the deadline policies work without (m_i, r_i) of their own, and their model lane uses the
// two-stage model's, at full allocation (on the deadlines sample the export crashed reading
// min-edf-wc's empty stage list).
TEST(StageBlocks, EveryAlgorithmHasAStageView) {
    for (const char* sample : {"deadlines-spare-kill.json", "figure4-scenario2.json"}) {
        const Workload w = loadWorkload(test::samplePath(sample));
        RunOptions options;
        options.recordTasks = true;
        for (const Job& job : w.jobs) {
            options.manualOrder.push_back(job.name);  // the explorer's row order
        }
        for (const std::string& id : algorithmIds()) {
            SCOPED_TRACE(std::string(sample) + " " + id);
            const RunResult r = runAlgorithm(w, id, options);
            const std::vector<StageBand> bands = stageBands(w, r);
            ASSERT_FALSE(bands.empty());
            std::size_t model = 0;
            double end = 0.0;
            for (const StageBand& band : bands) {
                model += band.model.size();
                end = std::max(end, band.modelMakespan);
            }
            // A block per job and stage it has (the deadlines sample's jobs have no reduces).
            std::size_t stages = 0;
            for (const Job& job : w.jobs) {
                stages += job.reduces() > 0 ? 2 : 1;
            }
            EXPECT_EQ(model, stages);
            EXPECT_GT(end, 0.0);
        }
    }
}

TEST(StageBlocks, AWaveHoldsAsManySlotsAsItHasTasks) {
    Workload w;
    w.cluster = {4, 1, 1};
    w.jobs = {Job::uniform("A", 4, 5, 0, 0)};
    SimResult r;
    r.tasks.push_back(TaskRecord{0, 0, 0, TaskKind::Map, false, AttemptEnd::Killed, 3, 0.0,
                                 5.0});  // tasks 0-2 on slots 0-2
    r.tasks.push_back(TaskRecord{0, 3, 3, TaskKind::Map, false, AttemptEnd::Killed, 1, 0.0, 5.0});
    const auto blocks = simulatedStageBlocks(w, r, {0});
    ASSERT_EQ(blocks.size(), 1u);
    EXPECT_DOUBLE_EQ(blocks[0].slotTo - blocks[0].slotFrom, 4.0);
    EXPECT_DOUBLE_EQ(blocks[0].end, 5.0);
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
