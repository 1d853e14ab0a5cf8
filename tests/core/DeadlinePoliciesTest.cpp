// The deadline policies of [Rao12]/[Verma12b] on hand-computed scenarios (EDF order, MinEDF quotas
// and idle spare slots, MinEDF-WC waiting versus killing, Fair shares, the completion-time probe
// and Eq. 10 quotas), and the engine invariants under every one of them on seeded random workloads,
// kills included.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "experiments/DeadlineMetrics.h"
#include "io/WorkloadJson.h"
#include "schedulers/Registry.h"
#include "sim/CompletionTimePolicy.h"
#include "sim/FairPolicy.h"
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

// Four nodes, one map and one reduce slot each. A (arrives 0, deadline 2000): 1 map × 1 s, then
// `reduces` reduces of `reduceTime` s; its reduce quota is 1, the work-conserving policy lends it
// all four reduce slots at 1. B (arrives 2, deadline 40, due 42): 1 map × 10 s, 1 reduce × 10 s,
// quota (1, 1). B's map runs [2,12]; at 12 it enters its reduce stage with no free reduce slot.
Workload reduceKillWorkload(int reduces, double reduceTime) {
    Workload w;
    w.cluster = {4, 1, 1};
    Job a = Job::uniform("A", 1, 1, reduces, reduceTime);
    a.deadline = 2000;
    Job b = Job::uniform("B", 1, 10, 1, 10);
    b.arrival = 2;
    b.deadline = 40;
    w.jobs = {a, b};
    return w;
}

TEST(MinEdfWc, KillsASpareReduceTaskWhenWaitingWouldMissTheDeadline) {
    // A's reduces take 100 s: waiting for them leaves B 30 − 100 < 0 s, so one of A's three spare
    // reduces (all started at 1: the later slot, 3) is killed at 12 with 11 s of work lost. B's
    // reduce runs [12,22] and B meets its deadline; A's killed reduce reruns [22,122].
    const Workload w = reduceKillWorkload(4, 100);
    const SimResult r = simulateWith(w, std::make_unique<MinEdfPolicy>(true, Bound::Avg));
    std::vector<TaskRecord> killed;
    for (const auto& t : r.tasks) {
        if (t.killed) {
            killed.push_back(t);
        }
    }
    ASSERT_EQ(killed.size(), 1u);
    EXPECT_EQ(killed[0].job, 0);
    EXPECT_EQ(killed[0].kind, TaskKind::Reduce);
    EXPECT_EQ(killed[0].slot, 3);
    EXPECT_EQ(killed[0].count, 1);
    EXPECT_DOUBLE_EQ(killed[0].start, 1.0);
    EXPECT_DOUBLE_EQ(killed[0].end, 12.0);
    EXPECT_DOUBLE_EQ(r.jobs[1].end, 22.0);
    EXPECT_DOUBLE_EQ(r.jobs[0].end, 122.0);
    EXPECT_EQ(r.jobs[0].killedReduces, 1);
    EXPECT_EQ(r.jobs[0].killedMaps, 0);
    EXPECT_DOUBLE_EQ(r.jobs[0].killedWork, 11.0);
    EXPECT_DOUBLE_EQ(r.jobs[1].killedWork, 0.0);
    EXPECT_TRUE(checkSchedule(w, r).empty());

    // Through the algorithm, with the metrics: B on time, one reduce killed, 11 s lost.
    const RunResult viaAlgorithm = runAlgorithm(w, "min-edf-wc", {});
    const DeadlineMetrics m = deadlineMetrics(w, viaAlgorithm);
    EXPECT_EQ(m.missed, 0);
    EXPECT_EQ(m.killedReduceTasks, 1);
    EXPECT_DOUBLE_EQ(m.killedWork, 11.0);

    // Killing maps only (Algorithm 1's listing): B waits for A's reduces until 101, ends at
    // 111, 69 s after its due time 42.
    const SimResult mapsOnly =
        simulateWith(w, std::make_unique<MinEdfPolicy>(true, Bound::Avg, nullptr, nullptr, false));
    EXPECT_DOUBLE_EQ(mapsOnly.jobs[1].end, 111.0);
    EXPECT_DOUBLE_EQ(mapsOnly.jobs[0].end, 101.0);
    EXPECT_EQ(mapsOnly.jobs[0].killedReduces, 0);
}

