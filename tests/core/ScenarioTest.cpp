// Scenarios on simulated time (model/Scenario.h, docs/simulator.md "Scenarios"): node failures
// worked out by hand, speculative execution against a 10× straggler, failed jobs, the file
// format's errors, and an empty scenario leaving every result bit for bit as it was.
#include <gtest/gtest.h>

#include <cmath>

#include "io/ScenarioJson.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "schedulers/Registry.h"
#include "sim/ScheduleCheck.h"
#include "sim/Simulator.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

Workload cluster(int nodes) {
    Workload w;
    w.cluster = {nodes, 1, 1};
    return w;
}

// Two jobs, each 2 maps and 2 reduces of 10 s, FIFO on 2 nodes × (1 map + 1 reduce slot);
// node 1 fails at t = 15 for good. By hand (lowest free slot first, J1 before J2):
//   0–10  J1 maps on both map slots.   10–20 J2 maps on both; J1 reduces on both reduce slots.
//   15    node 1 fails: J2 map 1 and J1 reduce 1 are lost and queued again; J1's map 1 output
//         (completed on node 1 at 10) is lost too, as J1 still has reduces to complete.
//   20    J2 map 0 ends; J1 reduce 0 reaches its end but waits for J1's map 1 (held); the free map
//         slot runs J1 map 1 (J1 first), 20–30.
//   30    J1 map 1 ends: the held reduce 0 ends too; J2 map 1 runs 30–40, J1 reduce 1 30–40.
//   40    J1 done; J2 reduce 0 40–50, then J2 reduce 1 50–60. Makespan 60 (30 without).
TEST(Scenario, NodeFailureMakespanWorkedOutByHand) {
    Workload w = cluster(2);
    w.jobs = {Job::uniform("J1", 2, 10, 2, 10), Job::uniform("J2", 2, 10, 2, 10)};
    EXPECT_DOUBLE_EQ(simulateOrder(w, {0, 1}).makespan, 30.0);
    w.scenario.nodeFailures = {{1, 15.0}};
    const SimResult r = simulateOrder(w, {0, 1});
    EXPECT_DOUBLE_EQ(r.makespan, 60.0);
    EXPECT_DOUBLE_EQ(r.jobs[0].end, 40.0);
    EXPECT_EQ(r.jobs[0].lostOutputs, 1);
    ASSERT_EQ(r.lostOutputs.size(), 1u);
    EXPECT_EQ(r.lostOutputs[0].task, 1);
    EXPECT_DOUBLE_EQ(r.lostOutputs[0].time, 15.0);
    ASSERT_EQ(r.downtime.size(), 1u);
    EXPECT_TRUE(std::isinf(r.downtime[0].to));
    const auto problems = checkSchedule(w, r);
    EXPECT_TRUE(problems.empty()) << problems.front();
}

// The same batch with node 1 back at t = 20. By hand:
//   15    as above: J2 map 1 and J1 reduce 1 lost, J1 map 1's output lost.
//   20    node 1 is back and J2 map 0 ends; J1 reduce 0 is held. Map slot 0 takes J1 map 1, slot 1
//         J2 map 1 (20–30); reduce slot 1 takes J1 reduce 1 (20–30).
//   30    J1 map 1 ends, and with it J1's held reduce 0; J1 reduce 1 ends: J1 done at 30. J2's
//         reduces run 30–40 on both slots. Makespan 40.
TEST(Scenario, RecoveredNodeRunsAgain) {
    Workload w = cluster(2);
    w.jobs = {Job::uniform("J1", 2, 10, 2, 10), Job::uniform("J2", 2, 10, 2, 10)};
    w.scenario.nodeFailures = {{1, 15.0, 20.0}};
    const SimResult r = simulateOrder(w, {0, 1});
    const auto problems = checkSchedule(w, r);
    EXPECT_TRUE(problems.empty()) << problems.front();
    ASSERT_EQ(r.downtime.size(), 1u);
    EXPECT_DOUBLE_EQ(r.downtime[0].to, 20.0);
    EXPECT_DOUBLE_EQ(r.jobs[0].end, 30.0);
    EXPECT_DOUBLE_EQ(r.makespan, 40.0);
}

