// mrsim on a cluster of node classes (tests/data/unequal-nodes.json): the workload line names the
// classes, a run carries no two-stage model makespan, and an algorithm or bound that assumes
// identical slots exits 2 with one stderr line naming itself and why.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/TestSupport.h"

namespace mr {
namespace {

using test::lineCount;
using test::runMrsimBinary;
using test::testDataPath;

TEST(MrsimNodeClasses, RunNamesTheClassesAndLeavesTheModelOut) {
    const std::string file = testDataPath("unequal-nodes.json");
    const auto text = runMrsimBinary({"run", file, "-a", "fifo"});
    ASSERT_EQ(text.exitCode, 0) << text.err;
    EXPECT_NE(text.out.find("8 nodes: 4 new (4 map, 2 reduce) + 4 old (2 map, 1 reduce, "
                            "speed 0.5)"),
              std::string::npos)
        << text.out;
    const auto json = runMrsimBinary({"run", file, "-a", "fifo", "--json"});
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const auto doc = nlohmann::json::parse(json.out);
    EXPECT_TRUE(doc["model_makespan"].is_null());
    // J1's 24 maps of 4 s fill every map slot: 4 s on the 16 new ones, 8 s on the 8 old ones.
    EXPECT_EQ(doc["jobs"][0]["map_end"], 8.0);
}

// (m, r) are the algorithm's estimates on all 24 map and 12 reduce slots at speed 1: J1's are
// ceil(24/24)·4 = 4 and ceil(12/12)·5 = 5, while its maps really end at 8 (the old nodes run at
// half speed). Both outputs say so rather than pass 4 off as the cluster's map stage.
TEST(MrsimNodeClasses, StageEstimatesAreMarkedAtSpeedOne) {
    const std::string file = testDataPath("unequal-nodes.json");
    const auto json = runMrsimBinary({"run", file, "-a", "fifo", "--json"});
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const auto doc = nlohmann::json::parse(json.out);
    EXPECT_EQ(doc["jobs"][0]["m"], 4.0);
    EXPECT_EQ(doc["jobs"][0]["r"], 5.0);
    EXPECT_EQ(doc["stages_note"],
              "each job alone on all 24 map and 12 reduce slots at speed 1: the algorithm's "
              "estimates, not this cluster's stage times (the run uses each node's speed)");
    const auto text = runMrsimBinary({"run", file, "-a", "fifo"});
    ASSERT_EQ(text.exitCode, 0) << text.err;
    EXPECT_NE(text.out.find("m (speed 1)"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("m, r         each job alone on all 24 map and 12 reduce slots"),
              std::string::npos)
        << text.out;
    // Equal speeds: (m, r) are the cluster's own, and nothing is marked.
    const auto equal =
        runMrsimBinary({"run", test::samplePath("figure4-scenario1.json"), "-a", "fifo", "--json"});
    ASSERT_EQ(equal.exitCode, 0) << equal.err;
    EXPECT_FALSE(nlohmann::json::parse(equal.out).contains("stages_note"));
}

TEST(MrsimNodeClasses, RefusalsAreOneLineNamingTheAlgorithmAndWhy) {
    const std::string file = testDataPath("unequal-nodes.json");
    const auto johnson = runMrsimBinary({"run", file, "-a", "johnson"});
    EXPECT_EQ(johnson.exitCode, 2);
    EXPECT_EQ(lineCount(johnson.err), 1) << johnson.err;
    EXPECT_NE(johnson.err.find("field 'cluster.node_classes': johnson refuses unequal nodes: "
                               "Johnson's rule orders by stage durations on identical slots"),
              std::string::npos)
        << johnson.err;
    const auto slots = runMrsimBinary({"min-slots", file, "--job", "J1", "--deadline", "100"});
    EXPECT_EQ(slots.exitCode, 2);
    EXPECT_EQ(lineCount(slots.err), 1) << slots.err;
    EXPECT_NE(slots.err.find("min-slots refuses unequal nodes"), std::string::npos) << slots.err;
}

// compare on unequal nodes: johnson refuses, fifo and fair run. Every row is printed, the
// refused one with the reason the explorer's Comparison tab shows (refusalReason), and the
// rows that ran equal `mrsim run`'s.
TEST(MrsimNodeClasses, CompareKeepsTheRefusedRowWithItsReason) {
    const std::string file = testDataPath("unequal-nodes.json");
    const std::string reason =
        "johnson refuses unequal nodes: Johnson's rule orders by stage durations on identical "
        "slots ([Verma12] §III-B)";
    const auto json = runMrsimBinary({"compare", file, "-a", "fifo,johnson,fair", "--json"});
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const auto doc = nlohmann::json::parse(json.out);
    ASSERT_EQ(doc["results"].size(), 3u);
    EXPECT_EQ(doc["baseline"], "fifo");
    EXPECT_EQ(doc["results"][1], nlohmann::json({{"algorithm", "johnson"}, {"refused", reason}}));
    for (const std::string id : {"fifo", "fair"}) {
        const auto run = runMrsimBinary({"run", file, "-a", id, "--json"});
        ASSERT_EQ(run.exitCode, 0) << run.err;
        const auto& row = doc["results"][id == "fifo" ? 0 : 2];
        EXPECT_EQ(row["algorithm"], id);
        EXPECT_EQ(row["makespan"], nlohmann::json::parse(run.out)["makespan"]) << id;
    }

    const auto csv = runMrsimBinary({"compare", file, "-a", "fifo,johnson", "--csv"});
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    // Empty makespan, model_makespan, vs_fifo_pct, utilisations, order and pools, then the
    // reason in the error column.
    EXPECT_NE(csv.out.find("\njohnson,,,,,,,," + reason + ","), std::string::npos) << csv.out;

    const auto text = runMrsimBinary({"compare", file, "-a", "johnson,fifo"});
    ASSERT_EQ(text.exitCode, 0) << text.err;
    EXPECT_NE(text.out.find(reason), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("vs fifo"), std::string::npos) << text.out;  // the first that ran
}

TEST(MrsimNodeClasses, CompareExitsTwoWhenEveryAlgorithmRefuses) {
    const std::string file = testDataPath("unequal-nodes.json");
    const auto both = runMrsimBinary({"compare", file, "-a", "johnson,reverse-johnson"});
    EXPECT_EQ(both.exitCode, 2);
    EXPECT_EQ(lineCount(both.err), 1) << both.err;
    EXPECT_NE(both.err.find("field 'algorithms': no algorithm ran (johnson: johnson refuses "
                            "unequal nodes"),
              std::string::npos)
        << both.err;
    EXPECT_NE(both.err.find("; reverse-johnson: reverse-johnson refuses unequal nodes"),
              std::string::npos)
        << both.err;
    // The table is still printed, every row with its reason.
    EXPECT_NE(both.out.find("reverse-johnson refuses unequal nodes"), std::string::npos)
        << both.out;
    const auto unknown = runMrsimBinary({"compare", file, "-a", "fifo,no-such"});
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_EQ(lineCount(unknown.err), 1) << unknown.err;
}

}  // namespace
}  // namespace mr
