// mrsim and the makespan optimisers: balanced-pools and hscheduler results as JSON, generated
// workloads, sweeps as CSV / JSON / table, and exit code 2 with one stderr line on bad input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/TestSupport.h"

namespace mr {
namespace {

using test::lineCount;
using test::runMrsimBinary;
using test::samplePath;

TEST(MrsimOptimisers, BalancedPoolsJsonListsBothPools) {
    const auto c = runMrsimBinary(
        {"run", samplePath("figure4-scenario2.json"), "-a", "balanced-pools", "--json"});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    const auto j = nlohmann::json::parse(c.out);
    EXPECT_DOUBLE_EQ(j["makespan"].get<double>(), 40.0);
    ASSERT_EQ(j["pools"].size(), 2u);
    EXPECT_EQ(j["pools"][0]["name"], "pool1");
    EXPECT_EQ(j["pools"][0]["nodes"], 20);
    EXPECT_EQ(j["pools"][0]["jobs"], nlohmann::json({"J4", "J3"}));
    EXPECT_DOUBLE_EQ(j["pools"][0]["makespan"].get<double>(), 40.0);
    EXPECT_EQ(j["pools"][1]["nodes"], 10);
    EXPECT_EQ(j["pools"][1]["first_node"], 20);
    EXPECT_EQ(j["pools"][1]["jobs"], nlohmann::json({"J2", "J5", "J1"}));
    EXPECT_DOUBLE_EQ(j["pools"][1]["makespan"].get<double>(), 39.0);
    // m and r are each job's stage durations on its own pool's slots: J1 on 10 nodes.
    EXPECT_DOUBLE_EQ(j["jobs"][0]["m"].get<double>(), 12.0);
    EXPECT_DOUBLE_EQ(j["jobs"][0]["r"].get<double>(), 15.0);
}

TEST(MrsimOptimisers, HSchedulerJsonShowsStagesBeforeAndAfter) {
    const auto c =
        runMrsimBinary({"run", samplePath("figure4-scenario2.json"), "-a", "hscheduler", "--json"});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    const auto j = nlohmann::json::parse(c.out);
    EXPECT_NEAR(j["makespan"].get<double>(), 107.0 / 3.0, 1e-9);
    const auto& j3 = j["jobs"][2];
    EXPECT_EQ(j3["name"], "J3");
    EXPECT_DOUBLE_EQ(j3["m_before"].get<double>(), 30.0);
    EXPECT_DOUBLE_EQ(j3["r_before"].get<double>(), 4.0);
    EXPECT_DOUBLE_EQ(j3["m"].get<double>(), 20.0);
    EXPECT_NEAR(j3["r"].get<double>(), 8.0 / 3.0, 1e-12);
    EXPECT_FALSE(j.contains("pools"));
    const auto table =
        runMrsimBinary({"run", samplePath("figure4-scenario2.json"), "-a", "hscheduler"});
    EXPECT_NE(table.out.find("J3: (30, 4) -> (20, 2.66667)"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("m before"), std::string::npos) << table.out;
}

TEST(MrsimOptimisers, MorePoolsOnTheCommandLine) {
    const auto c = runMrsimBinary({"run", samplePath("figure4-scenario2.json"), "-a",
                                   "balanced-pools", "--pools", "3", "--json"});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    const auto j = nlohmann::json::parse(c.out);
    EXPECT_LE(j["makespan"].get<double>(), 40.0);
    const auto bad = runMrsimBinary(
        {"run", samplePath("figure4-scenario2.json"), "-a", "balanced-pools", "--pools", "1"});
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_EQ(lineCount(bad.err), 1u) << bad.err;
}

TEST(MrsimOptimisers, GenerateWritesIdenticalFilesForTheSameSeed) {
    const std::string dir = test::scratchDir();
    for (const char* kind : {"yahoo-unimodal", "yahoo-bimodal", "synthetic-unimodal",
                             "synthetic-bimodal", "facebook", "facebook-1000"}) {
        SCOPED_TRACE(kind);
        const std::string a = dir + "/" + kind + "-a.json";
        const std::string b = dir + "/" + kind + "-b.json";
        for (const auto& file : {a, b}) {
            const auto c = runMrsimBinary({"generate", kind, "--jobs", "20", "--seed", "9",
                                           "--nodes", "8", "--slots-per-node", "2", "-o", file});
            ASSERT_EQ(c.exitCode, 0) << c.err;
        }
        EXPECT_EQ(test::readText(a), test::readText(b));
        const auto j = nlohmann::json::parse(test::readText(a));
        EXPECT_EQ(j["jobs"].size(), 20u);
        EXPECT_EQ(j["cluster"]["map_slots_per_node"], 2);
        // The generated file runs.
        EXPECT_EQ(runMrsimBinary({"run", a, "-a", "balanced-pools"}).exitCode, 0);
    }
}

TEST(MrsimOptimisers, SweepPrintsCsvJsonAndTable) {
    const std::string file = samplePath("figure4-scenario1.json");
    const auto csv =
        runMrsimBinary({"sweep", file, "--nodes", "15:30:15", "-a", "johnson", "--csv"});
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    EXPECT_NE(csv.out.find("nodes,series,kind,runs,mean,min,max,stddev\n"), std::string::npos);
    EXPECT_NE(csv.out.find("30,johnson,simulated,1,47,47,47,0\n"), std::string::npos) << csv.out;
    EXPECT_NE(csv.out.find("30,formula-max,formula,1,78,78,78,0\n"), std::string::npos) << csv.out;
    EXPECT_NE(csv.out.find("30,lower-bound,bound,1,47,47,47,0\n"), std::string::npos) << csv.out;
    EXPECT_EQ(lineCount(csv.out), 1u + 2u * 4u);

    const auto json =
        runMrsimBinary({"sweep", "--generate", "synthetic-bimodal", "--jobs", "10", "--runs", "2",
                        "--nodes", "5:15:5", "-a", "johnson,balanced-pools,hscheduler", "--json"});
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const auto j = nlohmann::json::parse(json.out);
    EXPECT_EQ(j["runs"], 2);
    EXPECT_EQ(j["nodes"], nlohmann::json({5, 10, 15}));
    ASSERT_EQ(j["series"].size(), 6u);
    EXPECT_EQ(j["series"][3]["name"], "formula-min");
    EXPECT_EQ(j["series"][3]["kind"], "formula");
    EXPECT_EQ(j["series"][5]["name"], "lower-bound");
    EXPECT_EQ(j["series"][5]["kind"], "bound");
    EXPECT_EQ(j["series"][1]["mean"].size(), 3u);

    const auto table = runMrsimBinary({"sweep", file, "--nodes", "30", "-a", "johnson"});
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("nodes  johnson  formula-min  formula-max"), std::string::npos)
        << table.out;
}

TEST(MrsimOptimisers, SweepLabelsTheBoundAsOneForFixedTasks) {
    // Scenario 2 on 30 nodes: HScheduler's re-split ends at 35 2/3 ([Tian16] Example 2), below the
    // bound for the tasks as given, 36 (J4's chain: a 6 s map task, then a 30 s reduce task). The
    // table says so: the column is the bound for fixed tasks, and a note says HScheduler is not
    // bound by it.
    const auto table = runMrsimBinary({"sweep", samplePath("figure4-scenario2.json"), "--nodes",
                                       "30", "-a", "johnson,hscheduler"});
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("hscheduler  formula-min  formula-max  lower-bound (fixed tasks)"),
              std::string::npos)
        << table.out;
    EXPECT_NE(table.out.find("   30       47     35.6667           47           78"),
              std::string::npos)
        << table.out;
    EXPECT_NE(table.out.find("lower-bound (fixed tasks): no schedule of the batch's tasks as given "
                             "(any order, any pool split) ends earlier;\nhscheduler and "
                             "online-hscheduler re-split the tasks over all slots and may end "
                             "below it.\n"),
              std::string::npos)
        << table.out;
}

TEST(MrsimOptimisers, SweepRefusesBadInputWithOneLine) {
    const std::string file = samplePath("figure4-scenario1.json");
    const std::vector<std::vector<std::string>> cases = {
        {"sweep", file, "--nodes", "10:5", "-a", "johnson"},
        {"sweep", file, "--nodes", "1:x", "-a", "johnson"},
        {"sweep", file, "--nodes", "5", "-a", "jonson"},
        {"sweep", "--nodes", "5", "-a", "johnson"},
        {"sweep", file, "--generate", "facebook", "--nodes", "5", "-a", "johnson"},
        {"sweep", file, "--runs", "3", "--nodes", "5", "-a", "johnson"},
        {"sweep", "--generate", "yahoo", "--nodes", "5", "-a", "johnson"},
        {"generate", "yahoo-bimodal", "--jobs", "5", "--seed", "1", "--slots-per-node", "0", "-o",
         test::scratchDir() + "/never.json"},
    };
    for (const auto& args : cases) {
        SCOPED_TRACE(args[1] + " " + args[2] + " " + args[3]);
        const auto c = runMrsimBinary(args);
        EXPECT_EQ(c.exitCode, 2) << c.out;
        EXPECT_EQ(lineCount(c.err), 1u) << c.err;
    }
}

}  // namespace
}  // namespace mr
