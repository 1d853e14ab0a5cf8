// Bad input through the real mrsim binary: every input the fuzzing found to crash, hang, blow up
// or end with exit 1 now ends with exit 2 and one stderr line naming the file, the item and the
// field — and what an importer or generator writes, `run` accepts.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <filesystem>

#include "io/WorkloadJson.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

using test::lineCount;
using test::runMrsimBinary;
using test::samplePath;

// Exit 2, one stderr line holding `words`, nothing on stdout.
void expectBadInput(const test::Completed& c, const std::string& words) {
    EXPECT_EQ(c.exitCode, 2) << c.err;
    EXPECT_EQ(lineCount(c.err), 1u) << c.err;
    EXPECT_NE(c.err.find(words), std::string::npos) << c.err;
    EXPECT_TRUE(c.out.empty()) << c.out;
}

const std::string kHeader =
    R"({"format": "mrx-workload", "version": 1, "cluster": {"nodes": 2, "map_slots_per_node": 1, "reduce_slots_per_node": 1}, "jobs": [)";

TEST(HardeningCli, ParsingRefusalsAreOneLine) {
    const std::string dir = test::scratchDir();
    struct Case {
        std::string text, words;
    };
    std::string deep = "1";
    for (int i = 0; i < 60000; ++i) {
        deep = "[" + deep + "]";
    }
    const std::vector<Case> cases = {
        // A: 60 000 levels in an unknown field overflowed the stack (exit by SIGSEGV).
        {kHeader + R"({"name": "J1", "maps": 1, "map_duration": 1, "x": )" + deep + "}]}",
         "job 'J1': field 'x[0][0]"},
        // Repeated keys: refused with the key's path, not the last silently kept.
        {kHeader + R"({"name": "J1", "maps": 1, "map_duration": 1, "map_duration": 9}]})",
         "job 'J1': field 'map_duration': the key appears twice"},
        // F: a name with a newline and an escape sequence stays on one line.
        {kHeader + R"({"name": "J1\nmrsim: ok\u001b[0m", "maps": -1, "map_duration": 1}]})",
         "job 'J1\\nmrsim: ok\\x1b[0m': field 'maps'"},
        // B: a cluster that passed validation and then asked for 48 GB (exit 1).
        {R"({"format": "mrx-workload", "version": 1, "cluster": {"nodes": 1000000, "map_slots_per_node": 1000, "reduce_slots_per_node": 1000}, "jobs": [{"name": "J1", "maps": 1, "map_duration": 1}]})",
         "field 'cluster.map_slots_per_node': 1000000 nodes x 1000 slots"},
    };
    for (std::size_t i = 0; i < cases.size(); ++i) {
        SCOPED_TRACE("case " + std::to_string(i));
        const std::string path = dir + "/hard" + std::to_string(i) + ".json";
        test::writeText(path, cases[i].text);
        expectBadInput(runMrsimBinary({"run", path, "-a", "fifo"}), path + ": " + cases[i].words);
    }
}

TEST(HardeningCli, ARunThatWouldNotFitInMemoryIsRefusedBeforeItStarts) {
    // B: 2000 jobs re-split over 2 000 000 slots: 4e9 tasks (bad_alloc, exit 1). Each re-split
    // stage is one (count, duration) and one wave, so what must be allocated before the first
    // event is the slots' arrays: 178 MB, refused under a 100 MB limit in one line.
    std::string text =
        R"({"format": "mrx-workload", "version": 1, "cluster": {"nodes": 100000, "map_slots_per_node": 10, "reduce_slots_per_node": 10}, "jobs": [)";
    for (int i = 0; i < 2000; ++i) {
        text += std::string(i ? ", " : "") + R"({"name": "J)" + std::to_string(i) +
                R"(", "maps": 1, "reduces": 1, "map_duration": 1, "reduce_duration": 1})";
    }
    const std::string path = test::scratchDir() + "/resplit.json";
    test::writeText(path, text + "]}");
    ::setenv("MRX_MEMORY_LIMIT", "100M", 1);
    const auto c = runMrsimBinary({"run", path, "-a", "hscheduler"});
    ::unsetenv("MRX_MEMORY_LIMIT");
    expectBadInput(c, path +
                          ": field 'cluster': hscheduler on this workload (mostly the engine's "
                          "2000000 slots) needs about 178 MB of memory; the limit is 100 MB");
}

TEST(HardeningCli, ImportRefusalsAreOneLine) {
    const std::string dir = test::scratchDir();
    // D: a directory as the trace ended with exit 1 ("basic_filebuf::xsgetn error").
    expectBadInput(runMrsimBinary({"import", "rumen", dir, "-o", dir + "/r.json"}),
                   dir + ": is a directory");
    // C: a job id that is not UTF-8 ended with exit 1 (a JSON type_error while saving).
    const std::string swim = dir + "/latin1.tsv";
    test::writeText(swim, "ok\t0\t0\t100\t0\t0\nj\xe9t\xe9\t1\t1\t100\t0\t0\n");
    const auto c = runMrsimBinary({"import", "swim", swim, "-o", dir + "/s.json"});
    expectBadInput(c, "job 'j\\xe9t\\xe9': field 'new_unique_job_id': is not valid UTF-8 text");
    EXPECT_FALSE(std::filesystem::exists(dir + "/s.json"));
}

