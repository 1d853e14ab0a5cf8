// SWIM import: the byte model on our fixture tests/data/swim-small.tsv (numbers worked out by hand
// below), --jobs, streaming equals in-memory, byte-identical re-import, bad rows; and the real
// Facebook samples in tests/data/traces checked against the counts of its README.
#include <gtest/gtest.h>

#include <fstream>

#include "io/SwimImport.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

using test::testDataPath;

std::vector<double> times(std::size_t n, double t) {
    return std::vector<double>(n, t);
}

TEST(SwimImport, OneJobPerRowByTheDefaultModel) {
    SwimImportReport report;
    const Workload w = importSwim(testDataPath("swim-small.tsv"), {}, &report);
    ASSERT_EQ(w.jobCount(), 6);
    // Block 64 MiB = 67108864 B, 5 MB/s = 5e6 B/s for maps and reduces, 1e9 B per reducer.
    // j0: no input, nothing shuffled: one map task of 0 s, no reduce.
    EXPECT_EQ(w.jobs[0].name, "j0");
    EXPECT_EQ(w.jobs[0].mapDurations, times(1, 0.0));
    EXPECT_TRUE(w.jobs[0].reduceDurations.empty());
    // j1: 2 blocks exactly; map-only, so the maps also write the 5e6 output bytes:
    // (134217728 + 5000000) / 2 / 5e6 = 13.9217728 s → 13.922.
    EXPECT_EQ(w.jobs[1].mapDurations, times(2, 13.922));
    EXPECT_TRUE(w.jobs[1].reduceDurations.empty());
    // j2: one byte over 2 blocks → 3 maps of 134217729 / 3 / 5e6 = 8.9478486 s → 8.948;
    // 2.5e9 shuffled → 3 reducers of (2.5e9 + 5e8) / 3 / 5e6 = 200 s.
    EXPECT_EQ(w.jobs[2].mapDurations, times(3, 8.948));
    EXPECT_EQ(w.jobs[2].reduceDurations, times(3, 200.0));
    // j3: 1000 B in, 1 B shuffled: one map (0.0002 s → 0), one reducer (2e-7 s → 0).
    EXPECT_EQ(w.jobs[3].mapDurations, times(1, 0.0));
    EXPECT_EQ(w.jobs[3].reduceDurations, times(1, 0.0));
    // j4: exactly one block (13.4217728 s → 13.422), exactly 1e9 shuffled → 1 reducer of 200 s.
    EXPECT_EQ(w.jobs[4].mapDurations, times(1, 13.422));
    EXPECT_EQ(w.jobs[4].reduceDurations, times(1, 200.0));
    // j5: map-only, 1000 B in but 2e8 B out: ceil(2e8 / 67108864) = 3 maps, none writing more
    // than a block, each (1000 + 2e8) / 3 / 5e6 = 13.3334 s → 13.333.
    EXPECT_EQ(w.jobs[5].mapDurations, times(3, 13.333));
    EXPECT_TRUE(w.jobs[5].reduceDurations.empty());
    // Arrivals are the submit times.
    const std::vector<double> arrivals = {10, 10, 25, 25, 100, 100};
    for (int j = 0; j < 6; ++j) {
        EXPECT_DOUBLE_EQ(w.jobs[static_cast<std::size_t>(j)].arrival,
                         arrivals[static_cast<std::size_t>(j)]);
    }
    EXPECT_EQ(report.jobs, 6);
    EXPECT_EQ(report.mapTasks, 11);
    EXPECT_EQ(report.reduceTasks, 5);
    EXPECT_EQ(report.jobsWithoutInput, 1);
    EXPECT_EQ(report.mapOnlyJobs, 3);
    EXPECT_FALSE(report.truncatedByMaxJobs);
    EXPECT_EQ(w.cluster, (Cluster{64, 4, 4}));
    EXPECT_NE(w.description.find("67108864"), std::string::npos);  // the model is recorded
}

