// TraceEvents: the Chrome trace-event file of a run, read back with a JSON
// parser and checked against the run's own task records — one complete event per record (waves
// included), on the right process (map / reduce) and thread (slot), at the right microseconds.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string_view>

#include "io/NumberFormat.h"
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

TEST(TraceEvents, PastTheSizeLimitTheRestIsOneEventPerJobAndStage) {
    // Fifo on Figure 4's batch: every record as an event below the limit; with room for the
    // first 3 records' events only, the others become one event per job and stage on process 3.
    const Workload w = test::figure4(2);
    const RunResult r = runAlgorithm(w, "fifo", {});
    std::string whole;
    EXPECT_EQ(writeTraceEvents(w, r, [&](std::string_view p) { whole += p; }).records, 0);
    EXPECT_EQ(whole, traceEventsJson(w, r));
    EXPECT_EQ(nlohmann::json::parse(whole).count("summarised"), 0U);

    std::string head;  // the slot rows and the first three task events, measured
    long long events = 0;
    std::istringstream lines(whole);
    for (std::string line; std::getline(lines, line);) {
        if (line.find("\"ph\": \"X\"") != std::string::npos && ++events > 3) {
            break;
        }
        if (line.rfind("{\"ph\"", 0) == 0) {
            head += line + "\n";  // an event and its ",\n"
        }
    }
    std::string cut;
    const TraceEventsSummary summary = writeTraceEvents(
        w, r, [&](std::string_view p) { cut += p; }, head.size());
    const long long records = static_cast<long long>(r.sim.tasks.size());
    EXPECT_EQ(summary.records, records - 3);
    double from = 1e300;
    long long tasks = 0;
    std::set<std::pair<int, int>> stages;  // (job, kind) of the summarised records
    for (std::size_t i = 3; i < r.sim.tasks.size(); ++i) {
        const TaskRecord& t = r.sim.tasks[i];
        from = std::min(from, t.start);
        tasks += t.count;
        stages.insert({t.job, static_cast<int>(t.kind)});
    }
    EXPECT_EQ(summary.tasks, tasks);
    EXPECT_EQ(summary.from, from);
    const auto doc = nlohmann::json::parse(cut);
    long long taskEvents = 0;
    long long summaryEvents = 0;
    long long summarisedTasks = 0;
    for (const auto& e : doc["traceEvents"]) {
        if (e["ph"] == "X") {
            (e["pid"] == 3 ? summaryEvents : taskEvents) += 1;
            summarisedTasks += e["pid"] == 3 ? e["args"]["tasks"].get<long long>() : 0;
        }
    }
    EXPECT_EQ(taskEvents, 3);
    EXPECT_EQ(summaryEvents, static_cast<long long>(stages.size()));
    EXPECT_EQ(summarisedTasks, tasks);
    EXPECT_EQ(doc["summarised"],
              std::to_string(records - 3) + " records (" + std::to_string(tasks) +
                  " tasks) from t = " + formatNumber(from) + " s on, one event per job and stage");
}

}  // namespace
}  // namespace mr
