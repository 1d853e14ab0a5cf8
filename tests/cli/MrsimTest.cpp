// mrsim, the real binary: the JSON of docs/cli.md, tables and CSV, --help, and exit code 2
// with one clear stderr line for every kind of bad input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "support/TestSupport.h"

namespace mr {
namespace {

using test::lineCount;
using test::runMrsimBinary;
using test::samplePath;

TEST(Mrsim, RunJsonFollowsTheContract) {
    const auto c = runMrsimBinary(
        {"run", samplePath("figure4-scenario1.json"), "--algorithm", "johnson", "--json"});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    EXPECT_TRUE(c.err.empty()) << c.err;
    const auto j = nlohmann::json::parse(c.out);
    EXPECT_EQ(j["algorithm"], "johnson");
    EXPECT_EQ(j["order"], nlohmann::json({"J2", "J5", "J1", "J4", "J3"}));
    EXPECT_DOUBLE_EQ(j["makespan"].get<double>(), 47.0);
    EXPECT_DOUBLE_EQ(j["model_makespan"].get<double>(), 47.0);
    ASSERT_EQ(j["jobs"].size(), 5u);
    EXPECT_EQ(j["jobs"][1]["name"], "J2");
    EXPECT_DOUBLE_EQ(j["jobs"][1]["start"].get<double>(), 0.0);
    EXPECT_DOUBLE_EQ(j["jobs"][1]["map_end"].get<double>(), 1.0);
    EXPECT_DOUBLE_EQ(j["jobs"][1]["end"].get<double>(), 5.0);
    EXPECT_GT(j["utilization"]["map"].get<double>(), 0.9);
    EXPECT_LE(j["utilization"]["reduce"].get<double>(), 1.0);
    EXPECT_FALSE(j.contains("pools"));  // single-pool algorithm
}

TEST(Mrsim, RunPrintsAReadableTable) {
    const auto c = runMrsimBinary({"run", samplePath("two-jobs.json"), "-a", "fifo"});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    EXPECT_NE(c.out.find("makespan     42   (two-stage model: 42)"), std::string::npos) << c.out;
    EXPECT_NE(c.out.find("order        J1 J2"), std::string::npos) << c.out;
}

TEST(Mrsim, CompareAsJsonCsvAndTable) {
    const std::string file = samplePath("figure4-scenario1.json");
    const auto json = runMrsimBinary(
        {"compare", file, "--algorithms", "fifo,johnson,reverse-johnson,optimal", "--json"});
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const auto j = nlohmann::json::parse(json.out);
    ASSERT_EQ(j["results"].size(), 4u);
    EXPECT_EQ(j["baseline"], "fifo");
    EXPECT_DOUBLE_EQ(j["results"][1]["makespan"].get<double>(), 47.0);
    EXPECT_DOUBLE_EQ(j["results"][2]["makespan"].get<double>(), 78.0);
    EXPECT_DOUBLE_EQ(j["results"][3]["makespan"].get<double>(), 47.0);

    const auto csv =
        runMrsimBinary({"compare", file, "--algorithms", "johnson,reverse-johnson", "--csv"});
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    EXPECT_EQ(lineCount(csv.out), 3u);
    EXPECT_EQ(csv.out.rfind("algorithm,makespan,model_makespan,", 0), 0u);
    EXPECT_NE(csv.out.find("\nreverse-johnson,78,78,-65.9574"), std::string::npos) << csv.out;

    const auto table = runMrsimBinary({"compare", file, "--algorithms", "fifo,johnson"});
    ASSERT_EQ(table.exitCode, 0);
    EXPECT_NE(table.out.find("J2 J5 J1 J4 J3"), std::string::npos);
}

TEST(Mrsim, ManualOrderFromTheCommandLine) {
    const auto c = runMrsimBinary(
        {"run", samplePath("two-jobs.json"), "-a", "manual", "--order", "J2,J1", "--json"});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    EXPECT_DOUBLE_EQ(nlohmann::json::parse(c.out)["makespan"].get<double>(), 24.0);
}

TEST(Mrsim, HelpExitsZero) {
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"--help"}, {"run", "--help"}, {"compare", "--help"}, {"algorithms"}}) {
        const auto c = runMrsimBinary(args);
        EXPECT_EQ(c.exitCode, 0) << args[0];
        EXPECT_FALSE(c.out.empty());
    }
    EXPECT_NE(runMrsimBinary({"--help"}).out.find("reverse-johnson"), std::string::npos);
}

// The version is CMake's project() version, not a string written again in the code.
TEST(Mrsim, VersionComesFromTheCMakeProject) {
    const std::string cmake = test::readText(samplePath("../CMakeLists.txt"));
    std::smatch m;
    ASSERT_TRUE(std::regex_search(cmake, m, std::regex(R"(project\(\w+ VERSION ([0-9.]+))")));
    const auto c = runMrsimBinary({"--version"});
    EXPECT_EQ(c.exitCode, 0);
    EXPECT_EQ(c.out, "mrsim " + m[1].str() + "\n");
}

struct BadRun {
    std::vector<std::string> args;
    std::string fileText;  // written to bad.json and passed first when not empty
    std::string expected;  // must appear in the one stderr line
};

