// Sharded sweeps, the real mrsim binary: the same sweep run whole and as 1, 3 and 7
// shards (run in a shuffled order, some killed part-way and resumed) merges into exactly the
// unsharded output, byte for byte, as a table, CSV and JSON; the same for sweep-load, sweep-faults
// and both cost sweeps. Merge refuses missing, conflicting and foreign points with exit 2 and their
// indices, and keeps one of a point repeated with the same results; --list-points lists a
// shard's points; results do not depend on the thread count; a part has one writer at a time;
// a shard started with --exit-with-parent ends with its parent.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>

#include "io/SweepParts.h"
#include "model/Revisions.h"
#include "model/SeededRandom.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

using test::readText;
using test::runMrsimBinary;
using test::writeText;

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

std::string shardName(const std::string& tag, int index, int count) {
    return test::scratchDir() + "/" + tag + "-" + std::to_string(index) + "of" +
           std::to_string(count) + ".jsonl";
}

// Starts mrsim with `args` (stdout into a pipe), reads until `lines` lines have come, kills it
// with SIGKILL, then reads what it had written before dying. Returns that text; `killed` says
// whether the process was still running when killed.
std::string runAndKill(const std::vector<std::string>& args, std::size_t lines, bool* killed) {
    int fds[2];
    if (::pipe(fds) != 0) {
        ADD_FAILURE() << "pipe";
        return {};
    }
    const std::string program = test::mrsimPath();
    std::vector<char*> argv{const_cast<char*>(program.c_str())};
    for (const auto& a : args) {
        argv.push_back(const_cast<char*>(a.c_str()));
    }
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(fds[1], 1);
        const int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, 2);
        ::close(fds[0]);
        ::execv(program.c_str(), argv.data());
        ::_exit(127);
    }
    ::close(fds[1]);
    std::string text;
    char buffer[4096];
    while (static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) < lines) {
        const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
        if (n <= 0) {
            break;
        }
        text.append(buffer, static_cast<std::size_t>(n));
    }
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    *killed = WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
    for (ssize_t n = 0; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;) {
        text.append(buffer, static_cast<std::size_t>(n));  // written before it died
    }
    ::close(fds[0]);
    return text;
}

// A part as a killed writer leaves it: the first `keep` lines and half of the next one.
void cutAfterLines(const std::string& path, std::size_t keep) {
    const std::string text = readText(path);
    std::size_t end = 0;
    for (std::size_t i = 0; i < keep; ++i) {
        end = text.find('\n', end) + 1;
    }
    const std::size_t next = text.find('\n', end);
    ASSERT_NE(next, std::string::npos) << path << " has fewer than " << keep + 1 << " lines";
    writeText(path, text.substr(0, end + (next - end) / 2));
}

struct ShardPlan {
    int count = 1;
    std::set<int> killed;  // these shards are interrupted, then resumed
};

// Runs `sweep` as `plan.count` shards in a shuffled order and returns the part files. A killed
// shard: with `realKill`, mrsim writing to a pipe is SIGKILLed after a few lines (its sweep must
// print more than a pipe holds, so it is still running); otherwise its finished part is cut as a
// kill would (whole lines and a torn one). It is then resumed: appending to its part, or into a
// second part file for every other killed shard.
std::vector<std::string> runShards(const std::vector<std::string>& sweep, const std::string& tag,
                                   const ShardPlan& plan, bool realKill, std::uint64_t seed) {
    std::vector<int> order(static_cast<std::size_t>(plan.count));
    for (int i = 0; i < plan.count; ++i) {
        order[static_cast<std::size_t>(i)] = i;
    }
    SeededRandom random(seed);
    random.shuffle(order);
    std::vector<std::string> parts;
    int resumed = 0;
    for (int i : order) {
        SCOPED_TRACE("seed " + std::to_string(seed) + ", shard " + std::to_string(i) + "/" +
                     std::to_string(plan.count));
        const std::string shard = std::to_string(i) + "/" + std::to_string(plan.count);
        const std::string part = shardName(tag, i, plan.count);
        parts.push_back(part);
        if (!plan.killed.contains(i)) {
            const auto run = runMrsimBinary(with(sweep, {"--shard", shard, "-o", part}));
            EXPECT_EQ(run.exitCode, 0) << run.err;
            continue;
        }
        if (realKill) {
            bool killed = false;
            writeText(part, runAndKill(with(sweep, {"--shard", shard}), 4, &killed));
            EXPECT_TRUE(killed) << "the shard had finished before the kill";
            const std::string text = readText(part);
            writeText(part, text + text.substr(text.find('\n') + 1, 30));  // and a torn line
        } else {
            const auto run = runMrsimBinary(with(sweep, {"--shard", shard, "-o", part}));
            EXPECT_EQ(run.exitCode, 0) << run.err;
            cutAfterLines(part, 2);  // the header and one point
        }
        const std::size_t before = test::lineCount(readText(part));
        EXPECT_GE(before, 2u);
        if (++resumed % 2 == 1) {
            const auto run = runMrsimBinary(with(sweep, {"--shard", shard, "--resume", part}));
            EXPECT_EQ(run.exitCode, 0) << run.err;
            EXPECT_NE(run.err.find("were in"), std::string::npos) << run.err;
        } else {
            const std::string rest = part + ".rest";
            const auto run =
                runMrsimBinary(with(sweep, {"--shard", shard, "--resume", part, "-o", rest}));
            EXPECT_EQ(run.exitCode, 0) << run.err;
            parts.push_back(rest);
        }
    }
    return parts;
}

