// Replaying Rumen job histories with the overheads model: the estimates are the
// traces' own timestamps, read off the files by hand; every job of every real history we have
// ends within 5 % of its traced completion time (submit -> finish) and so does the makespan; the
// hand-made fixture's gaps are the ones the docs explain; without overheads the import is the
// tasks alone, as before.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iterator>

#include "experiments/TraceValidation.h"
#include "io/RumenImport.h"
#include "io/WorkloadJson.h"
#include "schedulers/Registry.h"
#include "sim/ScheduleCheck.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

using test::testDataPath;

constexpr double kGoal = 0.05;  // within 5 % of the trace

TraceComparison replay(const Workload& w, const char* algorithm = "fifo") {
    const RunResult r = runAlgorithm(w, algorithm, {});
    EXPECT_TRUE(checkSchedule(w, r.sim).empty());
    return compareWithTrace(w, r.sim);
}

void expectWithinGoal(const TraceComparison& c, std::size_t jobs) {
    ASSERT_EQ(c.jobs.size(), jobs);
    for (const TracedJob& t : c.jobs) {
        EXPECT_LE(std::fabs(t.error()), kGoal)
            << "job " << t.job << ": simulated " << t.simulated() << " s, traced " << t.traced();
    }
    ASSERT_TRUE(c.makespanError);
    EXPECT_LE(std::fabs(*c.makespanError), kGoal)
        << "makespan " << *c.simulatedMakespan << " against " << *c.tracedMakespan;
}

TEST(TraceReplay, SlsSampleEstimatesFromItsTimestamps) {
    const std::string path = test::tracePath("rumen/2jobs2min-rumen-jh.json");
    RumenImportReport report;
    const Workload w = importRumen(path, {}, &report);
    ASSERT_EQ(w.jobCount(), 2);
    // Job 1205: submit 1371222054499, first attempt 1371222061150 (6.651 s later), last attempt
    // ends 1371222142884, finish 1371222153874 (commit 10.990 s). Job 1206: submit
    // 1371222159703, first attempt 6.579 s later, finish 1.842 s after its last attempt.
    EXPECT_DOUBLE_EQ(*w.jobs[0].overheads.amStart, 6.651);
    EXPECT_DOUBLE_EQ(*w.jobs[0].overheads.commit, 10.990);
    EXPECT_DOUBLE_EQ(*w.jobs[1].overheads.amStart, 6.579);
    EXPECT_DOUBLE_EQ(*w.jobs[1].overheads.commit, 1.842);
    // Traced ends on the workload's clock: 99.375 s, and 105.204 + 92.052 s.
    EXPECT_DOUBLE_EQ(*w.jobs[0].traceEnd, 99.375);
    EXPECT_DOUBLE_EQ(*w.jobs[1].traceEnd, 197.256);
    // yarn.app.mapreduce.am.resource.mb 1536 rounds up to 2048 (minimum allocation 1024): two
    // 1024 MB map containers. The cluster defaults: medians of the two jobs and the common AM.
    EXPECT_EQ(w.overheads.amSlots, 2);
    EXPECT_FALSE(w.jobs[0].overheads.amSlots);  // the default says it
    EXPECT_DOUBLE_EQ(*w.overheads.amStart, 6.615);
    EXPECT_DOUBLE_EQ(*w.overheads.commit, 6.416);
    // No reduces: no slow-start. The gaps: 66 per job (the maps that waited for a slot).
    EXPECT_FALSE(w.jobs[0].overheads.slowstart);
    EXPECT_EQ(report.gapSamples, 132);
    EXPECT_GT(*w.overheads.assignGap, 1.0);
    EXPECT_LT(*w.overheads.assignGap, 2.5);
    EXPECT_EQ(parseWorkload(serializeWorkload(w), "saved"), w);  // the file holds it all
}

TEST(TraceReplay, SlsSampleWithinFivePercent) {
    const std::string path = test::tracePath("rumen/2jobs2min-rumen-jh.json");
    const Workload w = importRumen(path);
    expectWithinGoal(replay(w), 2);
    // Without the overheads the tasks alone end 22 % and 21 % early.
    // (What `mrsim validate --no-overheads` compares: the tasks alone, with the traced ends.)
    RumenImportOptions plain;
    plain.overheads = false;
    plain.traceEnds = true;
    const Workload bare = importRumen(path, plain);
    EXPECT_TRUE(bare.overheads.empty());
    EXPECT_DOUBLE_EQ(*bare.jobs[0].traceEnd, 99.375);
    EXPECT_DOUBLE_EQ(*bare.jobs[1].traceEnd, 197.256);
    const TraceComparison c = replay(bare);
    EXPECT_NEAR(c.jobs[0].error(), -0.2246, 0.001);
    EXPECT_NEAR(c.jobs[1].error(), -0.2121, 0.001);
    EXPECT_NEAR(*c.makespanError, -0.0990, 0.001);
}

