// Waves: the engine starts identical tasks on consecutive free slots as one record.
// Against the same engine started task by task (SimOptions::waves = false), on seeded random
// workloads under every scheduler: the results are bit-identical (every job time, makespan, busy
// slot-seconds, kills) and the wave records expand to exactly the per-task records.
#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

#include "model/SeededRandom.h"
#include "schedulers/HScheduler.h"
#include "schedulers/Registry.h"
#include "sim/OrderPolicy.h"
#include "sim/ScheduleCheck.h"
#include "sim/Simulator.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

auto key(const TaskRecord& t) {
    return std::tuple(t.kind, t.slot, t.start, t.end, t.job, t.task, t.killed, t.count);
}

std::vector<TaskRecord> sortedSingles(const TaskRecords& records) {
    auto singles = expandWaves(records);
    std::sort(singles.begin(), singles.end(),
              [](const TaskRecord& a, const TaskRecord& b) { return key(a) < key(b); });
    return singles;
}

// Random batches where waves are likely (a third of the jobs uniform, many slots per node) with
// deadlines (some tight, so that min-edf-wc kills) and, for half of them, arrivals.
Workload randomBatch(std::uint64_t seed) {
    Workload w = test::randomWorkload(seed, {.maxJobs = 8,
                                             .maxMaps = 40,
                                             .maxReduces = 12,
                                             .maxNodes = 10,
                                             .maxSlotsPerNode = 4,
                                             .arrivals = seed % 2 == 0,
                                             .integerDurations = seed % 3 == 0});
    SeededRandom rng(seed * 7919);
    for (Job& job : w.jobs) {
        job.deadline = rng.uniform(5.0, 120.0);
    }
    return w;
}

void expectSameRun(const RunResult& waves, const RunResult& single) {
    const SimResult& a = waves.sim;
    const SimResult& b = single.sim;
    EXPECT_EQ(a.makespan, b.makespan);
    EXPECT_EQ(a.mapBusy, b.mapBusy);
    EXPECT_EQ(a.reduceBusy, b.reduceBusy);
    EXPECT_EQ(a.events, b.events);
    ASSERT_EQ(a.jobs.size(), b.jobs.size());
    for (std::size_t j = 0; j < a.jobs.size(); ++j) {
        EXPECT_EQ(a.jobs[j].start, b.jobs[j].start) << "job " << j;
        EXPECT_EQ(a.jobs[j].mapEnd, b.jobs[j].mapEnd) << "job " << j;
        EXPECT_EQ(a.jobs[j].end, b.jobs[j].end) << "job " << j;
        EXPECT_EQ(a.jobs[j].killedMaps, b.jobs[j].killedMaps) << "job " << j;
        EXPECT_EQ(a.jobs[j].killedReduces, b.jobs[j].killedReduces) << "job " << j;
    }
    for (const TaskRecord& t : b.tasks) {
        ASSERT_EQ(t.count, 1);
    }
    const auto expanded = sortedSingles(a.tasks);
    const auto reference = sortedSingles(b.tasks);
    ASSERT_EQ(expanded.size(), reference.size());
    for (std::size_t i = 0; i < expanded.size(); ++i) {
        ASSERT_EQ(key(expanded[i]), key(reference[i])) << "record " << i;
    }
    EXPECT_EQ(waves.extraTasks, single.extraTasks);
}

TEST(Waves, EveryAlgorithmGivesBitIdenticalResultsWithAndWithoutWaves) {
    long long records = 0;
    long long tasks = 0;
    long long killed = 0;
    for (std::uint64_t seed = 1; seed <= 120; ++seed) {
        const Workload w = randomBatch(seed);
        for (const std::string& id : algorithmIds()) {
            if (id == "optimal" && w.jobCount() > 6) {
                continue;  // its search is the same order simulated many times
            }
            SCOPED_TRACE("seed " + std::to_string(seed) + ", " + id);
            RunOptions options;
            options.seed = seed;
            for (auto it = w.jobs.rbegin(); it != w.jobs.rend(); ++it) {
                options.manualOrder.push_back(it->name);  // for `manual`
            }
            const RunResult withWaves = runAlgorithm(w, id, options);
            options.waves = false;
            const RunResult single = runAlgorithm(w, id, options);
            expectSameRun(withWaves, single);
            const Workload& simulated =
                withWaves.simulatedWorkload ? *withWaves.simulatedWorkload : w;
            const auto problems = checkSchedule(simulated, withWaves.sim);
            EXPECT_TRUE(problems.empty()) << problems.front();
            records += static_cast<long long>(withWaves.sim.tasks.size());
            tasks += taskCount(withWaves.sim.tasks);
            for (const TaskRecord& t : withWaves.sim.tasks) {
                killed += t.killed ? t.count : 0;
            }
        }
    }
    EXPECT_LT(records * 5, tasks * 4);  // waves really formed (a third of the jobs are uniform)
    EXPECT_GT(killed, 0);               // and kills (min-edf-wc) split some of them
}