TEST(SwimImport, EveryModelParameterCounts) {
    SwimImportOptions options;
    options.model.blockSize = 100'000'000;
    options.model.mapMBPerS = 10;
    options.model.reduceMBPerS = 20;
    options.model.bytesPerReducer = 500'000'000;
    options.model.taskOverhead = 1.5;
    options.cluster = {8, 2, 1};
    const Workload w = importSwim(testDataPath("swim-small.tsv"), options);
    // j0: the overhead alone.
    EXPECT_EQ(w.jobs[0].mapDurations, times(1, 1.5));
    // j2: ceil(134217729 / 1e8) = 2 maps of 1.5 + 67108864.5 / 1e7 = 8.21088645 s → 8.211;
    // ceil(2.5e9 / 5e8) = 5 reducers of 1.5 + 3e9 / 5 / 2e7 = 31.5 s.
    EXPECT_EQ(w.jobs[2].mapDurations, times(2, 8.211));
    EXPECT_EQ(w.jobs[2].reduceDurations, times(5, 31.5));
    EXPECT_EQ(w.cluster, (Cluster{8, 2, 1}));
}

TEST(SwimImport, JobsOptionTakesTheFirstRows) {
    SwimImportOptions options;
    options.maxJobs = 2;
    SwimImportReport report;
    const Workload w = importSwim(testDataPath("swim-small.tsv"), options, &report);
    ASSERT_EQ(w.jobCount(), 2);
    EXPECT_EQ(w.jobs[1].name, "j1");
    EXPECT_TRUE(report.truncatedByMaxJobs);
    options.maxJobs = 6;  // exactly the file: nothing left over
    importSwim(testDataPath("swim-small.tsv"), options, &report);
    EXPECT_FALSE(report.truncatedByMaxJobs);
}

TEST(SwimImport, RepeatDaysCopiesTheTraceOneDayLaterEachTime) {
    SwimImportOptions options;
    options.repeatDays = 3;
    SwimImportReport report;
    const std::string trace = testDataPath("swim-small.tsv");
    const Workload days = importSwim(trace, options, &report);
    const Workload one = importSwim(trace);
    ASSERT_EQ(days.jobCount(), 18);
    EXPECT_EQ(report.jobs, 18);
    EXPECT_EQ(report.mapOnlyJobs, 3 * 3);  // j0, j1 and j5 shuffle nothing
    for (int k = 0; k < 3; ++k) {
        for (int i = 0; i < 6; ++i) {
            const Job& copy = days.jobs[static_cast<std::size_t>(6 * k + i)];
            Job expected = one.jobs[static_cast<std::size_t>(i)];
            if (k > 0) {
                expected.name += "-day" + std::to_string(k + 1);  // j2-day3
                expected.arrival += 86400.0 * k;
            }
            EXPECT_EQ(copy, expected) << copy.name;
        }
    }
    EXPECT_EQ(days.jobs[14].name, "j2-day3");
    EXPECT_DOUBLE_EQ(days.jobs[14].arrival, 25.0 + 2 * 86400.0);
    // Streamed to a file: what saving the workload in memory writes.
    const std::string dir = test::scratchDir();
    importSwimToFile(trace, options, dir + "/days.json");
    EXPECT_EQ(test::readText(dir + "/days.json"), serializeWorkload(days));
    options.repeatDays = 0;
    EXPECT_THROW(importSwim(trace, options), InputError);
}

TEST(SwimImport, StreamedFileIsTheSavedWorkloadAndReimportIsByteIdentical) {
    const std::string dir = test::scratchDir();
    const std::string trace = testDataPath("swim-small.tsv");
    importSwimToFile(trace, {}, dir + "/a.json");
    importSwimToFile(trace, {}, dir + "/b.json");
    const std::string a = test::readText(dir + "/a.json");
    EXPECT_EQ(a, test::readText(dir + "/b.json"));
    const Workload inMemory = importSwim(trace);
    EXPECT_EQ(a, serializeWorkload(inMemory));
    EXPECT_EQ(loadWorkload(dir + "/a.json"), inMemory);
}

void writeTrace(const std::string& path, const std::string& text) {
    test::writeText(path, text);
}

