// The deadline policies of seeds 003/004 on hand-computed scenarios (EDF order, MinEDF quotas and
// idle spare slots, MinEDF-WC waiting versus killing, Fair shares, the completion-time probe and
// Eq. 10 quotas), and the engine invariants under every one of them on seeded random workloads,
// kills included.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "schedulers/Registry.h"
#include "sim/CompletionTimePolicy.h"
#include "sim/MinEdfPolicy.h"
#include "sim/ScheduleCheck.h"
#include "sim/Simulator.h"
#include "support/TestSupport.h"
#include "workloads/Arrivals.h"

namespace mr {
namespace {

using test::tasksOf;

std::vector<double> startTimes(const std::vector<TaskRecord>& tasks) {
    std::vector<double> starts;
    for (const auto& t : tasks) {
        starts.push_back(t.start);
    }
    return starts;
}

Job mapJob(const std::string& name, int maps, double duration, double arrival, double deadline) {
    Job j = Job::uniform(name, maps, duration, 0, 0);
    j.arrival = arrival;
    j.deadline = deadline;
    return j;
}

// One pool over the cluster with `policy`; records every task.
SimResult simulateWith(const Workload& w, std::unique_ptr<Policy> policy) {
    std::vector<PoolSetup> pools(1);
    pools[0].nodes = w.cluster.nodes;
    for (int j = 0; j < w.jobCount(); ++j) {
        pools[0].jobs.push_back(j);
    }
    pools[0].policy = std::move(policy);
    return simulate(w, std::move(pools));
}

// The quota of `job` in force at `time` according to the policy's log.
int quotaAt(const std::vector<QuotaChange>& log, int job, double time, TaskKind kind) {
    int quota = 0;
    for (const auto& c : log) {
        if (c.job == job && c.time <= time) {
            quota = kind == TaskKind::Map ? c.mapSlots : c.reduceSlots;
        }
    }
    return quota;
}

// Tasks of `job` and `kind` running just after `time` (started at or before, ending after).
int runningAt(const SimResult& r, int job, TaskKind kind, double time) {
    int n = 0;
    for (const auto& t : r.tasks) {
        if (t.job == job && t.kind == kind && t.start <= time && t.end > time) {
            n += t.count;  // a wave runs count tasks
        }
    }
    return n;
}

TEST(Edf, ServesTheEarliestAbsoluteDeadlineFirst) {
    // Two nodes. A (deadline 100) and B (deadline 30) arrive at 0; C arrives at 5 with the
    // earliest absolute deadline, 25. B takes both slots [0,10]; C (not A, which came first)
    // gets them at 10 [10,20]; A last [20,30]. FIFO would run A first.
    Workload w;
    w.cluster = {2, 1, 1};
    w.jobs = {mapJob("A", 2, 10, 0, 100), mapJob("B", 2, 10, 0, 30), mapJob("C", 2, 10, 5, 20)};
    const RunResult r = runAlgorithm(w, "edf", {});
    EXPECT_EQ(r.order, (std::vector<int>{2, 1, 0}));
    EXPECT_DOUBLE_EQ(r.sim.jobs[1].end, 10.0);
    EXPECT_DOUBLE_EQ(r.sim.jobs[2].start, 10.0);
    EXPECT_DOUBLE_EQ(r.sim.jobs[2].end, 20.0);
    EXPECT_DOUBLE_EQ(r.sim.jobs[0].start, 20.0);
    EXPECT_DOUBLE_EQ(r.sim.jobs[0].end, 30.0);
    EXPECT_DOUBLE_EQ(runAlgorithm(w, "fifo", {}).sim.jobs[0].end, 10.0);
    EXPECT_TRUE(checkSchedule(w, r.sim).empty());
}

TEST(MinEdf, RunsAtMostTheQuotaAndLeavesSpareSlotsIdle) {
    // Ten nodes, one job of 10 maps × 10 s, deadline 50. ARIA avg of the remaining n maps:
    // ((n·10 + (n−1)·10)/s + 10)/2. At 0: 95/s + 5 <= 50 -> 3 slots (7 stay idle). At 10 (7 left,
    // 40 s): 65/s + 5 <= 40 -> 2. That quota stops meeting the deadline at 50 − 37.5 = 12.5 -> 3.
    // At 20 (5 left, 30 s): 45/s + 5 -> 2; at 22.5 (4 left): 35/s + 5 <= 27.5 -> 2, expiring at
    // 27.5 -> 3; at 30 (3 left): 2; at 32.5 (2 left): 15/s + 5 <= 17.5 -> 2. Done at 42.5.
    Workload w;
    w.cluster = {10, 1, 1};
    w.jobs = {mapJob("A", 10, 10, 0, 50)};
    std::vector<QuotaChange> log;
    const SimResult r =
        simulateWith(w, std::make_unique<MinEdfPolicy>(false, Bound::Avg, nullptr, &log));
    EXPECT_EQ(startTimes(tasksOf(r, 0)),
              (std::vector<double>{0, 0, 0, 10, 10, 12.5, 20, 22.5, 27.5, 32.5}));
    EXPECT_DOUBLE_EQ(r.jobs[0].end, 42.5);
    ASSERT_FALSE(log.empty());
    EXPECT_EQ(log.front().mapSlots, 3);
    for (const auto& t : r.tasks) {
        EXPECT_LE(runningAt(r, 0, TaskKind::Map, t.start), quotaAt(log, 0, t.start, TaskKind::Map))
            << "at " << t.start;
    }
    EXPECT_TRUE(checkSchedule(w, r).empty());
    // The same through the algorithm: no spare allocations.
    const RunResult viaAlgorithm = runAlgorithm(w, "min-edf", {});
    EXPECT_DOUBLE_EQ(viaAlgorithm.sim.jobs[0].end, 42.5);
    EXPECT_EQ(viaAlgorithm.extraTasks, (std::array<long long, 2>{0, 0}));
}

TEST(MinEdfWc, WaitsWhenSpareTasksEndInTimeAndKillsNothing) {
    // Four nodes. A: 8 maps × 10 s, deadline 200 -> quota 1, the other 3 slots spare (WC lends
    // them to A). B arrives at 5: 4 maps × 10 s, deadline 30 -> needs 2 (35/s + 5 <= 30), none
    // free. A's 3 spare tasks end within A's task time (10 s); waiting that long B needs 3
    // (35/s + 5 <= 20) <= 3: wait, no kill. At 10 B gets its quota 2, A its 1, and B the spare
    // one; at 20 B its last map, A three. Spare starts: 3 (A at 0) + 1 (B at 10) + 2 (A at 20).
    Workload w;
    w.cluster = {4, 1, 1};
    w.jobs = {mapJob("A", 8, 10, 0, 200), mapJob("B", 4, 10, 5, 30)};
    QuotaStats stats;
    const SimResult r =
        simulateWith(w, std::make_unique<MinEdfPolicy>(true, Bound::Avg, &stats, nullptr));
    for (const auto& t : r.tasks) {
        EXPECT_FALSE(t.killed);
    }
    EXPECT_EQ(startTimes(tasksOf(r, 1)), (std::vector<double>{10, 10, 10, 20}));
    EXPECT_DOUBLE_EQ(r.jobs[1].end, 30.0);  // on its deadline (35)... and before it
    EXPECT_DOUBLE_EQ(r.jobs[0].end, 30.0);
    EXPECT_EQ(stats.extraTasks[0], 6);
    EXPECT_TRUE(checkSchedule(w, r).empty());
}

TEST(MinEdfWc, KillsOnlySpareTasksAndOnlyWhenWaitingWouldMissTheDeadline) {
    // As above, but A's tasks take 100 s: waiting for them leaves B 30 − 100 < 0 s, so two of A's
    // three spare tasks (the most recently started: slots 3 and 2) are killed at 5 — never A's
    // quota task. B runs [5,15] ×2, then [15,25] ×2 (quota 1 + a spare slot) and ends at 25.
    Workload w;
    w.cluster = {4, 1, 1};
    w.jobs = {mapJob("A", 8, 100, 0, 2000), mapJob("B", 4, 10, 5, 30)};
    std::vector<QuotaChange> log;
    const SimResult r =
        simulateWith(w, std::make_unique<MinEdfPolicy>(true, Bound::Avg, nullptr, &log));
    std::vector<TaskRecord> killed;
    forEachTask(r.tasks, [&](const TaskRecord& t) {  // the two kills may be one wave record
        if (t.killed) {
            killed.push_back(t);
        }
    });
    ASSERT_EQ(killed.size(), 2u);
    for (const auto& k : killed) {
        EXPECT_EQ(k.job, 0);
        EXPECT_DOUBLE_EQ(k.end, 5.0);
        EXPECT_TRUE(k.slot == 2 || k.slot == 3);
    }
    EXPECT_EQ(quotaAt(log, 0, 5.0, TaskKind::Map), 1);
    EXPECT_GE(runningAt(r, 0, TaskKind::Map, 5.0), 1);  // A keeps its quota
    EXPECT_EQ(startTimes(tasksOf(r, 1)), (std::vector<double>{5, 5, 15, 15}));
    EXPECT_DOUBLE_EQ(r.jobs[1].end, 25.0);
    EXPECT_DOUBLE_EQ(r.jobs[0].end, 225.0);  // the killed tasks rerun [25,125], then [125,225]
    EXPECT_EQ(r.jobs[0].killedMaps, 2);
    EXPECT_TRUE(checkSchedule(w, r).empty());
}

TEST(Fair, SplitsSlotsEvenlyBetweenTwoEqualJobs) {
    // Four slots, two jobs of 8 maps × 10 s: two slots each, both end at 40 (FIFO: 20 and 40).
    Workload w;
    w.cluster = {4, 1, 1};
    w.jobs = {Job::uniform("A", 8, 10, 2, 5), Job::uniform("B", 8, 10, 2, 5)};
    const RunResult r = runAlgorithm(w, "fair", {});
    for (int job : {0, 1}) {
        EXPECT_EQ(startTimes(tasksOf(r.sim, job)),
                  (std::vector<double>{0, 0, 10, 10, 20, 20, 30, 30}));
        EXPECT_DOUBLE_EQ(r.sim.jobs[static_cast<std::size_t>(job)].mapEnd, 40.0);
        // Both reduce stages open at 40 and share the four reduce slots: two each.
        EXPECT_EQ(startTimes(tasksOf(r.sim, job, TaskKind::Reduce)), (std::vector<double>{40, 40}));
    }
    EXPECT_TRUE(checkSchedule(w, r.sim).empty());
}

TEST(Fair, AJobAloneTakesEverySlotItCanUse) {
    Workload w;
    w.cluster = {4, 1, 1};
    w.jobs = {Job::uniform("A", 8, 10, 0, 0), Job::uniform("B", 2, 10, 0, 0)};
    w.jobs[1].arrival = 25;
    const RunResult r = runAlgorithm(w, "fair", {});
    EXPECT_EQ(startTimes(tasksOf(r.sim, 0)), (std::vector<double>{0, 0, 0, 0, 10, 10, 10, 10}));
    EXPECT_DOUBLE_EQ(r.sim.jobs[1].start, 25.0);  // no preemption: it waits for a free slot
}

TEST(CompletionTime, ProbesFirstThenFollowsEquation10) {
    // Ten nodes, 10 maps × 10 s, deadline 50. The probe runs alone [0,10]; then t_m = 10 and
    // Eq. 10 with A = u·t_m, B = 0: at 10, 90/s <= 40 -> 3; at 20, 60/s <= 30 is exactly tight
    // -> 3; at 30, 30/s <= 20 -> 2, expiring at 50 − 15 = 35 -> 3 (one more). Done at 45.
    Workload w;
    w.cluster = {10, 1, 1};
    w.jobs = {mapJob("A", 10, 10, 0, 50)};
    const RunResult r = runAlgorithm(w, "completion-time", {});
    EXPECT_EQ(startTimes(tasksOf(r.sim, 0)),
              (std::vector<double>{0, 10, 10, 10, 20, 20, 20, 30, 30, 35}));
    EXPECT_DOUBLE_EQ(r.sim.jobs[0].end, 45.0);
    EXPECT_TRUE(checkSchedule(w, r.sim).empty());
}

TEST(CompletionTime, AJobWithoutEstimateTakesPrecedence) {
    // A (deadline 20) is running its quota when B (deadline 1000, later) arrives at 1: B's probe
    // still gets the next free map slot before A's remaining tasks.
    Workload w;
    w.cluster = {1, 1, 1};
    w.jobs = {mapJob("A", 3, 2, 0, 20), mapJob("B", 2, 1, 1, 1000)};
    const RunResult r = runAlgorithm(w, "completion-time", {});
    // A's probe [0,2]; B's probe [2,3]; then A (EDF) [3,5], [5,7]; B [7,8].
    EXPECT_EQ(startTimes(tasksOf(r.sim, 1)), (std::vector<double>{2, 7}));
    EXPECT_EQ(startTimes(tasksOf(r.sim, 0)), (std::vector<double>{0, 3, 5}));
}

// Random batches with arrivals and deadlines in [0.5, 3]·T_J; a quarter of the jobs without one.
Workload randomDeadlineWorkload(std::uint64_t seed) {
    Workload w = test::randomWorkload(
        seed, {.maxJobs = 10, .maxMaps = 20, .maxReduces = 8, .arrivals = true});
    addArrivalsAndDeadlines(w, {std::nullopt, DeadlineFactor{0.5, 3.0}}, seed);
    std::mt19937_64 rng(seed);
    for (Job& job : w.jobs) {
        if (rng() % 4 == 0) {
            job.deadline.reset();
        }
    }
    return w;
}

TEST(DeadlinePolicies, EngineInvariantsHoldUnderEveryPolicyKillsIncluded) {
    long long kills = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        const Workload w = randomDeadlineWorkload(seed);
        for (const char* id : {"edf", "min-edf", "min-edf-wc", "fair", "completion-time"}) {
            for (bool locality : {false, true}) {
                SCOPED_TRACE("seed " + std::to_string(seed) + ", " + id +
                             (locality ? ", locality" : ""));
                RunOptions options;
                options.seed = seed;
                options.locality.enabled = locality;
                options.locality.vmsPerHost = 2;
                options.locality.reconfigDelay = 0.5;
                const RunResult r = runAlgorithm(w, id, options);
                const auto problems = checkSchedule(w, r.sim, {.durationsExact = !locality});
                ASSERT_TRUE(problems.empty()) << problems.front();
                long long completed = 0;
                for (const auto& t : r.sim.tasks) {
                    completed += t.killed ? 0 : t.count;
                    kills += t.killed ? t.count : 0;
                }
                EXPECT_EQ(completed, w.taskCount());  // killed tasks reran, each task once
            }
        }
    }
    EXPECT_GT(kills, 0) << "the random batches should make min-edf-wc kill sometimes";
}

TEST(DeadlinePolicies, MinEdfNeverExceedsTheQuotaAndWcKillsOnlySpareTasks) {
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = randomDeadlineWorkload(seed);
        for (bool workConserving : {false, true}) {
            std::vector<QuotaChange> log;
            QuotaStats stats;
            const SimResult r = simulateWith(
                w, std::make_unique<MinEdfPolicy>(workConserving, Bound::Avg, &stats, &log));
            ASSERT_TRUE(checkSchedule(w, r).empty());
            for (const auto& t : r.tasks) {
                if (!workConserving) {
                    EXPECT_FALSE(t.killed);
                    EXPECT_LE(runningAt(r, t.job, t.kind, t.start),
                              quotaAt(log, t.job, t.start, t.kind));
                } else if (t.killed) {
                    // After the kills at this instant the job still runs its whole quota.
                    EXPECT_GE(runningAt(r, t.job, t.kind, t.end),
                              quotaAt(log, t.job, t.end, t.kind));
                }
            }
            if (!workConserving) {
                EXPECT_EQ(stats.extraTasks[0] + stats.extraTasks[1], 0);
            }
        }
    }
}

TEST(DeadlinePolicies, DeterministicForTheSameInput) {
    const Workload w = randomDeadlineWorkload(77);
    for (const char* id : {"min-edf-wc", "completion-time", "fair"}) {
        RunOptions options;
        options.locality.enabled = true;
        const RunResult a = runAlgorithm(w, id, options);
        const RunResult b = runAlgorithm(w, id, options);
        ASSERT_EQ(a.sim.tasks.size(), b.sim.tasks.size());
        for (std::size_t i = 0; i < a.sim.tasks.size(); ++i) {
            EXPECT_EQ(a.sim.tasks[i].start, b.sim.tasks[i].start);
            EXPECT_EQ(a.sim.tasks[i].slot, b.sim.tasks[i].slot);
        }
    }
}

}  // namespace
}  // namespace mr
