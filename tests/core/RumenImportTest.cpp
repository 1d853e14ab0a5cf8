// Rumen import: the real SLS sample trace (tests/data/traces/rumen) gives exactly its
// tasks and durations; our fixture tests/data/rumen-reduces.json (hand-made, with reduce tasks,
// shuffle fields, failed / killed attempts and tasks, a failed job, a setup task, a job whose
// jobID comes last) pins the ARIA profile, the skip counts and the cluster inference; truncated or
// corrupt traces give one InputError, never a partial workload.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "io/RumenImport.h"
#include "io/RumenJobReader.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

using test::testDataPath;

const char* const kSample = "rumen/2jobs2min-rumen-jh.json";

Workload importText(const std::string& text, RumenImportReport* report = nullptr) {
    std::istringstream in(text);
    return importRumen(in, "trace.json", {}, report);
}

// The InputError `text` raises (fails the test if it imports).
InputError importError(const std::string& text) {
    try {
        const Workload w = importText(text);
        ADD_FAILURE() << "imported " << w.jobCount() << " jobs from a bad trace";
    } catch (const InputError& e) {
        return e;
    }
    return InputError("", "", "", "");
}

TEST(RumenImport, RealTraceHasExactlyItsTasksAndDurations) {
    const std::string path = test::tracePath(kSample);
    RumenImportReport report;
    const Workload w = importRumen(path, {}, &report);
    ASSERT_EQ(w.jobCount(), 2);
    const Job& a = w.jobs[0];
    const Job& b = w.jobs[1];
    EXPECT_EQ(a.name, "TeraGen job_1369942127770_1205");
    EXPECT_EQ(b.name, "TeraGen job_1369942127770_1206");
    // TeraGen runs maps only: 96 successful map attempts per job, no reduce (tests/data/traces/README.md).
    EXPECT_EQ(a.maps(), 96);
    EXPECT_EQ(b.maps(), 96);
    EXPECT_EQ(a.reduces(), 0);
    EXPECT_EQ(b.reduces(), 0);
    EXPECT_EQ(report.mapTasks, 192);
    EXPECT_EQ(report.reduceTasks, 0);
    // finish − start of attempts, read off the file by hand:
    //   1205 m_000000_0: 1371222078206 − 1371222061163 = 17043 ms
    //   1205 m_000001_0: 1371222076092 − 1371222061164 = 14928 ms
    //   1205 m_000036_0: 1371222125169 − 1371222081101 = 44068 ms
    //   1205 m_000095_0: 1371222141112 − 1371222123269 = 17843 ms
    //   1206 m_000000_0: 1371222188484 − 1371222166321 = 22163 ms
    //   1206 m_000007_0: 1371222185092 − 1371222166325 = 18767 ms
    //   1206 m_000095_0: 1371222241726 − 1371222228399 = 13327 ms
    EXPECT_DOUBLE_EQ(a.mapDurations[0], 17.043);
    EXPECT_DOUBLE_EQ(a.mapDurations[1], 14.928);
    EXPECT_DOUBLE_EQ(a.mapDurations[36], 44.068);
    EXPECT_DOUBLE_EQ(a.mapDurations[95], 17.843);
    EXPECT_DOUBLE_EQ(b.mapDurations[0], 22.163);
    EXPECT_DOUBLE_EQ(b.mapDurations[7], 18.767);
    EXPECT_DOUBLE_EQ(b.mapDurations[95], 13.327);
    // tests/data/traces/README.md's min / median / max of the attempt durations.
    for (const auto& [job, min, median, max] :
         {std::tuple{&a, 11.143, 19.3305, 47.021}, std::tuple{&b, 11.897, 19.821, 32.847}}) {
        std::vector<double> d = job->mapDurations.toVector();
        std::sort(d.begin(), d.end());
        EXPECT_DOUBLE_EQ(d.front(), min);
        EXPECT_DOUBLE_EQ((d[47] + d[48]) / 2.0, median);
        EXPECT_DOUBLE_EQ(d.back(), max);
        ASSERT_TRUE(job->profile);
        EXPECT_DOUBLE_EQ(*job->profile->mapMax, max);
        EXPECT_FALSE(job->profile->reduceAvg);  // no reduce tasks: nothing to measure
    }
    // Sum of job 1205's 96 durations is 2024885 ms; the average is kept to the microsecond.
    EXPECT_DOUBLE_EQ(*a.profile->mapAvg, 21.092552);
    // Job 1206 is submitted 105.204 s after job 1205 (tests/data/traces/README.md).
    EXPECT_DOUBLE_EQ(a.arrival, 0.0);
    EXPECT_DOUBLE_EQ(b.arrival, 105.204);
    // Every attempt succeeded; four hosts a2115–a2118, at most 8 maps at once on each.
    EXPECT_EQ(report.failedAttempts + report.killedAttempts + report.otherAttempts, 0);
    EXPECT_EQ(report.failedTasks + report.killedTasks + report.tasksWithoutSuccess, 0);
    EXPECT_EQ(report.skippedJobs, 0);
    EXPECT_EQ(report.hosts, 4);
    EXPECT_EQ(w.cluster, (Cluster{4, 8, 1}));
}

