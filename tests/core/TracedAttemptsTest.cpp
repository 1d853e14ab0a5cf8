// A job history's failed attempts replayed as they happened (model/TracedAttempt.h, sim/
// EngineTraced.cpp): hand-worked schedules, the registry's schedulers keeping the engine's
// invariants with traced failures, the workload file's "traced_attempts" and its errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "io/RumenImport.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "model/SeededRandom.h"
#include "schedulers/Registry.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

// One job, maps of 4 s and 6 s, one node with `mapSlots` map slots; map 0 failed after 3 s and
// its retry started `wait` s after the failure.
Workload failingJob(int mapSlots, double wait) {
    Workload w;
    w.cluster = Cluster{1, mapSlots, 1};
    Job job;
    job.name = "J";
    job.mapDurations = TaskDurations(std::vector<double>{4.0, 6.0});
    job.perTaskDurations = true;
    job.tracedAttempts = {{TaskKind::Map, 0, 0.0, 3.0, 3.0 + wait, 0}};
    w.jobs = {job};
    validate(w);
    return w;
}

TEST(TracedAttempts, FailedAttemptThenItsRetryAfterTheTracedWait) {
    // Two slots: map 0's failed attempt runs 0-3 on slot 0, map 1 runs 0-6 on slot 1. The retry
    // may start 2 s after the failure (at 5, as traced) although slot 0 is free from 3: 5-9.
    const RunResult r = test::runChecked(failingJob(2, 2.0), "fifo", 1);
    const std::vector<TaskRecord> maps = test::tasksOf(r.sim, 0);
    ASSERT_EQ(maps.size(), 3u);
    EXPECT_TRUE(maps[0].killed);
    EXPECT_EQ(maps[0].cause, AttemptEnd::Failed);
    EXPECT_EQ(maps[0].task, 0);
    EXPECT_DOUBLE_EQ(maps[0].start, 0.0);
    EXPECT_DOUBLE_EQ(maps[0].end, 3.0);
    EXPECT_EQ(maps[1].task, 1);
    EXPECT_DOUBLE_EQ(maps[1].end, 6.0);
    EXPECT_FALSE(maps[2].killed);
    EXPECT_EQ(maps[2].task, 0);
    EXPECT_DOUBLE_EQ(maps[2].start, 5.0);
    EXPECT_DOUBLE_EQ(maps[2].end, 9.0);
    EXPECT_DOUBLE_EQ(r.sim.makespan, 9.0);
    EXPECT_EQ(r.sim.jobs[0].failedAttempts, 1);
    EXPECT_DOUBLE_EQ(r.sim.jobs[0].killedWork, 3.0);
}

TEST(TracedAttempts, ImmediateRetryRunsBeforeTheFreshTasks) {
    // One slot, no wait: the failure 0-3, then map 0 again before map 1 (Hadoop runs a failed
    // task's retry first): 3-7, map 1 7-13. Without the traced failure: 10.
    const RunResult r = test::runChecked(failingJob(1, 0.0), "fifo", 1);
    const std::vector<TaskRecord> maps = test::tasksOf(r.sim, 0);
    ASSERT_EQ(maps.size(), 3u);
    EXPECT_EQ(maps[1].task, 0);
    EXPECT_DOUBLE_EQ(maps[1].start, 3.0);
    EXPECT_EQ(maps[2].task, 1);
    EXPECT_DOUBLE_EQ(maps[2].start, 7.0);
    EXPECT_DOUBLE_EQ(r.sim.makespan, 13.0);
    Workload plain = failingJob(1, 0.0);
    plain.jobs[0].tracedAttempts.clear();
    EXPECT_DOUBLE_EQ(runAlgorithm(plain, "fifo", {}).sim.makespan, 10.0);
}

// Random workloads with a few traced failures (1 to 3 per chosen task, waits 0 to 2 s).
Workload withTracedFailures(std::uint64_t seed, const AlgorithmInfo& info) {
    Workload w = test::randomWorkload(seed, {.maxJobs = 5,
                                             .arrivals = info.needs.arrivals || seed % 2 == 0,
                                             .deadlines = info.needs.deadlines || seed % 3 == 0});
    SeededRandom random(seed * 104729);
    for (Job& job : w.jobs) {
        for (const TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
            for (int task = 0; task < job.tasks(kind); ++task) {
                if (random.uniform01() >= 0.3) {
                    continue;
                }
                double t = job.arrival;
                for (int n = random.uniformInt(1, 3); n > 0; --n) {
                    const double end = t + random.uniform(0.0, 5.0);
                    const double next = end + (random.next() % 2 == 0 ? 0.0 : 2.0);
                    job.tracedAttempts.push_back({kind, task, t, end, next, -1});
                    t = next;
                }
            }
        }
    }
    validate(w);
    return w;
}