TEST(TraceReplay, Hadoop020WordCountWithSetupCleanupAndSlowStart) {
    // Gridmix's test history (Hadoop 0.20: setup and cleanup tasks in otherTasks, one host).
    // submit 1285322645148; first map attempt 1285322651366 (6.218 s, after the setup task
    // 648482–649588); map attempts end 658262, 657906, 664865; the reduce runs 660807–670759 and
    // started when 2 of 3 maps were done (slow-start 0.666667), 670759 − 664865 = 5.894 s after
    // the last map; finish 1285322675837: commit 5.078 s (the cleanup task 672838–673971 in it),
    // traced completion 30.689 s. The only map that waited for a slot started 660807, 2.901 s
    // after the first slot freed (657906).
    RumenImportReport report;
    const Workload w = importRumen(testDataPath("hadoop-gridmix-wordcount.json"), {}, &report);
    ASSERT_EQ(w.jobCount(), 1);
    const Overheads& o = w.jobs[0].overheads;
    EXPECT_DOUBLE_EQ(*o.amStart, 6.218);
    EXPECT_DOUBLE_EQ(*o.commit, 5.078);
    EXPECT_DOUBLE_EQ(*o.slowstart, 0.666667);
    EXPECT_DOUBLE_EQ(*o.reduceTail, 5.894);
    EXPECT_FALSE(o.amSlots);  // no YARN ApplicationMaster in a 0.20 history
    EXPECT_DOUBLE_EQ(*w.overheads.assignGap, 2.901);
    EXPECT_DOUBLE_EQ(*w.jobs[0].traceEnd, 30.689);
    EXPECT_EQ(report.setupCleanupTasks, 2);
    expectWithinGoal(replay(w), 1);
}

TEST(TraceReplay, OneHistoryWrittenTwiceReplaysAsOneJob) {
    // Gridmix's wordcount2.json is wordcount.json twice: the same jobID, the same attempts on the
    // same host at the same times. Kept twice (as before), the host's concurrency counted every
    // attempt twice (4 map and 2 reduce slots) and FIFO ran the copies side by side: -9.49 % and
    // +13.18 %. One history cannot be two jobs that shared the host, so the copy is dropped (with
    // a note); what is left is the one job, on the cluster its own attempts show, within 0.04 %.
    RumenImportReport report;
    const Workload w = importRumen(testDataPath("hadoop-gridmix-wordcount2.json"), {}, &report);
    EXPECT_EQ(report.duplicateJobs, 1);
    ASSERT_EQ(w.jobCount(), 1);
    EXPECT_EQ(w.cluster, (Cluster{1, 2, 1}));
    const TraceComparison c = replay(w);
    expectWithinGoal(c, 1);
    EXPECT_DOUBLE_EQ(c.jobs[0].traced(), 30.689);
    EXPECT_NEAR(c.jobs[0].error(), -0.0004, 0.0001);
}

TEST(TraceReplay, FixtureJobsBeyondTheGoalAreExplainedFromTheTrace) {
    // tests/data/rumen-reduces.json is hand-made. Sort (B) replays exactly. Grep (D) is 0.5 s
    // short: its reduce started 0.5 s after its map (1001000 vs 1000500) while every reduce slot
    // was free, and the trace's one gap sample is 0. WordCount (A) is 12.5 s short: its third
    // reduce waited from 1016500 (the last map's end) to 1026500 with 10 of the 12 reduce slots
    // free. The import measures exactly these (io/RumenReplayLimits.h), and `mrsim validate`
    // prints them. m1's first attempt failed (1001000-1004000) and the retry started 3.5 s after
    // it: imported as a traced attempt and replayed, so not listed.
    RumenImportOptions options;
    options.replayLimits = true;
    RumenImportReport report;
    const Workload w = importRumen(testDataPath("rumen-reduces.json"), options, &report);
    const TraceComparison c = replay(w);
    ASSERT_EQ(c.jobs.size(), 3u);
    EXPECT_DOUBLE_EQ(c.jobs[0].traced(), 41.0);
    // The failed attempt does not lengthen the replay: the first reduce (19 s from 9.0, when
    // slow-start opened the reduces) ends after the retried map's 17.5 + 10 s reduce tail.
    EXPECT_DOUBLE_EQ(c.jobs[0].simulated(), 28.5);
    EXPECT_DOUBLE_EQ(c.jobs[1].traced(), 12.0);
    EXPECT_NEAR(c.jobs[1].error(), 0.0, 1e-12);
    EXPECT_TRUE(c.jobs[1].withinGoal());
    EXPECT_DOUBLE_EQ(c.jobs[2].traced(), 5.5);
    EXPECT_DOUBLE_EQ(c.jobs[2].simulated(), 5.0);
    ASSERT_EQ(report.replayLimits.size(), 3u);
    EXPECT_EQ(report.replayLimits[0],
              (std::vector<std::string>{
                  "reduce task 3 (of 3) started 10 s after its job's last map ended, while at "
                  "least 10 of the trace's 12 reduce slots stayed free (the trace's mean "
                  "assignment gap: 0 s)"}));
    EXPECT_TRUE(report.replayLimits[1].empty());
    EXPECT_EQ(report.replayLimits[2],
              (std::vector<std::string>{
                  "reduce task 1 (of 1) started 0.5 s after its job's last map ended, while at "
                  "least 12 of the trace's 12 reduce slots stayed free (the trace's mean "
                  "assignment gap: 0 s)"}));
    // Without the option nothing is measured (and no attempt times are kept for it).
    RumenImportReport plain;
    importRumen(testDataPath("rumen-reduces.json"), {}, &plain);
    EXPECT_TRUE(plain.replayLimits.empty());
}

