// The diff between two variants (the diff panel): which jobs were added,
// removed or edited, the cluster and options that changed, and each job's completion and place
// in the chosen order before and after — on the what-if tour's variants ([Verma12] Fig. 4
// scenario 2) and on [Verma12] Fig. 3's two jobs, whose schedules are worked out by hand below.
#include <gtest/gtest.h>

#include "experiments/VariantDiff.h"
#include "io/SessionJson.h"
#include "io/WorkloadJson.h"
#include "schedulers/Registry.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

const Variant& named(const Session& s, const std::string& name) {
    const Variant* v = s.findVariant(name);
    if (v == nullptr) {
        throw std::runtime_error("no variant " + name);
    }
    return *v;
}

Variant twoJobs(std::vector<std::string> order) {
    Variant v;
    v.name = "x";
    v.workload = loadWorkload(test::samplePath("two-jobs.json"));
    v.algorithms = {"manual"};
    v.options.manualOrder = std::move(order);
    return v;
}

TEST(VariantDiff, SplittingAJobIsOneRemovedAndTwoAdded) {
    const Session tour = loadSession(test::samplePath("what-if-tour.mrxs"));
    const VariantChanges c =
        variantChanges(named(tour, "as published"), named(tour, "J3 split in two"));
    ASSERT_EQ(c.jobs.size(), 3u);
    EXPECT_EQ(c.jobs[0].kind, JobChange::Kind::Removed);
    EXPECT_EQ(c.jobs[0].job, "J3");
    EXPECT_EQ(c.jobs[1].kind, JobChange::Kind::Added);
    EXPECT_EQ(c.jobs[1].job, "J3a");
    EXPECT_EQ(c.jobs[2].kind, JobChange::Kind::Added);
    EXPECT_EQ(c.jobs[2].job, "J3b");
    EXPECT_TRUE(c.cluster.empty());
    EXPECT_TRUE(c.options.empty());
}

TEST(VariantDiff, OneSlotMoreIsAClusterChangeOnly) {
    const Session tour = loadSession(test::samplePath("what-if-tour.mrxs"));
    const VariantChanges c =
        variantChanges(named(tour, "as published"), named(tour, "one slot more per node"));
    EXPECT_TRUE(c.jobs.empty());
    ASSERT_EQ(c.cluster.size(), 2u);
    EXPECT_EQ(c.cluster[0].field, "map_slots_per_node");
    EXPECT_EQ(c.cluster[0].before, "1");
    EXPECT_EQ(c.cluster[0].after, "2");
    EXPECT_EQ(c.cluster[1].field, "reduce_slots_per_node");
    EXPECT_TRUE(variantChanges(named(tour, "as published"), named(tour, "as published")).empty());
}

// tests/data/unequal-nodes.json: 4 "new" nodes (4 map, 2 reduce) and 4 "old" ones (2 map,
// 1 reduce, speed 0.5). Classes are matched by name: an edited class lists its fields, an added
// or removed one is one line, and equal nodes against classes is the classes as a whole.
TEST(VariantDiff, NodeClassesAreMatchedByNameFieldByField) {
    Variant a;
    a.name = "as built";
    a.workload = loadWorkload(test::testDataPath("unequal-nodes.json"));
    Variant b = a;
    b.name = "older and a spare";
    std::vector<NodeClass> classes = a.workload.cluster.nodeClasses;
    classes[1].speed = 0.25;
    classes[1].reduceSlots = 2;
    classes.push_back({"spare", 2, 1, 1, 1.0});
    setNodeClasses(b.workload.cluster, classes);
    VariantChanges c = variantChanges(a, b);
    EXPECT_TRUE(c.jobs.empty());
    ASSERT_EQ(c.cluster.size(), 4u);
    EXPECT_EQ(c.cluster[0].field, "nodes");  // 8 -> 10
    EXPECT_EQ(c.cluster[0].before, "8");
    EXPECT_EQ(c.cluster[0].after, "10");
    EXPECT_EQ(c.cluster[1].field, "node_classes[old].reduce_slots");
    EXPECT_EQ(c.cluster[1].before, "1");
    EXPECT_EQ(c.cluster[1].after, "2");
    EXPECT_EQ(c.cluster[2].field, "node_classes[old].speed");
    EXPECT_EQ(c.cluster[2].before, "0.5");
    EXPECT_EQ(c.cluster[2].after, "0.25");
    EXPECT_EQ(c.cluster[3].field, "node_classes[spare]");
    EXPECT_EQ(c.cluster[3].before, "none");
    EXPECT_EQ(c.cluster[3].after, "2 spare (1 map, 1 reduce)");

    c = variantChanges(b, a);  // the spare removed
    ASSERT_EQ(c.cluster.size(), 4u);
    EXPECT_EQ(c.cluster[1].field, "node_classes[spare]");
    EXPECT_EQ(c.cluster[1].before, "2 spare (1 map, 1 reduce)");
    EXPECT_EQ(c.cluster[1].after, "none");

    // Same totals (8 nodes), equal nodes against classes: the per-node fields would only show
    // the largest node's, so the classes are the change.
    Variant equal = a;
    equal.workload.cluster = Cluster(8, 4, 2);
    c = variantChanges(equal, a);
    ASSERT_EQ(c.cluster.size(), 1u);
    EXPECT_EQ(c.cluster[0].field, "node_classes");
    EXPECT_EQ(c.cluster[0].before, "none (every node 4 map, 2 reduce)");
    EXPECT_EQ(c.cluster[0].after, "4 new (4 map, 2 reduce) + 4 old (2 map, 1 reduce, speed 0.5)");
    EXPECT_TRUE(variantChanges(a, a).empty());
}

