// The engine on hand-computed cases: arrivals, the barrier, pools, per-job caps, kills (with a
// small test policy), task duration models, policy errors, determinism.
#include <gtest/gtest.h>

#include <algorithm>

#include "schedulers/Johnson.h"
#include "sim/OrderPolicy.h"
#include "sim/ScheduleCheck.h"
#include "sim/Simulator.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

using test::tasksOf;

TEST(Simulator, ArrivalsAndTheBarrierByHand) {
    // Two nodes, one slot of each kind. A: maps 2,2,2 and one reduce of 1. B arrives at 1 with
    // one map of 5. FIFO [A, B]: A's maps on both slots [0,2]; at 2 A's third map [2,4] and B
    // [2,7]; A's reduce waits for its last map: [4,5].
    Workload w;
    w.cluster = {2, 1, 1};
    w.jobs = {Job::uniform("A", 3, 2, 1, 1), Job::uniform("B", 1, 5, 0, 0)};
    w.jobs[1].arrival = 1;
    const SimResult r = simulateOrder(w, {0, 1});
    EXPECT_DOUBLE_EQ(r.makespan, 7.0);
    EXPECT_DOUBLE_EQ(r.jobs[0].mapEnd, 4.0);
    EXPECT_DOUBLE_EQ(r.jobs[0].end, 5.0);
    EXPECT_DOUBLE_EQ(r.jobs[1].start, 2.0);
    EXPECT_DOUBLE_EQ(r.jobs[1].end, 7.0);
    const auto reduces = tasksOf(r, 0, TaskKind::Reduce);
    ASSERT_EQ(reduces.size(), 1u);
    EXPECT_DOUBLE_EQ(reduces[0].start, 4.0);
    EXPECT_EQ(taskCount(r.tasks), 5);
    // Utilisation: map busy 2+2+2+5 = 11 of 2·7 slot-seconds; reduce 1 of 14.
    EXPECT_DOUBLE_EQ(r.mapUtilization(), 11.0 / 14.0);
    EXPECT_DOUBLE_EQ(r.reduceUtilization(), 1.0 / 14.0);
    EXPECT_TRUE(checkSchedule(w, r).empty());
}

TEST(Simulator, TwoPoolsSideBySideReproduceBalancedPoolsExample) {
    // [Verma12] Fig. 6(b): {J1, J2, J5} on 10 nodes in Johnson order (39), {J3, J4} on 20 (40).
    const Workload w = test::figure4(2);
    std::vector<PoolSetup> pools(2);
    pools[0] = {
        "small", 0, 10, {1, 4, 0}, std::make_unique<OrderPolicy>(std::vector<int>{1, 4, 0})};
    pools[1] = {"big", 10, 20, {3, 2}, std::make_unique<OrderPolicy>(std::vector<int>{3, 2})};
    const SimResult r = simulate(w, std::move(pools));
    ASSERT_EQ(r.pools.size(), 2u);
    EXPECT_DOUBLE_EQ(r.pools[0].makespan, 39.0);
    EXPECT_DOUBLE_EQ(r.pools[1].makespan, 40.0);
    EXPECT_DOUBLE_EQ(r.makespan, 40.0);
    for (const auto& t : r.tasks) {
        const bool small = t.job == 0 || t.job == 1 || t.job == 4;
        EXPECT_EQ(small, t.slot < 10) << "a task ran outside its pool";
    }
    EXPECT_TRUE(checkSchedule(w, r).empty());
}

// Order policy plus a map-slot cap of 1 for job 0.
class CappedPolicy : public OrderPolicy {
public:
    using OrderPolicy::OrderPolicy;
    void attach(SimState& s, int pool) override {
        OrderPolicy::attach(s, pool);
        s.setCap(0, TaskKind::Map, 1);
    }
};

TEST(Simulator, PerJobCapLimitsRunningTasks) {
    Workload w;
    w.cluster = {4, 1, 1};
    w.jobs = {Job::uniform("A", 4, 3, 0, 0), Job::uniform("B", 6, 1, 0, 0)};
    std::vector<PoolSetup> pools(1);
    pools[0] = {"default", 0, 4, {0, 1}, std::make_unique<CappedPolicy>(std::vector<int>{0, 1})};
    const SimResult r = simulate(w, std::move(pools));
    // A runs one map at a time: [0,3] [3,6] [6,9] [9,12]; B's six maps share the other slots.
    const auto a = tasksOf(r, 0, TaskKind::Map);
    ASSERT_EQ(a.size(), 4u);
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_DOUBLE_EQ(a[i].start, 3.0 * static_cast<double>(i));
    }
    EXPECT_DOUBLE_EQ(r.jobs[1].end, 2.0);  // 6 tasks of 1 on 3 slots: two waves
    EXPECT_DOUBLE_EQ(r.makespan, 12.0);
    EXPECT_TRUE(checkSchedule(w, r).empty());
}