// Two jobs on 4 nodes × (1 map + 1 reduce slot); node 3 is 10× slow. J1: 4 maps of 10 s and one
// 5 s reduce; J2: 3 maps and one reduce, the same. FIFO, J1 first.
// Without speculation: J1 map 3 runs 0–100 on node 3, J2's maps 10–20, J2's reduce 20–25, J1's
// reduce 100–105: makespan 105.
// With it (checks every 1 s, Hadoop's defaults): at t = 10 J1's other maps have ended (mean 10 s);
// map 3's estimated end 100 lies 80 s past a new attempt's (10 + 10), so a copy is queued and
// takes map slot 0 first (10–20); J2's maps 0 and 1 run 10–20 on slots 1 and 2. At 20 the copy
// wins and the original is killed; J1's reduce runs 20–25, J2's map 2 20–30 and its reduce
// 30–35: makespan 35, 70 s shorter.
TEST(Scenario, SpeculationShortensABatchWithOneTenfoldStraggler) {
    Workload w = cluster(4);
    w.jobs = {Job::uniform("J1", 4, 10, 1, 5), Job::uniform("J2", 3, 10, 1, 5)};
    w.scenario.slowNodes = {{3, 10.0}};
    const SimResult slow = simulateOrder(w, {0, 1});
    EXPECT_DOUBLE_EQ(slow.makespan, 105.0);
    w.scenario.speculation.enabled = true;
    const SimResult fast = simulateOrder(w, {0, 1});
    EXPECT_DOUBLE_EQ(fast.makespan, 35.0);
    EXPECT_DOUBLE_EQ(slow.makespan - fast.makespan, 70.0);
    EXPECT_EQ(fast.jobs[0].speculativeAttempts, 1);
    int superseded = 0;
    for (const TaskRecord& t : fast.tasks) {
        if (t.killed && t.cause == AttemptEnd::Superseded) {
            ++superseded;
            EXPECT_EQ(t.slot, 3);
            EXPECT_DOUBLE_EQ(t.end, 20.0);
        }
    }
    EXPECT_EQ(superseded, 1);
    const auto problems = checkSchedule(w, fast);
    EXPECT_TRUE(problems.empty()) << problems.front();
}

// One attempt only and attempts that almost always fail: every job fails, and is reported so.
TEST(Scenario, TaskThatExhaustsItsAttemptsFailsItsJob) {
    Workload w = cluster(2);
    w.jobs = {Job::uniform("J1", 3, 10, 1, 10), Job::uniform("J2", 2, 10, 1, 10)};
    w.scenario.maxAttempts = 1;
    w.scenario.failureProbability = 0.999;
    const SimResult r = simulateOrder(w, {0, 1});
    EXPECT_EQ(r.failedJobs, 2);
    EXPECT_TRUE(r.jobs[0].failed);
    EXPECT_TRUE(r.jobs[1].failed);
    EXPECT_GE(r.jobs[0].failedAttempts, 1);
    const auto problems = checkSchedule(w, r);
    EXPECT_TRUE(problems.empty()) << problems.front();
}

// With retries, a failed attempt reruns and the job completes; the failed attempt is recorded
// with its cause.
TEST(Scenario, FailedAttemptsRetryUpToMaxAttempts) {
    Workload w = cluster(3);
    w.jobs = {Job::uniform("J1", 30, 10, 5, 10)};
    w.scenario.failureProbability = 0.1;
    const SimResult r = simulateOrder(w, {0});
    EXPECT_FALSE(r.jobs[0].failed);
    EXPECT_GT(r.jobs[0].failedAttempts, 0);
    int failedRecords = 0;
    for (const TaskRecord& t : r.tasks) {
        failedRecords += t.killed && t.cause == AttemptEnd::Failed ? 1 : 0;
    }
    EXPECT_EQ(failedRecords, r.jobs[0].failedAttempts);
    const auto problems = checkSchedule(w, r);
    EXPECT_TRUE(problems.empty()) << problems.front();
}

// A node added at t = 50 takes work from then on, never before.
TEST(Scenario, AddedNodeJoinsAtItsTime) {
    Workload w = cluster(2);
    w.jobs = {Job::uniform("J1", 20, 10, 0, 0)};
    w.scenario.nodeAdditions = {{1, 50.0}};
    const SimResult r = simulateOrder(w, {0});
    // 5 maps alone on node 0 by 50, then 15 on two slots: 8 rounds more, the last at 130.
    EXPECT_DOUBLE_EQ(r.makespan, 130.0);
    for (const TaskRecord& t : r.tasks) {
        if (t.slot == 1) {
            EXPECT_GE(t.start, 50.0);
        }
    }
    EXPECT_TRUE(checkSchedule(w, r).empty());
}