TEST(RumenImport, TheSampleIsThisImportOfTheTrace) {
    const std::string path = test::tracePath(kSample);
    // samples/rumen-2jobs2min.json came from `mrsim import rumen` (docs/traces-and-plans.md):
    // importing again reproduces it byte for byte, and it loads back to the same workload.
    const Workload w = importRumen(path);
    const std::string sample = test::readText(test::samplePath("rumen-2jobs2min.json"));
    EXPECT_EQ(serializeWorkload(w), sample);
    EXPECT_EQ(parseWorkload(sample, "sample"), w);
}

TEST(RumenImport, RealTraceTruncatedAnywhereIsAnErrorNamingTheJob) {
    const std::string path = test::tracePath(kSample);
    const std::string text = test::readText(path);
    // Cuts after the jobID of the first job (line 3) and of the second (which starts on line 5114
    // after "} ", its jobID on line 5116), in strings, numbers and between tokens.
    const std::size_t second = text.find("{", text.find("\n}") + 1);
    for (const std::size_t cut : {std::size_t{100}, std::size_t{1000}, text.size() / 4, second - 5,
                                  second + 80, text.size() - 500, text.size() - 2}) {
        SCOPED_TRACE(cut);
        const InputError e = importError(text.substr(0, cut));
        EXPECT_EQ(e.file(), "trace.json");
        EXPECT_NE(e.message().find("truncated"), std::string::npos) << e.what();
        EXPECT_EQ(e.job(), cut < second ? "job_1369942127770_1205" : "job_1369942127770_1206");
    }
}

