// A job history's speculative and killed attempts replayed as they happened (model/
// TracedAttempt.h, sim/EngineTraced.cpp): hand-worked races, the registry's schedulers keeping the
// engine's invariants with traced races, the Rumen import of a race, the workload file's errors.
#include <gtest/gtest.h>

#include <sstream>

#include "io/RumenImport.h"
#include "io/TaskCsv.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "model/SeededRandom.h"
#include "schedulers/Registry.h"
#include "support/TestSupport.h"
#include "timeline/AttemptMarks.h"

namespace mr {
namespace {

// One job on one node with `mapSlots` map slots: map 0 of 5 s, map 1 of 8 s. In the trace map 0's
// original attempt ran 0-10 on node 0 and was killed; its speculative copy, the successful
// attempt, started 4 s after it.
Workload copyWins(int mapSlots) {
    Workload w;
    w.cluster = Cluster{1, mapSlots, 1};
    Job job;
    job.name = "J";
    job.mapDurations = TaskDurations(std::vector<double>{5.0, 8.0});
    job.perTaskDurations = true;
    TracedAttempt original{TaskKind::Map, 0, 0.0, 10.0, 0.0, 0, TracedResult::Speculative};
    original.successStart = 4.0;
    job.tracedAttempts = {original};
    w.jobs = {job};
    validate(w);
    return w;
}

TEST(TracedRaces, CopyStartsAtItsOffsetWinsAndSupersedesTheOriginal) {
    // fifo, three slots: map 0's original on slot 0 from 0, map 1 on slot 1 0-8; the copy is due
    // at 0 + 4 and takes slot 2 (the traced node's lowest free slot): 4-9, the task's 5 s. It
    // completes at 9 and stops the original then (superseded). Makespan 9 (8 without the race).
    const RunResult r = test::runChecked(copyWins(3), "fifo", 1);
    const std::vector<TaskRecord> maps = test::tasksOf(r.sim, 0);
    ASSERT_EQ(maps.size(), 3u);
    EXPECT_EQ(maps[0].task, 0);
    EXPECT_TRUE(maps[0].killed);
    EXPECT_EQ(maps[0].cause, AttemptEnd::Superseded);
    EXPECT_DOUBLE_EQ(maps[0].start, 0.0);
    EXPECT_DOUBLE_EQ(maps[0].end, 9.0);
    EXPECT_EQ(maps[1].task, 1);
    EXPECT_EQ(maps[2].task, 0);
    EXPECT_FALSE(maps[2].killed);
    EXPECT_EQ(maps[2].slot, 2);
    EXPECT_DOUBLE_EQ(maps[2].start, 4.0);
    EXPECT_DOUBLE_EQ(maps[2].end, 9.0);
    EXPECT_DOUBLE_EQ(r.sim.makespan, 9.0);
    EXPECT_EQ(r.sim.jobs[0].speculativeAttempts, 1);
    EXPECT_EQ(r.sim.jobs[0].killedMaps, 1);
    EXPECT_DOUBLE_EQ(r.sim.jobs[0].killedWork, 9.0);
    // The explorer's marks: the copy (record of the later start) is the speculative one.
    const std::vector<std::uint32_t> copies = speculativeRecords(r.sim.tasks);
    ASSERT_EQ(copies.size(), 1u);
    EXPECT_DOUBLE_EQ(r.sim.tasks[copies[0]].start, 4.0);
}

TEST(TracedRaces, CopyWithoutAFreeSlotWaitsAndTheOriginalStopsAtItsTracedLength) {
    // Two slots: both busy at 4 (map 0's original, map 1 until 8), so the copy waits and takes
    // slot 1 when map 1 ends: 8-13. The original has run its traced 10 s at 10 and stops then
    // (killed: it never completes the task); the copy completes at 13. Makespan 13.
    const RunResult r = test::runChecked(copyWins(2), "fifo", 1);
    const std::vector<TaskRecord> maps = test::tasksOf(r.sim, 0);
    ASSERT_EQ(maps.size(), 3u);
    EXPECT_EQ(maps[0].cause, AttemptEnd::Killed);
    EXPECT_TRUE(maps[0].killed);
    EXPECT_DOUBLE_EQ(maps[0].end, 10.0);
    EXPECT_EQ(maps[2].task, 0);
    EXPECT_EQ(maps[2].slot, 1);
    EXPECT_DOUBLE_EQ(maps[2].start, 8.0);
    EXPECT_DOUBLE_EQ(maps[2].end, 13.0);
    EXPECT_DOUBLE_EQ(r.sim.makespan, 13.0);
}

TEST(TracedRaces, OriginalBeatsItsCopyAndAKilledRetryRunsFirst) {
    // Map 0 (8 s) beat a copy that started 5 s after it and lasted 4.5 s in the trace; map 1
    // (3 s) was killed after 2 s, its retry started 1 s later. Three slots, fifo: map 0 0-8 on
    // slot 0; map 1's killed attempt 0-2 on slot 1, the retry may start at 3: slot 1, 3-6. The
    // copy is due at 5 on the lowest free slot, 1's neighbour: slot 2, stopped when map 0
    // completes at 8 (superseded). Makespan 8.
    Workload w = copyWins(3);
    w.jobs[0].mapDurations = TaskDurations(std::vector<double>{8.0, 3.0});
    TracedAttempt copy{TaskKind::Map, 0, 5.0, 9.5, 0.0, -1, TracedResult::Speculative};
    copy.successStart = 0.0;
    const TracedAttempt killed{TaskKind::Map, 1, 0.0, 2.0, 3.0, -1, TracedResult::Killed};
    w.jobs[0].tracedAttempts = {copy, killed};
    validate(w);
    const RunResult r = test::runChecked(w, "fifo", 1);
    const std::vector<TaskRecord> maps = test::tasksOf(r.sim, 0);
    ASSERT_EQ(maps.size(), 4u);
    EXPECT_EQ(maps[1].task, 1);
    EXPECT_EQ(maps[1].cause, AttemptEnd::Killed);
    EXPECT_DOUBLE_EQ(maps[1].end, 2.0);
    EXPECT_DOUBLE_EQ(maps[2].start, 3.0);
    EXPECT_EQ(maps[3].task, 0);
    EXPECT_EQ(maps[3].slot, 2);
    EXPECT_DOUBLE_EQ(maps[3].start, 5.0);
    EXPECT_EQ(maps[3].cause, AttemptEnd::Superseded);
    EXPECT_DOUBLE_EQ(maps[3].end, 8.0);
    EXPECT_DOUBLE_EQ(r.sim.makespan, 8.0);
    EXPECT_EQ(r.sim.jobs[0].failedAttempts, 0);
    // The task list says why each stopped.
    const std::string csv = taskRecordsCsv(w, r);
    EXPECT_NE(csv.find(",killed\n"), std::string::npos) << csv;
    EXPECT_NE(csv.find(",superseded\n"), std::string::npos) << csv;
}

// Random workloads with traced attempts: per chosen task a chain of 0 to 2 failed or killed
// attempts, then a race in half of them (a copy that lost or an original its copy beat).
Workload withTracedRaces(std::uint64_t seed, const AlgorithmInfo& info) {
    Workload w = test::randomWorkload(seed, {.maxJobs = 5,
                                             .arrivals = info.needs.arrivals || seed % 2 == 0,
                                             .deadlines = info.needs.deadlines || seed % 3 == 0});
    SeededRandom random(seed * 7919);
    for (Job& job : w.jobs) {
        for (const TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
            for (int task = 0; task < job.tasks(kind); ++task) {
                if (random.uniform01() >= 0.4) {
                    continue;
                }
                double t = job.arrival;
                for (int n = random.uniformInt(0, 2); n > 0; --n) {
                    const double end = t + random.uniform(0.0, 4.0);
                    const double next = end + (random.next() % 2 == 0 ? 0.0 : 1.5);
                    const TracedResult result =
                        random.next() % 2 == 0 ? TracedResult::Failed : TracedResult::Killed;
                    job.tracedAttempts.push_back({kind, task, t, end, next, -1, result});
                    t = next;
                }
                if (random.next() % 2 == 0) {
                    continue;
                }
                const double offset = random.uniform(0.0, 6.0);
                const bool loserFirst = random.next() % 2 == 0;
                TracedAttempt race{kind,
                                   task,
                                   loserFirst ? t : t + offset,
                                   0.0,
                                   0.0,
                                   random.uniformInt(-1, w.cluster.nodes - 1),
                                   TracedResult::Speculative};
                race.end = race.start + (loserFirst ? offset + random.uniform(0.5, 20.0)
                                                    : random.uniform(0.0, 20.0));
                race.successStart = loserFirst ? t + offset : t;
                race.successNode = random.uniformInt(-1, w.cluster.nodes - 1);
                job.tracedAttempts.push_back(race);
            }
        }
    }
    validate(w);
    return w;
}

class TracedRaceInvariants : public ::testing::TestWithParam<std::string> {};

TEST_P(TracedRaceInvariants, EachTaskSucceedsOnceAndNoSlotRunsTwoAttempts) {
    const AlgorithmInfo& info = findAlgorithm(GetParam())->info();
    int allRaces = 0;
    int started = 0;
    int superseded = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = withTracedRaces(seed, info);
        // checkSchedule: no slot runs two attempts at once, each task completes exactly once
        // and takes its duration, the job times agree with the records.
        const RunResult r = test::runChecked(w, GetParam(), seed);
        const Workload& simulated = r.simulatedWorkload ? *r.simulatedWorkload : w;
        for (int j = 0; j < w.jobCount(); ++j) {
            const Job& job = simulated.jobs[static_cast<std::size_t>(j)];
            int races = 0;
            for (const TracedAttempt& a : job.tracedAttempts) {
                races += a.result == TracedResult::Speculative ? 1 : 0;
            }
            // Each race's second attempt starts unless the task completed before it was due.
            EXPECT_LE(r.sim.jobs[static_cast<std::size_t>(j)].speculativeAttempts, races);
            allRaces += races;
            started += r.sim.jobs[static_cast<std::size_t>(j)].speculativeAttempts;
            for (const TaskRecord& t : r.sim.tasks) {
                if (t.job == j && t.killed && t.cause == AttemptEnd::Superseded) {
                    ++superseded;
                    // A superseded attempt stops when its task's successful attempt completes.
                    bool completedThen = false;
                    for (const TaskRecord& s : r.sim.tasks) {
                        completedThen =
                            completedThen || (!s.killed && s.job == j && s.kind == t.kind &&
                                              s.task == t.task && s.end == t.end);
                    }
                    EXPECT_TRUE(completedThen);
                }
            }
        }
    }
    if (allRaces > 0) {  // not HScheduler's re-split jobs: the races ran
        EXPECT_GT(started, 0);
        EXPECT_GT(superseded, 0);
    }
}

INSTANTIATE_TEST_SUITE_P(Registry, TracedRaceInvariants, ::testing::ValuesIn(algorithmIds()),
                         test::AlgorithmParamName());

TEST(TracedRaces, RumenFixtureRacesAreImportedAndNotNamedByValidate) {
    // rumen-speculative.json (submitted at 2000000 ms; hosts h1 = node 0, h2 = node 1): m0's
    // original on h1 1-11 s lost to its copy on h2 from 5 s; m1's copy on h1 6-9.5 s lost to the
    // original on h2 from 1 s; m2 was killed on h1 1-3 s, its retry started at 4 s.
    RumenImportOptions options;
    options.replayLimits = true;
    RumenImportReport report;
    const Workload w = importRumen(test::testDataPath("rumen-speculative.json"), options, &report);
    TracedAttempt m0{TaskKind::Map, 0, 1.0, 11.0, 0.0, 0, TracedResult::Speculative};
    m0.successStart = 5.0;
    m0.successNode = 1;
    TracedAttempt m1{TaskKind::Map, 1, 6.0, 9.5, 0.0, 0, TracedResult::Speculative};
    m1.successStart = 1.0;
    m1.successNode = 1;
    const TracedAttempt m2{TaskKind::Map, 2, 1.0, 3.0, 4.0, 0, TracedResult::Killed};
    ASSERT_EQ(w.jobs[0].tracedAttempts, (std::vector<TracedAttempt>{m0, m1, m2}));
    EXPECT_EQ(report.killedAttempts, 3);
    for (const std::string& limit : report.replayLimits[0]) {
        EXPECT_EQ(limit.find("not replayed"), std::string::npos) << limit;
    }
    const RunResult r = test::runChecked(w, "fifo", 1);
    EXPECT_EQ(r.sim.jobs[0].speculativeAttempts, 2);
    int superseded = 0;
    for (const TaskRecord& t : r.sim.tasks) {
        superseded += t.killed && t.cause == AttemptEnd::Superseded ? 1 : 0;
    }
    EXPECT_EQ(superseded, 2);
}

TEST(TracedRaces, RumenTaskWithTwoKilledAttemptsBesideTheSuccessIsNamed) {
    std::istringstream in(R"({"jobID": "job_1", "submitTime": 0, "finishTime": 1000,
        "outcome": "SUCCESS", "mapTasks": [{"taskType": "MAP", "taskStatus": "SUCCESS",
        "attempts": [{"result": "SUCCESS", "startTime": 100, "finishTime": 900, "hostName": "h1"},
            {"result": "KILLED", "startTime": 300, "finishTime": 900, "hostName": "h2"},
            {"result": "KILLED", "startTime": 400, "finishTime": 900, "hostName": "h3"}]}]})");
    RumenImportOptions options;
    options.replayLimits = true;
    RumenImportReport report;
    const Workload w = importRumen(in, "t.json", options, &report);
    EXPECT_TRUE(w.jobs[0].tracedAttempts.empty());
    ASSERT_EQ(report.replayLimits[0].size(), 1u);
    EXPECT_EQ(report.replayLimits[0][0].rfind("map task 1 (of 1): 2 killed attempts not replayed; "
                                              "its successful attempt started 0 s after the "
                                              "first one",
                                              0),
              0u)
        << report.replayLimits[0][0];
}