TEST(Waves, OverheadsGiveBitIdenticalResultsWithAndWithoutWaves) {
    // The overheads model (AM start and slots, commit, assignment gap, reduce slow-start) moves
    // ends and holds slots per record: a wave must do exactly what its single tasks would.
    SeededRandom rng(4242);
    const auto time = [&rng] { return rng.uniform(0.0, 3.0); };
    const auto coin = [&rng] { return rng.uniformInt(0, 1); };
    long long records = 0;
    long long tasks = 0;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        Workload w = randomBatch(seed);
        w.overheads.assignGap = coin() ? time() : 0.0;
        for (Job& job : w.jobs) {
            if (coin()) {
                job.overheads.amStart = time();
            }
            if (coin()) {
                job.overheads.commit = time();
            }
            if (coin() && w.cluster.mapSlotsPerNode > 1 && w.cluster.mapSlots() > 2) {
                job.overheads.amSlots = 1;
            }
            if (coin()) {
                job.overheads.slowstart = rng.uniform(0.0, 1.0);
                job.overheads.reduceTail = time();
            }
        }
        for (const char* id : {"fifo", "fair", "balanced-pools", "edf", "min-edf-wc"}) {
            SCOPED_TRACE("seed " + std::to_string(seed) + ", " + id);
            RunOptions options;
            const RunResult withWaves = runAlgorithm(w, id, options);
            options.waves = false;
            const RunResult single = runAlgorithm(w, id, options);
            expectSameRun(withWaves, single);
            const auto problems = checkSchedule(w, withWaves.sim);
            EXPECT_TRUE(problems.empty()) << problems.front();
            records += static_cast<long long>(withWaves.sim.tasks.size());
            tasks += taskCount(withWaves.sim.tasks);
        }
    }
    EXPECT_LT(records, tasks);  // waves really formed (fewer: AM slots and gaps break runs)
}

TEST(Waves, AKillTakesTheLastTasksOfAWave) {
    // One map wave of 6 tasks on slots 0..5, killed in part: the record splits into the running
    // first tasks and a killed record of the last ones, exactly as six single tasks would.
    class KillTwo : public OrderPolicy {
    public:
        using OrderPolicy::OrderPolicy;
        void beforeAssign(SimState& state) override {
            if (state.now() == 2.0 && !m_done) {
                m_done = true;
                EXPECT_EQ(state.kill(0, TaskKind::Map, 2), 2);
            }
        }
        void onJobArrived(SimState& state, int job) override {
            OrderPolicy::onJobArrived(state, job);
            if (job == 1) {
                state.wakeAt(2.0);
            }
        }

    private:
        bool m_done = false;
    };
    Workload w;
    w.cluster = {6, 1, 1};
    w.jobs = {Job::uniform("A", 6, 5, 0, 0), Job::uniform("B", 1, 1, 0, 0)};
    w.jobs[1].arrival = 1;
    for (bool waves : {true, false}) {
        SCOPED_TRACE(waves);
        std::vector<PoolSetup> pools(1);
        pools[0].nodes = 6;
        pools[0].jobs = {0, 1};
        pools[0].policy = std::make_unique<KillTwo>(std::vector<int>{0, 1});
        SimOptions options;
        options.waves = waves;
        const SimResult r = simulate(w, std::move(pools), options);
        if (waves) {
            ASSERT_GE(r.tasks.size(), 2u);
            const TaskRecord& killed = r.tasks[0];
            EXPECT_TRUE(killed.killed);
            EXPECT_EQ(killed.count, 2);
            EXPECT_EQ(killed.task, 4);
            EXPECT_EQ(killed.slot, 4);
            EXPECT_EQ(killed.end, 2.0);
        }
        // A's killed tasks 4 and 5 rerun at once (A is first in the order); B waits until 5.
        EXPECT_DOUBLE_EQ(r.jobs[0].end, 7.0);
        EXPECT_EQ(r.jobs[0].killedMaps, 2);
        EXPECT_TRUE(checkSchedule(w, r).empty());
    }
}

TEST(Waves, HSchedulerRecordsOneWavePerJobAndStage) {
    // The FB-2010 shape in small: every job re-split over all slots is one wave per stage.
    const Workload w = test::randomWorkload(
        3, {.minJobs = 20, .maxJobs = 20, .maxMaps = 50, .minNodes = 500, .maxNodes = 500});
    const RunResult r = runAlgorithm(w, "hscheduler", {});
    long long stages = 0;
    for (const Job& job : r.simulatedWorkload->jobs) {
        EXPECT_TRUE(job.mapDurations.uniform());  // O(1) memory for all of its tasks
        stages += 1 + (job.reduces() > 0 ? 1 : 0);
    }
    EXPECT_EQ(static_cast<long long>(r.sim.tasks.size()), stages);
    EXPECT_EQ(taskCount(r.sim.tasks), r.simulatedWorkload->taskCount());
    EXPECT_TRUE(checkSchedule(*r.simulatedWorkload, r.sim).empty());
}

TEST(Waves, ExpandGivesEachTaskOfAWaveInSlotOrder) {
    const TaskRecord wave{3, 10, 20, TaskKind::Reduce, false, AttemptEnd::Killed, 3, 1.5, 4.0};
    const auto singles =
        expandWaves({wave, TaskRecord{1, 0, 0, TaskKind::Map, true, AttemptEnd::Killed, 1, 0, 1}});
    ASSERT_EQ(singles.size(), 4u);
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(singles[static_cast<std::size_t>(i)].task, 10 + i);
        EXPECT_EQ(singles[static_cast<std::size_t>(i)].slot, 20 + i);
        EXPECT_EQ(singles[static_cast<std::size_t>(i)].count, 1);
        EXPECT_EQ(singles[static_cast<std::size_t>(i)].job, 3);
        EXPECT_EQ(singles[static_cast<std::size_t>(i)].start, 1.5);
    }
    EXPECT_TRUE(singles[3].killed);
    EXPECT_EQ(taskCount({wave}), 3);
}

}  // namespace
}  // namespace mr