TEST(Mrsim, BadInputExitsTwoWithOneLineNamingTheProblem) {
    const std::string dir = test::scratchDir();
    const std::string header =
        R"({"format": "mrx-workload", "version": 1, "cluster": {"nodes": 2, "map_slots_per_node": 1, "reduce_slots_per_node": 1}, "jobs": [)";
    const std::vector<BadRun> cases = {
        {{"-a", "johnson"},
         header + R"({"name": "J1", "maps": 2, "map_duration": -3}]})",
         "job 'J1': field 'map_duration'"},
        {{"-a", "johnson"},
         header +
             R"({"name": "J1", "maps": 2, "map_duration": 3}, {"name": "J1", "maps": 1, "map_duration": 1}]})",
         "job 'J1': field 'name': duplicate"},
        {{"-a", "johnson"}, header + R"({"name": "J1", "maps": 2, "map_dur)", "not valid JSON"},
        {{"-a", "johnson"},
         R"({"format": "mrx-workload", "version": 3, "cluster": {}, "jobs": []})",
         "field 'version'"},
        {{"-a", "jonson"},
         header + R"({"name": "J1", "maps": 2, "map_duration": 3}]})",
         "unknown algorithm 'jonson'"},
        {{"-a", "manual", "--order", "J1,J9"},
         header + R"({"name": "J1", "maps": 2, "map_duration": 3}]})",
         "job 'J9'"},
        {{"--algorithm"},
         header + R"({"name": "J1", "maps": 2, "map_duration": 3}]})",
         "algorithm"},
        {{"-a", "johnson", "--estimator", "magic"},
         header + R"({"name": "J1", "maps": 2, "map_duration": 3}]})",
         "estimator"},
    };
    for (std::size_t i = 0; i < cases.size(); ++i) {
        SCOPED_TRACE("case " + std::to_string(i));
        const std::string path = dir + "/bad" + std::to_string(i) + ".json";
        test::writeText(path, cases[i].fileText);
        std::vector<std::string> args{"run", path};
        args.insert(args.end(), cases[i].args.begin(), cases[i].args.end());
        const auto c = runMrsimBinary(args);
        EXPECT_EQ(c.exitCode, 2) << c.err;
        EXPECT_EQ(lineCount(c.err), 1u) << c.err;
        EXPECT_NE(c.err.find(cases[i].expected), std::string::npos) << c.err;
        EXPECT_TRUE(c.out.empty()) << c.out;
    }
    // A missing file, and an unknown subcommand.
    const auto missing = runMrsimBinary({"run", dir + "/nope.json", "-a", "fifo"});
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_NE(missing.err.find("nope.json: cannot open"), std::string::npos) << missing.err;
    EXPECT_EQ(runMrsimBinary({"frobnicate"}).exitCode, 2);
    EXPECT_EQ(runMrsimBinary({}).exitCode, 2);
    // optimal refuses big batches with exit 2.
    std::string big = header;
    for (int i = 0; i < 11; ++i) {
        big += std::string(i ? ", " : "") + R"({"name": "J)" + std::to_string(i) +
               R"(", "maps": 1, "map_duration": 1})";
    }
    test::writeText(dir + "/big.json", big + "]}");
    const auto tooBig = runMrsimBinary({"run", dir + "/big.json", "-a", "optimal"});
    EXPECT_EQ(tooBig.exitCode, 2);
    EXPECT_NE(tooBig.err.find("limited to 10 jobs"), std::string::npos) << tooBig.err;
}

// The hand-worked node failure of core/ScenarioTest.cpp from the command line: fifo, node 1 fails
// at 15 s for good, makespan 60 (30 without); a scenario whose attempts always fail reports every
// job failed; a bad scenario is one line and exit 2.
TEST(Mrsim, ScenarioFileChangesTheRunAndFailedJobsAreReported) {
    const std::string dir = test::scratchDir();
    const std::string workload = dir + "/two.json";
    test::writeText(workload, R"({"format": "mrx-workload", "version": 1, "name": "two",
        "cluster": {"nodes": 2, "map_slots_per_node": 1, "reduce_slots_per_node": 1},
        "jobs": [{"name": "J1", "maps": 2, "reduces": 2, "map_duration": 10, "reduce_duration": 10},
                 {"name": "J2", "maps": 2, "reduces": 2, "map_duration": 10, "reduce_duration": 10}]})");
    test::writeText(dir + "/down.json", R"({"node_failures": [{"node": 1, "at": 15}]})");
    const auto run =
        runMrsimBinary({"run", workload, "-a", "fifo", "--scenario", dir + "/down.json", "--json"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto j = nlohmann::json::parse(run.out);
    EXPECT_DOUBLE_EQ(j["makespan"].get<double>(), 60.0);
    EXPECT_EQ(j["failed_jobs"], 0);
    EXPECT_EQ(j["lost_outputs"], 1);
    EXPECT_EQ(j["jobs"][0]["lost_outputs"], 1);

    test::writeText(dir + "/fail.json", R"({"max_attempts": 1, "failure_probability": 0.999})");
    const auto failing =
        runMrsimBinary({"run", workload, "-a", "fifo", "--scenario", dir + "/fail.json", "--json"});
    ASSERT_EQ(failing.exitCode, 0) << failing.err;
    const auto f = nlohmann::json::parse(failing.out);
    EXPECT_EQ(f["failed_jobs"], 2);
    EXPECT_EQ(f["jobs"][0]["failed"], true);
    const auto compare = runMrsimBinary(
        {"compare", workload, "-a", "fifo,johnson", "--scenario", dir + "/fail.json"});
    ASSERT_EQ(compare.exitCode, 0) << compare.err;
    EXPECT_NE(compare.out.find("failed jobs"), std::string::npos) << compare.out;

    test::writeText(dir + "/bad.json", R"({"node_failures": [{"node": 2, "at": 1}]})");
    const auto bad =
        runMrsimBinary({"run", workload, "-a", "fifo", "--scenario", dir + "/bad.json"});
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_EQ(bad.err, "mrsim: error: " + dir +
                           "/bad.json: field 'scenario.node_failures[0].node': node 2 is not in "
                           "the cluster (nodes 0 to 1)\n");
}

}  // namespace
}  // namespace mr
