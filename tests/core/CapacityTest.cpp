// The `capacity` scheduler (sim/CapacityPolicy.h): hand-computed schedules (elastic borrowing,
// fair ordering, a guarantee reclaimed as tasks end), the queue tree's percentages and slot
// rounding, the refusals, and invariants over seeded random workloads and queue trees: no queue
// ever runs more tasks than its ceiling, no slot stays idle while a queue with room has a task
// waiting, and waves give the same schedule as task-by-task starts.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "io/CapacityQueuesXml.h"
#include "io/CapacitySchedulerXml.h"
#include "io/PlanVerify.h"
#include "io/PoolPlan.h"
#include "model/InputError.h"
#include "schedulers/Registry.h"
#include "sim/CapacityPolicy.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

CapacityQueueSpec queue(std::string name, double capacity, double maximum = 100.0,
                        double userLimitFactor = 1.0, bool fair = false) {
    CapacityQueueSpec q;
    q.name = std::move(name);
    q.capacity = capacity;
    q.maximumCapacity = maximum;
    q.userLimitFactor = userLimitFactor;
    q.fair = fair;
    return q;
}

Job mapsOnly(std::string name, int maps, double duration, double arrival, std::string queueName) {
    Job job = Job::uniform(std::move(name), maps, duration, 0, 0.0);
    job.arrival = arrival;
    job.queue = std::move(queueName);
    return job;
}

Workload cluster(int nodes) {
    Workload w;
    w.name = "capacity";
    w.cluster = {nodes, 1, 1};
    return w;
}

double endOf(const RunResult& r, const Workload& w, const std::string& job) {
    return r.sim.jobs[static_cast<std::size_t>(*w.findJob(job))].end;
}

// Two queues at 50 % of 4 map slots (2 guaranteed each), both with maximum-capacity 100.
// A (queue a): 8 maps of 2 s at t = 0; B (queue b): 4 maps of 2 s at t = 1.
// Elastic (user-limit-factor 2: ceiling min(100 %, 2 × 50 %) = 4 slots):
//   t = 0  A takes all 4 idle slots (b has nothing yet), maps end at 2;
//   t = 1  B arrives: no slot is free and nothing is preempted;
//   t = 2  4 slots free: a (0/2) and b (0/2) tie, a is listed first: a, b, a, b;
//   t = 4  likewise: A's last 2 maps and B's last 2 maps, both end at 6.
// Hard (user-limit-factor 1, YARN's default: a single user stays within the capacity, 2 slots):
//   A runs 2 maps at a time: 0-2, 2-4, 4-6, 6-8 -> ends at 8;
//   B takes the 2 slots A may not use at t = 1: 1-3, 3-5 -> ends at 5.
TEST(Capacity, ElasticQueuesBorrowIdleSlotsWithoutPreemption) {
    Workload w = cluster(4);
    w.jobs = {mapsOnly("A", 8, 2.0, 0.0, "a"), mapsOnly("B", 4, 2.0, 1.0, "b")};
    w.capacityQueues = {queue("a", 50, 100, 2), queue("b", 50, 100, 2)};
    const RunResult elastic = runAlgorithm(w, "capacity", {});
    EXPECT_EQ(endOf(elastic, w, "A"), 6.0);
    EXPECT_EQ(endOf(elastic, w, "B"), 6.0);
    EXPECT_EQ(test::tasksOf(elastic.sim, 0).size(), 8U);

    w.capacityQueues = {queue("a", 50, 100, 1), queue("b", 50, 100, 1)};
    const RunResult hard = runAlgorithm(w, "capacity", {});
    EXPECT_EQ(endOf(hard, w, "A"), 8.0);
    EXPECT_EQ(endOf(hard, w, "B"), 5.0);
}