TEST(RumenImport, FixtureProfileSkipsAndCluster) {
    RumenImportReport report;
    const Workload w = importRumen(testDataPath("rumen-reduces.json"), {}, &report);
    // Job C (job_100_0003) failed and is skipped; A, B, D remain in file order.
    ASSERT_EQ(w.jobCount(), 3);
    const Job& a = w.jobs[0];
    const Job& b = w.jobs[1];
    const Job& d = w.jobs[2];
    EXPECT_EQ(a.name, "WordCount job_100_0001");
    EXPECT_EQ(b.name, "Sort job_100_0002");  // its jobID is the object's last key
    EXPECT_EQ(d.name, "Grep job_100_0004");

    // A: m1's failed first attempt and m2's killed speculative attempt are skipped; the KILLED
    // task m3 is skipped. Successful attempts: 10 s, 12 s (the retry), 8 s.
    EXPECT_EQ(a.mapDurations, (std::vector<double>{10, 12, 8}));
    // Reduces: 1010000→1029000, 1012000→1026500, 1026500→1040500.
    EXPECT_EQ(a.reduceDurations, (std::vector<double>{19, 14.5, 14}));
    // The map stage ends at 1016500 (m1's retry). r0 and r1 start before it: first wave, their
    // sortFinished 1019000 / 1018500 give 2.5 s / 2 s after the map stage. r2 starts at 1026500:
    // typical shuffle 1031500 − 1026500 = 5 s. Reduce phases: 10, 8, 9 s.
    ASSERT_TRUE(a.profile);
    const JobProfile& pa = *a.profile;
    EXPECT_DOUBLE_EQ(*pa.mapAvg, 10.0);
    EXPECT_DOUBLE_EQ(*pa.mapMax, 12.0);
    EXPECT_DOUBLE_EQ(*pa.firstShuffleAvg, 2.25);
    EXPECT_DOUBLE_EQ(*pa.firstShuffleMax, 2.5);
    EXPECT_DOUBLE_EQ(*pa.typicalShuffleAvg, 5.0);
    EXPECT_DOUBLE_EQ(*pa.typicalShuffleMax, 5.0);
    EXPECT_DOUBLE_EQ(*pa.reduceAvg, 9.0);
    EXPECT_DOUBLE_EQ(*pa.reduceMax, 10.0);

    // B: shuffleFinished and sortFinished are −1 on both reduces: no shuffle statistics, reduce
    // statistics over whole attempts (5 s, 6 s), and a note says so.
    EXPECT_EQ(b.reduceDurations, (std::vector<double>{5, 6}));
    ASSERT_TRUE(b.profile);
    EXPECT_FALSE(b.profile->firstShuffleAvg);
    EXPECT_FALSE(b.profile->typicalShuffleAvg);
    EXPECT_DOUBLE_EQ(*b.profile->reduceAvg, 5.5);
    EXPECT_DOUBLE_EQ(*b.profile->reduceMax, 6.0);

    // D: one reduce starting after the map stage (1000500) with only sortFinished (1002000):
    // shuffle 1 s serves as first and typical shuffle, reduce phase 2 s.
    ASSERT_TRUE(d.profile);
    EXPECT_DOUBLE_EQ(*d.profile->firstShuffleAvg, 1.0);
    EXPECT_DOUBLE_EQ(*d.profile->typicalShuffleMax, 1.0);
    EXPECT_DOUBLE_EQ(*d.profile->reduceAvg, 2.0);

    // Arrivals relative to the earliest submitTime (D's, 999000), not the first job's.
    EXPECT_DOUBLE_EQ(a.arrival, 1.0);
    EXPECT_DOUBLE_EQ(b.arrival, 6.0);
    EXPECT_DOUBLE_EQ(d.arrival, 0.0);

    EXPECT_EQ(report.jobs, 3);
    EXPECT_EQ(report.mapTasks, 6);
    EXPECT_EQ(report.reduceTasks, 6);
    EXPECT_EQ(report.failedAttempts, 2);  // A m1 first try, C m0
    EXPECT_EQ(report.killedAttempts, 2);  // A m2 speculative, A m3
    EXPECT_EQ(report.failedTasks, 1);     // C m0
    EXPECT_EQ(report.killedTasks, 1);     // A m3
    EXPECT_EQ(report.setupCleanupTasks, 1);
    EXPECT_EQ(report.skippedJobs, 1);
    const auto noted = [&](const std::string& what) {
        return std::any_of(report.notes.begin(), report.notes.end(),
                           [&](const std::string& n) { return n.find(what) != std::string::npos; });
    };
    EXPECT_TRUE(noted("job_100_0002: profile: first_shuffle and typical_shuffle unknown"));
    EXPECT_TRUE(noted("missing on 2 of 2"));
    EXPECT_TRUE(noted("job_100_0003 skipped: its outcome is FAILED"));
    EXPECT_TRUE(noted("job_100_0001: 3 successful map tasks imported, totalMaps says 4"));
    EXPECT_NE(report.summary().find("2 failed + 2 killed"), std::string::npos);

    // Hosts h1, h2, h3; at 1006000 four maps run on h1 (A m0, A m2, B m0, B m1); at 1012000 four
    // reduces on h3 (A r0, A r1, B r0, B r1) — A r1 ends when r2 starts, which is not overlap.
    EXPECT_EQ(w.cluster, (Cluster{3, 4, 4}));
}