TEST(SwimImport, BadRowsAreErrorsWithTheLine) {
    struct Case {
        std::string text, job, field, message;
    };
    const std::vector<Case> cases = {
        {"a\t1\t1\t0\t0\t0\nb\t2\t1\t0\t0\n", "b", "", "line 2: a SWIM row has 6"},
        {"a\t1\t1\t12x\t0\t0\n", "a", "map_input_bytes", "got '12x'"},
        {"a\t1\t1\t5\t-3\t0\n", "a", "shuffle_bytes", "whole number of bytes >= 0"},
        {"a\t1\t1\t5\t3\t1.5\n", "a", "reduce_output_bytes", "(line 1)"},
        {"a\t9\t9\t0\t0\t0\nb\t8\t0\t0\t0\t0\n", "b", "submit_time_seconds", "must not decrease"},
        {"a\t1\t1\t0\t0\t0\na\t2\t1\t0\t0\t0\n", "a", "new_unique_job_id", "listed twice"},
        {"a\tsoon\t1\t0\t0\t0\n", "a", "submit_time_seconds", "number of seconds"},
        {"a\t1\t1\t99999999999999999999\t0\t0\n", "a", "map_input_bytes", "whole number"},
        {"\n\n", "", "", "no job"},
        // A job id that is not UTF-8 cannot become a workload's job name.
        {"j\xff"
         "1\t1\t1\t0\t0\t0\n",
         "j\xff"
         "1",
         "new_unique_job_id", "not valid UTF-8"},
        // A line that never ends (a binary file, /dev/zero) is refused, not read without end.
        {std::string(100000, 'x'), "", "", "longer than 65536 bytes"},
    };
    const std::string path = test::scratchDir() + "/bad.tsv";
    for (const Case& c : cases) {
        SCOPED_TRACE(c.text);
        writeTrace(path, c.text);
        try {
            importSwim(path);
            ADD_FAILURE() << "imported a bad trace";
        } catch (const InputError& e) {
            EXPECT_EQ(e.file(), path);
            EXPECT_EQ(e.job(), c.job);
            EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
            EXPECT_TRUE(isValidUtf8(e.what())) << e.what();
            EXPECT_EQ(e.field(), c.field);
            EXPECT_NE(e.message().find(c.message), std::string::npos) << e.what();
        }
        // The streaming import leaves no file behind.
        const std::string out = test::scratchDir() + "/bad-out.json";
        EXPECT_THROW(importSwimToFile(path, {}, out), InputError);
        EXPECT_FALSE(std::ifstream(out).good());
    }
}

TEST(SwimImport, WritesOnlyWhatLoadingAccepts) {
    // The largest times a workload holds are written and load back; a model that
    // makes longer tasks refuses the trace (it wrote a file `run` refused before).
    const std::string path = test::scratchDir() + "/edge.tsv";
    writeTrace(path, "a\t999999999999\t0\t100000000\t2000000000\t0\n");
    const std::string out = test::scratchDir() + "/edge.json";
    SwimImportOptions options;
    options.model.taskOverhead = kMaxTime - 1000.0;
    importSwimToFile(path, options, out);
    const Workload w = loadWorkload(out);
    EXPECT_DOUBLE_EQ(w.jobs[0].arrival, 999999999999.0);
    EXPECT_EQ(w.jobs[0].maps(), 2);     // ceil(1e8 / 64 MiB)
    EXPECT_EQ(w.jobs[0].reduces(), 2);  // ceil(2e9 / 1e9)
    for (const auto& [field, slower] : {std::pair{"map_input_bytes", &SwimModel::mapMBPerS},
                                        std::pair{"shuffle_bytes", &SwimModel::reduceMBPerS}}) {
        SwimImportOptions slow = options;
        slow.model.*slower = 1.0e-6;  // 1 byte per second
        try {
            importSwimToFile(path, slow, out + ".slow");
            ADD_FAILURE() << "wrote tasks longer than a workload holds";
        } catch (const InputError& e) {
            EXPECT_EQ(e.file(), path);
            EXPECT_EQ(e.field(), field);
            EXPECT_NE(e.message().find("a workload file holds"), std::string::npos) << e.what();
        }
    }
}

// A pipe of blank lines never ends: refused after a million of them in a row (it hung before).
TEST(SwimImport, BlankLinesForEverAreRefused) {
    test::EndlessBuffer endless("job1\t0\t1\t64000000\t0\t0\n", "\r\n");
    std::istream in(&endless);
    int jobs = 0;
    try {
        readSwim(in, "pipe", {}, [&](const Job&) { ++jobs; });
        ADD_FAILURE() << "an endless stream ended";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "pipe: more than 1000000 blank lines in a row at line 1000002 (a device or a "
                  "pipe that does not end?)");
    }
    EXPECT_EQ(jobs, 1);
}

