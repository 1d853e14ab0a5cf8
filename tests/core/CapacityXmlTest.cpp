// capacity-scheduler.xml read back (io/CapacityQueuesXml.h, io/HadoopConfXml.h): a hand-written
// hierarchy, our own export, the refusals (each one line naming the property and its line), and
// `mrsim plan --verify`'s numbers (io/PlanVerify.h): the exported queues under the
// capacity scheduler end every pool when the plan says ([Verma12] Figure 4 scenario 2: 40 and 39).
#include <gtest/gtest.h>

#include "io/CapacityQueuesXml.h"
#include "io/CapacitySchedulerXml.h"
#include "io/PlanVerify.h"
#include "io/PoolPlan.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "schedulers/Registry.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

std::string property(const std::string& name, const std::string& value) {
    return "  <property>\n    <name>" + name + "</name>\n    <value>" + value +
           "</value>\n  </property>\n";
}

std::string conf(const std::string& properties) {
    return "<?xml version=\"1.0\"?>\n<!-- queues -->\n<configuration>\n" + properties +
           "</configuration>\n";
}

const std::string kP = "yarn.scheduler.capacity.";

// root: prod 70 (etl 60, adhoc 40, fair), dev 30 (maximum 50, user-limit-factor 2).
std::string hierarchy() {
    return property(kP + "root.queues", "prod, dev") +
           property(kP + "root.prod.queues", "etl,adhoc") +
           property(kP + "root.prod.capacity", "70") +
           property(kP + "root.prod.etl.capacity", "60") +
           property(kP + "root.prod.adhoc.capacity", "40") +
           property(kP + "root.prod.adhoc.ordering-policy", "fair") +
           property(kP + "root.prod.adhoc.maximum-capacity", "-1") +
           property(kP + "root.dev.capacity", "30") +
           property(kP + "root.dev.maximum-capacity", "50") +
           property(kP + "root.dev.user-limit-factor", "2") +
           property(kP + "root.dev.state", "RUNNING");
}

TEST(CapacityXml, ReadsAHandWrittenHierarchy) {
    const auto queues = readCapacityQueuesXml(conf(hierarchy()), "cs.xml");
    ASSERT_EQ(queues.size(), 2U);
    EXPECT_EQ(queues[0].name, "prod");
    EXPECT_EQ(queues[0].capacity, 70.0);
    EXPECT_EQ(queues[0].maximumCapacity, 100.0);  // YARN's default
    ASSERT_EQ(queues[0].children.size(), 2U);
    EXPECT_EQ(queues[0].children[1].name, "adhoc");
    EXPECT_TRUE(queues[0].children[1].fair);
    EXPECT_EQ(queues[0].children[1].maximumCapacity, 100.0);  // -1
    EXPECT_EQ(queues[0].children[0].userLimitFactor, 1.0);    // YARN's default
    EXPECT_FALSE(queues[0].children[0].fair);
    EXPECT_EQ(queues[1].name, "dev");
    EXPECT_EQ(queues[1].maximumCapacity, 50.0);
    EXPECT_EQ(queues[1].userLimitFactor, 2.0);
    EXPECT_TRUE(queues[1].isLeaf());
}

TEST(CapacityXml, ReadsEntitiesCommentsAndCdata) {
    const std::string text = conf("<!-- a <property> in a comment -->\n" +
                                  property(kP + "root.queues", "<![CDATA[a]]>,&#98;") +
                                  property(kP + "root.a.capacity", " 50&#x2e;5 ") +
                                  property(kP + "root.b.capacity", "49.5"));
    const auto queues = readCapacityQueuesXml(text, "cs.xml");
    ASSERT_EQ(queues.size(), 2U);
    EXPECT_EQ(queues[1].name, "b");
    EXPECT_EQ(queues[0].capacity, 50.5);
}