TEST(RumenImport, AConcatenatedStreamKeepsEveryRepeatedJobUnderANewName) {
    // Hadoop's own test traces are streams of several job histories, which may repeat a job's
    // name: a job with another history (here every time stamp moved) is work the cluster did too,
    // so each is kept; the second gets "(2)", and so on.
    const std::string one = test::readText(testDataPath("rumen-reduces.json"));
    RumenImportReport single;
    const Workload once = importText(one, &single);
    RumenImportReport report;
    const Workload thrice = importText(
        one + "\n" + test::shiftRumenTimes(one, 100000) + test::shiftRumenTimes(one, 200000),
        &report);
    ASSERT_EQ(thrice.jobCount(), 3 * once.jobCount());
    EXPECT_EQ(report.renamedJobs, 2 * once.jobCount());
    EXPECT_EQ(report.duplicateJobs, 0);
    for (int copy = 0; copy < 3; ++copy) {
        for (int j = 0; j < once.jobCount(); ++j) {
            const Job& original = once.jobs[static_cast<std::size_t>(j)];
            Job job = thrice.jobs[static_cast<std::size_t>(copy * once.jobCount() + j)];
            EXPECT_EQ(job.name, copy == 0 ? original.name
                                          : original.name + " (" + std::to_string(copy + 1) + ")");
            EXPECT_EQ(job.mapDurations, original.mapDurations);
            EXPECT_EQ(job.reduceDurations, original.reduceDurations);
        }
    }
    EXPECT_NE(report.summary().find(std::to_string(2 * once.jobCount()) + " repeated jobs renamed"),
              std::string::npos)
        << report.summary();
    const auto note = std::find_if(report.notes.begin(), report.notes.end(), [](const auto& n) {
        return n.find("imported as 'WordCount job_100_0001 (2)'") != std::string::npos;
    });
    EXPECT_NE(note, report.notes.end());
    EXPECT_NO_THROW(validate(thrice));
}

TEST(RumenImport, TheSameHistoryWrittenTwiceIsImportedOnce) {
    // Gridmix's wordcount2.json is wordcount.json twice, byte for byte: one job's history, not two
    // jobs that shared the host. The copy is dropped with a note, and its attempts count neither in
    // the host's concurrency (2 map + 1 reduce attempts at once, not 4 + 2) nor in the skipped
    // counts. A stream holding our fixture twice the same: each of its jobs once.
    RumenImportReport once;
    const Workload one = importRumen(testDataPath("hadoop-gridmix-wordcount.json"), {}, &once);
    RumenImportReport report;
    const Workload two = importRumen(testDataPath("hadoop-gridmix-wordcount2.json"), {}, &report);
    EXPECT_EQ(two.jobs, one.jobs);
    EXPECT_EQ(two.overheads, one.overheads);
    EXPECT_EQ(two.cluster, (Cluster{1, 2, 1}));
    EXPECT_EQ(report.duplicateJobs, 1);
    EXPECT_EQ(report.renamedJobs, 0);
    EXPECT_EQ(report.setupCleanupTasks, once.setupCleanupTasks);
    EXPECT_NE(report.summary().find("1 duplicated job histories imported once"), std::string::npos)
        << report.summary();
    const auto noted = std::find_if(report.notes.begin(), report.notes.end(), [](const auto& n) {
        return n.find("job_201009241532_0001: the same history as an earlier job") !=
               std::string::npos;
    });
    EXPECT_NE(noted, report.notes.end());

    const std::string fixture = test::readText(testDataPath("rumen-reduces.json"));
    RumenImportReport single;
    const Workload first = importText(fixture, &single);
    RumenImportReport doubled;
    const Workload w = importText(fixture + fixture, &doubled);
    EXPECT_EQ(w.jobs, first.jobs);
    EXPECT_EQ(w.cluster, first.cluster);
    EXPECT_EQ(doubled.duplicateJobs, 4);  // the failed job too
    EXPECT_EQ(doubled.failedAttempts, single.failedAttempts);
    EXPECT_EQ(doubled.killedTasks, single.killedTasks);
    EXPECT_EQ(doubled.skippedJobs, single.skippedJobs);
}