// A queue below its guarantee gets the slots other queues free, before them, until it reaches
// it. 10 map slots; queue small (30 %, elastic to 100 %, no user limit) and big (70 %).
// S: 20 maps of 3 s at t = 0 takes all 10 slots (0-3). L: 20 maps of 1 s at t = 1 waits.
// t = 3: small 0/3, big 0/7: big's ratio equals small's, small is listed first and takes one
// slot (1/3 = 0.33), then big while 7·(small running) > 3·(big running): big reaches 7 when
// small holds 3. So from t = 3 big runs exactly its guarantee, 7 maps.
TEST(Capacity, AQueueBelowItsGuaranteeReclaimsFreedSlotsFirst) {
    Workload w = cluster(10);
    w.jobs = {mapsOnly("S", 20, 3.0, 0.0, "small"), mapsOnly("L", 20, 1.0, 1.0, "big")};
    w.capacityQueues = {queue("small", 30, 100, kNoUserLimit), queue("big", 70, 100, 1)};
    const RunResult r = runAlgorithm(w, "capacity", {});
    int bigAtThree = 0;
    int smallAtThree = 0;
    forEachTask(r.sim.tasks, [&](const TaskRecord& t) {
        if (t.start == 3.0) {
            (t.job == 1 ? bigAtThree : smallAtThree) += 1;
        }
    });
    EXPECT_EQ(bigAtThree, 7);
    EXPECT_EQ(smallAtThree, 3);
}

// One queue, 2 map slots, X (4 maps of 1 s) before Y (2 maps of 1 s), both at t = 0.
// fifo: X 0-1, 1-2 on both slots, Y 2-3 -> X ends 2, Y ends 3.
// fair: each slot to the job running fewer maps: X, Y at 0 and at 1 (Y done at 2), then X, X
// -> X ends 3, Y ends 2.
TEST(Capacity, FairOrderingSharesAQueueBetweenItsJobs) {
    Workload w = cluster(2);
    w.jobs = {mapsOnly("X", 4, 1.0, 0.0, "q"), mapsOnly("Y", 2, 1.0, 0.0, "q")};
    w.capacityQueues = {queue("q", 100)};
    const RunResult fifo = runAlgorithm(w, "capacity", {});
    EXPECT_EQ(endOf(fifo, w, "X"), 2.0);
    EXPECT_EQ(endOf(fifo, w, "Y"), 3.0);
    w.capacityQueues = {queue("q", 100, 100, 1, true)};
    const RunResult fair = runAlgorithm(w, "capacity", {});
    EXPECT_EQ(endOf(fair, w, "X"), 3.0);
    EXPECT_EQ(endOf(fair, w, "Y"), 2.0);
}

TEST(Capacity, PercentagesMultiplyDownTheTree) {
    Workload w = cluster(10);
    CapacityQueueSpec a = queue("a", 60, 80);
    a.children = {queue("a1", 50, 50, kNoUserLimit), queue("a2", 50, 100, 1)};
    w.capacityQueues = {a, queue("b", 40)};
    w.jobs = {mapsOnly("J", 1, 1.0, 0.0, "root.a.a1"), mapsOnly("K", 1, 1.0, 0.0, "a2")};
    const CapacityTree tree = resolveCapacityTree(w, w.capacityQueues);
    const int a1 = tree.queueIndex("a1");
    const int a2 = tree.queueIndex("root.a.a2");
    ASSERT_GE(a1, 0);
    ASSERT_GE(a2, 0);
    EXPECT_EQ(tree.leafOfJob, (std::vector<int>{a1, a2}));
    EXPECT_DOUBLE_EQ(tree.queues[a1].absoluteCapacity, 0.3);  // 60 % × 50 %
    EXPECT_DOUBLE_EQ(tree.queues[a1].ceiling, 0.4);           // 80 % × 50 %, no user limit
    EXPECT_DOUBLE_EQ(tree.queues[a2].ceiling, 0.3);           // user-limit-factor 1 × 30 % < 80 %
}

// A plan's shares in hundredths of a percent give back its pools' slots: 10 and 20 of 30 nodes
// are written 33.33 and 66.67 (9.999 and 20.001 slots).
TEST(Capacity, CeilingsRoundToTheNearestSlot) {
    EXPECT_EQ(ceilingSlots(0.3333, 30), 10);
    EXPECT_EQ(ceilingSlots(0.6667, 30), 20);
    EXPECT_EQ(ceilingSlots(0.0149, 100), 1);
    EXPECT_EQ(ceilingSlots(0.0049, 100), 0);
}

TEST(Capacity, AJobNamingNoLeafIsRefused) {
    Workload w = cluster(4);
    CapacityQueueSpec a = queue("a", 100);
    a.children = {queue("a1", 100)};
    w.capacityQueues = {a};
    w.jobs = {mapsOnly("J", 1, 1.0, 0.0, "a")};
    try {
        runAlgorithm(w, "capacity", {});
        FAIL() << "a parent queue accepted a job";
    } catch (const InputError& e) {
        EXPECT_EQ(e.job(), "J");
        EXPECT_EQ(e.field(), "queue");
        EXPECT_NE(e.message().find("leaves: root.a.a1"), std::string::npos) << e.what();
    }
    w.jobs[0].queue = "";  // "default", which this tree lacks
    EXPECT_THROW(runAlgorithm(w, "capacity", {}), InputError);
}