// The unsharded output in each format equals the merge of each plan's parts, byte for byte.
void expectMergesEqualUnsharded(const std::vector<std::string>& sweep, const std::string& tag,
                                const std::vector<ShardPlan>& plans, bool realKill) {
    std::vector<std::string> whole;
    for (const char* format : {"", "--json", "--csv"}) {
        const auto run = runMrsimBinary(*format ? with(sweep, {format}) : sweep);
        ASSERT_EQ(run.exitCode, 0) << run.err;
        ASSERT_FALSE(run.out.empty());
        whole.push_back(run.out);
    }
    std::uint64_t seed = 1;
    for (const ShardPlan& plan : plans) {
        const auto parts = runShards(sweep, tag, plan, realKill, seed++);
        std::size_t f = 0;
        for (const char* format : {"", "--json", "--csv"}) {
            SCOPED_TRACE(tag + " as " + std::to_string(plan.count) + " shards, format '" + format +
                         "'");
            std::vector<std::string> merge{"merge"};
            merge.insert(merge.end(), parts.rbegin(), parts.rend());
            if (*format) {
                merge.push_back(format);
            }
            const auto merged = runMrsimBinary(merge);
            EXPECT_EQ(merged.exitCode, 0) << merged.err;
            EXPECT_EQ(merged.out, whole[f++]);
        }
        // Merged into one part file (header, points in index order): itself a whole sweep.
        const std::string all = test::scratchDir() + "/" + tag + "-all.jsonl";
        std::vector<std::string> merge{"merge", "--lines", "-o", all};
        merge.insert(merge.end(), parts.begin(), parts.end());
        const auto lines = runMrsimBinary(merge);
        EXPECT_EQ(lines.exitCode, 0) << lines.err;
        EXPECT_EQ(runMrsimBinary({"merge", all}).out, whole[0]);
        EXPECT_EQ(runMrsimBinary({"merge", all, "--csv"}).out, whole[2]);
    }
}

TEST(SweepShards, ClusterSizeSweepMergesToTheUnshardedOutput) {
    // 40 runs x 30 sizes x (3 algorithms + the formula) = 4800 points, ~130 bytes a line: every
    // shard prints more than a pipe holds, so a shard read no further than 4 lines is still
    // running when it is killed.
    const std::vector<std::string> sweep{"sweep",
                                         "--generate",
                                         "synthetic-unimodal",
                                         "--jobs",
                                         "4",
                                         "--runs",
                                         "40",
                                         "--nodes",
                                         "1:30",
                                         "-a",
                                         "johnson,fifo,reverse-johnson"};
    expectMergesEqualUnsharded(sweep, "sweep", {{1, {}}, {3, {1}}, {7, {0, 4, 6}}, {3, {0, 1, 2}}},
                               true);
}

TEST(SweepShards, FileSweepMergesToTheUnshardedOutput) {
    const std::vector<std::string> sweep{"sweep",   test::samplePath("figure4-scenario2.json"),
                                         "--nodes", "5:40:5",
                                         "-a",      "johnson,balanced-pools,hscheduler"};
    expectMergesEqualUnsharded(sweep, "file", {{3, {2}}, {7, {3}}}, false);
}

