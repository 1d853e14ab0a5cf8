// Stage durations: the exact greedy estimator against hand-computed schedules, and the ARIA
// bounds ([Verma12] §II-B, with the T_M^up typo fixed) against hand-computed values and against
// the greedy makespan they must bracket.
#include <gtest/gtest.h>

#include "model/SeededRandom.h"
#include "perf/StageDuration.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

TEST(StageDuration, UniformTasksTakeWholeWaves) {
    // ceil(N/S)·t: 71 tasks on 16 slots are 5 waves ([Verma12] Fig. 1's WikiTrends).
    EXPECT_DOUBLE_EQ(greedyMakespan(std::vector<double>(71, 2.0), 16), 10.0);
    EXPECT_DOUBLE_EQ(greedyMakespan(std::vector<double>(30, 4.0), 10), 12.0);
    EXPECT_DOUBLE_EQ(greedyMakespan(std::vector<double>(20, 30.0), 30), 30.0);
    EXPECT_DOUBLE_EQ(greedyMakespan({}, 5), 0.0);
}

TEST(StageDuration, GreedyGivesEachTaskToTheSlotThatFreesFirst) {
    // Slots A, B. 5→A [0,5], 3→B [0,3], 3→B [3,6], 2→A [5,7], 1→B [6,7]: makespan 7.
    EXPECT_DOUBLE_EQ(greedyMakespan({5, 3, 3, 2, 1}, 2), 7.0);
    // File order matters: the long task last gives 1→A, 1→B, 1→A, 1→B, 6→A at 2: 8.
    EXPECT_DOUBLE_EQ(greedyMakespan({1, 1, 1, 1, 6}, 2), 8.0);
}

TEST(StageDuration, ExactEstimatorUsesTheJobsStages) {
    const Job j = Job::uniform("J", 30, 4, 30, 5);
    EXPECT_EQ(stageDurations(j, 30, 30), (StageDurations{4, 5}));
    EXPECT_EQ(stageDurations(j, 10, 10), (StageDurations{12, 15}));  // [Verma12]: three waves
    Job mapOnly = Job::uniform("M", 3, 2, 0, 0);
    EXPECT_EQ(stageDurations(mapOnly, 2, 2), (StageDurations{4, 0}));
}

TEST(StageDuration, AriaBoundsMatchHandComputedValues) {
    Job job;
    job.mapDurations = {2, 2, 2, 2, 2, 2, 2, 2, 2, 3};  // N=10, avg 2.1, max 3
    job.reduceDurations = {4, 6};                       // N=2, avg 5, max 6
    // Map on 4 slots: low = 10·2.1/4 = 5.25; up = 9·2.1/4 + 3 = 7.725 (not 9/4·2.1/4 + 3).
    EXPECT_NEAR(stageDuration(job, TaskKind::Map, 4, Estimator::AriaLow), 5.25, 1e-12);
    EXPECT_NEAR(stageDuration(job, TaskKind::Map, 4, Estimator::AriaUp), 7.725, 1e-12);
    EXPECT_NEAR(stageDuration(job, TaskKind::Map, 4, Estimator::AriaAvg), 6.4875, 1e-12);
    // Reduce on 1 slot, no shuffle data: low = 2·5/1 = 10; up = 1·5/1 + 6 = 11.
    EXPECT_NEAR(stageDuration(job, TaskKind::Reduce, 1, Estimator::AriaLow), 10.0, 1e-12);
    EXPECT_NEAR(stageDuration(job, TaskKind::Reduce, 1, Estimator::AriaUp), 11.0, 1e-12);
}

TEST(StageDuration, AriaUsesProfileShuffleStatistics) {
    Job job = Job::uniform("J", 8, 10, 6, 20);
    JobProfile p;
    p.firstShuffleAvg = 3;
    p.firstShuffleMax = 4;
    p.typicalShuffleAvg = 5;
    p.typicalShuffleMax = 7;
    job.profile = p;
    // 6 reduce tasks on 2 slots:
    // low = Sh1avg + (6/2 − 1)·5 + 6·20/2 = 3 + 10 + 60 = 73
    // up  = Sh1max + ((5/2) − 1)·5 + 7 + 5·20/2 + 20 = 4 + 7.5 + 7 + 50 + 20 = 88.5
    EXPECT_NEAR(stageDuration(job, TaskKind::Reduce, 2, Estimator::AriaLow), 73.0, 1e-12);
    EXPECT_NEAR(stageDuration(job, TaskKind::Reduce, 2, Estimator::AriaUp), 88.5, 1e-12);
    EXPECT_NEAR(stageDuration(job, TaskKind::Reduce, 2, Estimator::AriaAvg), 80.75, 1e-12);
    // More slots than tasks: the job uses 6; the typical shuffle term vanishes in the low bound.
    EXPECT_NEAR(stageDuration(job, TaskKind::Reduce, 50, Estimator::AriaLow), 3.0 + 20.0, 1e-12);
}

TEST(StageDuration, GreedyMakespanLiesBetweenTheAriaBounds) {
    SeededRandom rng(7);
    for (int trial = 0; trial < 500; ++trial) {
        SCOPED_TRACE(trial);
        const int n = 1 + static_cast<int>(rng.next() % 60);
        const int slots = 1 + static_cast<int>(rng.next() % 20);
        Job job;
        for (int i = 0; i < n; ++i) {
            job.mapDurations.push_back(rng.uniform(0.1, 50));
        }
        const double exact = stageDuration(job, TaskKind::Map, slots, Estimator::Exact);
        EXPECT_LE(stageDuration(job, TaskKind::Map, slots, Estimator::AriaLow), exact + 1e-9);
        EXPECT_GE(stageDuration(job, TaskKind::Map, slots, Estimator::AriaUp), exact - 1e-9);
    }
}

TEST(StageDuration, EstimatorNamesRoundTrip) {
    for (Estimator e :
         {Estimator::Exact, Estimator::AriaLow, Estimator::AriaUp, Estimator::AriaAvg}) {
        EXPECT_EQ(parseEstimator(toString(e)), e);
    }
    EXPECT_FALSE(parseEstimator("aria"));
}

}  // namespace
}  // namespace mr
