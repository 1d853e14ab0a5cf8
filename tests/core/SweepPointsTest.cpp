// What every sharded sweep rests on: shards are contiguous blocks that cover every
// point once; a shard's points minus those already done; each group's input is made once and
// dropped after its last point, so at most threads + 1 inputs live at once; part files read back
// what was written, ignore a torn last line, and a resumed writer cuts it before appending; a part
// has one writer at a time; a point repeated with the same results is kept once.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <random>
#include <set>

#include "experiments/Sweep.h"
#include "experiments/SweepPoints.h"
#include "io/SweepFormat.h"
#include "io/SweepParts.h"
#include "model/InputError.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

TEST(SweepPoints, ShardsAreContiguousBlocksCoveringEveryPointOnce) {
    for (std::size_t points : {1u, 2u, 7u, 36u, 100u, 4801u}) {
        for (int count : {1, 2, 3, 7, 64, 5000}) {
            SCOPED_TRACE(std::to_string(points) + " points, " + std::to_string(count) + " shards");
            std::size_t next = 0;
            std::size_t smallest = points;
            std::size_t largest = 0;
            for (int i = 0; i < count; ++i) {
                const PointRange r = shardRange(points, {i, count});
                EXPECT_EQ(r.begin, next);  // in order, no gap, no overlap
                EXPECT_LE(r.begin, r.end);
                next = r.end;
                smallest = std::min(smallest, r.end - r.begin);
                largest = std::max(largest, r.end - r.begin);
            }
            EXPECT_EQ(next, points);
            EXPECT_LE(largest - smallest, 1u);  // balanced
        }
    }
}

TEST(SweepPoints, ShardTextIsIOfNAndNothingElse) {
    EXPECT_EQ(parseShard("0/1").count, 1);
    EXPECT_EQ(parseShard("6/7").index, 6);
    for (const char* bad : {"", "1", "/", "1/", "/3", "3/3", "-1/3", "1/0", "1/100001", "a/b",
                            "1/3x", " 1/3", "1.0/3"}) {
        SCOPED_TRACE(bad);
        try {
            parseShard(bad);
            FAIL();
        } catch (const InputError& e) {
            EXPECT_EQ(e.field(), "shard");
        }
    }
}

TEST(SweepPoints, PointsToRunSkipThoseDone) {
    EXPECT_EQ(pointsToRun({3, 9}, {0, 4, 5, 8, 9, 12, 4}), (std::vector<std::size_t>{3, 6, 7}));
    EXPECT_EQ(pointsToRun({0, 3}, {}), (std::vector<std::size_t>{0, 1, 2}));
    EXPECT_TRUE(pointsToRun({2, 2}, {}).empty());
}

TEST(SweepPoints, TooManyPointsAndTooMuchWorkAreRefused) {
    EXPECT_NO_THROW(checkPointCount(static_cast<double>(kMaxSweepPoints), "runs"));
    EXPECT_THROW(checkPointCount(static_cast<double>(kMaxSweepPoints) + 1, "runs"), InputError);
    EXPECT_THROW(checkPointCount(0, "runs"), InputError);
    EXPECT_NO_THROW(checkWorkCap(10, 10, "tasks", "", false));
    EXPECT_NO_THROW(checkWorkCap(11, 10, "tasks", "", true));  // --force
    try {
        checkWorkCap(3e10, 2e10, "simulated tasks", "300 simulations of 1e8 tasks", false);
        FAIL();
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "force");
        EXPECT_NE(e.message().find("3e+10 simulated tasks (300 simulations"), std::string::npos)
            << e.message();
        EXPECT_NE(e.message().find("--shard I/N"), std::string::npos);
    }
}

// A group input that counts how many exist at once.
struct Counted {
    static inline std::atomic<int> alive{0};
    static inline std::atomic<int> most{0};
    std::size_t group = 0;
    explicit Counted(std::size_t g) : group(g) {
        const int now = ++alive;
        int seen = most.load();
        while (now > seen && !most.compare_exchange_weak(seen, now)) {
        }
    }
    Counted(const Counted& other) : Counted(other.group) {}
    ~Counted() { --alive; }
};