// B has priority; when B arrives the policy kills one of A's running maps to make room. It
// reports the kills into the test's variable: simulate() owns (and destroys) the policy.
class KillOnArrivalPolicy : public OrderPolicy {
public:
    explicit KillOnArrivalPolicy(int& killed) : OrderPolicy({1, 0}), m_killed(killed) {}
    void onJobArrived(SimState& s, int job) override {
        OrderPolicy::onJobArrived(s, job);
        if (job == 1) {
            m_killed = s.kill(0, TaskKind::Map, 1);
        }
    }

private:
    int& m_killed;
};

TEST(Simulator, KilledTasksLoseTheirWorkAndRerun) {
    Workload w;
    w.cluster = {2, 1, 1};
    w.jobs = {Job::uniform("A", 2, 10, 1, 1), Job::uniform("B", 1, 1, 0, 0)};
    w.jobs[1].arrival = 4;
    std::vector<PoolSetup> pools(1);
    int killedByPolicy = -1;
    pools[0] = {"default", 0, 2, {0, 1}, std::make_unique<KillOnArrivalPolicy>(killedByPolicy)};
    // (A raw pointer to the policy here would read freed memory under ASan.)
    const SimResult r = simulate(w, std::move(pools));
    EXPECT_EQ(killedByPolicy, 1);
    // Both A maps started at 0; the tie goes to the later slot: A's task 1 on slot 1 dies at 4.
    const auto a = tasksOf(r, 0, TaskKind::Map);
    ASSERT_EQ(a.size(), 3u);
    const auto killed =
        std::find_if(a.begin(), a.end(), [](const TaskRecord& t) { return t.killed; });
    ASSERT_NE(killed, a.end());
    EXPECT_EQ(killed->task, 1);
    EXPECT_EQ(killed->slot, 1);
    EXPECT_DOUBLE_EQ(killed->end, 4.0);
    EXPECT_DOUBLE_EQ(r.jobs[1].start, 4.0);  // B takes the freed slot at once
    EXPECT_DOUBLE_EQ(r.jobs[1].end, 5.0);
    EXPECT_DOUBLE_EQ(r.jobs[0].mapEnd, 15.0);  // the rerun: [5, 15]
    EXPECT_DOUBLE_EQ(r.jobs[0].end, 16.0);
    EXPECT_EQ(r.jobs[0].killedMaps, 1);
    EXPECT_DOUBLE_EQ(r.mapBusy, 10 + 4 + 1 + 10);  // killed work counts as busy
    EXPECT_TRUE(checkSchedule(w, r).empty());
}

class GreedyPicker : public Policy {
public:
    explicit GreedyPicker(int job) : m_job(job) {}
    Pick pick(SimState&, TaskKind, int) override { return Pick::run(m_job); }
    int m_job;
};

class IdlePolicy : public Policy {
public:
    Pick pick(SimState&, TaskKind, int) override { return Pick::nothing(); }
};

TEST(Simulator, MisbehavingPoliciesAreReportedNotHidden) {
    Workload w;
    w.cluster = {1, 1, 1};
    w.jobs = {Job::uniform("A", 1, 1, 1, 1)};
    {
        // Picking a job whose maps are all running is a policy bug.
        std::vector<PoolSetup> pools(1);
        pools[0] = {"default", 0, 1, {0}, std::make_unique<GreedyPicker>(0)};
        EXPECT_THROW(simulate(w, std::move(pools)), SimulationError);
    }
    {
        std::vector<PoolSetup> pools(1);
        pools[0] = {"default", 0, 1, {0}, std::make_unique<IdlePolicy>()};
        EXPECT_THROW(simulate(w, std::move(pools)), SimulationError);
    }
}

