// Unequal nodes (model/Cluster.h, node classes): the file format, the engine's slot layout and
// speeds under every scheduler of the registry (sim/ScheduleCheck.h checks that no slot runs two
// tasks at once and that each task takes its duration over its node's speed), a hand-computed
// schedule, the one-line refusals of the algorithms that assume identical slots, and classes that
// describe equal nodes giving the equal cluster's schedule byte for byte.
#include <gtest/gtest.h>

#include <cstring>
#include <set>

#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "model/SeededRandom.h"
#include "schedulers/Registry.h"
#include "sim/ScheduleCheck.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

constexpr std::uint64_t kWorkloads = 20;

// 1 to 3 classes of 1 to 3 nodes, 0 to 3 map and 0 to 2 reduce slots each (at least one of each
// kind in all), speeds from a quarter to twice a node's.
std::vector<NodeClass> randomClasses(std::uint64_t seed) {
    SeededRandom random(seed * 104729);
    static const double kSpeeds[] = {0.25, 0.5, 1.0, 1.5, 2.0};
    std::vector<NodeClass> classes;
    const int count = random.uniformInt(1, 3);
    for (int i = 0; i < count; ++i) {
        NodeClass c;
        c.name = "c" + std::to_string(i);
        c.count = random.uniformInt(1, 3);
        c.mapSlots = random.uniformInt(i == 0 ? 1 : 0, 3);
        c.reduceSlots = random.uniformInt(i == 0 ? 1 : 0, 2);
        c.speed = kSpeeds[random.uniformInt(0, 4)];
        classes.push_back(c);
    }
    return classes;
}

Workload classWorkload(std::uint64_t seed, const AlgorithmInfo& info) {
    Workload w = test::randomWorkload(seed, {.maxJobs = 6,
                                             .maxMaps = 10,
                                             .maxReduces = 6,
                                             .arrivals = info.needs.arrivals || seed % 2 == 0,
                                             .deadlines = info.needs.deadlines || seed % 3 == 0});
    setNodeClasses(w.cluster, randomClasses(seed));
    if (seed % 3 == 1 && w.cluster.nodes > 1) {
        // With a scenario too: the last node fails and comes back, node 0 is twice as slow.
        w.scenario.nodeFailures.push_back({w.cluster.nodes - 1, 7.0, 30.0});
        w.scenario.slowNodes.push_back({0, 2.0});
    }
    validate(w);
    return w;
}

class NodeClassInvariants : public ::testing::TestWithParam<std::string> {
protected:
    const AlgorithmInfo& info() const { return findAlgorithm(GetParam())->info(); }
};

TEST_P(NodeClassInvariants, RunsWithinTheSlotsAtTheNodesSpeedsOrRefusesInOneLine) {
    int unequal = 0;
    for (std::uint64_t seed = 1; seed <= kWorkloads; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = classWorkload(seed, info());
        unequal += w.cluster.equalNodes() ? 0 : 1;
        if (info().unequalNodes.empty() || w.cluster.equalNodes()) {
            const RunResult r = test::runChecked(w, GetParam(), seed);
            EXPECT_EQ(r.sim.mapSlots, w.cluster.mapSlots());
            EXPECT_EQ(r.sim.reduceSlots, w.cluster.reduceSlots());
            if (!w.cluster.equalNodes()) {
                EXPECT_FALSE(r.modelMakespan.has_value());  // the two-stage model does not apply
            }
            continue;
        }
        try {
            runAlgorithm(w, GetParam(), test::invariantRunOptions(w, seed));
            ADD_FAILURE() << GetParam() << " ran on unequal nodes";
        } catch (const InputError& e) {
            EXPECT_EQ(e.field(), "cluster.node_classes");
            EXPECT_EQ(e.message(), GetParam() + " refuses unequal nodes: " + info().unequalNodes);
            EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
        }
    }
    EXPECT_GT(unequal, kWorkloads / 2);  // the seeds mostly draw unequal nodes
}