// An output that names an input file (or another output) is refused before anything is written:
// the trace, the workload stay as they were. A sweep's --resume PART -o PART appends by design.
TEST(HardeningCli, AnOutputNeverReplacesAnInput) {
    const std::string dir = test::scratchDir();
    const std::string trace = dir + "/same.tsv";
    const std::string traceText = test::readText(test::testDataPath("swim-small.tsv"));
    test::writeText(trace, traceText);
    expectBadInput(runMrsimBinary({"import", "swim", trace, "-o", dir + "/./same.tsv"}),
                   dir + "/./same.tsv: field 'output': is also the input " + trace +
                       ": writing it would replace the input; write to another file");
    EXPECT_EQ(test::readText(trace), traceText);
    const std::string workload = dir + "/w.json";
    const std::string workloadText = test::readText(samplePath("two-jobs.json"));
    test::writeText(workload, workloadText);
    expectBadInput(runMrsimBinary({"run", workload, "-a", "fifo", "--tasks-csv", workload}),
                   workload + ": field 'tasks-csv': is also the input " + workload);
    EXPECT_EQ(test::readText(workload), workloadText);
    expectBadInput(runMrsimBinary({"run", workload, "-a", "fifo", "--tasks-csv", dir + "/a.csv",
                                   "--jobs-csv", dir + "/a.csv"}),
                   dir + "/a.csv: field 'jobs-csv': is also given to --tasks-csv");
    EXPECT_FALSE(std::filesystem::exists(dir + "/a.csv"));
    const std::string part = dir + "/p.jsonl";
    ASSERT_EQ(
        runMrsimBinary({"sweep", workload, "--nodes", "2:3", "-a", "fifo", "-o", part}).exitCode,
        0);
    const auto resumed = runMrsimBinary(
        {"sweep", workload, "--nodes", "2:3", "-a", "fifo", "--resume", part, "-o", part});
    EXPECT_EQ(resumed.exitCode, 0) << resumed.err;
}

// What is not a Rumen trace at all says so in one line: a device of NUL bytes (/dev/zero), an
// empty file, a number beyond a double.
TEST(HardeningCli, ARumenFileThatIsNoTraceSaysWhatItIs) {
    const std::string dir = test::scratchDir();
    expectBadInput(runMrsimBinary({"import", "rumen", "/dev/zero", "-o", dir + "/z.json"}),
                   "/dev/zero: job '#1': holds binary data (a NUL byte at line 1), not a Rumen "
                   "trace (JSON text)");
    const std::string empty = dir + "/empty.json";
    test::writeText(empty, "\n  \n");
    expectBadInput(runMrsimBinary({"validate", empty}),
                   empty + ": holds no job: the file is empty or blank");
    const std::string huge = dir + "/huge.json";
    test::writeText(huge, R"({"jobID": "job_1", "submitTime": 1e999})");
    expectBadInput(runMrsimBinary({"import", "rumen", huge, "-o", dir + "/h.json"}),
                   huge +
                       ": job 'job_1': field 'submitTime': must be a finite number (got 1e999, "
                       "line 1)");
    EXPECT_FALSE(std::filesystem::exists(dir + "/z.json"));
    EXPECT_FALSE(std::filesystem::exists(dir + "/h.json"));
}

TEST(HardeningCli, GenerateMakesExactlyTheJobsAndOnlyWhatRunAccepts) {
    const std::string dir = test::scratchDir();
    // J: --jobs 1 wrote an empty workload and exited 0.
    const auto one = runMrsimBinary(
        {"generate", "facebook", "--jobs", "1", "--seed", "1", "-o", dir + "/one.json"});
    ASSERT_EQ(one.exitCode, 0) << one.err;
    EXPECT_EQ(loadWorkload(dir + "/one.json").jobCount(), 1);
    EXPECT_EQ(runMrsimBinary({"run", dir + "/one.json", "-a", "fifo"}).exitCode, 0);
    // J: more task times than memory holds are refused before any is drawn, and nothing is
    // written. 300 000 jobs of 233.92 tasks ([Verma12] Table I) need 561 MB of times.
    ::setenv("MRX_MEMORY_LIMIT", "100M", 1);
    const auto many = runMrsimBinary(
        {"generate", "facebook", "--jobs", "300000", "--seed", "1", "-o", dir + "/many.json"});
    ::unsetenv("MRX_MEMORY_LIMIT");
    expectBadInput(many, "field 'jobs': 300000 jobs of this kind need more than ");
    EXPECT_NE(many.err.find("; the limit is 100 MB (MRX_MEMORY_LIMIT); ask for at most "),
              std::string::npos)
        << many.err;
    EXPECT_FALSE(std::filesystem::exists(dir + "/many.json"));
    // Arrivals past what a workload holds.
    expectBadInput(runMrsimBinary({"generate", "facebook", "--jobs", "2000", "--seed", "1",
                                   "--interarrival", "1e9", "-o", dir + "/late.json"}),
                   "field 'interarrival'");
}

