// mrsim import / plan / run --tasks-csv, the real binary: files written, summaries printed, exit
// code 2 with one stderr line and no output file on bad traces.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "io/SwimImport.h"
#include "io/WorkloadJson.h"
#include "support/TestSupport.h"
#include "workloads/Arrivals.h"

namespace mr {
namespace {

using test::runMrsimBinary;
using test::samplePath;
using test::testDataPath;

std::string scratch(const std::string& name) {
    return test::scratchDir() + "/" + name;
}

TEST(MrsimImport, RumenWritesAWorkloadAndSaysWhatItSkipped) {
    const std::string out = scratch("rumen.json");
    const auto c = runMrsimBinary(
        {"import", "rumen", testDataPath("rumen-reduces.json"), "-o", out, "--nodes", "6"});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    EXPECT_NE(
        c.out.find(
            "3 jobs, 6 map + 6 reduce tasks; 2 failed + 2 killed attempts, 2 of them replayed as "
            "traced; skipped: 0 unfinished attempts"),
        std::string::npos)
        << c.out;
    EXPECT_NE(c.out.find("cluster 6 nodes x (4 map + 4 reduce) slots"), std::string::npos);
    EXPECT_NE(c.err.find("mrsim: note: job_100_0003 skipped: its outcome is FAILED"),
              std::string::npos)
        << c.err;
    const Workload w = loadWorkload(out);
    EXPECT_EQ(w.jobCount(), 3);
    EXPECT_EQ(w.cluster.nodes, 6);
}

TEST(MrsimValidate, PrintsTheTableAndTheErrors) {
    // Gridmix's WordCount history (tests/data, Hadoop 0.20): traced 30.689 s from submit to
    // finish; the replay with its overheads ends within 0.1 % (TraceReplayTest has the numbers).
    const auto c = runMrsimBinary({"validate", testDataPath("hadoop-gridmix-wordcount.json")});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    EXPECT_NE(c.out.find("overheads: AM start 6.218 s"), std::string::npos) << c.out;
    EXPECT_NE(c.out.find("WordCount job_201009241532_0001       0  30.689     30.677  -0.04%"),
              std::string::npos)
        << c.out;
    EXPECT_NE(c.out.find("mean |error| 0.04%, max |error| 0.04% over 1 jobs"), std::string::npos)
        << c.out;

    const auto j =
        runMrsimBinary({"validate", testDataPath("hadoop-gridmix-wordcount.json"), "--json"});
    ASSERT_EQ(j.exitCode, 0) << j.err;
    const auto doc = nlohmann::json::parse(j.out);
    EXPECT_EQ(doc["algorithm"], "fifo");
    EXPECT_DOUBLE_EQ(doc["jobs"][0]["traced"].get<double>(), 30.689);
    EXPECT_NEAR(doc["jobs"][0]["error"].get<double>(), (30.677 - 30.689) / 30.689, 1e-4);
    EXPECT_DOUBLE_EQ(doc["summary"]["trace_makespan"].get<double>(), 30.689);

    const auto missing = runMrsimBinary({"validate", scratch("no-such-trace.json")});
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_EQ(std::count(missing.err.begin(), missing.err.end(), '\n'), 1) << missing.err;
}

TEST(MrsimValidate, WithoutOverheadsComparesTheTasksAloneWithTheTrace) {
    // The audit's false pass: --no-overheads printed an empty table, "over 0 jobs" and exit 0.
    // The SLS sample's two TeraGen jobs replayed as tasks alone end 22.5 % and 21.2 % before their
    // traced finish (99.375 s and 92.052 s), the batch 9.9 % before 197.256 s (TraceReplayTest).
    const std::string trace = test::tracePath("rumen/2jobs2min-rumen-jh.json");
    const auto c = runMrsimBinary({"validate", trace, "--no-overheads"});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    EXPECT_NE(c.out.find("overheads: none (--no-overheads: the tasks alone)"), std::string::npos)
        << c.out;
    EXPECT_NE(c.out.find("-22.46%"), std::string::npos) << c.out;
    EXPECT_NE(c.out.find("-21.21%"), std::string::npos) << c.out;
    EXPECT_NE(c.out.find("-9.90%"), std::string::npos) << c.out;
    EXPECT_NE(c.out.find("over 2 jobs"), std::string::npos) << c.out;
    EXPECT_EQ(c.out.find("over 0 jobs"), std::string::npos) << c.out;

    const auto j = runMrsimBinary({"validate", trace, "--no-overheads", "--json"});
    ASSERT_EQ(j.exitCode, 0) << j.err;
    const auto doc = nlohmann::json::parse(j.out);
    EXPECT_EQ(doc["overheads"], false);
    ASSERT_EQ(doc["jobs"].size(), 2u);
    EXPECT_DOUBLE_EQ(doc["jobs"][0]["traced"].get<double>(), 99.375);
    EXPECT_NEAR(doc["jobs"][0]["error"].get<double>(), -0.2246, 0.0001);
    EXPECT_NEAR(doc["jobs"][1]["error"].get<double>(), -0.2121, 0.0001);
    EXPECT_NEAR(doc["summary"]["makespan_error"].get<double>(), -0.0990, 0.0001);

    // A trace whose jobs have no usable finishTime has nothing to compare with: exit 2, not a
    // pass. (The Gridmix history with every finishTime cut.)
    std::string text = test::readText(testDataPath("hadoop-gridmix-wordcount.json"));
    const std::string key = "\"finishTime\" : 1285322675837";
    ASSERT_NE(text.find(key), std::string::npos);
    text.replace(text.find(key), key.size(), "\"finishTime\" : -1");
    const std::string cut = scratch("no-finish.json");
    test::writeText(cut, text);
    const auto none = runMrsimBinary({"validate", cut, "--no-overheads"});
    EXPECT_EQ(none.exitCode, 2) << none.out;
    EXPECT_NE(none.err.find("nothing to compare"), std::string::npos) << none.err;
    EXPECT_NE(none.err.find("no finishTime"), std::string::npos) << none.err;
}

TEST(MrsimValidate, ReplaysSpeculativeAndKilledAttemptsAsTraced) {
    // The hand-made race fixture (TracedRacesTest has the attempts): map 0's copy won, map 1's
    // lost, map 2 was killed once. Replayed with them the job ends 15.5 s after its submission
    // (traced 16 s: the reduce started 0.5 s after the last map); the successful attempts alone
    // end at 14.5 s (-9.38 %). None of its attempts is named as left out.
    const auto c = runMrsimBinary({"validate", testDataPath("rumen-speculative.json")});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    EXPECT_NE(c.out.find("SpecSort job_200_0001       0      16       15.5  -3.12%"),
              std::string::npos)
        << c.out;
    EXPECT_NE(c.out.find("within 5.00%: met"), std::string::npos) << c.out;
    const auto j = runMrsimBinary({"validate", testDataPath("rumen-speculative.json"), "--json"});
    ASSERT_EQ(j.exitCode, 0) << j.err;
    // What is left is the reduce's traced 0.5 s wait, not an attempt.
    const auto limits = nlohmann::json::parse(j.out)["jobs"][0]["replay_limits"];
    ASSERT_EQ(limits.size(), 1u) << j.out;
    EXPECT_EQ(limits[0].get<std::string>().rfind("reduce task 1 (of 1) started 0.5 s after", 0), 0u)
        << j.out;

    // A workload whose race names a task the job does not have: one line, exit 2.
    const std::string bad = scratch("bad-race.json");
    test::writeText(bad, R"({"format": "mrx-workload", "version": 1,
        "cluster": {"nodes": 1, "map_slots_per_node": 2, "reduce_slots_per_node": 1},
        "jobs": [{"name": "J", "map_durations": [4], "traced_attempts": [{"kind": "map",
            "task": 3, "result": "speculative", "start": 1, "end": 4, "success_start": 0}]}]})");
    const auto r = runMrsimBinary({"run", bad, "-a", "fifo"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("bad-race.json: job 'J': field 'traced_attempts[0].task': the job has no "
                         "map task 3"),
              std::string::npos)
        << r.err;
}

TEST(MrsimValidate, SaysWhyAJobBeyondTheGoalCannotBeMatched) {
    // The hand-made fixture (TraceReplayTest has the timestamps): Sort replays exactly, WordCount
    // and Grep cannot be matched, and validate says what in the trace the replay cannot reproduce.
    const auto c = runMrsimBinary({"validate", testDataPath("rumen-reduces.json")});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    EXPECT_NE(c.out.find("goal       every job and the makespan within 5.00%: not met (2 of 3 jobs "
                         "and the makespan beyond it)"),
              std::string::npos)
        << c.out;
    // WordCount's failed map attempt is replayed as traced: only the idle reduce is left.
    EXPECT_NE(c.out.find("  WordCount job_100_0001 (-30.49%):\n    - reduce task 3 (of 3) started "
                         "10 s after its job's last map ended, while at least 10 of the trace's 12 "
                         "reduce slots stayed free"),
              std::string::npos)
        << c.out;
    EXPECT_EQ(c.out.find("failed attempt"), std::string::npos) << c.out;
    EXPECT_NE(c.out.find("  Grep job_100_0004 (-9.09%):\n    - reduce task 1 (of 1) started 0.5 s"),
              std::string::npos)
        << c.out;
    EXPECT_EQ(c.out.find("Sort job_100_0002 (+0.00%):"), std::string::npos) << c.out;

    const auto j = runMrsimBinary({"validate", testDataPath("rumen-reduces.json"), "--json"});
    ASSERT_EQ(j.exitCode, 0) << j.err;
    const auto doc = nlohmann::json::parse(j.out);
    EXPECT_EQ(doc["summary"]["jobs_beyond_goal"], 2);
    EXPECT_EQ(doc["jobs"][1]["within_goal"], true);
    EXPECT_EQ(doc["jobs"][1]["replay_limits"].size(), 0u);
    EXPECT_EQ(doc["jobs"][0]["replay_limits"].size(), 1u);

    // Gridmix's wordcount2.json (the same history twice) is one job within the goal.
    const auto twice = runMrsimBinary({"validate", testDataPath("hadoop-gridmix-wordcount2.json")});
    ASSERT_EQ(twice.exitCode, 0) << twice.err;
    EXPECT_NE(twice.err.find("the same history as an earlier job"), std::string::npos) << twice.err;
    EXPECT_NE(twice.out.find("goal       every job and the makespan within 5.00%: met"),
              std::string::npos)
        << twice.out;
}

TEST(MrsimRun, JsonCarriesTheTracedEndOfImportedJobs) {
    const std::string out = scratch("wordcount.json");
    ASSERT_EQ(runMrsimBinary(
                  {"import", "rumen", testDataPath("hadoop-gridmix-wordcount.json"), "-o", out})
                  .exitCode,
              0);
    const auto c = runMrsimBinary({"run", out, "-a", "fifo", "--json"});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    const auto doc = nlohmann::json::parse(c.out);
    const auto& job = doc["jobs"][0];
    EXPECT_DOUBLE_EQ(job["trace_end"].get<double>(), 30.689);
    EXPECT_NEAR(job["trace_error"].get<double>(), (job["end"].get<double>() - 30.689) / 30.689,
                1e-12);
    EXPECT_DOUBLE_EQ(doc["trace"]["trace_makespan"].get<double>(), 30.689);
    EXPECT_LE(std::abs(doc["trace"]["max_abs_error"].get<double>()), 0.05);
    // A workload without traced ends has none of these fields.
    const auto plain = runMrsimBinary({"run", samplePath("two-jobs.json"), "-a", "fifo", "--json"});
    const auto p = nlohmann::json::parse(plain.out);
    EXPECT_FALSE(p.contains("trace"));
    EXPECT_FALSE(p["jobs"][0].contains("trace_end"));
}

TEST(MrsimImport, RumenStreamWithARepeatedJobKeepsBoth) {
    const std::string text = test::readText(testDataPath("rumen-reduces.json"));
    const std::string trace = scratch("stream.json");
    test::writeText(trace, text + test::shiftRumenTimes(text, 100000));
    const std::string out = scratch("stream-workload.json");
    const auto c = runMrsimBinary({"import", "rumen", trace, "-o", out});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    EXPECT_NE(c.err.find("imported as 'Sort job_100_0002 (2)'"), std::string::npos) << c.err;
    const Workload w = loadWorkload(out);
    ASSERT_EQ(w.jobCount(), 6);
    EXPECT_EQ(w.jobs[4].name, "Sort job_100_0002 (2)");
}

TEST(MrsimImport, TruncatedRumenIsOneErrorLineAndNoFile) {
    const std::string text = test::readText(testDataPath("rumen-reduces.json"));
    const std::string trace = scratch("truncated.json");
    test::writeText(trace, text.substr(0, text.size() / 2));
    const std::string out = scratch("never-written.json");
    const auto c = runMrsimBinary({"import", "rumen", trace, "-o", out});
    EXPECT_EQ(c.exitCode, 2);
    EXPECT_EQ(std::count(c.err.begin(), c.err.end(), '\n'), 1) << c.err;
    EXPECT_NE(c.err.find("truncated"), std::string::npos) << c.err;
    EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(MrsimImport, SwimWithEveryModelOption) {
    const std::string out = scratch("swim.json");
    const auto c = runMrsimBinary({"import",
                                   "swim",
                                   testDataPath("swim-small.tsv"),
                                   "-o",
                                   out,
                                   "--block-size",
                                   "100000000",
                                   "--map-mb-per-s",
                                   "10",
                                   "--reduce-mb-per-s",
                                   "20",
                                   "--bytes-per-reducer",
                                   "500000000",
                                   "--task-overhead",
                                   "1.5",
                                   "--jobs",
                                   "3",
                                   "--nodes",
                                   "8",
                                   "--map-slots-per-node",
                                   "2",
                                   "--reduce-slots-per-node",
                                   "1"});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    EXPECT_NE(c.out.find("3 jobs (--jobs limit reached)"), std::string::npos) << c.out;
    const Workload w = loadWorkload(out);
    ASSERT_EQ(w.jobCount(), 3);
    EXPECT_EQ(w.cluster, (Cluster{8, 2, 1}));
    EXPECT_EQ(w.jobs[2].reduceDurations, std::vector<double>(5, 31.5));  // see SwimImportTest

    const auto bad = runMrsimBinary(
        {"import", "swim", testDataPath("swim-small.tsv"), "-o", out, "--block-size", "0"});
    EXPECT_EQ(bad.exitCode, 2);
}

TEST(MrsimImport, SwimWithDeadlinesDrawsThemAsTheLibraryDoes) {
    const std::string out = scratch("swim-deadlines.json");
    const auto c =
        runMrsimBinary({"import", "swim", testDataPath("swim-small.tsv"), "-o", out, "--nodes", "8",
                        "--repeat-days", "2", "--deadline-factor", "1.5:3", "--seed", "7"});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    const Workload w = loadWorkload(out);

    SwimImportOptions options;
    options.cluster.nodes = 8;
    options.repeatDays = 2;
    Workload expected = importSwim(testDataPath("swim-small.tsv"), options);
    addArrivalsAndDeadlines(expected, {std::nullopt, DeadlineFactor{1.5, 3.0}}, 7);
    ASSERT_EQ(w.jobCount(), expected.jobCount());
    const std::vector<double> alone = aloneCompletionTimes(w);
    for (int j = 0; j < w.jobCount(); ++j) {
        ASSERT_TRUE(w.jobs[j].deadline.has_value()) << w.jobs[j].name;
        EXPECT_EQ(*w.jobs[j].deadline, *expected.jobs[j].deadline) << w.jobs[j].name;
        EXPECT_EQ(w.jobs[j].arrival, expected.jobs[j].arrival) << w.jobs[j].name;
        // A job without work (T_J = 0) gets the smallest deadline, 1 µs.
        EXPECT_GE(*w.jobs[j].deadline, 1.5 * alone[j] * (1 - 1e-12)) << w.jobs[j].name;
        EXPECT_LE(*w.jobs[j].deadline, std::max(3.0 * alone[j] * (1 + 1e-12), 1e-6))
            << w.jobs[j].name;
    }

    const std::string bad = scratch("swim-bad-deadlines.json");
    const auto reversed = runMrsimBinary(
        {"import", "swim", testDataPath("swim-small.tsv"), "-o", bad, "--deadline-factor", "2:1"});
    EXPECT_EQ(reversed.exitCode, 2);
    EXPECT_NE(reversed.err.find("deadline-factor"), std::string::npos) << reversed.err;
    // A factor past the bound says which bound.
    const auto huge = runMrsimBinary({"import", "swim", testDataPath("swim-small.tsv"), "-o", bad,
                                      "--deadline-factor", "1e30:1e31"});
    EXPECT_EQ(huge.exitCode, 2);
    EXPECT_NE(huge.err.find("0 < A <= B <= 1000000"), std::string::npos) << huge.err;
    const auto seedAlone = runMrsimBinary(
        {"import", "swim", testDataPath("swim-small.tsv"), "-o", bad, "--seed", "3"});
    EXPECT_EQ(seedAlone.exitCode, 2);
    EXPECT_NE(seedAlone.err.find("deadline-factor"), std::string::npos) << seedAlone.err;
    EXPECT_FALSE(std::filesystem::exists(bad));
}

TEST(MrsimImport, HelpOfTheInnerCommand) {
    const auto c = runMrsimBinary({"import", "swim", "--help"});
    ASSERT_EQ(c.exitCode, 0);
    EXPECT_NE(c.out.find("--bytes-per-reducer"), std::string::npos) << c.out;
}

TEST(MrsimPlan, WritesTheFourFiles) {
    const std::string xml = scratch("capacity-scheduler.xml");
    const std::string script = scratch("submit.sh");
    const std::string sls = scratch("sls.json");
    const std::string nodes = scratch("sls-nodes.json");
    const auto c = runMrsimBinary({"plan", samplePath("figure4-scenario1.json"), "-a", "johnson",
                                   "--capacity-scheduler", xml, "--submit-script", script, "--sls",
                                   sls, "--sls-nodes", nodes});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    EXPECT_NE(c.out.find("queue     default  100%  30 nodes  5 jobs: J2 J5 J1 J4 J3"),
              std::string::npos)
        << c.out;
    EXPECT_NE(test::readText(xml).find("<value>default</value>"), std::string::npos);
    EXPECT_EQ(test::readText(script).rfind("#!/bin/sh\n", 0), 0u);
    const auto perms = std::filesystem::status(script).permissions();
    EXPECT_NE(perms & std::filesystem::perms::owner_exec, std::filesystem::perms::none);
    EXPECT_NE(test::readText(sls).find("\"job.id\": \"J2\""), std::string::npos);
    EXPECT_EQ(nlohmann::json::parse(test::readText(nodes)).at("nodes").size(), 30u);

    const auto bad = runMrsimBinary({"plan", samplePath("two-jobs.json"), "-a", "no-such"});
    EXPECT_EQ(bad.exitCode, 2);
}

// [Verma12] Figure 4 scenario 2: BalancedPools' pools end at 40 and 39, and so do the exported
// queues under the capacity scheduler.
TEST(MrsimPlan, VerifyPrintsEachQueueBesideThePlan) {
    const std::string xml = scratch("verify-cs.xml");
    const auto c = runMrsimBinary({"plan", samplePath("figure4-scenario2.json"), "-a",
                                   "balanced-pools", "--verify", "--capacity-scheduler", xml});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    EXPECT_NE(c.out.find("verify    pool1  40          40          41\n"), std::string::npos)
        << c.out;
    EXPECT_NE(c.out.find("verify    pool2  39          39          36\n"), std::string::npos)
        << c.out;
    EXPECT_NE(c.out.find("verify    every queue ends when the plan says"), std::string::npos);

    // The exported file read back with --queues: its queues are pool1 and pool2, and a job that
    // names none of them is refused in one line naming the job and the field.
    const auto run = runMrsimBinary(
        {"run", samplePath("figure4-scenario2.json"), "-a", "capacity", "--queues", xml});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("job 'J1': field 'queue': \"default\" is no leaf queue (leaves: "
                           "root.pool1, root.pool2)"),
              std::string::npos)
        << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1);

