// mrsim cost, cost-sweep and generate-cost, the real binary: the JSON fields docs/cli.md lists,
// tables and CSV, and exit code 2 with one stderr line for bad models, bad options and
// infeasible models.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "io/TextFile.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

using nlohmann::json;
using test::runMrsimBinary;
using test::samplePath;

std::size_t lines(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

const char* kTwoMachines = R"({"format": "mrx-costmodel", "version": 1, "name": "two machines",
  "stores": [{"name": "s1", "capacity_mb": 1000}, {"name": "s2", "capacity_mb": 1000}],
  "machines": [{"name": "A", "store": "s1", "cpu_units": 1, "cpu_cost_per_s": 5, "uptime_s": UPTIME},
               {"name": "B", "store": "s2", "cpu_units": 1, "cpu_cost_per_s": 1, "uptime_s": 50}],
  "transfer": {"default_cost_per_mb": 0, "default_mb_per_s": 100,
               "pairs": [{"a": "s1", "b": "s2", "cost_per_mb": 1}]},
  "data": [{"name": "d1", "size_mb": 100, "origin": "s1"}],
  "jobs": [{"name": "grep", "cpu_s_per_mb": 1, "data": ["d1"]}]})";

std::string twoMachinesFile(const std::string& uptimeA) {
    std::string text = kTwoMachines;
    text.replace(text.find("UPTIME"), 6, uptimeA);
    const std::string path = test::scratchDir() + "/two-" + uptimeA + ".json";
    test::writeText(path, text);
    return path;
}

TEST(CostCli, JsonHasTheDocumentedFields) {
    const auto c =
        runMrsimBinary({"cost", twoMachinesFile("3600"), "--algorithm", "lips", "--json"});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    EXPECT_TRUE(c.err.empty()) << c.err;
    const json j = json::parse(c.out);
    EXPECT_EQ(j["algorithm"], "lips");
    EXPECT_DOUBLE_EQ(j["total_cost"].get<double>(), 350.0);  // B limited to 50 CPU-seconds
    EXPECT_DOUBLE_EQ(j["execution_cost"].get<double>(), 300.0);
    EXPECT_DOUBLE_EQ(j["runtime_transfer_cost"].get<double>(), 50.0);
    EXPECT_DOUBLE_EQ(j["data_transfer_cost"].get<double>(), 0.0);
    EXPECT_DOUBLE_EQ(j["lp_lower_bound"].get<double>(), 350.0);
    EXPECT_DOUBLE_EQ(j["makespan_s"].get<double>(), 50.0);
    EXPECT_EQ(j["solver_status"], "optimal");
    EXPECT_GE(j["solver_seconds"].get<double>(), 0.0);
    EXPECT_DOUBLE_EQ(j["cpu_seconds_per_machine"]["A"].get<double>(), 50.0);
    EXPECT_DOUBLE_EQ(j["cpu_seconds_per_machine"]["B"].get<double>(), 50.0);
    ASSERT_EQ(j["assignment"].size(), 2u);
    const json& a = j["assignment"][1];
    EXPECT_EQ(a["job"], "grep");
    EXPECT_EQ(a["machine"], "B");
    EXPECT_EQ(a["store"], "s1");
    EXPECT_DOUBLE_EQ(a["fraction"].get<double>(), 0.5);
    EXPECT_DOUBLE_EQ(a["lp_fraction"].get<double>(), 0.5);
    EXPECT_EQ(a["tasks"], 1);
    ASSERT_EQ(j["placement"].size(), 1u);
    EXPECT_EQ(j["placement"][0]["data"], "d1");
    EXPECT_EQ(j["placement"][0]["store"], "s1");
    EXPECT_DOUBLE_EQ(j["placement"][0]["fraction"].get<double>(), 1.0);
}

TEST(CostCli, OnlineReportsItsEpochs) {
    const auto c = runMrsimBinary({"cost", samplePath("lips-ec2-20-c1medium50.json"), "-a",
                                   "lips-online", "--epoch", "600", "--json"});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    const json j = json::parse(c.out);
    EXPECT_DOUBLE_EQ(j["epoch_s"].get<double>(), 600.0);
    ASSERT_EQ(j["epochs"].size(), j["epoch_count"].get<std::size_t>());
    EXPECT_GE(j["epochs"].size(), 2u);
    EXPECT_EQ(j["epochs"][1]["cpu_seconds_per_machine"].size(), 20u);
    EXPECT_GT(j["makespan_s"].get<double>(), 600.0);
    EXPECT_LE(j["makespan_s"].get<double>(), 600.0 * j["epoch_count"].get<double>() + 1e-6);
}

