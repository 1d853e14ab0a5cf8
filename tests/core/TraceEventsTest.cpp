// TraceEvents: the Chrome trace-event file of a run, read back with a JSON
// parser and checked against the run's own task records — one complete event per record (waves
// included), on the right process (map / reduce) and thread (slot), at the right microseconds.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "io/TraceEvents.h"
#include "model/SeededRandom.h"
#include "schedulers/Registry.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

void expectTraceMatches(const Workload& input, const RunResult& r) {
    const Workload& w = r.simulatedWorkload ? *r.simulatedWorkload : input;
    const auto doc = nlohmann::json::parse(traceEventsJson(input, r));
    EXPECT_EQ(doc["otherData"]["algorithm"], r.algorithm);
    EXPECT_EQ(doc["otherData"]["makespan_s"].get<double>(), r.sim.makespan);
    std::vector<nlohmann::json> complete;
    int threadNames[2] = {0, 0};
    for (const auto& e : doc["traceEvents"]) {
        if (e["ph"] == "X") {
            complete.push_back(e);
        } else if (e["ph"] == "M" && e["name"] == "thread_name") {
            ++threadNames[e["pid"].get<int>() - 1];
        }
    }
    EXPECT_EQ(threadNames[0], w.cluster.mapSlots());
    EXPECT_EQ(threadNames[1], w.cluster.reduceSlots());
    ASSERT_EQ(complete.size(), r.sim.tasks.size());
    long long tasks = 0;
    for (std::size_t i = 0; i < complete.size(); ++i) {
        const TaskRecord& t = r.sim.tasks[i];
        const auto& e = complete[i];
        const bool map = t.kind == TaskKind::Map;
        EXPECT_EQ(e["pid"].get<int>(), map ? 1 : 2);
        EXPECT_EQ(e["tid"].get<int>(), t.slot);
        EXPECT_EQ(e["ts"].get<double>(), t.start * 1e6);
        EXPECT_EQ(e["dur"].get<double>(), (t.end - t.start) * 1e6);
        const std::string& name = w.jobs[static_cast<std::size_t>(t.job)].name;
        EXPECT_EQ(e["name"], name);
        EXPECT_EQ(e["args"]["job"], name);
        EXPECT_EQ(e["args"]["phase"], map ? "map" : "reduce");
        EXPECT_EQ(e["args"]["task"].get<int>(), t.task);
        EXPECT_EQ(e["args"].value("tasks", 1), t.count);
        if (t.count > 1) {
            EXPECT_EQ(e["args"]["last_slot"].get<int>(), t.slot + t.count - 1);
        }
        EXPECT_EQ(e["args"].value("killed", false), t.killed);
        tasks += e["args"].value("tasks", 1);
    }
    EXPECT_EQ(tasks, taskCount(r.sim.tasks));
}

TEST(TraceEvents, EveryRecordIsOneCompleteEventOnItsSlot) {
    const Workload w = test::figure4(2);
    for (const char* id : {"fifo", "johnson", "balanced-pools", "hscheduler"}) {
        SCOPED_TRACE(id);
        expectTraceMatches(w, runAlgorithm(w, id, {}));
    }
}

TEST(TraceEvents, WavesAndKilledTasksOnRandomBatches) {
    bool killed = false;
    bool wave = false;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        SCOPED_TRACE(seed);
        Workload w = test::randomWorkload(
            seed, {.maxJobs = 8, .maxMaps = 30, .maxSlotsPerNode = 3, .arrivals = true});
        SeededRandom rng(seed);
        for (Job& job : w.jobs) {
            job.deadline = rng.uniform(5.0, 80.0);
        }
        const RunResult r = runAlgorithm(w, "min-edf-wc", {});
        expectTraceMatches(w, r);
        for (const TaskRecord& t : r.sim.tasks) {
            killed = killed || t.killed;
            wave = wave || t.count > 1;
        }
    }
    EXPECT_TRUE(killed);
    EXPECT_TRUE(wave);
}

}  // namespace
}  // namespace mr