TEST(TracedRaces, WithoutTracedAttemptsTheRunIsUnchanged) {
    Workload w = copyWins(3);
    w.jobs[0].tracedAttempts.clear();
    const RunResult r = runAlgorithm(w, "fifo", {});
    EXPECT_DOUBLE_EQ(r.sim.makespan, 8.0);
    EXPECT_EQ(r.sim.tasks.size(), 2u);
    EXPECT_EQ(r.sim.jobs[0].speculativeAttempts, 0);
}

TEST(TracedRaces, RoundTripThroughTheWorkloadFile) {
    Workload w = copyWins(3);
    w.jobs[0].tracedAttempts[0].successNode = 0;
    w.jobs[0].tracedAttempts.push_back({TaskKind::Map, 1, 0.0, 1.0, 2.0, -1, TracedResult::Killed});
    const std::string text = serializeWorkload(w);
    EXPECT_NE(text.find(R"("result": "speculative", "start": 0, "end": 10, "success_start": 4, )"
                        R"("node": 0, "success_node": 0})"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find(R"("result": "killed", "start": 0, "end": 1, "next_start": 2})"),
              std::string::npos)
        << text;
    EXPECT_EQ(parseWorkload(text, "saved"), w);
}

// The message of the InputError the attempts raise when loaded as "w.json".
std::string errorOf(const std::string& attempts) {
    const std::string text =
        R"({"format": "mrx-workload", "version": 1,
            "cluster": {"nodes": 2, "map_slots_per_node": 1, "reduce_slots_per_node": 1},
            "jobs": [{"name": "J", "map_durations": [4, 6], "arrival": 1,
                      "traced_attempts": [)" +
        attempts + "]}]}";
    try {
        parseWorkload(text, "w.json");
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

TEST(TracedRaces, BadRaceNamesFileJobAndField) {
    const std::string race = R"({"kind": "map", "task": 1, "result": "speculative", "start": 2,
                                 "end": 6, "success_start": 1, "node": 1, "success_node": 0})";
    EXPECT_EQ(errorOf(race), "no error");
    EXPECT_EQ(errorOf(R"({"kind": "map", "task": 1, "result": "lost", "start": 2, "end": 6,
                          "next_start": 7})"),
              "w.json: job 'J': field 'traced_attempts[0].result': must be \"failed\", "
              "\"killed\" or \"speculative\"");
    EXPECT_EQ(errorOf(R"({"kind": "shuffle", "task": 1, "result": "killed", "start": 2,
                          "end": 6, "next_start": 7})"),
              "w.json: job 'J': field 'traced_attempts[0].kind': must be \"map\" or \"reduce\"");
    EXPECT_EQ(errorOf(R"({"kind": "map", "task": 5, "result": "speculative", "start": 2,
                          "end": 6, "success_start": 1})"),
              "w.json: job 'J': field 'traced_attempts[0].task': the job has no map task 5 (it "
              "has 2, numbered from 0)");
    EXPECT_EQ(errorOf(R"({"kind": "map", "task": 1, "result": "speculative", "start": 2,
                          "end": 6, "next_start": 7})"),
              "w.json: job 'J': field 'traced_attempts[0].next_start': is not a field of a "
              "speculative attempt (next_start: failed and killed; success_start, success_node: "
              "speculative)");
    EXPECT_EQ(errorOf(R"({"kind": "map", "task": 1, "result": "speculative", "start": 2,
                          "end": 3, "success_start": 4})"),
              "w.json: job 'J': field 'traced_attempts[0].end': comes before success_start: the "
              "attempt did not run beside the successful one (one killed before it is "
              "\"killed\", with next_start)");
    // A killed retry that overlaps the race that follows it, and a second race of one task.
    EXPECT_EQ(errorOf(R"({"kind": "map", "task": 1, "result": "killed", "start": 1, "end": 3,
                          "next_start": 3}, )" +
                      race),
              "w.json: job 'J': field 'traced_attempts[1].success_start': comes before the "
              "previous attempt's next_start (a task's attempts run one after another, in "
              "order)");
    EXPECT_EQ(errorOf(race + ", " + race),
              "w.json: job 'J': field 'traced_attempts[1].result': comes after the task's "
              "speculative attempt (a task has at most one, after its failed and killed "
              "attempts)");
}

TEST(TracedRaces, NodeSpeedsAndRacesAreNotCombined) {
    Workload w = copyWins(3);
    setNodeClasses(w.cluster, {{"slow", 1, 3, 1, 0.5}});
    try {
        validate(w, "w.json");
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_STREQ(e.what(),
                     "w.json: field 'cluster.node_classes': node speeds other than 1 cannot be "
                     "combined with speculative traced_attempts: remove one of them");
    }
}

}  // namespace
}  // namespace mr