TEST(RumenImport, ClusterOptionsOverrideTheTrace) {
    RumenImportOptions options;
    options.nodes = 10;
    options.reduceSlotsPerNode = 2;
    RumenImportReport report;
    const Workload w = importRumen(testDataPath("rumen-reduces.json"), options, &report);
    EXPECT_EQ(w.cluster, (Cluster{10, 4, 2}));
    EXPECT_TRUE(report.concurrencyMeasured);
    // The whole cluster given: attempt times per host are not kept, the jobs are the same.
    options.mapSlotsPerNode = 3;
    RumenImportReport given;
    const Workload v = importRumen(testDataPath("rumen-reduces.json"), options, &given);
    EXPECT_EQ(v.cluster, (Cluster{10, 3, 2}));
    EXPECT_EQ(v.jobs, w.jobs);
    EXPECT_FALSE(given.concurrencyMeasured);
    EXPECT_EQ(given.hosts, 3);
    EXPECT_EQ(given.summary().find("at once"), std::string::npos);
}

TEST(RumenImport, InferredSlotsStayWithinWhatAWorkloadFileHolds) {
    // 1001 maps at once on one host: more map slots per node than a workload file allows (1000).
    nlohmann::json job = {
        {"jobID", "j1"}, {"submitTime", 0}, {"mapTasks", nlohmann::json::array()}};
    for (int i = 0; i < 1001; ++i) {
        job["mapTasks"].push_back({{"taskType", "MAP"},
                                   {"taskStatus", "SUCCESS"},
                                   {"attempts",
                                    {{{"result", "SUCCESS"},
                                      {"hostName", "/r/h"},
                                      {"startTime", 0},
                                      {"finishTime", 5}}}}});
    }
    RumenImportReport report;
    const Workload w = importText(job.dump(), &report);
    EXPECT_EQ(report.peakMapsPerHost, 1001);
    EXPECT_EQ(w.cluster, (Cluster{1, 1000, 1}));
    EXPECT_EQ(report.notes.back(), "the trace gives 1001 map slots per node; capped at 1000");
    EXPECT_EQ(parseWorkload(serializeWorkload(w), "saved"), w);  // the file loads back
}

TEST(RumenImport, EveryTruncationInsideAJobIsAnError) {
    const std::string text = test::readText(testDataPath("rumen-reduces.json"));
    int errors = 0;
    for (std::size_t cut = 1; cut < text.size(); cut += 13) {
        SCOPED_TRACE(cut);
        std::string prefix = text.substr(0, cut);
        std::string trimmed = prefix;
        while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.back()))) {
            trimmed.pop_back();
        }
        // Only the top-level closing braces start a line in this pretty-printed file.
        const bool wholeJobs = trimmed.size() >= 2 && trimmed.substr(trimmed.size() - 2) == "\n}";
        if (wholeJobs) {
            EXPECT_NO_THROW(importText(prefix));
            continue;
        }
        const InputError e = importError(prefix);
        EXPECT_NE(e.message().find("truncated"), std::string::npos) << e.what();
        ++errors;
    }
    EXPECT_GT(errors, 1000);
}