    std::ofstream(scratch("bad-cs.xml"))
        << "<configuration>\n<property><name>yarn.scheduler.capacity.root.queues</name>"
           "<value>default</value></property>\n<property><name>yarn.scheduler.capacity.root."
           "default.capacity</name><value>100</value></property>\n<property><name>yarn."
           "scheduler.capacity.node-locality-delay</name><value>40</value></property>\n"
           "</configuration>\n";
    const auto bad = runMrsimBinary(
        {"run", samplePath("two-jobs.json"), "-a", "capacity", "--queues", scratch("bad-cs.xml")});
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("field 'yarn.scheduler.capacity.node-locality-delay': line 4: not "
                           "supported"),
              std::string::npos)
        << bad.err;
}

TEST(MrsimRun, TasksCsvHasOneRowPerTask) {
    const std::string csv = scratch("tasks.csv");
    const auto c = runMrsimBinary(
        {"run", samplePath("figure4-scenario1.json"), "-a", "johnson", "--tasks-csv", csv});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    const std::string text = test::readText(csv);
    EXPECT_EQ(text.rfind("job,kind,task,slot,node,start,end,killed\n", 0), 0u);
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1 + 5 * 60);  // 5 jobs × 60 tasks
    EXPECT_NE(text.find("\nJ2,map,0,0,0,0,1,0\n"), std::string::npos);  // J2 first: [0, 1]
}

}  // namespace
}  // namespace mr