// The workload's "capacity_queues" and each job's "queue" survive a save and a load.
TEST(CapacityXml, WorkloadQueuesRoundTrip) {
    Workload w = loadWorkload(test::samplePath("two-jobs.json"));
    w.capacityQueues = readCapacityQueuesXml(conf(hierarchy()), "cs.xml");
    w.capacityQueues[1].userLimitFactor = kNoUserLimit;
    w.jobs[0].queue = "etl";
    w.jobs[1].queue = "root.dev";
    const std::string text = serializeWorkload(w);
    EXPECT_NE(text.find("\"capacity_queues\": [{\"name\": \"prod\""), std::string::npos) << text;
    EXPECT_EQ(parseWorkload(text, "saved.json"), w);
    EXPECT_EQ(serializeWorkload(parseWorkload(text, "saved.json")), text);
}

// Each refusal: the file, the property (or the line) and what is wrong, in one line.
void expectRefused(const std::string& text, const std::string& field, const std::string& words) {
    try {
        readCapacityQueuesXml(text, "cs.xml");
        ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& e) {
        const std::string what = e.what();
        EXPECT_EQ(e.file(), "cs.xml");
        EXPECT_EQ(e.field(), field) << what;
        EXPECT_NE(what.find(words), std::string::npos) << what;
        EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
}

TEST(CapacityXml, RefusesWhatItDoesNotModel) {
    const std::string base = hierarchy();
    expectRefused(conf(base + property(kP + "maximum-applications", "10000")),
                  kP + "maximum-applications", "line 48: not supported");
    expectRefused(conf(base + property(kP + "root.dev.acl_submit_applications", "*")),
                  kP + "root.dev.acl_submit_applications", "not supported");
    expectRefused(conf(base + property("yarn.resourcemanager.hostname", "rm")),
                  "yarn.resourcemanager.hostname", "not a Capacity scheduler property");
    expectRefused(conf(base + property(kP + "root.ghost.capacity", "10")),
                  kP + "root.ghost.capacity", "no .queues list holds");
    expectRefused(conf(base + property(kP + "root.dev.capacity", "30")), kP + "root.dev.capacity",
                  "set again (first on line");
}

TEST(CapacityXml, RefusesBadValues) {
    const std::string queues = property(kP + "root.queues", "a,b");
    const std::string b = property(kP + "root.b.capacity", "50");
    expectRefused(conf(queues + property(kP + "root.a.capacity", "[memory=1024,vcores=1]") + b),
                  kP + "root.a.capacity", "absolute resources and weights are not supported");
    expectRefused(conf(queues + property(kP + "root.a.capacity", "40") + b), "capacity",
                  "children sum to 90, not 100");
    expectRefused(conf(queues + property(kP + "root.a.capacity", "50") + b +
                       property(kP + "root.a.maximum-capacity", "40")),
                  "maximum-capacity", "must be at least the capacity");
    expectRefused(conf(queues + property(kP + "root.a.capacity", "50") + b +
                       property(kP + "root.a.ordering-policy", "priority")),
                  kP + "root.a.ordering-policy", "fifo or fair");
    expectRefused(conf(queues + property(kP + "root.a.capacity", "50") + b +
                       property(kP + "root.a.state", "STOPPED")),
                  kP + "root.a.state", "only RUNNING");
    expectRefused(conf(queues + b), kP + "root.a.capacity", "every queue needs a capacity");
    expectRefused(
        conf(queues + property(kP + "root.a.capacity", "50") + b +
             property(kP + "root.a.queues", "a1") + property(kP + "root.a.a1.capacity", "100") +
             property(kP + "root.a.user-limit-factor", "2")),
        "user-limit-factor", "applies to the jobs of a leaf queue");
    expectRefused(conf(b), kP + "root.queues", "missing");
}

TEST(CapacityXml, RefusesMalformedXmlNamingTheLine) {
    expectRefused("<configuration>\n<property>\n<name>x</name>\n", "",
                  "line 4: <property> is never closed");
    expectRefused("<configuration>\n<property name=\"x\"/>\n</configuration>", "",
                  "line 2: attributes are not supported");
    expectRefused("<conf></conf>", "", "the root element must be <configuration>");
    expectRefused("<configuration><property><name>a &bogus; b</name></property></configuration>",
                  "", "unknown entity &bogus;");
    expectRefused("<!DOCTYPE x><configuration/>", "", "DOCTYPE");
}

// Our export reads back as it was written: one leaf per pool, capacity = maximum-capacity = the
// pool's share, user-limit-factor 1, fifo.
TEST(CapacityXml, ReadsOurExportBack) {
    const Workload w = loadWorkload(test::samplePath("figure4-scenario2.json"));
    const RunResult r = runAlgorithm(w, "balanced-pools", {});
    const PoolPlan plan = makePlan(w, r);
    const auto queues = readCapacityQueuesXml(capacitySchedulerXml(w, plan), "exported");
    ASSERT_EQ(queues.size(), 2U);
    EXPECT_EQ(queues[0].capacity, 66.67);  // 20 of 30 nodes
    EXPECT_EQ(queues[1].capacity, 33.33);
    for (const CapacityQueueSpec& q : queues) {
        EXPECT_EQ(q.maximumCapacity, q.capacity);
        EXPECT_EQ(q.userLimitFactor, 1.0);
        EXPECT_FALSE(q.fair);
    }
}

// `id`'s plan of `w`, verified.
PlanVerification verified(const Workload& w, const char* id) {
    const RunResult r = runAlgorithm(w, id, {});
    return verifyPlan(w, makePlan(w, r), r, {});
}

// [Verma12] Figure 4 scenario 2: BalancedPools' pools end at 40 ({J3, J4} on 20 nodes) and 39
// ({J1, J2, J5} on 10 nodes); the exported queues under the capacity scheduler end there too.
TEST(PlanVerify, Figure4Scenario2PoolsEndWhenThePlanSays) {
    const Workload w = loadWorkload(test::samplePath("figure4-scenario2.json"));
    const PlanVerification v = verified(w, "balanced-pools");
    ASSERT_EQ(v.queues.size(), 2U);
    EXPECT_EQ(v.queues[0].planned, 40.0);
    EXPECT_EQ(v.queues[0].simulated, 40.0);
    EXPECT_EQ(v.queues[1].planned, 39.0);
    EXPECT_EQ(v.queues[1].simulated, 39.0);
    EXPECT_EQ(v.simulated, 40.0);
    // Elastic queues change the pools' ends (docs/traces-and-plans.md: 36 and 41).
    EXPECT_EQ(v.queues[0].elastic, 41.0);
    EXPECT_EQ(v.queues[1].elastic, 36.0);
}

// Hard queues reproduce every batch plan: for each sample whose jobs all arrive at 0 and each
// algorithm whose plan is one order or a split into pools, the capacity scheduler ends each queue
// when the plan's simulation did.
TEST(PlanVerify, HardQueuesReproduceThePlansOfEveryBatchSample) {
    for (const char* sample :
         {"figure4-scenario1.json", "figure4-scenario2.json", "two-jobs.json"}) {
        const Workload w = loadWorkload(test::samplePath(sample));
        ASSERT_FALSE(w.hasArrivals()) << sample;
        for (const char* id : {"fifo", "johnson", "reverse-johnson", "balanced-pools"}) {
            SCOPED_TRACE(std::string(sample) + ", " + id);
            for (const QueueCheck& q : verified(w, id).queues) {
                EXPECT_EQ(q.simulated, q.planned) << q.queue;
            }
        }
    }
}

// With arrivals a FIFO queue serves its jobs as they are submitted (arrival order), not in the
// order the algorithm chose, and verify says what that changes. [Tian16] Example 3: Johnson's
// order J2 J5 J1 J4 J3 with J1..J5 arriving at 0..4 simulates to 50; the queue serves J1..J5 as
// they come.
TEST(PlanVerify, WithArrivalsAFifoQueueServesTheSubmissionOrder) {
    const Workload w = loadWorkload(test::samplePath("example3-online.json"));
    const PlanVerification v = verified(w, "johnson");
    ASSERT_EQ(v.queues.size(), 1U);
    EXPECT_EQ(v.queues[0].planned, 50.0);
    EXPECT_EQ(v.queues[0].simulated, runAlgorithm(w, "fifo", {}).makespan());
}

}  // namespace
}  // namespace mr