// One class of equal nodes is the plain cluster: the same schedule, byte for byte.
TEST_P(NodeClassInvariants, OneClassOfEqualNodesGivesTheEqualClustersBytes) {
    for (std::uint64_t seed = 1; seed <= kWorkloads; seed += 3) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload plain = test::randomWorkload(
            seed, {.maxJobs = 6, .arrivals = seed % 2 == 0, .deadlines = true});
        Workload classes = plain;
        const Cluster& c = plain.cluster;
        setNodeClasses(classes.cluster,
                       {{"all", c.nodes, c.mapSlotsPerNode, c.reduceSlotsPerNode, 1.0}});
        ASSERT_EQ(classes.cluster.nodes, c.nodes);
        const RunResult a = runAlgorithm(plain, GetParam(), test::invariantRunOptions(plain, seed));
        const RunResult b =
            runAlgorithm(classes, GetParam(), test::invariantRunOptions(classes, seed));
        ASSERT_EQ(a.sim.tasks.size(), b.sim.tasks.size());
        EXPECT_EQ(std::memcmp(a.sim.tasks.data(), b.sim.tasks.data(),
                              a.sim.tasks.size() * sizeof(TaskRecord)),
                  0);
        EXPECT_EQ(a.sim.makespan, b.sim.makespan);
        EXPECT_EQ(a.modelMakespan, b.modelMakespan);
    }
}

INSTANTIATE_TEST_SUITE_P(Registry, NodeClassInvariants, ::testing::ValuesIn(algorithmIds()),
                         test::AlgorithmParamName());

// Which built-ins assume identical slots: the offline plans and bounds refuse, the online
// policies that fill free slots run.
TEST(NodeClasses, TheAlgorithmsOnIdenticalSlotsRefuseAndTheOnlinePoliciesRun) {
    std::set<std::string> refusing;
    for (const Algorithm* a : allAlgorithms()) {
        if (!a->info().unequalNodes.empty()) {
            refusing.insert(a->id());
        }
    }
    for (const char* id : {"johnson", "reverse-johnson", "balanced-pools", "hscheduler",
                           "online-hscheduler", "min-edf", "min-edf-wc", "completion-time"}) {
        EXPECT_EQ(refusing.count(id), 1U) << id;
    }
    for (const char* id : {"fifo", "manual", "random", "optimal", "edf", "fair", "capacity"}) {
        EXPECT_EQ(refusing.count(id), 0U) << id;
    }
}

// Two map and two reduce slots: node 0 ("fast", speed 1) holds map slot 0 and reduce slot 0,
// node 1 ("slow", speed 0.5) map slot 1 and reduce slot 1. FIFO, J1 then J2, free slots taken
// lowest first:
//   t=0   J1 map 0 on slot 0 (fast): 0–10;  J1 map 1 on slot 1 (slow): 0–20 (10 / 0.5)
//   t=10  J2 map 0 on slot 0: 10–16;        t=16  J2 map 1 on slot 0: 16–22
//   t=20  J1's maps done: J1's reduce on reduce slot 0 (fast): 20–24
//   t=22  J2's maps done: reduce slot 0 busy, J2's reduce on reduce slot 1 (slow): 22–26 (2 / 0.5)
// Makespan 26 (on two equal fast nodes: 10, 10; 16, 16 → maps end 10 and 16, reduces 14 and 18).
TEST(NodeClasses, FastAndSlowNodeHandCase) {
    Workload w;
    w.name = "fast and slow";
    setNodeClasses(w.cluster, {{"fast", 1, 1, 1, 1.0}, {"slow", 1, 1, 1, 0.5}});
    w.jobs = {Job::uniform("J1", 2, 10, 1, 4), Job::uniform("J2", 2, 6, 1, 2)};
    validate(w);
    RunOptions options;
    options.recordTasks = true;
    const RunResult r = runAlgorithm(w, "fifo", options);
    EXPECT_DOUBLE_EQ(r.sim.makespan, 26.0);
    ASSERT_EQ(r.sim.jobs.size(), 2U);
    EXPECT_DOUBLE_EQ(r.sim.jobs[0].mapEnd, 20.0);
    EXPECT_DOUBLE_EQ(r.sim.jobs[0].end, 24.0);
    EXPECT_DOUBLE_EQ(r.sim.jobs[1].mapEnd, 22.0);
    EXPECT_DOUBLE_EQ(r.sim.jobs[1].end, 26.0);
    EXPECT_TRUE(checkSchedule(w, r.sim).empty());
    // J2 first: its maps take 0–6 (fast) and 0–12 (slow), J1's 6–16 (fast) and 12–32 (slow),
    // J1's reduce 32–36: 36. The optimal search finds J1 then J2.
    RunOptions reversed;
    reversed.manualOrder = {"J2", "J1"};
    EXPECT_DOUBLE_EQ(runAlgorithm(w, "manual", reversed).sim.makespan, 36.0);
    const RunResult best = runAlgorithm(w, "optimal", options);
    EXPECT_DOUBLE_EQ(best.sim.makespan, 26.0);
    EXPECT_EQ(best.order, (std::vector<int>{0, 1}));
    Workload equal = w;
    setNodeClasses(equal.cluster, {{"fast", 2, 1, 1, 1.0}});
    EXPECT_DOUBLE_EQ(runAlgorithm(equal, "fifo", options).sim.makespan, 18.0);
}