TEST(TraceReplay, FixtureFailedMapAttemptReplaysAsTraced) {
    // WordCount's map task 2 (m1, on host h2: the trace's second host, node 1): the failed
    // attempt 1001000-1004000, the successful one from 1004500. On the workload's clock (the
    // first submit, Grep's, is 999000): 2.0-5.0, the retry from 5.5. m2's speculative copy ran
    // 1005000-1009000 on h2 beside its successful attempt (from 1001000 on h1): 6.0-10.0 beside
    // one from 2.0. The killed task m3 stays skipped (counted).
    RumenImportReport report;
    const Workload w = importRumen(testDataPath("rumen-reduces.json"), {}, &report);
    TracedAttempt copy{TaskKind::Map, 2, 6.0, 10.0, 0.0, 1, TracedResult::Speculative};
    copy.successStart = 2.0;
    copy.successNode = 0;
    ASSERT_EQ(w.jobs[0].tracedAttempts,
              (std::vector<TracedAttempt>{{TaskKind::Map, 1, 2.0, 5.0, 5.5, 1}, copy}));
    EXPECT_TRUE(w.jobs[1].tracedAttempts.empty());
    EXPECT_EQ(report.failedAttempts, 2);  // m1's and the failed job Broken's
    EXPECT_EQ(report.killedAttempts, 2);
    const RunResult r = runAlgorithm(w, "fifo", {});
    EXPECT_TRUE(checkSchedule(w, r.sim).empty());
    std::vector<TaskRecord> m1;
    for (const TaskRecord& t : r.sim.tasks) {
        if (t.job == 0 && t.kind == TaskKind::Map && t.task == 1) {
            m1.push_back(t);
        }
    }
    ASSERT_EQ(m1.size(), 2u);
    EXPECT_TRUE(m1[0].killed);
    EXPECT_EQ(m1[0].cause, AttemptEnd::Failed);
    EXPECT_DOUBLE_EQ(m1[0].start, 2.0);
    EXPECT_DOUBLE_EQ(m1[0].end, 5.0);
    EXPECT_FALSE(m1[1].killed);
    EXPECT_DOUBLE_EQ(m1[1].start - m1[0].start, 3.5);  // as traced: 1004500 - 1001000
    EXPECT_DOUBLE_EQ(m1[1].end, 17.5);                 // 12 s, as traced (1016500)
    EXPECT_EQ(r.sim.jobs[0].failedAttempts, 1);
    // m2: the original from 2.0 (8 s, as traced), its copy 4 s later, stopped when the original
    // completes at 10.0.
    const std::vector<TaskRecord> maps = test::tasksOf(r.sim, 0);
    std::vector<TaskRecord> m2;
    std::copy_if(maps.begin(), maps.end(), std::back_inserter(m2),
                 [](const TaskRecord& t) { return t.task == 2; });
    ASSERT_EQ(m2.size(), 2u);
    EXPECT_FALSE(m2[0].killed);
    EXPECT_DOUBLE_EQ(m2[1].start - m2[0].start, 4.0);
    EXPECT_EQ(m2[1].cause, AttemptEnd::Superseded);
    EXPECT_DOUBLE_EQ(m2[1].end, m2[0].end);
    EXPECT_EQ(r.sim.jobs[0].speculativeAttempts, 1);
}

TEST(TraceReplay, EveryRealHistoryIsWithinTheGoal) {
    // The real histories we have (the SLS sample, Gridmix's two files): every job and the makespan
    // within 5 %.
    for (const std::string& path : {test::tracePath("rumen/2jobs2min-rumen-jh.json"),
                                    testDataPath("hadoop-gridmix-wordcount.json"),
                                    testDataPath("hadoop-gridmix-wordcount2.json")}) {
        SCOPED_TRACE(path);
        const Workload w = importRumen(path);
        expectWithinGoal(replay(w), static_cast<std::size_t>(w.jobCount()));
    }
}

TEST(TraceReplay, WithoutOverheadsTheImportIsTheTasksAlone) {
    RumenImportOptions plain;
    plain.overheads = false;
    const Workload w = importRumen(testDataPath("hadoop-gridmix-wordcount.json"), plain);
    EXPECT_TRUE(w.overheads.empty());
    EXPECT_TRUE(w.jobs[0].overheads.empty());
    EXPECT_FALSE(w.jobs[0].traceEnd);
    const Workload with = importRumen(testDataPath("hadoop-gridmix-wordcount.json"));
    EXPECT_EQ(w.jobs[0].mapDurations, with.jobs[0].mapDurations);
    EXPECT_EQ(w.jobs[0].reduceDurations, with.jobs[0].reduceDurations);
    EXPECT_EQ(w.jobs[0].profile, with.jobs[0].profile);
}

}  // namespace
}  // namespace mr