TEST(MinEdfWc, WaitsForSpareReducesThatEndInTime) {
    // A has 8 reduces × 10 s: [1,11] and [11,21] on the four slots. At 12 B's reduce finds no
    // free slot, but A's spare reduces end within A's reduce time (10 s); waiting that long B
    // still needs one slot (10 <= 30 − 10): no kill. B's reduce runs [21,31], due 42.
    const Workload w = reduceKillWorkload(8, 10);
    const SimResult r = simulateWith(w, std::make_unique<MinEdfPolicy>(true, Bound::Avg));
    for (const auto& t : r.tasks) {
        EXPECT_FALSE(t.killed);
    }
    EXPECT_DOUBLE_EQ(r.jobs[1].end, 31.0);
    EXPECT_DOUBLE_EQ(r.jobs[0].end, 21.0);
    EXPECT_DOUBLE_EQ(r.jobs[0].killedWork, 0.0);
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

FairPoolSpec fairPool(const std::string& name, double weight, int minMaps, bool fifo = false) {
    FairPoolSpec p;
    p.name = name;
    p.weight = weight;
    p.minMaps = minMaps;
    p.fifo = fifo;
    return p;
}

TEST(Fair, PoolsShareTheSlotsByWeight) {
    // Four map slots; pool a weight 3, pool b weight 1, one job of 12 maps × 10 s in each. Each
    // free slot goes to the lower running / weight (ties: the pool listed first): a, b, a, a —
    // three slots to A, one to B in every wave. A's 12 maps end at 40; B has run 4 by then and
    // its last 8 take the four slots [40,50], [50,60].
    Workload w;
    w.cluster = {4, 1, 1};
    w.fairPools = {fairPool("a", 3, 0), fairPool("b", 1, 0)};
    w.jobs = {Job::uniform("A", 12, 10, 0, 0), Job::uniform("B", 12, 10, 0, 0)};
    w.jobs[0].fairPool = "a";
    w.jobs[1].fairPool = "b";
    const RunResult r = runAlgorithm(w, "fair", {});
    EXPECT_EQ(startTimes(tasksOf(r.sim, 0)),
              (std::vector<double>{0, 0, 0, 10, 10, 10, 20, 20, 20, 30, 30, 30}));
    EXPECT_EQ(startTimes(tasksOf(r.sim, 1)),
              (std::vector<double>{0, 10, 20, 30, 40, 40, 40, 40, 50, 50, 50, 50}));
    EXPECT_DOUBLE_EQ(r.sim.jobs[0].end, 40.0);
    EXPECT_DOUBLE_EQ(r.sim.jobs[1].end, 60.0);
    EXPECT_TRUE(checkSchedule(w, r.sim).empty());
}

TEST(Fair, AMinimumShareIsServedFirst) {
    // Four map slots. X (pool adhoc) arrives at 0 with 8 maps × 10 s and takes all four; P (pool
    // prod, min_maps 3) arrives at 5 with 3 maps × 10 s and waits (no preemption). At 10 prod is
    // below its minimum share (0 < min(3, demand 3)) and gets three slots, X one: P ends at 20.
    // Without the minimum share the equal weights alternate adhoc, prod, adhoc, prod: P runs two
    // maps [10,20] and its third [20,30].
    Workload w;
    w.cluster = {4, 1, 1};
    w.fairPools = {fairPool("adhoc", 1, 0), fairPool("prod", 1, 3)};
    w.jobs = {Job::uniform("X", 8, 10, 0, 0), Job::uniform("P", 3, 10, 0, 0)};
    w.jobs[0].fairPool = "adhoc";
    w.jobs[1].fairPool = "prod";
    w.jobs[1].arrival = 5;
    const RunResult r = runAlgorithm(w, "fair", {});
    EXPECT_EQ(startTimes(tasksOf(r.sim, 1)), (std::vector<double>{10, 10, 10}));
    EXPECT_DOUBLE_EQ(r.sim.jobs[1].end, 20.0);
    EXPECT_EQ(startTimes(tasksOf(r.sim, 0)), (std::vector<double>{0, 0, 0, 0, 10, 20, 20, 20}));
    EXPECT_TRUE(checkSchedule(w, r.sim).empty());

    w.fairPools[1].minMaps = 0;
    const RunResult noMinimum = runAlgorithm(w, "fair", {});
    EXPECT_EQ(startTimes(tasksOf(noMinimum.sim, 1)), (std::vector<double>{10, 10, 20}));
    EXPECT_DOUBLE_EQ(noMinimum.sim.jobs[1].end, 30.0);
}

TEST(Fair, ThePoolsSampleGivesItsDescribedTimes) {
    // samples/fair-pools.json: the case above with one reduce × 5 s per job. P's maps [10,20],
    // its reduce [20,25]; X's last three maps [20,30], its reduce [30,35]. Without prod's
    // minimum share P's third map runs [20,30] and P ends at 35.
    Workload w = loadWorkload(test::samplePath("fair-pools.json"));
    ASSERT_EQ(w.fairPools.size(), 2u);
    const RunResult r = runAlgorithm(w, "fair", {});
    EXPECT_DOUBLE_EQ(r.sim.jobs[1].end, 25.0);
    EXPECT_DOUBLE_EQ(r.sim.jobs[0].end, 35.0);
    w.fairPools[1].minMaps = 0;
    EXPECT_DOUBLE_EQ(runAlgorithm(w, "fair", {}).sim.jobs[1].end, 35.0);
}

TEST(Fair, AFifoPoolServesItsJobsByArrival) {
    // Two map slots, J1 (arrives 0) and J2 (arrives 1), 4 maps × 10 s each, both in pool q.
    // fifo: J1 takes both slots until 20, J2 runs [20,40]. fair (the default mode): at 10 the
    // two share (J1 first on the tie), J1 ends at 30 and J2 at 40.
    Workload w;
    w.cluster = {2, 1, 1};
    w.fairPools = {fairPool("q", 1, 0, true)};
    w.jobs = {Job::uniform("J1", 4, 10, 0, 0), Job::uniform("J2", 4, 10, 0, 0)};
    w.jobs[1].arrival = 1;
    for (Job& job : w.jobs) {
        job.fairPool = "q";
    }
    const RunResult fifo = runAlgorithm(w, "fair", {});
    EXPECT_EQ(startTimes(tasksOf(fifo.sim, 0)), (std::vector<double>{0, 0, 10, 10}));
    EXPECT_EQ(startTimes(tasksOf(fifo.sim, 1)), (std::vector<double>{20, 20, 30, 30}));
    w.fairPools[0].fifo = false;
    const RunResult fair = runAlgorithm(w, "fair", {});
    EXPECT_EQ(startTimes(tasksOf(fair.sim, 0)), (std::vector<double>{0, 0, 10, 20}));
    EXPECT_EQ(startTimes(tasksOf(fair.sim, 1)), (std::vector<double>{10, 20, 30, 30}));
    EXPECT_DOUBLE_EQ(fair.sim.jobs[0].end, 30.0);
    EXPECT_DOUBLE_EQ(fair.sim.jobs[1].end, 40.0);
}

TEST(Fair, APoolNamedOnlyByAJobGetsTheDefaults) {
    // "x" is not listed: it is created with weight 1 and no minimum share, after the listed
    // pool, as Hadoop creates pools on first use; "default" holds the jobs that name none.
    Workload w;
    w.cluster = {2, 1, 1};
    w.fairPools = {fairPool("listed", 2, 1)};
    w.jobs = {Job::uniform("A", 1, 1, 0, 0), Job::uniform("B", 1, 1, 0, 0),
              Job::uniform("C", 1, 1, 0, 0)};
    w.jobs[0].fairPool = "x";
    w.jobs[2].fairPool = "listed";
    const FairPoolAssignment a = assignFairPools(w, {0, 1, 2});
    ASSERT_EQ(a.pools.size(), 3u);
    EXPECT_EQ(a.pools[0].name, "listed");
    EXPECT_EQ(a.pools[1].name, "x");
    EXPECT_EQ(a.pools[2].name, "default");
    EXPECT_EQ(a.pools[1], (FairPoolSpec{"x", 1.0, 0, 0, false}));
    EXPECT_EQ(a.poolOfJob[0], 1);
    EXPECT_EQ(a.poolOfJob[1], 2);
    EXPECT_EQ(a.poolOfJob[2], 0);
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
    if (seed % 2 == 0) {  // Fair Scheduler pools: weights, minimum shares, both modes
        for (int p = 0; p < 3; ++p) {
            w.fairPools.push_back(fairPool("p" + std::to_string(p),
                                           1.0 + static_cast<double>(rng() % 3),
                                           static_cast<int>(rng() % 4), rng() % 2 == 0));
            w.fairPools.back().minReduces = static_cast<int>(rng() % 3);
        }
        for (Job& job : w.jobs) {
            job.fairPool = "p" + std::to_string(rng() % 4);  // p3: not listed
        }
    }
    return w;
}

TEST(DeadlinePolicies, EngineInvariantsHoldUnderEveryPolicyKillsIncluded) {
    long long kills[2] = {0, 0};
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
                double lost = 0.0;
                for (const auto& t : r.sim.tasks) {
                    completed += t.killed ? 0 : t.count;
                    kills[static_cast<int>(t.kind)] += t.killed ? t.count : 0;
                    lost += t.killed ? t.count * (t.end - t.start) : 0.0;
                }
                EXPECT_NEAR(deadlineMetrics(w, r).killedWork, lost, 1e-9 * (1.0 + lost));
                EXPECT_EQ(completed, w.taskCount());  // killed tasks reran, each task once
            }
        }
    }
    EXPECT_GT(kills[0], 0) << "the random batches should make min-edf-wc kill maps sometimes";
    EXPECT_GT(kills[1], 0) << "the random batches should make min-edf-wc kill reduces sometimes";
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