TEST(SweepPoints, EachGroupInputIsMadeOnceAndDroppedAfterItsLastPoint) {
    for (int threads : {1, 2, 4}) {
        SCOPED_TRACE(std::to_string(threads) + " threads");
        Counted::alive = 0;
        Counted::most = 0;
        // 300 groups of 7 points; a shard from the middle of group 3 to the middle of group 290,
        // with some points already done.
        const auto indices = pointsToRun({24, 2035}, {30, 31, 32, 33, 34, 700});
        std::mutex mutex;
        std::vector<int> made(300, 0);
        std::set<std::size_t> computed;
        runPoints<Counted>(
            indices, 7,
            [&](std::size_t group) {
                const std::lock_guard lock(mutex);
                ++made[group];
                return Counted(group);
            },
            [&](std::size_t index, const Counted& input) {
                EXPECT_EQ(input.group, index / 7);
                const std::lock_guard lock(mutex);
                computed.insert(index);
            },
            {.threads = threads, .cancel = nullptr, .progress = {}});
        EXPECT_EQ(computed, std::set<std::size_t>(indices.begin(), indices.end()));
        for (std::size_t g = 0; g < made.size(); ++g) {
            EXPECT_EQ(made[g], g >= 3 && g <= 290 ? 1 : 0) << "group " << g;
        }
        EXPECT_EQ(Counted::alive.load(), 0);
        // At most one input per running point, plus the group whose points are being handed
        // out (and the temporary the maker returns).
        EXPECT_LE(Counted::most.load(), threads + 2);
    }
}

TEST(SweepPoints, ACancelledRunStopsAndSaysSo) {
    CancelFlag cancel{false};
    std::atomic<int> runs{0};
    std::vector<std::size_t> indices(1000);
    for (std::size_t i = 0; i < indices.size(); ++i) {
        indices[i] = i;
    }
    EXPECT_THROW(runPoints<int>(
                     indices, 10, [](std::size_t) { return 0; },
                     [&](std::size_t, const int&) {
                         if (++runs == 5) {
                             cancel = true;
                         }
                     },
                     {.threads = 1, .cancel = &cancel, .progress = {}}),
                 Cancelled);
    EXPECT_EQ(runs.load(), 5);
}

SweepHeader smallHeader() {
    return makeSweepHeader("sweep", {{"x", 1}}, 10, "index", "test");
}

TEST(SweepParts, LinesReadBackAndATornLastLineIsIgnored) {
    const SweepHeader header = smallHeader();
    const std::string path = test::scratchDir() + "/parts-read.jsonl";
    {
        PartWriter writer(path, false);
        writer.write(headerLine(header));
        for (std::size_t i : {4u, 1u, 7u}) {
            writer.write(
                pointLine(header, i, {{"value", partNumber(static_cast<double>(i) / 10.0)}}));
        }
    }
    test::writeText(path, test::readText(path) + "{\"fingerprint\": \"" + header.fingerprint +
                              "\", \"index\": 2, \"val");  // a writer killed mid-line
    std::vector<std::pair<std::size_t, double>> read;
    const PartsReport report = readSweepParts(
        {path}, {.header = {},
                 .point = [&](std::size_t i, const nlohmann::json& line, const std::string& where) {
                     read.emplace_back(i, partNumber(FieldReader(line, where, ""), "value"));
                 }});
    ASSERT_TRUE(report.header);
    EXPECT_EQ(report.header->fingerprint, header.fingerprint);
    EXPECT_EQ(read, (std::vector<std::pair<std::size_t, double>>{{4, 0.4}, {1, 0.1}, {7, 0.7}}));
    EXPECT_EQ(report.missing(), (std::vector<std::size_t>{0, 2, 3, 5, 6, 8, 9}));
    EXPECT_EQ(report.tornFiles, std::vector<std::string>{path});

    // Appending (a resumed shard) first cuts the torn line, then adds whole lines after it.
    {
        PartWriter writer(path, true);
        writer.write(pointLine(header, 2, {{"value", partNumber(0.2)}}));
    }
    const PartsReport again = readSweepParts({path}, {});
    EXPECT_TRUE(again.tornFiles.empty());
    EXPECT_EQ(again.pointsRead(), 4u);
    EXPECT_EQ(test::lineCount(test::readText(path)), 5u);
}