TEST(Scenario, SectionRoundTripsThroughTheWorkloadFile) {
    Workload w = test::figure4(1);
    w.scenario.seed = 7;
    w.scenario.failureProbability = 0.01;
    w.scenario.stragglerProbability = 0.1;
    w.scenario.stragglerMinFactor = 2.0;
    w.scenario.stragglerMaxFactor = 5.0;
    w.scenario.nodeFailures = {{3, 100.0, 400.0}, {4, 10.0}};
    w.scenario.nodeAdditions = {{5, 60.0}};
    w.scenario.slowNodes = {{2, 3.0}};
    w.scenario.jobs = {{"J1", 0.5, false, true}};
    w.scenario.speculation.enabled = true;
    const std::string text = serializeWorkload(w);
    EXPECT_EQ(parseWorkload(text, "w.json"), w);
}

TEST(Scenario, BadFieldIsOneLineNamingFileAndField) {
    const std::string base = serializeWorkload(cluster(2));
    auto withScenario = [&](const std::string& scenario) {
        std::string text = base;
        text.insert(text.find("\"jobs\""), "\"scenario\": " + scenario + ",\n  ");
        return text;
    };
    try {
        parseWorkload(withScenario(R"({"node_failures": [{"node": 9, "at": 1}]})"), "w.json");
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "w.json: field 'scenario.node_failures[0].node': node 9 is not in the cluster "
                  "(nodes 0 to 1)");
    }
    try {
        parseWorkload(withScenario(R"({"failure_probabilty": 0.1})"), "w.json");
        FAIL() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "scenario.failure_probabilty");
    }
    EXPECT_THROW(parseWorkload(withScenario(R"({"speculation": {"maps": 1}})"), "w.json"),
                 InputError);
}

// A scenario file for --scenario holds the same object.
TEST(Scenario, ScenarioFileReadsTheSameObject) {
    const std::string path = test::scratchDir() + "/s.json";
    test::writeText(path, R"({"seed": 3, "node_failures": [{"node": 1, "at": 5}]})");
    const Scenario s = loadScenarioFile(path);
    EXPECT_EQ(s.seed, 3u);
    ASSERT_EQ(s.nodeFailures.size(), 1u);
    EXPECT_DOUBLE_EQ(s.nodeFailures[0].at, 5.0);
}

bool sameTasks(const SimResult& a, const SimResult& b) {
    if (a.tasks.size() != b.tasks.size() || a.makespan != b.makespan) {
        return false;
    }
    for (std::size_t i = 0; i < a.tasks.size(); ++i) {
        const TaskRecord& x = a.tasks[i];
        const TaskRecord& y = b.tasks[i];
        if (x.job != y.job || x.task != y.task || x.slot != y.slot || x.kind != y.kind ||
            x.killed != y.killed || x.count != y.count || x.start != y.start || x.end != y.end) {
            return false;
        }
    }
    return true;
}

// An empty scenario (only a seed) changes no result: every sample and the published examples,
// under every algorithm that runs on them.
TEST(Scenario, EmptyScenarioGivesTodaysResultsBitForBit) {
    std::vector<Workload> workloads = {test::figure4(1), test::figure4(2)};
    for (const char* name : {"figure4-scenario1.json", "figure4-scenario2.json", "two-jobs.json",
                             "example3-online.json", "fair-pools.json", "deadlines-spare-kill.json",
                             "rumen-2jobs2min.json", "swim-fb2009-100.json"}) {
        workloads.push_back(loadWorkload(test::samplePath(name)));
    }
    for (const Workload& plain : workloads) {
        Workload seeded = plain;
        seeded.scenario.seed = 12345;
        ASSERT_TRUE(seeded.scenario.empty());
        for (const std::string& id : algorithmIds()) {
            SCOPED_TRACE(plain.name + " / " + id);
            RunResult a;
            RunResult b;
            try {
                a = runAlgorithm(plain, id, {});
            } catch (const std::exception&) {
                EXPECT_ANY_THROW(runAlgorithm(seeded, id, {}));
                continue;
            }
            b = runAlgorithm(seeded, id, {});
            EXPECT_TRUE(sameTasks(a.sim, b.sim));
            EXPECT_EQ(a.order, b.order);
        }
    }
}

}  // namespace
}  // namespace mr