TEST(SweepShards, LoadSweepMergesToTheUnshardedOutput) {
    // 60 runs x 20 loads x 2 policies = 2400 points of ~340 bytes: each of 7 shards prints more
    // than a pipe holds, so its killed shards are still running when killed.
    const std::vector<std::string> sweep{"sweep-load",
                                         "facebook-1000",
                                         "--jobs",
                                         "4",
                                         "--nodes",
                                         "4",
                                         "--interarrival",
                                         "50:1000:50",
                                         "--runs",
                                         "60",
                                         "-a",
                                         "edf,min-edf-wc",
                                         "--deadline-factor",
                                         "1:2"};
    expectMergesEqualUnsharded(sweep, "load", {{1, {}}, {3, {0}}, {7, {5, 2}}}, true);
}

TEST(SweepShards, FaultSweepMergesToTheUnshardedOutput) {
    // 12 runs x 5 probabilities x 2 algorithms = 120 points of ~200 bytes: every shard of 3
    // prints more than a pipe holds, so its killed shard is still running when killed.
    const std::vector<std::string> sweep{"sweep-faults", test::samplePath("figure4-scenario2.json"),
                                         "--axis",       "failure-prob",
                                         "--values",     "0:0.2:0.05",
                                         "--runs",       "12",
                                         "-a",           "johnson,fifo"};
    expectMergesEqualUnsharded(sweep, "faults", {{1, {}}, {3, {1}}, {7, {0, 5}}}, false);
}

