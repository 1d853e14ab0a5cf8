// What the timeline marks under a scenario (timeline/AttemptMarks.h): the speculative copy of a
// straggling map and the slot rows of a failed node, on batches worked out by hand in
// ScenarioTest.cpp.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/Simulator.h"
#include "timeline/AttemptMarks.h"

namespace mr {
namespace {

// ScenarioTest's straggler batch: 4 nodes × (1 map + 1 reduce slot), node 3 10× slow, J1 4 maps
// of 10 s + a 5 s reduce, J2 3 maps + a reduce. With speculation J1 map 3's copy runs 10–20 on
// map slot 0 and wins; the original (slot 3, 0–20) is killed. The copy is the one mark.
TEST(AttemptMarks, TheSpeculativeCopyIsTheLaterOverlappingAttempt) {
    Workload w;
    w.cluster = {4, 1, 1};
    w.jobs = {Job::uniform("J1", 4, 10, 1, 5), Job::uniform("J2", 3, 10, 1, 5)};
    w.scenario.slowNodes = {{3, 10.0}};
    w.scenario.speculation.enabled = true;
    const SimResult r = simulateOrder(w, {0, 1}, {.waves = false});
    const auto copies = speculativeRecords(r.tasks);
    ASSERT_EQ(copies.size(), 1u);
    const TaskRecord& copy = r.tasks[copies[0]];
    EXPECT_EQ(copy.job, 0);
    EXPECT_EQ(copy.task, 3);
    EXPECT_EQ(copy.kind, TaskKind::Map);
    EXPECT_EQ(copy.slot, 0);
    EXPECT_DOUBLE_EQ(copy.start, 10.0);
    EXPECT_DOUBLE_EQ(copy.end, 20.0);
    EXPECT_FALSE(copy.killed);
}

TaskRecord record(int task, int slot, double start, double end) {
    TaskRecord r;
    r.task = task;
    r.slot = slot;
    r.start = start;
    r.end = end;
    return r;
}

// A failed attempt and its retry do not overlap: neither is a copy. Task 2's two attempts do:
// the later one (slot 3, from 2) is.
TEST(AttemptMarks, ARetryAfterAFailureIsNoCopy) {
    std::vector<TaskRecord> records = {record(1, 0, 0.0, 4.0), record(1, 1, 4.0, 14.0),
                                       record(2, 2, 1.0, 3.0), record(2, 3, 2.0, 5.0)};
    records[0].killed = true;
    records[0].cause = AttemptEnd::Failed;
    records[2].killed = true;
    records[2].cause = AttemptEnd::Superseded;
    EXPECT_EQ(speculativeRecords(records), std::vector<std::uint32_t>{3});
    records[3].start = 3.0;  // starts as the other ends: a retry, not a copy
    EXPECT_TRUE(speculativeRecords(records).empty());
}

// ScenarioTest's node failure: 2 nodes × (1 map + 1 reduce slot), node 1 fails at 15 for good:
// map slot 1 and reduce slot 1 are down from 15 to the end.
TEST(AttemptMarks, AFailedNodeGreysItsSlotRowsFromTheFailure) {
    Workload w;
    w.cluster = {2, 1, 1};
    w.jobs = {Job::uniform("J1", 2, 10, 2, 10), Job::uniform("J2", 2, 10, 2, 10)};
    w.scenario.nodeFailures = {{1, 15.0, 20.0}};
    const SimResult r = simulateOrder(w, {0, 1});
    const auto windows = downWindows(r, w.cluster);
    ASSERT_EQ(windows.size(), 2u);
    for (const DownWindow& d : windows) {
        EXPECT_EQ(d.node, 1);
        EXPECT_EQ(d.firstSlot, 1);
        EXPECT_EQ(d.slotCount, 1);
        EXPECT_DOUBLE_EQ(d.from, 15.0);
        EXPECT_DOUBLE_EQ(d.to, 20.0);
    }
    EXPECT_EQ(windows[0].kind, TaskKind::Map);
    EXPECT_EQ(windows[1].kind, TaskKind::Reduce);
}

// Node 2 of 4 nodes × (2 map + 3 reduce slots) holds map slots 4–5 and reduce slots 6–8.
TEST(AttemptMarks, SlotsAreNumberedNodeByNode) {
    const Cluster c{4, 2, 3};
    EXPECT_EQ(nodeOfSlot(c, TaskKind::Map, 5), 2);
    EXPECT_EQ(nodeOfSlot(c, TaskKind::Reduce, 6), 2);
    EXPECT_EQ(nodeOfSlot(c, TaskKind::Reduce, 5), 1);
    SimResult r;
    r.downtime = {{2, 7200.0, std::numeric_limits<double>::infinity()}};
    const auto windows = downWindows(r, c);
    ASSERT_EQ(windows.size(), 2u);
    EXPECT_EQ(windows[0].firstSlot, 4);
    EXPECT_EQ(windows[0].slotCount, 2);
    EXPECT_EQ(windows[1].firstSlot, 6);
    EXPECT_EQ(windows[1].slotCount, 3);
    EXPECT_TRUE(std::isinf(windows[1].to));
}

}  // namespace
}  // namespace mr