TEST(Capacity, AQueueUnderOneSlotIsRefused) {
    Workload w = cluster(10);
    w.capacityQueues = {queue("tiny", 4, 4), queue("rest", 96)};
    w.jobs = {mapsOnly("J", 1, 1.0, 0.0, "tiny")};
    try {
        runAlgorithm(w, "capacity", {});
        FAIL() << "a queue of 0.4 slots accepted a job";
    } catch (const InputError& e) {
        EXPECT_EQ(e.job(), "root.tiny");
        EXPECT_EQ(e.itemKind(), "queue");
        EXPECT_NE(e.message().find("under one slot"), std::string::npos) << e.what();
    }
}

TEST(Capacity, WithoutQueuesItIsFifo) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const Workload w = test::randomWorkload(seed, {.arrivals = true});
        const RunResult capacity = runAlgorithm(w, "capacity", {});
        const RunResult fifo = runAlgorithm(w, "fifo", {});
        ASSERT_EQ(capacity.sim.jobs.size(), fifo.sim.jobs.size());
        for (std::size_t j = 0; j < w.jobs.size(); ++j) {
            EXPECT_EQ(capacity.sim.jobs[j].end, fifo.sim.jobs[j].end) << "seed " << seed;
        }
    }
}

// --- invariants over random queue trees -------------------------------------------------------

// Children capacities summing to 100, maximum-capacity between capacity and 100, random
// user-limit factors (1, 2 or none) and orderings; depth up to 2.
std::vector<CapacityQueueSpec> randomQueues(std::mt19937_64& rng, int depth, int& counter) {
    const int n = std::uniform_int_distribution<int>(1, 3)(rng);
    std::vector<CapacityQueueSpec> queues;
    int left = 100;
    for (int i = 0; i < n; ++i) {
        const int capacity =
            i + 1 == n ? left
                       : std::uniform_int_distribution<int>(10, left - 10 * (n - i - 1))(rng);
        left -= capacity;
        const double maximum = std::uniform_int_distribution<int>(capacity, 100)(rng);
        const double factors[] = {1.0, 2.0, kNoUserLimit};
        CapacityQueueSpec q = queue("q" + std::to_string(counter++), capacity, maximum,
                                    factors[rng() % 3], rng() % 2 == 0);
        if (depth > 0 && rng() % 3 == 0) {
            q.children = randomQueues(rng, depth - 1, counter);
            q.userLimitFactor = 1.0;  // a leaf's settings: refused on a parent
            q.fair = false;
        }
        queues.push_back(std::move(q));
    }
    return queues;
}

// A random workload with random queues, every job in a random leaf whose ceiling is at least one
// slot of each kind (the cluster has at least 10 of each).
Workload queuedWorkload(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    Workload w = test::randomWorkload(
        seed,
        {.minNodes = 10, .maxNodes = 16, .arrivals = seed % 2 == 0, .integerDurations = true});
    int counter = 0;
    w.capacityQueues = randomQueues(rng, 2, counter);
    Workload noJobs = w;
    noJobs.jobs.clear();
    const CapacityTree tree = resolveCapacityTree(noJobs, w.capacityQueues);
    std::vector<std::string> leaves;
    for (const auto& q : tree.queues) {
        const int slots = std::min(w.cluster.mapSlots(), w.cluster.reduceSlots());
        if (q.children.empty() && q.path != "root" && ceilingSlots(q.ceiling, slots) >= 1) {
            leaves.push_back(q.path);
        }
    }
    for (Job& job : w.jobs) {
        job.queue = leaves[rng() % leaves.size()];
    }
    return w;
}

struct Instant {
    std::map<int, int> runningByLeaf[2];
    int running[2] = {0, 0};
};

// At every start or end time t: which tasks run just after t (start <= t < end).
std::map<double, Instant> instants(const Workload& w, const SimResult& sim,
                                   const CapacityTree& tree) {
    std::map<double, Instant> at;
    forEachTask(sim.tasks, [&](const TaskRecord& t) {
        at[t.start];
        at[t.end];
    });
    forEachTask(sim.tasks, [&](const TaskRecord& t) {
        const int k = static_cast<int>(t.kind);
        for (auto it = at.find(t.start); it != at.end() && it->first < t.end; ++it) {
            ++it->second.running[k];
            ++it->second.runningByLeaf[k][tree.leafOfJob[static_cast<std::size_t>(t.job)]];
        }
    });
    (void)w;
    return at;
}