// Probability 0 is the scenario-free run: Johnson's 47 and FIFO's makespan in every run
// ([Verma12] Figure 4 scenario 2, see the sample's description).
TEST(SweepShards, FaultSweepAtProbabilityZeroIsTheScenarioFreeRun) {
    const std::string file = test::samplePath("figure4-scenario2.json");
    const auto plain = runMrsimBinary({"run", file, "-a", "fifo", "--json"});
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    const double fifo = nlohmann::json::parse(plain.out).at("makespan");
    const auto run = runMrsimBinary({"sweep-faults", file, "--axis", "failure-prob", "--values",
                                     "0", "--runs", "4", "-a", "johnson,fifo", "--csv"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const std::string f = std::to_string(static_cast<long long>(fifo));
    ASSERT_EQ(fifo, std::floor(fifo));
    EXPECT_EQ(run.out,
              "probability,algorithm,runs,makespan_mean,makespan_p95,makespan_max,"
              "failed_jobs_mean,failed_attempts_mean\n"
              "0,johnson,4,47,47,47,0,0\n0,fifo,4," +
                  f + "," + f + "," + f + ",0,0\n");
}

TEST(SweepShards, FaultSweepRefusalsAreOneLine) {
    const std::string file = test::samplePath("figure4-scenario2.json");
    const std::vector<std::string> base{"sweep-faults", file, "-a", "fifo", "--runs", "2"};
    struct Case {
        std::vector<std::string> args;
        std::string words;
    };
    const std::vector<Case> cases = {
        {{"--axis", "node-prob", "--values", "0.1"}, "field 'axis'"},
        {{"--axis", "failure-prob", "--values", "0:1:0.5"}, "field 'values'"},
        {{"--axis", "failure-prob", "--values", "a:b"}, "field 'values'"},
        {{"--axis", "straggler-prob", "--values", "0.5"}, "straggler_factor"},
        {{"--axis", "straggler-prob", "--values", "0.5", "--straggler-factor", "0.5:2"},
         "field 'straggler-factor'"},
        {{"--axis", "failure-prob", "--values", "0.1", "--scenario", file + ".none"},
         file + ".none"},
        {{"--axis", "failure-prob", "--values", "0.1", "-a", "no-such"}, "unknown algorithm"},
    };
    for (std::size_t i = 0; i < cases.size(); ++i) {
        SCOPED_TRACE("case " + std::to_string(i));
        const auto run = runMrsimBinary(with(base, cases[i].args));
        EXPECT_EQ(run.exitCode, 2) << run.err;
        EXPECT_EQ(test::lineCount(run.err), 1u) << run.err;
        EXPECT_NE(run.err.find(cases[i].words), std::string::npos) << run.err;
        EXPECT_TRUE(run.out.empty()) << run.out;
    }
    // A workload with overheads: a scenario cannot model them, refused naming the file.
    const auto overheads =
        runMrsimBinary({"sweep-faults", test::samplePath("rumen-2jobs2min.json"), "--axis",
                        "failure-prob", "--values", "0:0.1:0.1", "-a", "fifo"});
    EXPECT_EQ(overheads.exitCode, 2) << overheads.err;
    EXPECT_EQ(test::lineCount(overheads.err), 1u) << overheads.err;
    EXPECT_NE(overheads.err.find("rumen-2jobs2min.json"), std::string::npos) << overheads.err;
}

TEST(SweepShards, CostSweepsMergeToTheUnshardedOutput) {
    expectMergesEqualUnsharded(
        {"cost-sweep", test::samplePath("lips-ec2-20-c1medium50.json"), "--epochs", "300:1500:300"},
        "epochs", {{3, {1}}}, false);
    // 500 runs x 3 sizes x 2 = 3000 points of ~210 bytes: every shard of 7 outgrows a pipe.
    expectMergesEqualUnsharded(
        {"cost-sweep", "--machines", "3:9:3", "--runs", "500", "--jobs-per-machine", "3"},
        "machines", {{1, {}}, {3, {2}}, {7, {0, 4}}}, true);
}

TEST(SweepShards, MergeNamesMissingDuplicatedAndForeignPoints) {
    const std::vector<std::string> sweep{"sweep",   test::samplePath("figure4-scenario2.json"),
                                         "--nodes", "10:30:10",
                                         "-a",      "johnson"};
    // 3 sizes x 2 slots = 6 points; shard 1/3 holds indices 2 and 3.
    for (int i = 0; i < 3; ++i) {
        ASSERT_EQ(runMrsimBinary(with(sweep, {"--shard", std::to_string(i) + "/3", "-o",
                                              shardName("m", i, 3)}))
                      .exitCode,
                  0);
    }
    const auto missing = runMrsimBinary({"merge", shardName("m", 0, 3), shardName("m", 2, 3)});
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_NE(missing.err.find("2 of 6 points missing: 2-3"), std::string::npos) << missing.err;
    EXPECT_EQ(test::lineCount(missing.err), 1u);
    EXPECT_TRUE(missing.out.empty());

    // A part given twice (two writers computed the same points): the same results, kept once.
    const auto whole = runMrsimBinary(sweep);
    const auto twice = runMrsimBinary({"merge", shardName("m", 0, 3), shardName("m", 1, 3),
                                       shardName("m", 2, 3), shardName("m", 1, 3)});
    EXPECT_EQ(twice.exitCode, 0) << twice.err;
    EXPECT_EQ(twice.out, whole.out);
    EXPECT_EQ(twice.err,
              "mrsim: merge: 2 points were given more than once with the same results (one "
              "kept): 2-3\n");
    // Other results for the same points: refused, naming them.
    const std::string changed = test::scratchDir() + "/changed.jsonl";
    std::string part = readText(shardName("m", 1, 3));
    const std::size_t makespan = part.find("\"makespan\":");
    ASSERT_NE(makespan, std::string::npos) << part;
    part.insert(makespan + 11, "1");  // 47 -> 147
    writeText(changed, part);
    const auto conflicting = runMrsimBinary(
        {"merge", shardName("m", 0, 3), shardName("m", 1, 3), shardName("m", 2, 3), changed});
    EXPECT_EQ(conflicting.exitCode, 2);
    EXPECT_NE(conflicting.err.find("1 points given more than once with different results: 2"),
              std::string::npos)
        << conflicting.err;
    EXPECT_EQ(test::lineCount(conflicting.err), 1u);

    // A part of another sweep (one more size): refused by its fingerprint.
    const std::string other = test::scratchDir() + "/other.jsonl";
    ASSERT_EQ(runMrsimBinary({"sweep", test::samplePath("figure4-scenario2.json"), "--nodes",
                              "10:40:10", "-a", "johnson", "--shard", "1/3", "-o", other})
                  .exitCode,
              0);
    const auto foreign =
        runMrsimBinary({"merge", shardName("m", 0, 3), other, shardName("m", 2, 3)});
    EXPECT_EQ(foreign.exitCode, 2);
    EXPECT_NE(foreign.err.find(other + " line 1: field 'fingerprint': from another sweep"),
              std::string::npos)
        << foreign.err;
    // Resuming a part of another sweep is refused too.
    const auto resume = runMrsimBinary(with(sweep, {"--shard", "1/3", "--resume", other}));
    EXPECT_EQ(resume.exitCode, 2);
    EXPECT_NE(resume.err.find("holds points of another sweep"), std::string::npos) << resume.err;

    // --lines is a format of its own.
    EXPECT_EQ(runMrsimBinary({"merge", "--lines", "--json", shardName("m", 0, 3)}).exitCode, 2);

    // An edited header (its definition no longer matches its fingerprint) and a garbled line.
    std::string text = readText(shardName("m", 1, 3));
    const std::string edited = test::scratchDir() + "/edited.jsonl";
    std::string header = text.substr(0, text.find('\n'));
    header.replace(header.find("\"runs\":1"), 8, "\"runs\":2");
    writeText(edited, header + text.substr(text.find('\n')));
    const auto tampered = runMrsimBinary({"merge", shardName("m", 0, 3), edited});
    EXPECT_EQ(tampered.exitCode, 2);
    EXPECT_NE(tampered.err.find("was edited"), std::string::npos) << tampered.err;
    writeText(edited, text + "{\"fingerprint\": oops}\n");
    const auto garbled = runMrsimBinary({"merge", edited});
    EXPECT_EQ(garbled.exitCode, 2);
    EXPECT_EQ(garbled.err.rfind("mrsim: error: " + edited + " line 4", 0), 0u) << garbled.err;
    EXPECT_EQ(test::lineCount(garbled.err), 1u);
}

TEST(SweepShards, ListPointsGivesEachShardsBlockAndResultsIgnoreThreads) {
    const std::vector<std::string> sweep{"sweep",
                                         "--generate",
                                         "yahoo-bimodal",
                                         "--jobs",
                                         "6",
                                         "--runs",
                                         "3",
                                         "--nodes",
                                         "4:8:2",
                                         "-a",
                                         "johnson,random,balanced-pools"};
    // 3 runs x 3 sizes x 4 slots = 36 points; 7 shards: blocks of 5 or 6, in order, all once.
    std::vector<std::size_t> listed;
    for (int i = 0; i < 7; ++i) {
        const auto run =
            runMrsimBinary(with(sweep, {"--list-points", "--shard", std::to_string(i) + "/7"}));
        ASSERT_EQ(run.exitCode, 0) << run.err;
        const std::size_t lines = test::lineCount(run.out);
        EXPECT_TRUE(lines == 5 || lines == 6) << lines;
        std::size_t start = 0;
        for (std::size_t end; (end = run.out.find('\n', start)) != std::string::npos;
             start = end + 1) {
            const auto point = nlohmann::json::parse(run.out.substr(start, end - start));
            const std::size_t index = point["index"].get<std::size_t>();
            listed.push_back(index);
            // index = (run * sizes + size) * (algorithms + 1) + slot
            EXPECT_EQ(point["run"], index / 12);
            EXPECT_EQ(point["nodes"], 4 + 2 * (index / 4 % 3));
            EXPECT_EQ(point["workload_seed"], 1 + index / 12);
            EXPECT_FALSE(point.contains("makespan"));  // listed, not computed
        }
    }
    std::vector<std::size_t> all(36);
    for (std::size_t i = 0; i < all.size(); ++i) {
        all[i] = i;
    }
    EXPECT_EQ(listed, all);

    // The same shard on one thread and on four: the same lines (in another order, perhaps).
    const auto lines = [&](const char* threads) {
        const auto run = runMrsimBinary(with(sweep, {"--shard", "2/5", "--threads", threads}));
        EXPECT_EQ(run.exitCode, 0) << run.err;
        std::multiset<std::string> set;
        std::size_t start = 0;
        for (std::size_t end; (end = run.out.find('\n', start)) != std::string::npos;
             start = end + 1) {
            set.insert(run.out.substr(start, end - start));
        }
        return set;
    };
    const auto one = lines("1");
    EXPECT_EQ(one.size(), 8u);  // the header and points 14-20
    EXPECT_EQ(one, lines("4"));
}

// A rerun with another shard count (the recipes' parts are part-I-of-N.jsonl): the new shards
// skip the points the earlier layout's parts hold (--done, read only), so only the missing points
// are computed, and the merge of every part of both layouts is the unsharded output.
TEST(SweepShards, ARerunWithAnotherShardCountReusesTheEarlierParts) {
    const std::vector<std::string> sweep{"sweep",   test::samplePath("figure4-scenario2.json"),
                                         "--nodes", "5:60:5",
                                         "-a",      "johnson,fifo"};  // 12 sizes x 3 = 36 points
    const auto whole = runMrsimBinary(sweep);
    ASSERT_EQ(whole.exitCode, 0) << whole.err;
    const std::string dir = test::scratchDir();
    std::vector<std::string> earlier;
    for (int i = 0; i < 3; ++i) {
        earlier.push_back(dir + "/part-" + std::to_string(i) + "-of-3.jsonl");
        const auto run = runMrsimBinary(
            with(sweep, {"--shard", std::to_string(i) + "/3", "--resume", earlier.back()}));
        ASSERT_EQ(run.exitCode, 0) << run.err;
    }
    cutAfterLines(earlier[1], 4);  // shard 1/3 (points 12-23) killed after 3 points
    std::vector<std::string> parts = earlier;
    std::size_t computed = 0;
    for (int i = 0; i < 2; ++i) {
        parts.push_back(dir + "/part-" + std::to_string(i) + "-of-2.jsonl");
        std::vector<std::string> args{"--shard", std::to_string(i) + "/2", "--resume",
                                      parts.back()};
        for (const std::string& part : earlier) {
            args.insert(args.end(), {"--done", part});
        }
        const auto run = runMrsimBinary(with(sweep, args));
        ASSERT_EQ(run.exitCode, 0) << run.err;
        EXPECT_NE(run.err.find("were in 3 earlier parts"), std::string::npos) << run.err;
        computed += test::lineCount(readText(parts.back())) - 1;
    }
    EXPECT_EQ(computed, 9u);  // the points lost with the end of shard 1/3
    std::vector<std::string> merge{"merge"};
    merge.insert(merge.end(), parts.begin(), parts.end());
    const auto merged = runMrsimBinary(merge);
    EXPECT_EQ(merged.exitCode, 0) << merged.err;
    EXPECT_EQ(merged.out, whole.out);
    // A --done part of another sweep is refused, naming it.
    const std::string other = dir + "/other-sweep.jsonl";
    ASSERT_EQ(runMrsimBinary({"sweep", test::samplePath("figure4-scenario2.json"), "--nodes",
                              "5:10:5", "-a", "johnson", "-o", other})
                  .exitCode,
              0);
    const auto foreign = runMrsimBinary(with(sweep, {"--shard", "0/2", "--done", other}));
    EXPECT_EQ(foreign.exitCode, 2);
    EXPECT_NE(foreign.err.find(other + ": field 'fingerprint': holds points of another sweep"),
              std::string::npos)
        << foreign.err;
}

// A part computed by another revision of the engine or the generators (model/Revisions.h): its
// fingerprint differs, a merge with this mrsim's parts and --resume are refused with one line
// naming the revisions, though its arguments and the program version are the same.
TEST(SweepShards, PartsOfAnotherRevisionDoNotMerge) {
    const std::vector<std::string> sweep{"sweep",  "--generate", "yahoo-unimodal",
                                         "--jobs", "5",          "--nodes",
                                         "5:20:5", "-a",         "johnson"};
    const std::string dir = test::scratchDir();
    ASSERT_EQ(runMrsimBinary(with(sweep, {"--shard", "0/2", "-o", dir + "/rev-0.jsonl"})).exitCode,
              0);
    ASSERT_EQ(runMrsimBinary(with(sweep, {"--shard", "1/2", "-o", dir + "/rev-1.jsonl"})).exitCode,
              0);
    // Shard 1 as a later engine revision would have written it: the same lines, another header.
    const std::string text = readText(dir + "/rev-1.jsonl");
    const nlohmann::ordered_json header =
        nlohmann::ordered_json::parse(text.substr(0, text.find('\n')));
    const ResultRevisions later{kEngineRevision + 1, kGeneratorRevision};
    const SweepHeader other =
        makeSweepHeader(header["command"].get<std::string>(), header["definition"],
                        header["points"].get<std::size_t>(), header["order"].get<std::string>(),
                        header["program"].get<std::string>(), later);
    std::string rewritten = headerLine(other);
    std::size_t start = text.find('\n') + 1;
    for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
        auto line = nlohmann::ordered_json::parse(text.substr(start, end - start));
        line["fingerprint"] = other.fingerprint;
        rewritten += line.dump() + "\n";
    }
    writeText(dir + "/rev-later.jsonl", rewritten);
    EXPECT_EQ(runMrsimBinary({"merge", dir + "/rev-0.jsonl", dir + "/rev-1.jsonl"}).exitCode, 0);
    EXPECT_EQ(runMrsimBinary({"merge", dir + "/rev-later.jsonl"}).exitCode, 2);  // half a sweep
    const auto merged = runMrsimBinary({"merge", dir + "/rev-0.jsonl", dir + "/rev-later.jsonl"});
    EXPECT_EQ(merged.exitCode, 2);
    EXPECT_NE(merged.err.find("rev-later.jsonl line 1: field 'revisions': computed by engine "
                              "revision " +
                              std::to_string(kEngineRevision + 1)),
              std::string::npos)
        << merged.err;
    EXPECT_EQ(test::lineCount(merged.err), 1u);
    const auto resumed =
        runMrsimBinary(with(sweep, {"--shard", "1/2", "--resume", dir + "/rev-later.jsonl"}));
    EXPECT_EQ(resumed.exitCode, 2);
    EXPECT_NE(resumed.err.find("holds points computed by engine revision"), std::string::npos)
        << resumed.err;
    EXPECT_EQ(readText(dir + "/rev-later.jsonl"), rewritten);
}

// One writer per part: while another process holds a part's lock (an orphaned shard still
// appending, say), --resume and -o on that part are refused with one line and exit 2, and the
// part is left as it was; once the lock is released, the same command resumes it.
TEST(SweepShards, ASecondWriterOfAPartIsRefused) {
    const std::vector<std::string> sweep{"sweep",   test::samplePath("figure4-scenario2.json"),
                                         "--nodes", "10:30:10",
                                         "-a",      "johnson"};
    const std::string part = test::scratchDir() + "/locked.jsonl";
    ASSERT_EQ(runMrsimBinary(with(sweep, {"--shard", "0/2", "-o", part})).exitCode, 0);
    const std::string before = readText(part);
    const int fd = ::open(part.c_str(), O_RDONLY | O_CLOEXEC);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::flock(fd, LOCK_EX | LOCK_NB), 0);
    for (const std::vector<std::string>& writes :
         {std::vector<std::string>{"--shard", "0/2", "--resume", part},
          std::vector<std::string>{"--shard", "1/2", "-o", part},
          std::vector<std::string>{"--shard", "1/2", "--resume", part, "-o", part}}) {
        const auto run = runMrsimBinary(with(sweep, writes));
        EXPECT_EQ(run.exitCode, 2) << run.err;
        EXPECT_EQ(run.err, "mrsim: error: " + part + ": is being written by another mrsim (pid " +
                               std::to_string(::getpid()) +
                               "): a part has one writer at a time; let it finish or stop it, "
                               "then run again\n");
        EXPECT_EQ(readText(part), before);
    }
    // Listing points writes nothing: no lock needed.
    EXPECT_EQ(
        runMrsimBinary(with(sweep, {"--shard", "1/2", "--resume", part, "--list-points"})).exitCode,
        0);
    ::close(fd);
    const auto resumed = runMrsimBinary(with(sweep, {"--shard", "1/2", "--resume", part}));
    EXPECT_EQ(resumed.exitCode, 0) << resumed.err;
}

