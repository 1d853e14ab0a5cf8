// Every numeric option of every mrsim command reads its value with the program's own number
// reader and refuses a bad one in the same words (app/cli/NumberOptions.h): exit 2 and one line
// "field 'ID': must be a whole number between A and B (got 'TEXT')", never CLI11's wording, never
// "0x10" read as 16 or "1e3" as 1000 whole jobs. Runs mrsim in-process (cli/Cli.h).
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "cli/Cli.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

struct Outcome {
    int exitCode = 0;
    std::string out, err;
};

Outcome mrsim(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int code = cli::runMrsim(args, out, err);
    return {code, out.str(), err.str()};
}

struct NumberCase {
    std::vector<std::string> command;  // the command and its required arguments
    std::string option;
    std::string accepted;  // what the message says is accepted
    bool whole = true;
};

std::vector<NumberCase> numberCases(const std::string& dir) {
    const std::string workload = test::samplePath("two-jobs.json");
    const std::string rumen = test::testDataPath("rumen-reduces.json");
    const std::string swim = test::testDataPath("swim-small.tsv");
    const std::string costModel = test::samplePath("lips-ec2-20.json");
    const std::vector<std::string> generate = {"generate", "facebook", "--seed",
                                               "1",        "-o",       dir + "/refused-g.json"};
    const std::vector<std::string> importSwim = {"import", "swim", swim, "-o",
                                                 dir + "/refused-s.json"};
    const std::vector<std::string> sweepLoad = {"sweep-load", "facebook", "--interarrival", "10"};
    const std::vector<std::string> costSweep = {"cost-sweep", "--machines", "2"};
    const std::string counts = "a whole number between 1 and ";
    return {
        {generate, "--jobs", counts + "1000000"},
        {generate, "--nodes", counts + "1000000"},
        {generate, "--slots-per-node", counts + "64"},
        {generate, "--interarrival", "a number between 0 and 1000000000000", false},
        {importSwim, "--block-size", counts + "9007199254740992"},
        {importSwim, "--map-mb-per-s", "a number greater than 0 and at most 1000000000", false},
        {importSwim, "--task-overhead", "a number between 0 and 1000000000000", false},
        {importSwim, "--jobs", counts + "9007199254740992"},
        {importSwim, "--repeat-days", counts + "3660"},
        {importSwim, "--reduce-slots-per-node", counts + "1000"},
        {{"import", "rumen", rumen, "-o", dir + "/refused-r.json"}, "--nodes", counts + "1000000"},
        {{"validate", rumen}, "--map-slots-per-node", counts + "1000"},
        {{"sweep", "--generate", "facebook", "--nodes", "4", "-a", "fifo"},
         "--runs",
         counts + "10000"},
        {sweepLoad, "--jobs", counts + "1000000"},
        {sweepLoad, "--threads", "a whole number between 0 and 1024"},
        {{"sweep-faults", workload, "--axis", "failure-prob", "--values", "0.1", "-a", "fifo"},
         "--runs",
         counts + "100000"},
        {{"generate-cost", "-o", dir + "/refused-c.json"},
         "--stores",
         "a whole number between 0 and 2000"},
        {{"generate-cost", "-o", dir + "/refused-c.json"},
         "--ec2-c1-medium",
         "a whole number between 0 and 20"},
        {costSweep, "--jobs-per-machine", counts + "1000"},
        {{"cost", costModel, "-a", "lips-online"},
         "--epoch",
         "a number greater than 0 and at most 1000000000000",
         false},
        {{"cost", costModel, "-a", "delay"},
         "--delay",
         "a number between 0 and 1000000000000",
         false},
        {{"min-slots", workload, "--job", "J1"},
         "--deadline",
         "a number greater than 0 and at most 1000000000000",
         false},
    };
}

TEST(NumberOptionsCli, EveryNumericOptionRefusesABadValueInOneWording) {
    const std::string dir = test::scratchDir();
    for (const NumberCase& c : numberCases(dir)) {
        std::vector<std::string> bad = {"1e30", "-1e30", "nan", "inf", "", "0x10", " 3", "3x"};
        if (c.whole) {
            bad.insert(bad.end(), {"1.5", "1e-300", "1e3"});
        }
        for (const std::string& value : bad) {
            SCOPED_TRACE(c.command[0] + " " + c.option + " '" + value + "'");
            std::vector<std::string> args = c.command;
            args.insert(args.end(), {c.option, value});
            const Outcome o = mrsim(args);
            EXPECT_EQ(o.exitCode, 2);
            EXPECT_EQ(o.err, "mrsim: error: field '" + c.option.substr(2) + "': must be " +
                                 c.accepted + " (got '" + value + "')\n");
            EXPECT_TRUE(o.out.empty()) << o.out;
        }
    }
    for (const char* name : {"g", "s", "r", "c"}) {
        EXPECT_FALSE(std::filesystem::exists(dir + "/refused-" + name + ".json")) << name;
    }
}