// Tasks of the kind waiting to start just after `t` (arrived, barrier passed, not started).
int waiting(const Workload& w, const SimResult& sim, int job, int k, double t) {
    const Job& j = w.jobs[static_cast<std::size_t>(job)];
    const JobTimes& times = sim.jobs[static_cast<std::size_t>(job)];
    if (j.arrival > t || (k == 1 && times.mapEnd > t)) {
        return 0;
    }
    int started = 0;
    forEachTask(sim.tasks, [&](const TaskRecord& r) {
        started += r.job == job && static_cast<int>(r.kind) == k && r.start <= t ? 1 : 0;
    });
    return j.tasks(static_cast<TaskKind>(k)) - started;
}

TEST(Capacity, NoQueueAboveItsCeilingAndNoSlotIdleWhileAQueueWithRoomWaits) {
    int idleChecks = 0;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = queuedWorkload(seed);
        const CapacityTree tree = resolveCapacityTree(w, w.capacityQueues);
        const RunResult r = runAlgorithm(w, "capacity", {});
        const int slots[2] = {w.cluster.mapSlots(), w.cluster.reduceSlots()};
        for (const auto& [t, now] : instants(w, r.sim, tree)) {
            for (int k = 0; k < 2; ++k) {
                std::vector<int> running(tree.queues.size(), 0);
                for (const auto& [leaf, n] : now.runningByLeaf[k]) {
                    for (int q = leaf; q >= 0;
                         q = tree.queues[static_cast<std::size_t>(q)].parent) {
                        running[static_cast<std::size_t>(q)] += n;
                    }
                }
                std::vector<bool> room(tree.queues.size(), false);
                for (std::size_t q = 0; q < tree.queues.size(); ++q) {
                    const int ceiling = ceilingSlots(tree.queues[q].ceiling, slots[k]);
                    ASSERT_LE(running[q], ceiling) << tree.queues[q].path << " at " << t;
                    room[q] = running[q] < ceiling;
                }
                if (now.running[k] == slots[k]) {
                    continue;
                }
                for (int job = 0; job < w.jobCount(); ++job) {
                    bool pathRoom = true;
                    for (int q = tree.leafOfJob[static_cast<std::size_t>(job)]; q >= 0;
                         q = tree.queues[static_cast<std::size_t>(q)].parent) {
                        pathRoom = pathRoom && room[static_cast<std::size_t>(q)];
                    }
                    ++idleChecks;
                    EXPECT_TRUE(!pathRoom || waiting(w, r.sim, job, k, t) == 0)
                        << "job " << w.jobs[static_cast<std::size_t>(job)].name << " waits at " << t
                        << " with a slot idle";
                }
            }
        }
    }
    EXPECT_GT(idleChecks, 100);  // the idle-slot check really ran
}

TEST(Capacity, WavesGiveTheSameScheduleAsSingleStarts) {
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = queuedWorkload(seed);
        RunOptions options;
        const RunResult waves = runAlgorithm(w, "capacity", options);
        options.waves = false;
        const RunResult single = runAlgorithm(w, "capacity", options);
        for (std::size_t j = 0; j < w.jobs.size(); ++j) {
            EXPECT_EQ(waves.sim.jobs[j].end, single.sim.jobs[j].end) << "job " << j;
            EXPECT_EQ(waves.sim.jobs[j].start, single.sim.jobs[j].start) << "job " << j;
        }
    }
}

// A capacity run's plan writes the tree it ran with; read back it is the same tree, and the
// queues it gives, run again in the plan's submission order, end every queue at the same time.
TEST(Capacity, ItsPlanExportsTheTreeItRanWith) {
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = queuedWorkload(seed);
        const RunResult r = runAlgorithm(w, "capacity", {});
        const PoolPlan plan = makePlan(w, r);
        EXPECT_EQ(readCapacityQueuesXml(capacitySchedulerXml(w, plan), "exported"),
                  w.capacityQueues);
        for (const QueueCheck& q : verifyPlan(w, plan, r, {}).queues) {
            EXPECT_EQ(q.simulated, q.planned) << q.queue;
        }
    }
}

}  // namespace
}  // namespace mr