// --exit-with-parent (what the recipes pass): a shard whose parent is SIGKILLed (GNU parallel
// killed with its process group) ends too, instead of running on as an orphan that appends to
// its part. The shard writes to a pipe; once its parent is killed, the pipe reaches its end
// long before a sweep of this size could have finished.
TEST(SweepShards, AShardEndsWithItsParent) {
    // 400 runs x 10 sizes x 3 slots = 12 000 points; balanced-pools makes each run slow.
    const std::vector<std::string> sweep{"sweep",
                                         "--generate",
                                         "facebook",
                                         "--jobs",
                                         "60",
                                         "--runs",
                                         "400",
                                         "--nodes",
                                         "10:100:10",
                                         "-a",
                                         "johnson,balanced-pools",
                                         "--threads",
                                         "1",
                                         "--shard",
                                         "0/1",
                                         "--exit-with-parent"};
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    const std::string program = test::mrsimPath();
    std::vector<char*> argv{const_cast<char*>(program.c_str())};
    for (const auto& a : sweep) {
        argv.push_back(const_cast<char*>(a.c_str()));
    }
    argv.push_back(nullptr);
    const pid_t parent = ::fork();  // stands for GNU parallel: starts the shard, then waits
    ASSERT_GE(parent, 0);
    if (parent == 0) {
        const pid_t shard = ::fork();
        if (shard == 0) {
            ::dup2(fds[1], 1);
            const int null = ::open("/dev/null", O_WRONLY);
            ::dup2(null, 2);
            ::close(fds[0]);
            ::close(fds[1]);
            ::execv(program.c_str(), argv.data());
            ::_exit(127);
        }
        ::close(fds[0]);
        ::close(fds[1]);
        for (;;) {
            ::pause();
        }
    }
    ::close(fds[1]);
    std::string text;
    char buffer[4096];
    while (test::lineCount(text) < 3) {  // the header and two points: the shard is running
        const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
        ASSERT_GT(n, 0) << "the shard ended early: " << text;
        text.append(buffer, static_cast<std::size_t>(n));
    }
    ::kill(parent, SIGKILL);
    int status = 0;
    ::waitpid(parent, &status, 0);
    for (ssize_t n = 0; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;) {  // until it ends
        text.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fds[0]);
    EXPECT_LT(test::lineCount(text), 12001u) << "the shard outlived its parent";
}