TEST(CostCli, ComparesAlgorithmsAsTableAndCsv) {
    const std::string file = samplePath("lips-ec2-20-c1medium50.json");
    const auto table =
        runMrsimBinary({"cost", file, "--algorithm", "hadoop-default,delay,lips,lips-online"});
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("hadoop-default"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("saving"), std::string::npos) << table.out;
    const auto csv = runMrsimBinary({"cost", file, "-a", "hadoop-default,lips", "--csv"});
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    EXPECT_EQ(lines(csv.out), 3u);
    EXPECT_EQ(csv.out.rfind("algorithm,feasible,total_cost,", 0), 0u) << csv.out;
    EXPECT_NE(csv.out.find("\nlips,true,0.67712,"), std::string::npos) << csv.out;
    const auto text = runMrsimBinary({"cost", file, "-a", "lips-coschedule"});
    ASSERT_EQ(text.exitCode, 0) << text.err;
    EXPECT_NE(text.out.find("LP optimum"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("J5-grep"), std::string::npos) << text.out;
}

TEST(CostCli, InfeasibleModelExitsTwoWithTheReason) {
    const auto c = runMrsimBinary({"cost", twoMachinesFile("20"), "-a", "lips", "--json"});
    EXPECT_EQ(c.exitCode, 2);
    EXPECT_EQ(lines(c.err), 1u) << c.err;
    EXPECT_NE(c.err.find("infeasible: the jobs need 100 CPU-seconds"), std::string::npos) << c.err;
    const json j = json::parse(c.out);
    EXPECT_FALSE(j["feasible"].get<bool>());
    EXPECT_EQ(j["solver_status"], "infeasible");
    EXPECT_TRUE(j["total_cost"].is_null());
}

TEST(CostCli, BadInputExitsTwoWithOneLine) {
    const std::string bad = test::scratchDir() + "/bad-cost.json";
    std::string text = kTwoMachines;
    text.replace(text.find("UPTIME"), 6, "3600");
    text.replace(text.find("\"store\": \"s2\""), 13, "\"store\": \"s7\"");
    test::writeText(bad, text);
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"cost", bad, "-a", "lips"}, "machine 'B': field 'store': unknown store 's7'"},
        {{"cost", twoMachinesFile("3600"), "-a", "lipz"}, "unknown cost algorithm 'lipz'"},
        {{"cost", twoMachinesFile("3600"), "-a", "lips-online", "--epoch", "-5"}, "epoch"},
        {{"cost", test::scratchDir() + "/missing.json", "-a", "lips"}, "cannot open"},
        {{"cost-sweep", twoMachinesFile("3600")}, "--epochs"},
        {{"cost-sweep", twoMachinesFile("3600"), "--epochs", "10:5:1"}, "FROM must not be"},
        {{"cost-sweep", twoMachinesFile("3600"), "--epochs", "10:x:1"}, "FROM:TO:STEP"},
        {{"generate-cost", "--ec2-c1-medium", "30", "-o", test::scratchDir() + "/x.json"},
         "between 0 and 20"},
    };
    for (const auto& [args, words] : cases) {
        SCOPED_TRACE(args[0] + " " + args[1]);
        const auto c = runMrsimBinary(args);
        EXPECT_EQ(c.exitCode, 2) << c.out;
        EXPECT_EQ(lines(c.err), 1u) << c.err;
        EXPECT_NE(c.err.find(words), std::string::npos) << c.err;
    }
}

TEST(CostCli, GenerateCostWritesTheSamplesAndRandomModels) {
    const std::string out = test::scratchDir() + "/ec2.json";
    const auto ec2 = runMrsimBinary({"generate-cost", "--ec2-c1-medium", "10", "-o", out});
    ASSERT_EQ(ec2.exitCode, 0) << ec2.err;
    EXPECT_EQ(readTextFile(out), readTextFile(samplePath("lips-ec2-20-c1medium50.json")));
    const std::string random = test::scratchDir() + "/random.json";
    const auto r = runMrsimBinary({"generate-cost", "--machines", "8", "--jobs", "20", "--stores",
                                   "4", "--seed", "3", "-o", random});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("8 machines, 4 stores, 20 jobs"), std::string::npos) << r.out;
    const auto run = runMrsimBinary({"cost", random, "-a", "lips,hadoop-default", "--json"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(json::parse(run.out)["results"].size(), 2u);
}

TEST(CostCli, SweepsAsCsvAndJson) {
    const auto epochs = runMrsimBinary({"cost-sweep", samplePath("lips-ec2-20-c1medium50.json"),
                                        "--epochs", "500:1500:500", "--csv"});
    ASSERT_EQ(epochs.exitCode, 0) << epochs.err;
    EXPECT_EQ(lines(epochs.out), 4u) << epochs.out;
    EXPECT_EQ(epochs.out.rfind("epoch_s,feasible,total_cost,", 0), 0u) << epochs.out;
    // One epoch of 3000 s holds everything on the c1.medium nodes of each zone: the offline
    // optimum, 73 600 CPU-seconds at 0.92 millicent.
    const auto longest = runMrsimBinary({"cost-sweep", samplePath("lips-ec2-20-c1medium50.json"),
                                         "--epochs", "3000:3000:1", "--csv"});
    ASSERT_EQ(longest.exitCode, 0) << longest.err;
    EXPECT_NE(longest.out.find("\n3000,true,0.67712,0,0.67712,0,0.67712,"), std::string::npos)
        << longest.out;

    const auto machines =
        runMrsimBinary({"cost-sweep", "--machines", "3:5:2", "--runs", "2", "--json"});
    ASSERT_EQ(machines.exitCode, 0) << machines.err;
    const json j = json::parse(machines.out);
    ASSERT_EQ(j["points"].size(), 2u);
    EXPECT_EQ(j["points"][1]["machines"], 5);
    EXPECT_EQ(j["points"][1]["jobs"], 20);
    EXPECT_EQ(j["points"][1]["runs"], 2);
    EXPECT_EQ(j["algorithm"], "lips-coschedule");
}

}  // namespace
}  // namespace mr