class TracedInvariants : public ::testing::TestWithParam<std::string> {};

TEST_P(TracedInvariants, EveryTracedFailureRunsOnceBeforeItsTasksSuccess) {
    const AlgorithmInfo& info = findAlgorithm(GetParam())->info();
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = withTracedFailures(seed, info);
        const RunResult r = test::runChecked(w, GetParam(), seed);  // slots, each task once
        // HScheduler re-splits every job over all slots: the traced tasks are gone.
        const Workload& simulated = r.simulatedWorkload ? *r.simulatedWorkload : w;
        for (int j = 0; j < w.jobCount(); ++j) {
            const Job& job = simulated.jobs[static_cast<std::size_t>(j)];
            int failed = 0;
            for (const TaskRecord& t : r.sim.tasks) {
                failed += t.job == j && t.killed && t.cause == AttemptEnd::Failed ? 1 : 0;
            }
            // A policy may also preempt an attempt; failures are only the traced ones.
            EXPECT_EQ(failed, static_cast<int>(job.tracedAttempts.size()));
            EXPECT_EQ(r.sim.jobs[static_cast<std::size_t>(j)].failedAttempts, failed);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Registry, TracedInvariants, ::testing::ValuesIn(algorithmIds()),
                         test::AlgorithmParamName());

TEST(TracedAttempts, RoundTripThroughTheWorkloadFile) {
    const Workload w = failingJob(2, 2.0);
    const std::string text = serializeWorkload(w);
    EXPECT_NE(text.find("\"traced_attempts\""), std::string::npos);
    EXPECT_NE(text.find("\"next_start\""), std::string::npos);
    EXPECT_EQ(parseWorkload(text, "saved"), w);
}

// The message of the InputError `text` raises when loaded as "w.json".
std::string errorOf(const std::string& attempt, const std::string& second = {}) {
    const std::string text =
        R"({"format": "mrx-workload", "version": 1,
            "cluster": {"nodes": 2, "map_slots_per_node": 1, "reduce_slots_per_node": 1},
            "jobs": [{"name": "J", "map_durations": [4, 6], "arrival": 1,
                      "traced_attempts": [)" +
        attempt + (second.empty() ? "" : ", " + second) + "]}]}";
    try {
        parseWorkload(text, "w.json");
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

TEST(TracedAttempts, HostileInputNamesFileJobAndField) {
    const std::string ok = R"({"kind": "map", "task": 1, "result": "failed", "start": 1,
                               "end": 3, "next_start": 4, "node": 1})";
    EXPECT_EQ(errorOf(ok), "no error");
    const auto attempt = [](const std::string& fields) {
        return R"({"kind": "map", "task": 1, "result": "failed", )" + fields + "}";
    };
    EXPECT_EQ(
        errorOf(attempt(R"("start": 5, "end": 3, "next_start": 6)")),
        "w.json: job 'J': field 'traced_attempts[0].end': must be a finite time no earlier than "
        "the attempt's start");
    EXPECT_EQ(
        errorOf(attempt(R"("start": 1, "end": 3, "next_start": 4, "node": 7)")),
        "w.json: job 'J': field 'traced_attempts[0].node': node 7 is not in the cluster (nodes 0 "
        "to 1)");
    EXPECT_EQ(
        errorOf(attempt(R"("start": 0.5, "end": 3, "next_start": 4)")),
        "w.json: job 'J': field 'traced_attempts[0].start': must be a finite time no earlier than "
        "the job's arrival");
    EXPECT_EQ(
        errorOf(R"({"kind": "map", "task": 2, "result": "failed", "start": 1, "end": 3,
                          "next_start": 4})"),
        "w.json: job 'J': field 'traced_attempts[0].task': the job has no map task 2 (it has 2, "
        "numbered from 0)");
    EXPECT_EQ(
        errorOf(ok, attempt(R"("start": 3.5, "end": 5, "next_start": 6)")),
        "w.json: job 'J': field 'traced_attempts[1].start': comes before the previous attempt's "
        "next_start (a task's attempts run one after another, in order)");
    EXPECT_EQ(
        errorOf(attempt(R"("start": 1, "end": 3, "next_start": 4, "host": "h1")")),
        "w.json: job 'J': field 'traced_attempts[0].host': unknown field of a traced attempt");
    // 101 failures of one task: a corrupt history, not a retry chain.
    std::string many;
    for (int i = 0; i <= kMaxTracedAttemptsPerTask; ++i) {
        many += (i == 0 ? "" : ", ") + attempt("\"start\": " + std::to_string(i + 1) +
                                               ", \"end\": " + std::to_string(i + 1) +
                                               ", \"next_start\": " + std::to_string(i + 1));
    }
    EXPECT_EQ(errorOf(many),
              "w.json: job 'J': field 'traced_attempts[100].task': more than 100 traced "
              "attempts of one task");
}

TEST(TracedAttempts, ScenarioAndTracedFailuresAreNotCombined) {
    Workload w = failingJob(2, 2.0);
    w.scenario.failureProbability = 0.1;
    try {
        validate(w, "w.json");
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_STREQ(e.what(),
                     "w.json: job 'J': field 'scenario': a scenario cannot be combined with "
                     "traced_attempts (a replayed trace's failures): remove one of them");
    }
}

TEST(TracedAttempts, RumenFailedAttemptEndingBeforeItStartsIsRefused) {
    std::istringstream in(R"({"jobID": "job_1", "submitTime": 0, "outcome": "SUCCESS",
        "mapTasks": [{"taskType": "MAP", "taskStatus": "SUCCESS", "attempts": [
            {"result": "FAILED", "startTime": 500, "finishTime": 400, "hostName": "h1"},
            {"result": "SUCCESS", "startTime": 600, "finishTime": 900, "hostName": "h1"}]}]})");
    try {
        importRumen(in, "t.json");
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_STREQ(
            e.what(),
            "t.json: job 'job_1': field 'mapTasks[0].attempts[0].finishTime': a failed attempt "
            "must finish no earlier than it starts (startTime 500, finishTime 400)");
    }
}

// One Rumen job (submitted at 0, finished at 1000 ms) with one map task of these attempts.
Workload importOneTask(const std::string& attempts, RumenImportReport& report) {
    std::istringstream in(R"({"jobID": "job_1", "submitTime": 0, "finishTime": 1000,
        "outcome": "SUCCESS", "mapTasks": [{"taskType": "MAP", "taskStatus": "SUCCESS",
        "attempts": [)" + attempts +
                          "]}]}");
    RumenImportOptions options;
    options.replayLimits = true;
    return importRumen(in, "t.json", options, &report);
}

TEST(TracedAttempts, RumenRetryChainIsImportedInOrder) {
    // Two failures on h1 then h2 (listed out of order), then the success back on h1: hosts are
    // numbered as the trace names them (h1 first), times in seconds after the first submit.
    RumenImportReport report;
    const Workload w = importOneTask(
        R"({"result": "FAILED", "startTime": 250, "finishTime": 300, "hostName": "h2"},
           {"result": "FAILED", "startTime": 100, "finishTime": 200, "hostName": "h1"},
           {"result": "SUCCESS", "startTime": 400, "finishTime": 900, "hostName": "h1"})",
        report);
    EXPECT_EQ(w.jobs[0].tracedAttempts,
              (std::vector<TracedAttempt>{{TaskKind::Map, 0, 0.1, 0.2, 0.25, 1},
                                          {TaskKind::Map, 0, 0.25, 0.3, 0.4, 0}}));
    EXPECT_TRUE(report.replayLimits[0].empty());
}

TEST(TracedAttempts, RumenFailureOverlappingTheSuccessIsLeftOutAndNamed) {
    // The failed attempt (100-500) still ran when the successful one started (200): not a retry
    // before the success, so the replay leaves it out, and validate says so.
    RumenImportReport report;
    const Workload w = importOneTask(
        R"({"result": "FAILED", "startTime": 100, "finishTime": 500, "hostName": "h1"},
           {"result": "SUCCESS", "startTime": 200, "finishTime": 900, "hostName": "h2"})",
        report);
    EXPECT_TRUE(w.jobs[0].tracedAttempts.empty());
    EXPECT_EQ(report.replayLimits[0],
              (std::vector<std::string>{
                  "map task 1 (of 1): 1 failed attempt not replayed; its successful attempt "
                  "started 0.1 s after the first one (the replay runs a task's failed and killed "
                  "attempts when each has its times and they are retries one after another "
                  "before the success, with at most one killed attempt running beside it)"}));
}

}  // namespace
}  // namespace mr