// More shards than points: a shard without points says so (not "0 of its 0 points (indices
// 0-0)"), writes the header only, and the parts still merge.
TEST(SweepShards, AShardWithoutPointsSaysSo) {
    const std::vector<std::string> sweep{"sweep",   test::samplePath("figure4-scenario2.json"),
                                         "--nodes", "10:30:10",
                                         "-a",      "johnson"};  // 6 points
    std::vector<std::string> merge{"merge"};
    for (int i = 0; i < 9; ++i) {
        merge.push_back(shardName("tiny", i, 9));
        const auto run =
            runMrsimBinary(with(sweep, {"--shard", std::to_string(i) + "/9", "-o", merge.back()}));
        ASSERT_EQ(run.exitCode, 0) << run.err;
        if (i == 0) {  // shard 0 of 9 holds no point: floor(6 / 9) = 0
            EXPECT_EQ(run.err,
                      "mrsim: sweep shard 0/9: no points in this shard (the sweep has 6 points)\n");
            EXPECT_EQ(test::lineCount(readText(merge.back())), 1u);
        }
    }
    const auto merged = runMrsimBinary(merge);
    EXPECT_EQ(merged.exitCode, 0) << merged.err;
    EXPECT_EQ(merged.out, runMrsimBinary(sweep).out);
}