TEST(SwimImport, ADirectoryIsNotATrace) {
    try {
        importSwim(test::scratchDir());
        ADD_FAILURE() << "imported a directory";
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), test::scratchDir());
        EXPECT_NE(e.message().find("is a directory"), std::string::npos) << e.what();
    }
}

TEST(SwimImport, TooManyTasksIsAnErrorBeforeAnyAllocation) {
    const std::string path = test::scratchDir() + "/huge.tsv";
    // 1e18 input bytes on 1-byte blocks would be 1e18 map tasks.
    writeTrace(path, "big\t1\t1\t1000000000000000000\t0\t0\n");
    SwimImportOptions options;
    options.model.blockSize = 1;
    try {
        importSwim(path, options);
        ADD_FAILURE() << "imported 1e18 tasks";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "map_input_bytes");
        EXPECT_NE(e.message().find("--block-size"), std::string::npos);
    }
}

// The real samples: one job per row (counts and map-only jobs from tests/data/traces/README.md),
// arrivals non-decreasing, jobs without input keep one map task. Checked as the rows stream by
// (FB-2010 expands to 16 million tasks; the test keeps none of them).
void checkRealTrace(const std::string& path, long long rows, long long mapOnly) {
    std::ifstream in(path);
    long long jobs = 0;
    double lastArrival = 0.0;
    SwimImportReport report;
    readSwim(
        in, path, {},
        [&](const Job& job) {
            EXPECT_EQ(job.name, "job" + std::to_string(jobs));
            EXPECT_GE(job.arrival, lastArrival);
            EXPECT_GE(job.maps(), 1);
            lastArrival = job.arrival;
            ++jobs;
        },
        &report);
    EXPECT_EQ(jobs, rows);
    EXPECT_EQ(report.jobs, rows);
    EXPECT_EQ(report.mapOnlyJobs, mapOnly);
    EXPECT_GT(report.jobsWithoutInput, 0);
}

TEST(SwimImport, RealFacebook2009Sample) {
    const std::string path = test::tracePath("swim/FB-2009_samples_24_times_1hr_0.tsv");
    checkRealTrace(path, 5894, 4448);
    // Re-import, whole and --jobs 100, is byte-identical; the slice is the file's first rows.
    const std::string dir = test::scratchDir();
    importSwimToFile(path, {}, dir + "/fb1.json");
    importSwimToFile(path, {}, dir + "/fb2.json");
    EXPECT_EQ(test::readText(dir + "/fb1.json"), test::readText(dir + "/fb2.json"));
    SwimImportOptions slice;
    slice.maxJobs = 100;
    importSwimToFile(path, slice, dir + "/s1.json");
    importSwimToFile(path, slice, dir + "/s2.json");
    EXPECT_EQ(test::readText(dir + "/s1.json"), test::readText(dir + "/s2.json"));
    // samples/swim-fb2009-100.json is this slice (docs/traces-and-plans.md has the command).
    EXPECT_EQ(test::readText(dir + "/s1.json"),
              test::readText(test::samplePath("swim-fb2009-100.json")));
    const Workload w = loadWorkload(dir + "/s1.json");
    ASSERT_EQ(w.jobCount(), 100);
    EXPECT_EQ(w.jobs[0].name, "job0");
    EXPECT_DOUBLE_EQ(w.jobs[0].arrival, 49.0);  // the first row's submit time
    // Row 5: job4, 3623279 B in, nothing shuffled, 9838062 B out: one map writing its output,
    // (3623279 + 9838062) / 5e6 = 2.6922682 s.
    EXPECT_EQ(w.jobs[4].mapDurations, times(1, 2.692));
    EXPECT_EQ(w.jobs[4].reduces(), 0);
}

TEST(SwimImport, RealFacebook2010Sample) {
    const std::string path = test::tracePath("swim/FB-2010_samples_24_times_1hr_0.tsv");
    checkRealTrace(path, 24442, 8324);
}

}  // namespace
}  // namespace mr