TEST(Simulator, PoolsMustPartitionNodesAndJobs) {
    const Workload w = test::figure4(1);
    auto twoPools = [&](int firstNodes, std::vector<int> a, std::vector<int> b) {
        std::vector<PoolSetup> pools(2);
        pools[0] = {"a", 0, firstNodes, a, std::make_unique<OrderPolicy>(a)};
        pools[1] = {"b", firstNodes, 30 - firstNodes, b, std::make_unique<OrderPolicy>(b)};
        return pools;
    };
    EXPECT_NO_THROW(simulate(w, twoPools(10, {0, 1}, {2, 3, 4})));
    EXPECT_THROW(simulate(w, twoPools(10, {0, 1}, {2, 3})), SimulationError);  // job 4 missing
    EXPECT_THROW(simulate(w, twoPools(10, {0, 1}, {1, 2, 3, 4})), SimulationError);  // twice
    EXPECT_THROW(simulate(w, twoPools(0, {0, 1}, {2, 3, 4})), SimulationError);      // empty pool
}

class SlowFirstNode : public TaskDurationModel {
public:
    double duration(const Workload& w, int job, TaskKind kind, int task, int node) const override {
        const double base =
            w.jobs[static_cast<std::size_t>(job)].durations(kind)[static_cast<std::size_t>(task)];
        return node == 0 ? 2.0 * base : base;
    }
};

TEST(Simulator, DurationModelChangesTaskTimesPerNode) {
    Workload w;
    w.cluster = {2, 1, 1};
    w.jobs = {Job::uniform("A", 2, 3, 0, 0)};
    SlowFirstNode model;
    SimOptions options;
    options.durations = &model;
    const SimResult r = simulateOrder(w, {0}, options);
    EXPECT_DOUBLE_EQ(r.makespan, 6.0);          // the task on node 0 takes twice as long
    EXPECT_FALSE(checkSchedule(w, r).empty());  // durations differ from the file...
    EXPECT_TRUE(checkSchedule(w, r, {.durationsExact = false}).empty());  // ...as allowed
}

TEST(Simulator, ZeroDurationTasksAndEmptyWorkloads) {
    Workload w;
    w.cluster = {1, 1, 1};
    EXPECT_DOUBLE_EQ(simulateOrder(w, {}).makespan, 0.0);
    w.jobs = {Job::uniform("Z", 3, 0, 2, 0), Job::uniform("A", 1, 1, 1, 1)};
    const SimResult r = simulateOrder(w, {0, 1});
    EXPECT_DOUBLE_EQ(r.makespan, 2.0);
    EXPECT_TRUE(checkSchedule(w, r).empty());
}

TEST(Simulator, IsDeterministic) {
    const Workload w = test::randomWorkload(77, {.maxJobs = 30, .maxMaps = 40, .arrivals = true});
    std::vector<int> order(static_cast<std::size_t>(w.jobCount()));
    for (int i = 0; i < w.jobCount(); ++i) {
        order[static_cast<std::size_t>(i)] = w.jobCount() - 1 - i;
    }
    const SimResult a = simulateOrder(w, order);
    const SimResult b = simulateOrder(w, order);
    ASSERT_EQ(a.tasks.size(), b.tasks.size());
    for (std::size_t i = 0; i < a.tasks.size(); ++i) {
        EXPECT_EQ(a.tasks[i].slot, b.tasks[i].slot);
        EXPECT_EQ(a.tasks[i].start, b.tasks[i].start);
    }
    EXPECT_EQ(a.makespan, b.makespan);
    // Without records, the same times.
    SimOptions quiet;
    quiet.recordTasks = false;
    const SimResult c = simulateOrder(w, order, quiet);
    EXPECT_TRUE(c.tasks.empty());
    EXPECT_EQ(c.makespan, a.makespan);
    EXPECT_EQ(c.mapBusy, a.mapBusy);
}

}  // namespace
}  // namespace mr

namespace mr {
namespace {

TEST(Simulator, StopsWithCancelledWhenTheFlagIsSet) {
    Workload w;
    w.cluster = {2, 1, 1};
    w.jobs = {Job::uniform("A", 5000, 1, 10, 1)};  // thousands of instants
    CancelFlag cancel{true};
    SimOptions options;
    options.cancel = &cancel;
    EXPECT_THROW(simulateOrder(w, {0}, options), Cancelled);
    cancel = false;
    EXPECT_DOUBLE_EQ(simulateOrder(w, {0}, options).makespan, 2500.0 + 5.0);
}

}  // namespace
}  // namespace mr