TEST(SweepShards, BadShardsAndOversizedSweepsAreRefused) {
    const std::vector<std::string> sweep{"sweep",   test::samplePath("figure4-scenario2.json"),
                                         "--nodes", "10:30:10",
                                         "-a",      "johnson"};
    for (const char* shard : {"3/3", "-1/3", "1/0", "1", "a/b", "1/3x"}) {
        const auto run = runMrsimBinary(with(sweep, {"--shard", shard}));
        EXPECT_EQ(run.exitCode, 2) << shard;
        EXPECT_NE(run.err.find("field 'shard'"), std::string::npos) << run.err;
    }
    // 10 000 runs of 1000 Facebook jobs at 40 sizes: 400 000 simulations of ~100 000 tasks.
    const std::vector<std::string> huge{"sweep", "--generate", "facebook-1000", "--jobs",
                                        "1000",  "--runs",     "10000",         "--nodes",
                                        "1:40",  "-a",         "fifo"};
    const auto refused = runMrsimBinary(huge);
    EXPECT_EQ(refused.exitCode, 2);
    EXPECT_NE(refused.err.find("above the cap"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("--shard I/N"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("--force"), std::string::npos) << refused.err;
    // Listing its points is not work: allowed.
    const auto listed = runMrsimBinary(with(huge, {"--list-points", "--shard", "99999/100000"}));
    EXPECT_EQ(listed.exitCode, 0) << listed.err;
    EXPECT_EQ(test::lineCount(listed.out), 8u);  // 800 000 points / 100 000 shards
    // More points than a sweep may hold: refused whatever --force says.
    const auto tooMany = runMrsimBinary({"sweep", "--generate", "facebook", "--jobs", "5", "--runs",
                                         "10000", "--nodes", "1:100", "-a", "fifo", "--force"});
    EXPECT_EQ(tooMany.exitCode, 2);
    EXPECT_NE(tooMany.err.find("2000000 points"), std::string::npos) << tooMany.err;
}

}  // namespace
}  // namespace mr
