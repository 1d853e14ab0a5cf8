// The per-job CSV (File > Export "Jobs … as CSV", mrx --export-all) on [Verma12]'s scenario 2
// under BalancedPools, whose pools and times the paper gives, and on a job with a deadline.
#include <gtest/gtest.h>

#include "io/Csv.h"
#include "io/JobCsv.h"
#include "schedulers/Registry.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::size_t from = 0;
    for (std::size_t end; (end = text.find('\n', from)) != std::string::npos; from = end + 1) {
        out.push_back(text.substr(from, end - from));
    }
    return out;
}

TEST(JobCsv, ScenarioTwoUnderBalancedPoolsHasEachJobsPoolAndTimes) {
    const Workload w = test::figure4(2);
    const auto rows = lines(jobTimesCsv(w, runAlgorithm(w, "balanced-pools", {})));
    ASSERT_EQ(rows.size(), 6u);
    EXPECT_EQ(rows[0],
              "job,pool,arrival,start,map_end,end,m,r,deadline,late,killed_maps,killed_reduces,"
              "wait,jct,alone,slowdown,bounded_slowdown,lateness");
    // [Verma12] §III-C: {J3, J4} on 20 nodes end at 40 — J4 (6, 30) first, then J3 (30, 4);
    // {J1, J2, J5} on 10 nodes end at 39 — J2 (3, 12), J5 (6, 9), J1 (12, 15) by Johnson.
    // Alone on all 30 slots: J1 4 + 5, J2 1 + 4, J3 30 + 4, J4 6 + 30, J5 2 + 3; slowdown is the
    // JCT over that, bounded slowdown the JCT over max(alone, 10).
    EXPECT_EQ(rows[4], "J4,pool1,0,0,6,36,6,30,,,0,0,0,36,36,1,1,");
    EXPECT_EQ(rows[3], "J3,pool1,0,6,36,40,30,4,,,0,0,6,40,34," + csvNumber(40.0 / 34) + "," +
                           csvNumber(40.0 / 34) + ",");
    EXPECT_EQ(rows[2], "J2,pool2,0,0,3,15,3,12,,,0,0,0,15,5,3,1.5,");
    EXPECT_EQ(rows[5], "J5,pool2,0,3,9,24,6,9,,,0,0,3,24,5,4.8,2.4,");
    EXPECT_EQ(rows[1], "J1,pool2,0,9,21,39,12,15,,,0,0,9,39,9," + csvNumber(39.0 / 9) + ",3.9,");
}

TEST(JobCsv, ADeadlineIsAbsoluteAndLateSaysWhetherTheJobMissedIt) {
    // Two one-task jobs on one slot, in file order: A ends at 10, B at 15. A's deadline
    // (relative to its arrival 0) is 12: met; B arrives at 1 with deadline 5, absolute 6: missed.
    Workload w;
    w.cluster = {1, 1, 1};
    w.jobs = {Job::uniform("A", 1, 10, 0, 0), Job::uniform("B", 1, 5, 0, 0)};
    w.jobs[0].deadline = 12.0;
    w.jobs[1].arrival = 1.0;
    w.jobs[1].deadline = 5.0;
    const auto rows = lines(jobTimesCsv(w, runAlgorithm(w, "fifo", {})));
    ASSERT_EQ(rows.size(), 3u);
    // Lateness: end − absolute deadline, 10 − 12 (early) and 15 − 6.
    EXPECT_EQ(rows[1], "A,,0,0,10,10,10,0,12,0,0,0,0,10,10,1,1,-2");
    EXPECT_EQ(rows[2], "B,,1,10,15,15,5,0,6,1,0,0,9,14,5,2.8,1.4,9");
}

}  // namespace
}  // namespace mr