// The ends of a range are accepted; the first value past them is not.
TEST(NumberOptionsCli, TheRangesEndsAreIn) {
    const std::string dir = test::scratchDir();
    const std::string out = dir + "/g.json";
    for (const char* nodes : {"1", "1000000"}) {
        const Outcome o = mrsim({"generate", "synthetic-unimodal", "--jobs", "1", "--seed", "1",
                                 "--nodes", nodes, "-o", out});
        EXPECT_EQ(o.exitCode, 0) << o.err;
    }
    EXPECT_EQ(mrsim({"generate", "synthetic-unimodal", "--jobs", "1", "--seed", "1", "--nodes",
                     "1000001", "-o", out})
                  .exitCode,
              2);
    // A deadline up to kMaxTime (the longest time a workload holds) has an answer; past it the
    // option is refused rather than answered with "1 slot" for an impossible schedule.
    const Outcome last = mrsim(
        {"min-slots", test::samplePath("two-jobs.json"), "--job", "J1", "--deadline", "1e12"});
    EXPECT_EQ(last.exitCode, 0) << last.err;
    EXPECT_NE(last.out.find("deadline     1000000000000"), std::string::npos) << last.out;
}

// --help names what each value is (FILE, N, SECONDS, LIST, ...), never CLI11's bare TEXT.
TEST(NumberOptionsCli, HelpGivesEveryValueAName) {
    for (const std::vector<std::string>& command :
         std::vector<std::vector<std::string>>{{"run"},
                                               {"compare"},
                                               {"generate"},
                                               {"import", "rumen"},
                                               {"import", "swim"},
                                               {"plan"},
                                               {"sweep"},
                                               {"min-slots"},
                                               {"sweep-load"},
                                               {"sweep-faults"},
                                               {"cost"},
                                               {"cost-sweep"},
                                               {"generate-cost"},
                                               {"validate"},
                                               {"merge"}}) {
        std::vector<std::string> args = command;
        args.push_back("--help");
        const Outcome o = mrsim(args);
        SCOPED_TRACE(command.back());
        EXPECT_EQ(o.exitCode, 0);
        EXPECT_EQ(o.out.find("TEXT"), std::string::npos) << o.out;
        EXPECT_EQ(o.out.find("FLOAT"), std::string::npos) << o.out;
        EXPECT_EQ(o.out.find(" INT"), std::string::npos) << o.out;
    }
    EXPECT_NE(mrsim({"run", "--help"}).out.find("--reconfig-delay SECONDS"), std::string::npos);
    EXPECT_NE(mrsim({"run", "--help"}).out.find("--estimator {exact|aria-low|aria-up|aria-avg}"),
              std::string::npos);
}

// An empty --shard is refused, not read as "no shard" (a whole sweep printed as text).
TEST(NumberOptionsCli, AnEmptyShardIsRefused) {
    const Outcome o = mrsim(
        {"sweep", test::samplePath("two-jobs.json"), "--nodes", "4", "-a", "fifo", "--shard", ""});
    EXPECT_EQ(o.exitCode, 2);
    EXPECT_EQ(o.err,
              "mrsim: error: field 'shard': expected I/N with 0 <= I < N <= 100000 (got '')\n");
    EXPECT_TRUE(o.out.empty()) << o.out;
}

// An epoch length in a sweep obeys --epoch's bound, sharded or not.
TEST(NumberOptionsCli, AnEpochSweepPastTheLongestTimeIsRefused) {
    for (const bool sharded : {false, true}) {
        std::vector<std::string> args = {"cost-sweep", test::samplePath("lips-ec2-20.json"),
                                         "--epochs", "1e308"};
        if (sharded) {
            args.insert(args.end(), {"--shard", "0/1"});
        }
        const Outcome o = mrsim(args);
        SCOPED_TRACE(sharded);
        EXPECT_EQ(o.exitCode, 2);
        EXPECT_EQ(o.err,
                  "mrsim: error: field 'epochs': must be a number of seconds > 0 and at most "
                  "1000000000000 (got 1e+308)\n");
    }
}

}  // namespace
}  // namespace mr
