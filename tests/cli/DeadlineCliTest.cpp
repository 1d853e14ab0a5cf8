// mrsim's deadline commands, the real binary: generate with arrivals and deadlines, run --json's
// deadline_metrics, min-slots, sweep-load (table, CSV, JSON), --locality, and bad input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/TestSupport.h"

namespace mr {
namespace {

using test::runMrsimBinary;

std::size_t lineCount(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

const char* kMinSlotsWorkload = R"({"format": "mrx-workload", "version": 1,
  "cluster": {"nodes": 64, "map_slots_per_node": 1, "reduce_slots_per_node": 1},
  "jobs": [{"name": "J", "maps": 40, "reduces": 10, "map_duration": 10, "reduce_duration": 10,
            "deadline": 30},
           {"name": "K", "maps": 4, "map_duration": 10}]})";

TEST(DeadlineCli, GenerateWithArrivalsAndDeadlinesThenRun) {
    const std::string file = test::scratchDir() + "/fb-deadlines.json";
    const auto gen =
        runMrsimBinary({"generate", "facebook-1000", "--jobs", "100", "--seed", "3", "--nodes",
                        "16", "--interarrival", "200", "--deadline-factor", "1:2", "-o", file});
    ASSERT_EQ(gen.exitCode, 0) << gen.err;
    const auto run = runMrsimBinary({"run", file, "-a", "min-edf-wc", "--json"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto j = nlohmann::json::parse(run.out);
    ASSERT_TRUE(j.contains("deadline_metrics"));
    const auto& d = j["deadline_metrics"];
    for (const char* key :
         {"relative_deadline_exceeded", "missed_fraction", "avg_completion_time", "extra_map_tasks",
          "extra_reduce_tasks", "killed_map_tasks", "killed_reduce_tasks"}) {
        EXPECT_TRUE(d.contains(key)) << key;
    }
    EXPECT_FALSE(d.contains("data_local_fraction"));
    EXPECT_TRUE(d["extra_map_tasks"].is_number_integer());
    EXPECT_EQ(d["jobs_with_deadline"], 100);
    EXPECT_GT(j["jobs"][99]["arrival"].get<double>(), 0.0);
    EXPECT_TRUE(j["jobs"][0].contains("deadline"));

    const auto text = runMrsimBinary({"run", file, "-a", "edf"});
    ASSERT_EQ(text.exitCode, 0) << text.err;
    EXPECT_NE(text.out.find("deadlines    "), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("relative deadline exceeded"), std::string::npos);

    const auto local = runMrsimBinary(
        {"run", file, "-a", "fair", "--locality", "--remote-penalty", "2", "--json"});
    ASSERT_EQ(local.exitCode, 0) << local.err;
    const double fraction =
        nlohmann::json::parse(local.out)["deadline_metrics"]["data_local_fraction"].get<double>();
    EXPECT_GT(fraction, 0.0);
    EXPECT_LE(fraction, 1.0);

    const auto compare = runMrsimBinary({"compare", file, "--algorithms", "edf,min-edf", "--csv"});
    ASSERT_EQ(compare.exitCode, 0) << compare.err;
    EXPECT_NE(compare.out.find(",relative_deadline_exceeded,missed_fraction,"), std::string::npos);
    EXPECT_EQ(lineCount(compare.out), 3u);

    const auto testbed =
        runMrsimBinary({"generate", "testbed", "--jobs", "20", "--seed", "1", "--interarrival",
                        "300", "--deadline-factor", "2:4", "-o", test::scratchDir() + "/tb.json"});
    EXPECT_EQ(testbed.exitCode, 0) << testbed.err;
    EXPECT_NE(testbed.out.find("20 jobs"), std::string::npos);
}

TEST(DeadlineCli, TheSpareKillSampleDoesWhatItsDescriptionSays) {
    const std::string file = test::samplePath("deadlines-spare-kill.json");
    const auto wc = runMrsimBinary({"run", file, "-a", "min-edf-wc", "--json"});
    ASSERT_EQ(wc.exitCode, 0) << wc.err;
    const auto j = nlohmann::json::parse(wc.out);
    EXPECT_EQ(j["deadline_metrics"]["killed_map_tasks"], 2);
    EXPECT_EQ(j["deadline_metrics"]["missed_fraction"], 0.0);
    EXPECT_DOUBLE_EQ(j["jobs"][1]["end"].get<double>(), 25.0);
    EXPECT_DOUBLE_EQ(j["jobs"][0]["end"].get<double>(), 225.0);
    const auto edf =
        nlohmann::json::parse(runMrsimBinary({"run", file, "-a", "edf", "--json"}).out);
    EXPECT_DOUBLE_EQ(edf["jobs"][1]["end"].get<double>(), 110.0);
    EXPECT_EQ(edf["jobs"][1]["late"], true);
    const auto minEdf =
        nlohmann::json::parse(runMrsimBinary({"run", file, "-a", "min-edf", "--json"}).out);
    EXPECT_DOUBLE_EQ(minEdf["jobs"][1]["end"].get<double>(), 25.0);
    EXPECT_DOUBLE_EQ(minEdf["jobs"][0]["end"].get<double>(), 800.0);
}

TEST(DeadlineCli, MinSlotsPrintsTheMinimalPair) {
    const std::string file = test::scratchDir() + "/minslots.json";
    test::writeText(file, kMinSlotsWorkload);
    // eq10: A = 400, B = 100, C = 0, deadline 30 -> Lagrange (20, 10), integer (20, 10).
    const auto c = runMrsimBinary({"min-slots", file, "--job", "J", "--model", "eq10", "--json"});
    ASSERT_EQ(c.exitCode, 0) << c.err;
    const auto j = nlohmann::json::parse(c.out);
    EXPECT_EQ(j["map_slots"], 20);
    EXPECT_EQ(j["reduce_slots"], 10);
    EXPECT_EQ(j["feasible"], true);
    EXPECT_DOUBLE_EQ(j["predicted_completion"].get<double>(), 30.0);
    EXPECT_DOUBLE_EQ(j["lagrange_map_slots"].get<double>(), 20.0);
    // aria-avg (default), with the deadline from the command line: still feasible, and the text.
    const auto text = runMrsimBinary({"min-slots", file, "--job", "J", "--deadline", "60"});
    ASSERT_EQ(text.exitCode, 0) << text.err;
    EXPECT_NE(text.out.find("slots        "), std::string::npos) << text.out;
    // Infeasible: 4 maps of 10 s cannot finish in 5 s; the answer is the most useful allocation.
    const auto no = runMrsimBinary({"min-slots", file, "--job", "K", "--deadline", "5", "--json"});
    ASSERT_EQ(no.exitCode, 0) << no.err;
    const auto k = nlohmann::json::parse(no.out);
    EXPECT_EQ(k["feasible"], false);
    EXPECT_EQ(k["map_slots"], 4);
    EXPECT_EQ(k["reduce_slots"], 0);
    const auto noText = runMrsimBinary({"min-slots", file, "--job", "K", "--deadline", "5"});
    EXPECT_NE(noText.out.find("infeasible"), std::string::npos) << noText.out;
}

TEST(DeadlineCli, SweepLoadAsTableCsvAndJson) {
    const std::vector<std::string> base{
        "sweep-load",     "facebook-1000", "--jobs", "40", "--nodes",           "16",
        "--interarrival", "100:300:100",   "--runs", "2",  "--deadline-factor", "1:2",
        "--algorithms",   "edf,min-edf-wc"};
    auto csvArgs = base;
    csvArgs.push_back("--csv");
    const auto csv = runMrsimBinary(csvArgs);
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    EXPECT_EQ(lineCount(csv.out), 1u + 3u * 2u);
    EXPECT_EQ(csv.out.rfind("interarrival,algorithm,runs,relative_deadline_exceeded,", 0), 0u);
    EXPECT_NE(csv.out.find("\n300,min-edf-wc,2,"), std::string::npos) << csv.out;

    auto jsonArgs = base;
    jsonArgs.push_back("--json");
    const auto json = runMrsimBinary(jsonArgs);
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const auto j = nlohmann::json::parse(json.out);
    ASSERT_EQ(j["points"].size(), 6u);
    EXPECT_EQ(j["points"][0]["algorithm"], "edf");
    EXPECT_TRUE(j["points"][0]["extra_map_tasks"].is_null());
    EXPECT_FALSE(j["points"][1]["extra_map_tasks"].is_null());

    const auto table = runMrsimBinary(base);
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("min-edf-wc"), std::string::npos);
}

// The paper's map sigma as the within-job sigma is the independent reading: the same workload
// files and the same sweep-load numbers, byte for byte (GeneratorsTest pins the files' bytes to
// those of the generator before the option existed).
TEST(DeadlineCli, WithinJobSigmaAtThePapersSigmaChangesNoByte) {
    const std::string plain = test::scratchDir() + "/fb-plain.json";
    const std::string paper = test::scratchDir() + "/fb-paper-sigma.json";
    const std::string level = test::scratchDir() + "/fb-level.json";
    const std::vector<std::string> generate = {
        "generate", "facebook-1000",     "--jobs", "200", "--seed", "4", "--interarrival",
        "300",      "--deadline-factor", "1:2",    "-o"};
    auto with = [&](std::vector<std::string> args, std::vector<std::string> extra) {
        args.insert(args.end(), extra.begin(), extra.end());
        const auto c = runMrsimBinary(args);
        EXPECT_EQ(c.exitCode, 0) << c.err;
        return c.out;
    };
    with(generate, {plain});
    with(generate, {paper, "--within-job-sigma", "1.6764"});
    with(generate, {level, "--within-job-sigma", "0.5"});
    EXPECT_EQ(test::readText(paper), test::readText(plain));
    EXPECT_NE(test::readText(level), test::readText(plain));

    const std::vector<std::string> sweep = {"sweep-load",     "facebook-1000", "--jobs", "200",
                                            "--interarrival", "300:600:300",   "--runs", "2",
                                            "--json"};
    const std::string independent = with(sweep, {});
    std::string atPaperSigma = with(sweep, {"--within-job-sigma", "1.6764"});
    const std::string recorded = "  \"within_job_sigma\": 1.6764,\n";
    const auto at = atPaperSigma.find(recorded);
    ASSERT_NE(at, std::string::npos) << atPaperSigma;
    EXPECT_EQ(atPaperSigma.erase(at, recorded.size()), independent);
    EXPECT_NE(with(sweep, {"--within-job-sigma", "0.5"}).find("\"within_job_sigma\": 0.5"),
              std::string::npos);
}

TEST(DeadlineCli, BadInputExitsTwoWithOneLine) {
    const std::string file = test::scratchDir() + "/minslots-bad.json";
    test::writeText(file, kMinSlotsWorkload);
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"min-slots", file, "--job", "nope"}, "job 'nope'"},
        {{"min-slots", file, "--job", "K"}, "no deadline"},
        {{"min-slots", file, "--job", "J", "--model", "magic"}, "model"},
        {{"min-slots", file, "--job", "J", "--deadline", "-3"}, "deadline"},
        {{"sweep-load", "facebook-1000", "--jobs", "10", "--interarrival", "5:1:1"},
         "interarrival"},
        {{"sweep-load", "facebook-1000", "--jobs", "10", "--interarrival", "5", "--algorithms",
          "edf,nope"},
         "unknown algorithm 'nope'"},
        {{"sweep-load", "nope", "--jobs", "10", "--interarrival", "5"}, "unknown workload kind"},
        {{"generate", "facebook-1000", "--jobs", "5", "--seed", "1", "--deadline-factor", "3", "-o",
          test::scratchDir() + "/x.json"},
         "deadline-factor"},
        {{"generate", "facebook-1000", "--jobs", "5", "--seed", "1", "--interarrival", "-1", "-o",
          test::scratchDir() + "/x.json"},
         "interarrival"},
        {{"generate", "facebook", "--jobs", "5", "--seed", "1", "--within-job-sigma", "-0.5", "-o",
          test::scratchDir() + "/x.json"},
         "within-job-sigma"},
        {{"sweep-load", "facebook-1000", "--jobs", "10", "--interarrival", "5",
          "--within-job-sigma", "x"},
         "within-job-sigma"},
        {{"sweep-load", "testbed", "--jobs", "10", "--interarrival", "5", "--within-job-sigma",
          "0.5"},
         "within-job-sigma"},
        {{"sweep", "--generate", "facebook", "--jobs", "10", "--nodes", "10", "-a", "johnson",
          "--within-job-sigma", "nan"},
         "within-job-sigma"},
        {{"run", file, "-a", "fair", "--vms-per-host", "2"}, "--locality"},
        {{"run", file, "-a", "fair", "--locality", "--remote-penalty", "0.5"}, "remote-penalty"},
    };
    for (const auto& [args, expected] : cases) {
        SCOPED_TRACE(args[0] + " " + args[1] + " ... " + expected);
        const auto c = runMrsimBinary(args);
        EXPECT_EQ(c.exitCode, 2) << c.err;
        EXPECT_EQ(lineCount(c.err), 1u) << c.err;
        EXPECT_NE(c.err.find(expected), std::string::npos) << c.err;
    }
}

}  // namespace
}  // namespace mr