TEST(SweepParts, NumbersReadBackExactlyAndOddOnesAsWords) {
    const nlohmann::json line = {{"a", partNumber(0.1 + 0.2)},
                                 {"b", partNumber(1e300 * 1e10)},
                                 {"c", partNumber(-1e300 * 1e10)},
                                 {"d", partNumber(std::nan(""))}};
    const nlohmann::json back = nlohmann::json::parse(line.dump());
    const FieldReader f(back, "x", "");
    EXPECT_EQ(partNumber(f, "a"), 0.1 + 0.2);  // bit for bit
    EXPECT_EQ(partNumber(f, "b"), HUGE_VAL);
    EXPECT_EQ(partNumber(f, "c"), -HUGE_VAL);
    EXPECT_TRUE(std::isnan(partNumber(f, "d")));
}

TEST(SweepParts, PointsOfAnotherSweepOrBeforeAHeaderAreRefused) {
    const SweepHeader header = smallHeader();
    const SweepHeader other = makeSweepHeader("sweep", {{"x", 2}}, 10, "index", "test");
    EXPECT_NE(header.fingerprint, other.fingerprint);
    const std::string dir = test::scratchDir();
    test::writeText(dir + "/a.jsonl", headerLine(header) + pointLine(header, 1, {}));
    test::writeText(dir + "/b.jsonl", headerLine(other) + pointLine(other, 2, {}));
    test::writeText(dir + "/c.jsonl", headerLine(header) + pointLine(other, 2, {}));
    test::writeText(dir + "/d.jsonl", pointLine(header, 2, {}));
    test::writeText(dir + "/e.jsonl", headerLine(header) + pointLine(header, 10, {}));
    const auto error = [&](const std::vector<std::string>& files) {
        try {
            readSweepParts(files, {});
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_NE(error({dir + "/a.jsonl", dir + "/b.jsonl"})
                  .find("b.jsonl line 1: field "
                        "'fingerprint': from another sweep"),
              std::string::npos);
    EXPECT_NE(error({dir + "/c.jsonl"}).find("c.jsonl line 2: field 'fingerprint'"),
              std::string::npos);
    EXPECT_NE(error({dir + "/d.jsonl"}).find("a point before the file's header"),
              std::string::npos);
    EXPECT_NE(error({dir + "/e.jsonl"}).find("field 'index'"), std::string::npos);
    EXPECT_NE(error({dir}).find("is not a regular file"), std::string::npos);
    EXPECT_NE(error({dir + "/none.jsonl"}).find("cannot open"), std::string::npos);
    EXPECT_EQ(error({dir + "/a.jsonl", dir + "/a.jsonl"}), "no error");  // repeats: counted
}

// Two writers of the same point (an orphaned shard and its rerun, two shard layouts) write the
// same line: it is kept once. Lines of one point whose results differ are duplicates (an error
// for a merge); a solver's wall time is information only and does not count.
TEST(SweepParts, RepeatedPointsWithTheSameResultsAreKeptOnceOthersAreDuplicates) {
    const SweepHeader header = smallHeader();
    const std::string dir = test::scratchDir();
    const auto point = [&](std::size_t i, double value, double seconds) {
        return pointLine(header, i, {{"value", partNumber(value)}, {"solver_seconds", seconds}});
    };
    test::writeText(dir + "/r1.jsonl", headerLine(header) + point(1, 0.5, 1.0) +
                                           point(2, 0.25, 1.0) + point(3, 0.125, 1.0));
    test::writeText(dir + "/r2.jsonl", headerLine(header) + point(1, 0.5, 1.0) +
                                           point(2, 0.25, 7.5) + point(3, 0.3, 1.0) +
                                           point(3, 0.125, 1.0) + point(1, 0.5, 2.0));
    std::vector<std::size_t> passed;
    const PartsReport report = readSweepParts(
        {dir + "/r1.jsonl", dir + "/r2.jsonl"},
        {.header = {}, .point = [&](std::size_t i, const nlohmann::json& line, const std::string&) {
             passed.push_back(i);
             EXPECT_EQ(line["solver_seconds"], 1.0);  // the first line is kept
         }});
    EXPECT_EQ(passed, (std::vector<std::size_t>{1, 2, 3}));
    EXPECT_EQ(report.repeated, (std::vector<std::size_t>{1, 2}));  // each index once
    EXPECT_EQ(report.duplicates, std::vector<std::size_t>{3});     // 0.3 is not 0.125
    EXPECT_EQ(report.seen[1], 3);
}

// One writer per part: a second PartWriter of the same file is refused with one line naming the
// file and the writer's pid, and leaves the file as it was (-o would have emptied it); once the
// first writer is gone, the part can be written again.
TEST(SweepParts, APartHasOneWriterAtATime) {
    const SweepHeader header = smallHeader();
    const std::string path = test::scratchDir() + "/parts-locked.jsonl";
    auto first = std::make_unique<PartWriter>(path, false);
    first->write(headerLine(header));
    first->write(pointLine(header, 4, {{"value", 1}}));
    const std::string before = test::readText(path);
    for (const bool append : {true, false}) {
        try {
            PartWriter second(path, append);
            ADD_FAILURE() << "a second writer was accepted (append " << append << ")";
        } catch (const InputError& e) {
            const std::string what = e.what();
            EXPECT_NE(what.find(path + ": is being written by another mrsim (pid " +
                                std::to_string(::getpid()) + ")"),
                      std::string::npos)
                << what;
            EXPECT_EQ(what.find('\n'), std::string::npos) << what;
        }
        EXPECT_EQ(test::readText(path), before);
    }
    first.reset();
    PartWriter again(path, true);
    again.write(pointLine(header, 5, {{"value", 2}}));
    EXPECT_EQ(readSweepParts({path}, {}).pointsRead(), 2u);
}

// The fingerprint covers the revisions that computed the results (model/Revisions.h), not only
// the program's version: parts of another engine or generator revision never merge with this
// one's, and the message says why. A part of the format before revisions is refused.
TEST(SweepParts, PartsOfAnotherRevisionAreRefused) {
    const nlohmann::ordered_json definition{{"x", 1}};
    const SweepHeader now = makeSweepHeader("sweep", definition, 10, "index", "test");
    EXPECT_EQ(now.revisions.engine, kEngineRevision);
    EXPECT_EQ(now.revisions.generators, kGeneratorRevision);
    const SweepHeader engine = makeSweepHeader("sweep", definition, 10, "index", "test",
                                               {kEngineRevision + 1, kGeneratorRevision});
    const SweepHeader generators = makeSweepHeader("sweep", definition, 10, "index", "test",
                                                   {kEngineRevision, kGeneratorRevision + 1});
    EXPECT_NE(now.fingerprint, engine.fingerprint);
    EXPECT_NE(now.fingerprint, generators.fingerprint);
    EXPECT_NE(engine.fingerprint, generators.fingerprint);

    const std::string dir = test::scratchDir();
    test::writeText(dir + "/now.jsonl", headerLine(now) + pointLine(now, 1, {}));
    test::writeText(dir + "/engine.jsonl", headerLine(engine) + pointLine(engine, 2, {}));
    test::writeText(dir + "/generators.jsonl",
                    headerLine(generators) + pointLine(generators, 3, {}));
    const auto error = [&](const std::vector<std::string>& files) {
        try {
            readSweepParts(files, {});
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_NE(error({dir + "/now.jsonl", dir + "/engine.jsonl"})
                  .find("engine.jsonl line 1: field 'revisions': computed by engine revision " +
                        std::to_string(kEngineRevision + 1)),
              std::string::npos);
    EXPECT_NE(error({dir + "/generators.jsonl", dir + "/now.jsonl"})
                  .find("the first part by engine revision " + std::to_string(kEngineRevision) +
                        ", generator revision " + std::to_string(kGeneratorRevision + 1)),
              std::string::npos);
    // Each read alone: a sweep of its own revision.
    EXPECT_EQ(readSweepParts({dir + "/engine.jsonl"}, {}).header->revisions, engine.revisions);

    // Format version 1 (no revisions) and a header whose revisions were edited.
    std::string old = headerLine(now);
    old.replace(old.find("\"version\":2"), 11, "\"version\":1");
    test::writeText(dir + "/old.jsonl", old);
    EXPECT_NE(error({dir + "/old.jsonl"}).find("format version 1"), std::string::npos);
    std::string edited = headerLine(now);
    edited.replace(edited.find("\"engine\":"), 9 + std::to_string(kEngineRevision).size(),
                   "\"engine\":" + std::to_string(kEngineRevision + 1));
    test::writeText(dir + "/edited.jsonl", edited);
    EXPECT_NE(error({dir + "/edited.jsonl"}).find("was edited"), std::string::npos);
}

TEST(SweepParts, IndexRangesAreShort) {
    EXPECT_EQ(indexRanges({1, 2, 3, 5, 7, 8}), "1-3, 5, 7-8");
    EXPECT_EQ(indexRanges({}), "");
    EXPECT_EQ(indexRanges({0, 2, 4, 6}, 2), "0, 2, … (2 more ranges)");
}

// A sweep's points, written as lines and read back, give the same summary as runSweep.
TEST(SweepParts, ASweepsLinesRebuildItsResult) {
    SweepDefinition sweep;
    sweep.spec.nodes = {10, 20, 30};
    sweep.spec.algorithms = {"johnson", "balanced-pools"};
    sweep.spec.runs = 1;
    sweep.source = {{"contents", "test"}};
    const auto source = [](int) { return test::figure4(2); };
    const SweepResult direct = runSweep(source, sweep.spec);
    sweep.workload = direct.workload;
    EXPECT_EQ(direct.series[1].points[2].mean, 40.0);  // BalancedPools at 30 nodes: [Verma12]

    const SweepHeader header = makeSweepHeader("sweep", sweepDefinitionJson(sweep),
                                               sweepPointCount(sweep.spec), kSweepOrder, "test");
    std::vector<std::string> lines;
    std::mutex mutex;
    std::vector<std::size_t> all(sweepPointCount(sweep.spec));
    for (std::size_t i = 0; i < all.size(); ++i) {
        all[i] = i;
    }
    runSweepPoints(source, sweep.spec, all, [&](std::size_t i, const SweepPointValue& v) {
        const std::lock_guard lock(mutex);
        lines.push_back(pointLine(header, i, sweepPointFields(sweep, i, &v)));
    });
    const SweepDefinition back =
        sweepFromDefinition(nlohmann::json::parse(header.definition.dump()), "h");
    SweepValues values(all.size());
    for (const std::string& text : lines) {
        const auto line = nlohmann::json::parse(text);
        const std::size_t i = line["index"].get<std::size_t>();
        values[i] = sweepPointFromLine(back, i, line, "l");
    }
    EXPECT_EQ(back.workload, direct.workload);
    EXPECT_EQ(sweepJson(summariseSweep(back.spec, back.workload, values)).dump(),
              sweepJson(direct).dump());
    // A line given to the wrong index is refused.
    const auto first = nlohmann::json::parse(lines.front());
    const std::size_t index = first["index"].get<std::size_t>();
    EXPECT_THROW(sweepPointFromLine(back, (index + 1) % all.size(), first, "l"), InputError);

    // With a point missing, its series has a gap there (no value, NaN statistics).
    values[0].reset();  // johnson at 10 nodes
    const SweepResult gap = summariseSweep(back.spec, back.workload, values);
    EXPECT_TRUE(gap.series[0].points[0].values.empty());
    EXPECT_TRUE(std::isnan(gap.series[0].points[0].mean));
    EXPECT_EQ(gap.series[0].points[1].mean, direct.series[0].points[1].mean);
}

}  // namespace
}  // namespace mr