TEST(VariantDiff, EditedJobsListTheFieldsThatDiffer) {
    const Session tour = loadSession(test::samplePath("what-if-tour.mrxs"));
    const Variant& a = named(tour, "as published");
    Variant b = a;
    Job& j4 = b.workload.jobs[3];
    ASSERT_EQ(j4.name, "J4");
    j4.mapDurations = TaskDurations(10, 6.0);  // 20 maps -> 10, same duration
    Job& j1 = b.workload.jobs[0];
    j1.reduceDurations = TaskDurations(30, 7.5);  // same count, 5 s -> 7.5 s
    j1.deadline = 60.0;
    b.algorithms.push_back("fifo");
    b.options.seed = 9;
    const VariantChanges c = variantChanges(a, b);
    ASSERT_EQ(c.jobs.size(), 2u);
    EXPECT_EQ(c.jobs[0].job, "J1");
    ASSERT_EQ(c.jobs[0].fields.size(), 2u);
    EXPECT_EQ(c.jobs[0].fields[0].field, "reduce duration");
    EXPECT_EQ(c.jobs[0].fields[0].before, "5");
    EXPECT_EQ(c.jobs[0].fields[0].after, "7.5");
    EXPECT_EQ(c.jobs[0].fields[1].field, "deadline");
    EXPECT_EQ(c.jobs[0].fields[1].after, "60");
    EXPECT_EQ(c.jobs[1].job, "J4");
    ASSERT_EQ(c.jobs[1].fields.size(), 1u);
    EXPECT_EQ(c.jobs[1].fields[0].field, "maps");
    EXPECT_EQ(c.jobs[1].fields[0].before, "20");
    EXPECT_EQ(c.jobs[1].fields[0].after, "10");
    ASSERT_EQ(c.options.size(), 2u);
    EXPECT_EQ(c.options[0].field, "algorithms");
    EXPECT_EQ(c.options[0].after, "johnson, optimal, balanced-pools, hscheduler, fifo");
    EXPECT_EQ(c.options[1].field, "seed");
    EXPECT_EQ(c.options[1].before, "1");
    EXPECT_EQ(c.options[1].after, "9");
}

// [Verma12] Fig. 3 on 10 nodes: J1 = (20, 2), J2 = (2, 20). J1 first: J1's maps 0–20, its
// reduces 20–22, J2's maps 20–22, its reduces 22–42. J2 first: J2's maps 0–2, reduces 2–22;
// J1's maps 2–22, reduces 22–24. So J1 ends 2 s later, J2 20 s earlier, the makespan 42 -> 24.
TEST(VariantDiff, EachJobFinishesEarlierOrLaterAndTheOrderChanged) {
    const Variant a = twoJobs({"J1", "J2"});
    const Variant b = twoJobs({"J2", "J1"});
    const VariantChanges c = variantChanges(a, b);
    ASSERT_EQ(c.options.size(), 1u);
    EXPECT_EQ(c.options[0].field, "order");
    const RunResult before = runAlgorithm(a.workload, "manual", a.options);
    const RunResult after = runAlgorithm(b.workload, "manual", b.options);
    const VariantEffect e = variantEffect(a.workload, before, b.workload, after);
    EXPECT_EQ(e.makespanBefore, 42.0);
    EXPECT_EQ(e.makespanAfter, 24.0);
    EXPECT_EQ(e.makespanShift(), -18.0);
    EXPECT_TRUE(e.orderChanged);
    EXPECT_EQ(e.orderBefore, (std::vector<std::string>{"J1", "J2"}));
    EXPECT_EQ(e.orderAfter, (std::vector<std::string>{"J2", "J1"}));
    ASSERT_EQ(e.jobs.size(), 2u);
    EXPECT_EQ(e.jobs[0].job, "J1");
    EXPECT_EQ(*e.jobs[0].endBefore, 22.0);
    EXPECT_EQ(*e.jobs[0].endAfter, 24.0);
    EXPECT_EQ(*e.jobs[0].shift, 2.0);
    EXPECT_EQ(*e.jobs[0].positionBefore, 1);
    EXPECT_EQ(*e.jobs[0].positionAfter, 2);
    EXPECT_EQ(e.jobs[1].job, "J2");
    EXPECT_EQ(*e.jobs[1].shift, -20.0);
}

