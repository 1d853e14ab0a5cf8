// The job metrics (experiments/JobMetrics.h, docs/metrics.md): nearest-rank percentiles and
// Jain's index on textbook values, every metric of a three-job FIFO run worked out by hand,
// Batsim's interval text. The invariants over random workloads for every algorithm are in
// SchedulerInvariantsTest.cpp.
#include <gtest/gtest.h>

#include <cmath>

#include "experiments/JobMetrics.h"
#include "io/BatsimJobsCsv.h"
#include "schedulers/Registry.h"

namespace mr {
namespace {

// Wikipedia's "Percentile", nearest-rank method: the 5th, 30th, 40th, 50th and 100th
// percentiles of {15, 20, 35, 40, 50} are 15, 20, 20, 35, 50; of {3, 6, 7, 8, 8, 10, 13, 15,
// 16, 20} the 25th, 50th, 75th and 100th are 7, 8, 15, 20.
TEST(JobMetrics, NearestRankPercentilesOfTextbookExamples) {
    const std::vector<double> five{15, 20, 35, 40, 50};
    EXPECT_EQ(nearestRankPercentile(five, 5), 15);
    EXPECT_EQ(nearestRankPercentile(five, 30), 20);
    EXPECT_EQ(nearestRankPercentile(five, 40), 20);
    EXPECT_EQ(nearestRankPercentile(five, 50), 35);
    EXPECT_EQ(nearestRankPercentile(five, 100), 50);
    const std::vector<double> ten{3, 6, 7, 8, 8, 10, 13, 15, 16, 20};
    EXPECT_EQ(nearestRankPercentile(ten, 25), 7);
    EXPECT_EQ(nearestRankPercentile(ten, 50), 8);
    EXPECT_EQ(nearestRankPercentile(ten, 75), 15);
    EXPECT_EQ(nearestRankPercentile(ten, 100), 20);
    // p95 of 20 values is the 19th, of 100 values the 95th, of 1 value that value.
    std::vector<double> hundred;
    for (int i = 1; i <= 100; ++i) {
        hundred.push_back(i);
    }
    EXPECT_EQ(nearestRankPercentile(hundred, 95), 95);
    EXPECT_EQ(nearestRankPercentile(hundred, 99), 99);
    EXPECT_EQ(nearestRankPercentile(std::vector<double>(hundred.begin(), hundred.begin() + 20), 95),
              19);
    EXPECT_EQ(nearestRankPercentile({7}, 50), 7);
    EXPECT_EQ(nearestRankPercentile({}, 50), 0);
}

TEST(JobMetrics, DistributionIsOrderFree) {
    const Distribution d = distributionOf({50, 15, 40, 20, 35});
    EXPECT_EQ(d.mean, 32);
    EXPECT_EQ(d.p50, 35);
    EXPECT_EQ(d.p95, 50);
    EXPECT_EQ(d.p99, 50);
    EXPECT_EQ(d.max, 50);
}

TEST(JobMetrics, JainFairnessIndex) {
    EXPECT_EQ(jainFairness({2, 2, 2}), 1.0);             // all equal: 1
    EXPECT_DOUBLE_EQ(jainFairness({1, 0, 0}), 1.0 / 3);  // one of n served: 1/n
    EXPECT_DOUBLE_EQ(jainFairness({1, 2}), 0.9);         // 3² / (2 · 5)
    EXPECT_EQ(jainFairness({}), 1.0);
}

// One node with one map and one reduce slot, FIFO:
//   J1  map 4, reduce 2, arrives 0      maps 0–4, reduces 4–6
//   J2  map 1, reduce 1, arrives 0      maps 4–5, reduces 6–7 (the reduce slot is J1's until 6)
//   J3  map 2, arrives 1, deadline 3    maps 5–7, no reduce: ends at 7, late by 3
TEST(JobMetrics, ThreeJobFifoRunByHand) {
    Workload w;
    w.cluster = {1, 1, 1};
    w.jobs = {Job::uniform("J1", 1, 4, 1, 2), Job::uniform("J2", 1, 1, 1, 1),
              Job::uniform("J3", 1, 2, 0, 0)};
    w.jobs[2].arrival = 1;
    w.jobs[2].deadline = 3;
    const RunResult r = runAlgorithm(w, "fifo", {});
    const std::vector<JobMetrics> jobs = jobMetrics(w, r);
    ASSERT_EQ(jobs.size(), 3u);
    EXPECT_EQ(jobs[0].start, 0);
    EXPECT_EQ(jobs[0].mapEnd, 4);
    EXPECT_EQ(jobs[0].end, 6);
    EXPECT_EQ(jobs[1].start, 4);
    EXPECT_EQ(jobs[1].mapEnd, 5);
    EXPECT_EQ(jobs[1].end, 7);
    EXPECT_EQ(jobs[2].submit, 1);
    EXPECT_EQ(jobs[2].start, 5);
    EXPECT_EQ(jobs[2].end, 7);
    EXPECT_EQ(jobs[0].wait, 0);
    EXPECT_EQ(jobs[1].wait, 4);
    EXPECT_EQ(jobs[2].wait, 4);
    EXPECT_EQ(jobs[0].completion, 6);
    EXPECT_EQ(jobs[1].completion, 7);
    EXPECT_EQ(jobs[2].completion, 6);
    EXPECT_EQ(jobs[0].alone, 6);  // 4 + 2
    EXPECT_EQ(jobs[1].alone, 2);  // 1 + 1
    EXPECT_EQ(jobs[2].alone, 2);
    EXPECT_EQ(jobs[0].slowdown, 1);
    EXPECT_EQ(jobs[1].slowdown, 3.5);
    EXPECT_EQ(jobs[2].slowdown, 3);
    EXPECT_EQ(jobs[1].boundedSlowdown, 1);  // 7 / max(2, τ = 10) < 1
    EXPECT_FALSE(jobs[0].deadline);
    EXPECT_EQ(jobs[2].deadline, 4);
    EXPECT_EQ(jobs[2].deadlineMet, false);
    EXPECT_EQ(jobs[2].lateness, 3);

    const RunMetrics m = runMetrics(w, r);
    EXPECT_EQ(m.jobs, 3);
    EXPECT_EQ(m.makespan, 7);
    EXPECT_DOUBLE_EQ(m.completion.mean, 19.0 / 3);
    EXPECT_EQ(m.completion.p50, 6);  // {6, 6, 7}: rank 2
    EXPECT_EQ(m.completion.p95, 7);  // rank 3
    EXPECT_EQ(m.completion.max, 7);
    EXPECT_DOUBLE_EQ(m.wait.mean, 8.0 / 3);
    EXPECT_EQ(m.wait.p95, 4);
    EXPECT_EQ(m.slowdown.mean, 2.5);  // (1 + 3.5 + 3) / 3
    EXPECT_EQ(m.slowdown.max, 3.5);
    EXPECT_DOUBLE_EQ(m.fairness, 7.5 * 7.5 / (3 * 22.25));  // 22.25 = 1 + 3.5² + 3²
    EXPECT_EQ(m.mapUtilization, 1.0);                       // 7 slot-seconds of 7
    EXPECT_DOUBLE_EQ(m.reduceUtilization, 3.0 / 7);
    EXPECT_EQ(m.slotSeconds, 10);
    ASSERT_TRUE(m.deadlines);
    EXPECT_EQ(m.deadlines->missed, 1);
    EXPECT_EQ(m.deadlines->relativeDeadlineExceeded, 1.0);  // (6 − 3) / 3
    EXPECT_EQ(m.deadlines->avgCompletionTime, m.completion.mean);
}

// A 2 s job behind a 30 s one on one slot: slowdown 32 / 2 = 16, bounded 32 / τ = 3.2.
TEST(JobMetrics, BoundedSlowdownCountsShortJobsAsTau) {
    Workload w;
    w.cluster = {1, 1, 1};
    w.jobs = {Job::uniform("long", 1, 30, 0, 0), Job::uniform("short", 1, 2, 0, 0)};
    const std::vector<JobMetrics> jobs = jobMetrics(w, runAlgorithm(w, "fifo", {}));
    EXPECT_EQ(jobs[1].slowdown, 16);
    EXPECT_DOUBLE_EQ(jobs[1].boundedSlowdown, 32 / kBoundedSlowdownTau);
    EXPECT_EQ(jobs[0].boundedSlowdown, 1);  // 30 / 30
}

TEST(JobMetrics, BatsimIntervalsMergeAndSort) {
    EXPECT_EQ(batsimIntervals({{10, 50}, {1, 1}, {5, 5}, {2, 2}}), "1-2 5 10-50");
    EXPECT_EQ(batsimIntervals({{3, 3}, {3, 3}}), "3");
    EXPECT_EQ(batsimIntervals({{0, 4}, {2, 9}}), "0-9");
    EXPECT_EQ(batsimIntervals({}), "");
}

}  // namespace
}  // namespace mr