TEST(NodeClasses, FileRoundTripsAndNamesItsErrors) {
    Workload w = test::figure4(1);
    setNodeClasses(w.cluster, {{"old", 20, 2, 1, 0.5}, {"new", 10, 4, 2, 1.0}});
    const std::string text = serializeWorkload(w);
    EXPECT_NE(text.find("\"node_classes\""), std::string::npos);
    EXPECT_EQ(text.find("\"map_slots_per_node\""), std::string::npos);
    const Workload back = parseWorkload(text, "w.json");
    EXPECT_EQ(back, w);
    EXPECT_EQ(back.cluster.nodes, 30);
    EXPECT_EQ(back.cluster.mapSlots(), 80);
    EXPECT_EQ(back.cluster.reduceSlots(), 40);
    EXPECT_EQ(back.cluster.nodeOfSlot(TaskKind::Map, 39), 19);
    EXPECT_EQ(back.cluster.nodeOfSlot(TaskKind::Map, 40), 20);
    EXPECT_EQ(back.cluster.firstSlot(TaskKind::Reduce, 21), 22);
    EXPECT_EQ(back.cluster.speedOf(5), 0.5);

    const auto errorOf = [](const std::string& cluster) {
        const std::string doc = R"({"format": "mrx-workload", "version": 1, "cluster": )" +
                                cluster +
                                R"(, "jobs": [{"name": "J", "maps": 1, "reduces": 0, )"
                                R"("map_duration": 1, "reduce_duration": 0}]})";
        try {
            parseWorkload(doc, "c.json");
        } catch (const InputError& e) {
            return e.field() + ": " + e.message();
        }
        return std::string("no error");
    };
    EXPECT_EQ(errorOf(R"({"nodes": 2, "node_classes": [{"name": "a", "count": 1, )"
                      R"("map_slots": 1, "reduce_slots": 1}]})"),
              "cluster.nodes: is given by node_classes; leave it out beside them");
    EXPECT_EQ(errorOf(R"({"node_classes": [{"name": "a", "count": 1, "map_slots": 1, )"
                      R"("reduce_slots": 1, "speed": 0}]})")
                  .rfind("cluster.node_classes[0].speed: ", 0),
              0U);
    EXPECT_EQ(errorOf(R"({"node_classes": [{"name": "a", "count": 1, "map_slots": 0, )"
                      R"("reduce_slots": 1}]})"),
              "cluster.node_classes: the classes give 0 map slots; a cluster has 1 to "
              "10000000 of a kind");
}

}  // namespace
}  // namespace mr