TEST(VariantDiff, AddedAndRemovedJobsHaveOneSideOnly) {
    const Session tour = loadSession(test::samplePath("what-if-tour.mrxs"));
    const Variant& a = named(tour, "as published");
    const Variant& b = named(tour, "J3 split in two");
    const RunResult before = runAlgorithm(a.workload, "johnson", a.options);
    const RunResult after = runAlgorithm(b.workload, "johnson", b.options);
    const VariantEffect e = variantEffect(a.workload, before, b.workload, after);
    EXPECT_EQ(e.makespanBefore, 47.0);  // [Verma12] Fig. 4 scenario 2, Johnson simulated
    ASSERT_EQ(e.jobs.size(), 7u);       // six of B, then J3 (removed)
    EXPECT_EQ(e.jobs[2].job, "J3a");
    EXPECT_FALSE(e.jobs[2].endBefore);
    EXPECT_TRUE(e.jobs[2].endAfter);
    EXPECT_FALSE(e.jobs[2].shift);
    EXPECT_EQ(e.jobs[6].job, "J3");
    EXPECT_EQ(*e.jobs[6].endBefore, 47.0);  // J3 is last in Johnson's order J2 J5 J1 J4 J3
    EXPECT_FALSE(e.jobs[6].endAfter);
    EXPECT_EQ(*e.jobs[6].positionBefore, 5);
    // J2, J5, J1, J4 keep their relative order.
    EXPECT_FALSE(e.orderChanged);
}

// "As planned" against "node 1 dies at 15 s", on ScenarioTest's batch worked out by hand: two
// jobs of 2 maps and 2 reduces of 10 s, fifo on 2 nodes × (1 map + 1 reduce slot). As planned
// J1 ends at 20 and J2 at 30; with node 1 gone at 15 for good J1 ends at 40 and J2 at 60: the
// failure costs the batch 30 s.
TEST(VariantDiff, ANodeFailureIsAScenarioChangeAndCostsItsTimeByHand) {
    Variant planned;
    planned.name = "as planned";
    planned.workload.cluster = {2, 1, 1};
    planned.workload.jobs = {Job::uniform("J1", 2, 10, 2, 10), Job::uniform("J2", 2, 10, 2, 10)};
    planned.algorithms = {"fifo"};
    Variant dies = planned;
    dies.name = "node 1 dies at 15 s";
    dies.workload.scenario.nodeFailures = {{1, 15.0}};
    const VariantChanges c = variantChanges(planned, dies);
    EXPECT_TRUE(c.jobs.empty());
    EXPECT_TRUE(c.cluster.empty());
    ASSERT_EQ(c.scenario.size(), 1u);
    EXPECT_EQ(c.scenario[0].field, "scenario.node_failures");
    EXPECT_EQ(c.scenario[0].before, "none");
    EXPECT_EQ(c.scenario[0].after, "node 1 at 15 s (never back)");
    const RunResult before = runAlgorithm(planned.workload, "fifo", planned.options);
    const RunResult after = runAlgorithm(dies.workload, "fifo", dies.options);
    const VariantEffect e = variantEffect(planned.workload, before, dies.workload, after);
    EXPECT_EQ(e.makespanBefore, 30.0);
    EXPECT_EQ(e.makespanAfter, 60.0);
    EXPECT_EQ(e.makespanShift(), 30.0);
    ASSERT_EQ(e.jobs.size(), 2u);
    EXPECT_EQ(*e.jobs[0].shift, 20.0);  // J1: 20 -> 40
    EXPECT_EQ(*e.jobs[1].shift, 30.0);  // J2: 30 -> 60
    EXPECT_FALSE(e.orderChanged);
}

}  // namespace
}  // namespace mr
