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

}  // namespace
}  // namespace mr