// A seed is a whole number from 0 to 2^64 - 1 on every command: "-1" is refused, not read as
// 18446744073709551615 (a different batch than the one asked for, written without a word).
TEST(HardeningCli, ANegativeSeedIsRefusedOnEveryCommand) {
    const std::string dir = test::scratchDir();
    const std::string words = "field 'seed': must be a whole number from 0 to 18446744073709551615";
    const std::vector<std::vector<std::string>> commands = {
        {"generate", "facebook", "--jobs", "3", "--seed", "-1", "-o", dir + "/g.json"},
        {"generate-cost", "--machines", "3", "--jobs", "2", "--seed", "-1", "-o", dir + "/c.json"},
        {"sweep-load", "facebook-1000", "--jobs", "3", "--interarrival", "100:200:100", "--runs",
         "1", "--deadline-factor", "1:2", "-a", "edf", "--seed", "-1"},
        {"cost-sweep", "--machines", "2:2:1", "--runs", "1", "--seed", "-1"},
        {"run", samplePath("two-jobs.json"), "-a", "random", "--seed", "-1"},
    };
    for (const auto& args : commands) {
        SCOPED_TRACE(args[0]);
        expectBadInput(runMrsimBinary(args), words + " (got '-1')");
    }
    EXPECT_FALSE(std::filesystem::exists(dir + "/g.json"));
    EXPECT_FALSE(std::filesystem::exists(dir + "/c.json"));
}

// A value below an option's range is one short line: the range as people write it, not
// 1.8e308 printed digit by digit.
TEST(HardeningCli, APositiveOptionSaysPositive) {
    const std::string dir = test::scratchDir();
    const auto c = runMrsimBinary({"import", "swim",
                                   test::tracePath("swim/FB-2009_samples_24_times_1hr_0.tsv"),
                                   "--block-size", "-1", "-o", dir + "/s.json"});
    expectBadInput(c,
                   "field 'block-size': must be a whole number between 1 and "
                   "9007199254740992 (got '-1')");
    EXPECT_LT(c.err.size(), 120u) << c.err;
}

// A mistyped command is named as such, not reported as a missing one.
TEST(HardeningCli, AnUnknownCommandIsNamed) {
    expectBadInput(runMrsimBinary({"simulate", samplePath("two-jobs.json")}),
                   "unknown command 'simulate' (see mrsim --help)");
}

// A trace, a cost model or a session handed to a command that reads a workload says what the
// file is and which command reads it, not a JSON error from its 5114th line.
TEST(HardeningCli, AFileOfAnotherKindSaysWhatItIs) {
    const std::string rumen = test::tracePath("rumen/2jobs2min-rumen-jh.json");
    expectBadInput(runMrsimBinary({"run", rumen, "-a", "johnson"}),
                   rumen +
                       ": is a Rumen job trace (Hadoop job history), not a workload: turn it "
                       "into one with mrsim import rumen " +
                       rumen + " -o WORKLOAD.json");
    const std::string sls = test::tracePath("sls/syn.json");
    expectBadInput(runMrsimBinary({"compare", sls, "-a", "johnson"}),
                   sls + ": is a Hadoop SLS trace");
    const std::string model = samplePath("lips-ec2-20.json");
    expectBadInput(runMrsimBinary({"min-slots", model, "--job", "J1"}),
                   model + ": is a LiPS cost model: mrsim cost and cost-sweep read it");
}

TEST(HardeningCli, SavingNeverReplacesADevice) {
    // As root, `-o /dev/null` replaced the device node with a regular file. Root tests on a
    // null device of its own; others on /dev/null (which they cannot replace anyway).
    const std::string dir = test::scratchDir();
    std::string device = "/dev/null";
    if (::geteuid() == 0) {
        device = dir + "/null-device";
        std::filesystem::remove(device);
        ASSERT_EQ(::mknod(device.c_str(), S_IFCHR | 0666, makedev(1, 3)), 0);
    }
    expectBadInput(
        runMrsimBinary({"generate", "facebook", "--jobs", "5", "--seed", "1", "-o", device}),
        device + ": is a character device, not a regular file; refusing to replace it");
    expectBadInput(
        runMrsimBinary({"run", samplePath("two-jobs.json"), "-a", "fifo", "--tasks-csv", device}),
        "refusing to replace it");
    struct stat st {};
    ASSERT_EQ(::lstat(device.c_str(), &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode));
}

}  // namespace
}  // namespace mr
