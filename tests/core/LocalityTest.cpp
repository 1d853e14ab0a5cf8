// Data locality ([Rao12] §4.1): seeded block placement, remote-read and core-move durations,
// Hadoop's node-local task choice for every policy, and completion-time's core moves.
#include <gtest/gtest.h>

#include <set>

#include "model/InputError.h"
#include "schedulers/Registry.h"
#include "sim/Locality.h"
#include "sim/ScheduleCheck.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

TEST(Locality, BlocksLandOnDistinctNodesFromTheSeed) {
    Workload w;
    w.cluster = {8, 1, 1};
    w.jobs = {Job::uniform("A", 400, 1, 0, 0), Job::uniform("B", 3, 1, 1, 1)};
    const BlockPlacement p(w, 3, 7);
    const BlockPlacement same(w, 3, 7);
    const BlockPlacement other(w, 3, 8);
    std::vector<int> perNode(8, 0);
    bool differs = false;
    for (int job : {0, 1}) {
        for (int t = 0; t < w.jobs[static_cast<std::size_t>(job)].maps(); ++t) {
            const int* n = p.nodesOf(job, t);
            EXPECT_EQ(std::set<int>(n, n + 3).size(), 3u);
            for (int i = 0; i < 3; ++i) {
                EXPECT_EQ(n[i], same.nodesOf(job, t)[i]);
                differs = differs || n[i] != other.nodesOf(job, t)[i];
                ++perNode[static_cast<std::size_t>(n[i])];
                EXPECT_TRUE(p.holds(job, t, n[i]));
            }
        }
    }
    EXPECT_TRUE(differs);
    for (int count : perNode) {
        EXPECT_NEAR(count, 403 * 3 / 8.0, 60);  // uniform: 151 expected per node
    }
    // onNode() lists exactly the tasks with a block there, ascending.
    for (int node = 0; node < 8; ++node) {
        const auto [begin, end] = p.onNode(0, node);
        int previous = -1;
        int count = 0;
        for (int e = begin; e < end; ++e) {
            EXPECT_TRUE(p.holds(0, p.taskAt(e), node));
            EXPECT_GT(p.taskAt(e), previous);
            previous = p.taskAt(e);
            ++count;
        }
        int expected = 0;
        for (int t = 0; t < 400; ++t) {
            expected += p.holds(0, t, node) ? 1 : 0;
        }
        EXPECT_EQ(count, expected);
    }
    // Fewer nodes than replicas: every block everywhere.
    Workload small = w;
    small.cluster.nodes = 2;
    EXPECT_EQ(BlockPlacement(small, 3, 1).replicas(), 2);
}

TEST(Locality, DurationsByWhereTheTaskReadsItsBlock) {
    Workload w;
    w.cluster = {4, 1, 1};
    w.jobs = {Job::uniform("A", 50, 10, 1, 20)};
    auto placement = std::make_shared<const BlockPlacement>(w, 1, 3);
    const LocalityOptions o{true, 1, 2, 3.0, 0.5};
    const LocalityModel plain(placement, o, false);
    const LocalityModel moves(placement, o, true);
    for (int t = 0; t < 50; ++t) {
        const int home = placement->nodesOf(0, t)[0];
        const int sibling = home ^ 1;  // the other VM of its host (hosts {0,1}, {2,3})
        const int far = (home + 2) % 4;
        EXPECT_DOUBLE_EQ(plain.duration(w, 0, TaskKind::Map, t, home), 10.0);
        EXPECT_DOUBLE_EQ(plain.duration(w, 0, TaskKind::Map, t, sibling), 30.0);
        EXPECT_DOUBLE_EQ(moves.duration(w, 0, TaskKind::Map, t, sibling), 10.5);
        EXPECT_EQ(moves.access(0, t, sibling), Access::SameHost);
        EXPECT_DOUBLE_EQ(moves.duration(w, 0, TaskKind::Map, t, far), 30.0);
    }
    EXPECT_DOUBLE_EQ(plain.duration(w, 0, TaskKind::Reduce, 0, 3), 20.0);  // reduces unaffected
}