// The fixture with one replacement applied (the text must occur).
std::string fixtureWith(const std::string& from, const std::string& to) {
    std::string text = test::readText(testDataPath("rumen-reduces.json"));
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

TEST(RumenImport, CorruptFieldsNameTheJobAndTheField) {
    struct Case {
        std::string from, to, job, field, message;
    };
    const std::vector<Case> cases = {
        {"\"SUCCESS\",\n          \"finishTime\" : 1011000",
         "\"SUCCESS\",\n\"finishTime\" : \"soon\"", "job_100_0001",
         "mapTasks[0].attempts[0].finishTime", "whole number"},
        {"\"SUCCESS\",\n          \"finishTime\" : 1011000",
         "\"SUCCESS\",\n\"finishTime\" : 1000000", "job_100_0001",
         "mapTasks[0].attempts[0].finishTime", "no earlier than it starts"},
        {"\"startTime\" : 1004500", "\"startTime\" : -1", "job_100_0001",
         "mapTasks[1].attempts[1].startTime", "start time"},
        {"\"sortFinished\" : 1019000", "\"sortFinished\" : 1030000", "job_100_0001",
         "reduceTasks[0].attempts[0].sortFinished", "between"},
        // Negative times other than Rumen's -1 ("not recorded"): they made negative shuffles,
        // a profile no workload file can hold (found by fuzzing).
        {"\"sortFinished\" : 1019000", "\"sortFinished\" : -50", "job_100_0001",
         "reduceTasks[0].attempts[0].sortFinished", "or be -1"},
        {"\"shuffleFinished\" : 1018000", "\"shuffleFinished\" : -50", "job_100_0001",
         "reduceTasks[0].attempts[0].shuffleFinished", "or be -1"},
        {"\"submitTime\" : 1000000", "\"submitTime\" : 1000.5", "job_100_0001", "submitTime",
         "whole number"},
        {"\"taskType\" : \"MAP\"", "\"taskType\" : \"REDUCE\"", "job_100_0001",
         "mapTasks[0].taskType", "REDUCE task in the map task list"},
        // Job B's jobID is its last key: the error still names it.
        {"\"finishTime\" : 1009000,\n          \"attemptID\" : \"attempt_100_0002_m_000000_0\"",
         "\"finishTime\" : [1009000],\n          \"attemptID\" : \"attempt_100_0002_m_000000_0\"",
         "job_100_0002", "mapTasks[0].attempts[0].finishTime", "must not be an array"},
        {"\"jobID\" : \"job_100_0001\",", "", "#1", "jobID", "is required"},
        {"\"submitTime\" : 1000000,", "", "job_100_0001", "submitTime", "is required"},
        {"\"attempts\" : [", "\"attempts\" : {\"x\" : 1}, \"ignored\" : [", "job_100_0001",
         "mapTasks[0].attempts", "must be an array (got an object)"},
        // A key the import reads, given twice: the second would silently win.
        {"\"submitTime\" : 1000000", "\"submitTime\" : 1000000, \"submitTime\" : 1000001",
         "job_100_0001", "submitTime", "appears twice"},
        {"\"SUCCESS\",\n          \"finishTime\" : 1011000",
         "\"SUCCESS\",\n\"finishTime\" : 1011000, \"finishTime\" : 1012000", "job_100_0001",
         "mapTasks[0].attempts[0].finishTime", "appears twice"},
        // Times a workload file cannot hold (a corrupt time stamp).
        {"\"SUCCESS\",\n          \"finishTime\" : 1011000",
         "\"SUCCESS\",\n\"finishTime\" : 9000000000000000000", "job_100_0001", "mapTasks",
         "a workload file holds at most"},
        {"\"submitTime\" : 1000000", "\"submitTime\" : 8000000000000000000", "job_100_0001",
         "submitTime", "a workload file holds at most"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.to);
        const InputError e = importError(fixtureWith(c.from, c.to));
        EXPECT_EQ(e.file(), "trace.json");
        EXPECT_EQ(e.job(), c.job) << e.what();
        EXPECT_EQ(e.field(), c.field) << e.what();
        EXPECT_NE(e.message().find(c.message), std::string::npos) << e.what();
    }
}

TEST(RumenImport, SyntaxErrorsGiveTheLineOfTheFile) {
    // A stray character between jobs 2 and 3 (the third object starts on a line of its own).
    std::string text = test::readText(testDataPath("rumen-reduces.json"));
    std::size_t at = 0;
    for (int k = 0; k < 2; ++k) {
        at = text.find("\n}\n", at) + 3;
    }
    const long line = std::count(text.begin(), text.begin() + static_cast<long>(at), '\n') + 1;
    text.insert(at, "x");
    const InputError e = importError(text);
    EXPECT_NE(e.message().find("at line " + std::to_string(line) + ", column 2"), std::string::npos)
        << e.what();
    EXPECT_EQ(e.job(), "#3");
}

TEST(RumenImport, DeepNestingIsRefusedWithoutFollowingIt) {
    // Any JSON input bounds its nesting; this one sits in a skipped field.
    const std::string deep = R"({"jobID": "j1", "jobProperties": )" + std::string(200000, '[') +
                             std::string(200000, ']') + "}";
    const InputError e = importError(deep);
    EXPECT_EQ(e.job(), "j1");
    EXPECT_NE(e.message().find("nested deeper than 128 levels"), std::string::npos) << e.what();
}

// A pipe that never ends (or a string that never closes) is refused once the blank space before a
// job or the job itself is longer than the reader's limits; it hung (or filled the memory) before.
TEST(RumenImport, AStreamThatNeverEndsIsRefused) {
    const RumenReadLimits limits{1 << 20, 4 << 20};
    struct Case {
        const char* start;
        const char* repeated;
        const char* message;
    };
    for (const Case& c : {
             Case{"", " \n", "more than 1048576 bytes of blank space after 0 jobs"},
             Case{R"({"jobID": "j1", "mapTasks": []} )", "\n", "after 1 jobs"},
             Case{R"({"jobID": "j2", "jobName": ")", "a", "a job of more than 4194304 bytes"},
             Case{R"({"jobID": "j3", "mapTasks": [)", " ", "a job of more than 4194304 bytes"},
         }) {
        test::EndlessBuffer endless(c.start, c.repeated);
        std::istream in(&endless);
        RumenImportReport report;
        RumenJobReader reader(in, "pipe", report, false, limits);
        try {
            while (reader.next() != nullptr) {
            }
            ADD_FAILURE() << "an endless stream ended: " << c.start;
        } catch (const InputError& e) {
            EXPECT_EQ(e.file(), "pipe");
            EXPECT_NE(e.message().find(c.message), std::string::npos) << e.what();
            EXPECT_NE(e.message().find("a pipe that does not end?"), std::string::npos);
        }
    }
    // The default limits hold every trace we have: the sample reads whole.
    std::istringstream trace(test::readText(testDataPath("rumen-reduces.json")));
    RumenImportReport report;
    RumenJobReader reader(trace, "trace", report, false, limits);
    int jobs = 0;
    while (reader.next() != nullptr) {
        ++jobs;
    }
    EXPECT_GT(jobs, 0);
}

TEST(RumenImport, ADirectoryIsNotATrace) {
    // Not exit 1 with "basic_filebuf::xsgetn error".
    try {
        importRumen(test::scratchDir());
        ADD_FAILURE() << "imported a directory";
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), test::scratchDir());
        EXPECT_NE(e.message().find("is a directory"), std::string::npos) << e.what();
    }
}

TEST(RumenImport, RefusesWhatIsNotATraceOfJobs) {
    EXPECT_NE(importError("").message().find("no job"), std::string::npos);
    EXPECT_NE(importError("  \n ").message().find("no job"), std::string::npos);
    EXPECT_NE(importError("[{\"jobID\": \"j\"}]").message().find("found an array"),
              std::string::npos);
    EXPECT_NE(importError("42").message().find("found a number"), std::string::npos);
    // Only a failed job: nothing to import is an error, not an empty workload.
    EXPECT_NE(importError(R"({"jobID": "j1", "submitTime": 5, "outcome": "KILLED"})")
                  .message()
                  .find("no job with a successful map task"),
              std::string::npos);
    // A job without hosts cannot size the cluster unless --nodes does.
    const std::string noHosts =
        R"({"jobID": "j1", "submitTime": 5, "mapTasks": [{"taskType": "MAP", "taskStatus":
            "SUCCESS", "attempts": [{"result": "SUCCESS", "startTime": 10, "finishTime": 20}]}]})";
    EXPECT_EQ(importError(noHosts).field(), "hostName");
    std::istringstream in(noHosts);
    RumenImportOptions options;
    options.nodes = 2;
    const Workload w = importRumen(in, "t", options);
    EXPECT_EQ(w.cluster, (Cluster{2, 1, 1}));
    EXPECT_EQ(w.jobs[0].mapDurations, (std::vector<double>{0.01}));
    EXPECT_THROW(importRumen(test::scratchDir() + "/no-such-trace.json"), InputError);
}

}  // namespace
}  // namespace mr