TEST(Locality, EveryPolicyPrefersANodeLocalTaskOfItsJob) {
    // One job of 600 maps on 6 nodes, blocks on 3: a random task would be local half the time;
    // choosing a local one whenever the job has one is local almost always. min-edf runs the
    // job on its quota of 2 slots, always the lowest free ones, whose nodes run out of local
    // blocks: still well above chance. completion-time skips a slot without a local task while
    // other slots are free.
    Workload w;
    w.cluster = {6, 1, 1};
    w.jobs = {Job::uniform("A", 600, 10, 0, 0)};
    w.jobs[0].deadline = 5000;
    RunOptions options;
    options.locality.enabled = true;
    options.locality.remotePenalty = 2.0;
    for (const char* id : {"fifo", "edf", "fair", "min-edf", "min-edf-wc", "completion-time"}) {
        SCOPED_TRACE(id);
        const RunResult r = runAlgorithm(w, id, options);
        ASSERT_TRUE(r.locality.has_value());
        EXPECT_GT(r.locality->dataLocalFraction(), std::string(id) == "min-edf" ? 0.7 : 0.95);
        EXPECT_EQ(r.locality->local + r.locality->sameHost + r.locality->remote, 600);
        EXPECT_TRUE(checkSchedule(w, r.sim, {.durationsExact = false}).empty());
        // Each task took its duration where local, twice that elsewhere.
        const LocalityModel model(std::make_shared<const BlockPlacement>(w, 3, options.seed),
                                  options.locality, false);
        for (const auto& t : r.sim.tasks) {
            EXPECT_DOUBLE_EQ(t.end - t.start,
                             model.access(0, t.task, t.slot) == Access::Local ? 10.0 : 20.0);
        }
    }
}

TEST(Locality, CompletionTimeMovesCoresWithinAHostOnly) {
    // 8 VMs on 4 hosts, one replica per block: a map task whose block is on the sibling VM runs
    // there on the lent core (duration + reconfiguration delay), counted data-local.
    Workload w;
    w.cluster = {8, 1, 1};
    w.jobs = {Job::uniform("A", 200, 10, 0, 0)};
    w.jobs[0].deadline = 100000;
    RunOptions options;
    options.locality = {true, 1, 2, 3.0, 1.0};
    const RunResult ct = runAlgorithm(w, "completion-time", options);
    ASSERT_TRUE(ct.locality);
    const RunResult fifo = runAlgorithm(w, "fifo", options);
    EXPECT_GT(ct.locality->sameHost, 0);
    EXPECT_EQ(fifo.locality->sameHost, 0);  // only completion-time moves cores
    EXPECT_GE(ct.locality->dataLocalFraction(), fifo.locality->dataLocalFraction());
    const LocalityModel model(std::make_shared<const BlockPlacement>(w, 1, options.seed),
                              options.locality, true);
    for (const auto& t : ct.sim.tasks) {
        const Access a = model.access(0, t.task, t.slot);
        EXPECT_DOUBLE_EQ(t.end - t.start, a == Access::Local      ? 10.0
                                          : a == Access::SameHost ? 11.0
                                                                  : 30.0);
    }
    EXPECT_TRUE(checkSchedule(w, ct.sim, {.durationsExact = false}).empty());
}

TEST(Locality, BadOptionsAreInputErrors) {
    EXPECT_THROW(validateLocality({true, 3, 0, 1.5, 0}), InputError);
    EXPECT_THROW(validateLocality({true, 3, 1, 0.5, 0}), InputError);
    EXPECT_THROW(validateLocality({true, 3, 1, 1.5, -1}), InputError);
    EXPECT_NO_THROW(validateLocality({true, 3, 4, 1.0, 2}));
}

}  // namespace
}  // namespace mr
