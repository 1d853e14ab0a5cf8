// TaskRecords — a run's records kept in a temporary file answer every chart query (window,
// hover, summary, raster) as the same records in memory do, and reading them keeps only a few
// pages resident, whatever the run's size.
#include "sim/TaskRecords.h"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <unistd.h>
#include <cerrno>
#include <csignal>
#include <cstring>

#include <fstream>
#include <set>
#include <string>

#include "model/SeededRandom.h"
#include "schedulers/Registry.h"
#include "support/TestSupport.h"
#include "timeline/TimelineRaster.h"
#include "timeline/TimelineSummary.h"

namespace mr {
namespace {

// Resident bytes of this process's file-backed pages now (/proc/self/status RssFile, in kB):
// where a spilled run's records show when they are mapped in.
std::size_t residentFileBytes() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("RssFile:", 0) == 0) {
            return std::stoull(line.substr(8)) * 1024;
        }
    }
    return 0;
}

// `records` random records (waves among them) on `mapSlots` + `reduceSlots`, by end.
std::vector<TaskRecord> randomRecords(std::uint64_t seed, int records, int mapSlots,
                                      int reduceSlots) {
    SeededRandom rng(seed);
    std::vector<TaskRecord> out;
    for (int i = 0; i < records; ++i) {
        TaskRecord r;
        r.kind = rng.uniformInt(0, 2) == 0 ? TaskKind::Reduce : TaskKind::Map;
        const int slots = r.kind == TaskKind::Map ? mapSlots : reduceSlots;
        r.job = rng.uniformInt(0, 11);
        r.task = i;
        r.slot = rng.uniformInt(0, slots - 1);
        if (slots - r.slot >= 2 && rng.uniformInt(0, 4) == 0) {
            r.count = rng.uniformInt(2, slots - r.slot);
        }
        r.start = rng.uniformInt(0, 399) + rng.uniformInt(0, 3) * 0.25;
        r.end = r.start + rng.uniformInt(0, 40) * 0.5;
        r.killed = rng.uniformInt(0, 9) == 0;
        out.push_back(r);
    }
    return out;
}

SimResult spilledCopy(const SimResult& sim) {
    SimResult out = sim;
    out.tasks.clear();
    out.tasks.startSpilling();
    for (const TaskRecord& r : sim.tasks) {
        out.tasks.push_back(r);
    }
    out.tasks.finish();
    return out;
}

TEST(TaskRecords, ARunOnDiskHasTheRecordsOfTheSameRunInMemory) {
    const Workload w = test::figure4(2);
    for (const char* id : {"fifo", "johnson", "hscheduler", "balanced-pools"}) {
        RunOptions memory;
        RunOptions disk;
        disk.spillRecordsAbove = 1;  // every run's records go to the file
        const RunResult a = runAlgorithm(w, id, memory);
        const RunResult b = runAlgorithm(w, id, disk);
        EXPECT_FALSE(a.sim.tasks.spilled()) << id;
        ASSERT_TRUE(b.sim.tasks.spilled()) << id;
        EXPECT_EQ(b.sim.tasks.memoryBytes(), 0u) << id;
        ASSERT_FALSE(a.sim.tasks.empty()) << id;
        EXPECT_TRUE(a.sim.tasks == b.sim.tasks) << id;
        EXPECT_EQ(a.sim.makespan, b.sim.makespan) << id;
    }
}

TEST(TaskRecords, ARunOnDiskCannotBeChanged) {
    SimResult sim;
    sim.tasks = randomRecords(3, 10, 8, 4);
    const SimResult disk = spilledCopy(sim);
    SimResult changed = disk;
    EXPECT_THROW(changed.tasks.memory(), std::logic_error);
    EXPECT_TRUE(changed.tasks == sim.tasks);
}

TEST(TaskRecords, AFolderThatCannotTakeTheFileIsAClearError) {
    const char* old = std::getenv("TMPDIR");
    const std::string saved = old ? old : "";
    setenv("TMPDIR", "/nonexistent-folder-for-records", 1);
    TaskRecords records;
    try {
        records.startSpilling();
        ADD_FAILURE() << "no error for a missing folder";
    } catch (const RecordSpillError& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent-folder-for-records"), std::string::npos)
            << e.what();
    }
    if (old) {
        setenv("TMPDIR", saved.c_str(), 1);
    } else {
        unsetenv("TMPDIR");
    }
}

// A disk that fills up while the run writes (a file-size limit stands in for it): the writing
// thread's failure reaches the run as one clear error, at a later record or at the end, and the
// records written so far are never taken for the whole run.
TEST(TaskRecords, ADiskThatFillsUpIsAClearError) {
    rlimit saved{};
    ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &saved), 0);
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);  // write() fails with EFBIG instead
    rlimit small = saved;
    small.rlim_cur = 1 << 20;  // 1 MB: 32 768 records
    ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
    std::string error;
    try {
        TaskRecords records;
        records.startSpilling();
        for (int i = 0; i < 200'000; ++i) {
            records.push_back(TaskRecord{i % 7, i, i % 40, TaskKind::Map, false, AttemptEnd::Killed,
                                         1, double(i), double(i) + 1});
        }
        records.finish();
    } catch (const RecordSpillError& e) {
        error = e.what();
    }
    setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, oldHandler);
    EXPECT_NE(error.find("writing a temporary file in"), std::string::npos) << error;
    EXPECT_NE(error.find(std::strerror(EFBIG)), std::string::npos) << error;
}

// The chart's queries (window, hover, summary cells, raster pixels) on random runs give the same
// answers from both storages.
TEST(TaskRecords, ChartQueriesAnswerAlikeFromDiskAndMemory) {
    SeededRandom rng(11);
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        SimResult memory;
        memory.mapSlots = 100;
        memory.reduceSlots = 37;
        memory.tasks = randomRecords(seed, 2000, memory.mapSlots, memory.reduceSlots);
        const SimResult disk = spilledCopy(memory);
        const TimelineIndex a(memory);
        const TimelineIndex b(disk);
        TimelineSummary::Options every;
        every.recordBudget = 0;
        const TimelineSummary sa(a, every);
        const TimelineSummary sb(b, every);
        for (int q = 0; q < 100; ++q) {
            const TaskKind kind = q % 3 == 0 ? TaskKind::Reduce : TaskKind::Map;
            const int s0 = rng.uniformInt(0, 36);
            const int s1 = s0 + rng.uniformInt(0, 60);
            const double t0 = rng.uniformInt(-10, 450);
            const double t1 = t0 + rng.uniformInt(0, 120);
            std::multiset<std::size_t> got[2];
            a.forEach(kind, s0, s1, t0, t1,
                      [&](const TaskRecord& r) { got[0].insert(&r - memory.tasks.data()); });
            b.forEach(kind, s0, s1, t0, t1,
                      [&](const TaskRecord& r) { got[1].insert(&r - disk.tasks.data()); });
            ASSERT_EQ(got[0], got[1]) << "seed " << seed << " query " << q;
            const TaskRecord* ha = a.at(kind, s0, t0);
            const TaskRecord* hb = b.at(kind, s0, t0);
            ASSERT_EQ(ha == nullptr, hb == nullptr) << "seed " << seed << " query " << q;
            if (ha) {
                EXPECT_EQ(ha - memory.tasks.data(), hb - disk.tasks.data()) << "seed " << seed;
            }
        }
        EXPECT_EQ(sa.memoryBytes(), sb.memoryBytes()) << "seed " << seed;
        const TimelineRows rows{memory.mapSlots, memory.reduceSlots};
        for (const double secondsPerPixel : {0.1, 1.0, 7.0}) {
            RasterView view;
            view.secondsPerPixel = secondsPerPixel;
            view.width = 300;
            view.rowFrom = -0.5;
            view.rowsPerPixel = 0.7;
            view.height = 200;
            std::vector<RasterPixel> pa;
            std::vector<RasterPixel> pb;
            rasterizeTimeline(a, sa, rows, view, pa);
            rasterizeTimeline(b, sb, rows, view, pb);
            ASSERT_EQ(pa.size(), pb.size());
            for (std::size_t i = 0; i < pa.size(); ++i) {
                ASSERT_EQ(pa[i].job, pb[i].job) << "seed " << seed << " pixel " << i;
                ASSERT_EQ(pa[i].fill, pb[i].fill) << "seed " << seed << " pixel " << i;
            }
        }
    }
}

// A chart's index and summary of a run on disk, and a scan of it (exports), leave the records'
// pages behind: at most a few MB of the 96 MB of records stay mapped in.
// 3 million records (96 MB) on 256 + 256 slots, written to disk as the engine writes them.
SimResult largeRunOnDisk() {
    constexpr int kRecords = 3'000'000;
    SimResult sim;
    sim.mapSlots = 256;
    sim.reduceSlots = 256;
    sim.tasks.startSpilling();
    SeededRandom rng(5);
    double end = 0.0;
    for (int i = 0; i < kRecords; ++i) {
        TaskRecord r;
        r.kind = i % 4 == 0 ? TaskKind::Reduce : TaskKind::Map;
        r.job = i / 1000;
        r.task = i % 1000;
        r.slot = rng.uniformInt(0, 255);
        end += 0.01;
        r.start = end - rng.uniformInt(1, 100);
        r.end = end;
        sim.tasks.push_back(r);
    }
    sim.tasks.finish();
    return sim;
}

std::size_t grownSince(std::size_t before) {
    const std::size_t after = residentFileBytes();
    return after - std::min(before, after);
}

TEST(TaskRecords, ChartingARunOnDiskKeepsItsRecordsOutOfMemory) {
    const SimResult sim = largeRunOnDisk();
    const std::size_t before = residentFileBytes();
    const TimelineIndex index(sim);
    const TimelineSummary summary(index);
    long long tasks = 0;
    for (const TaskRecord& r : sim.tasks) {  // a scan (exports) gives pages back as it goes
        tasks += r.count;
    }
    EXPECT_EQ(tasks, 3'000'000);
    const std::size_t grown = grownSince(before);
    EXPECT_LT(grown, std::size_t{16} << 20) << "file pages resident grew by " << grown << " bytes";
}

// A chart's queries read records in no order (binary searches, a lane's records spread over the
// whole file): each read maps only the 64 KB around it, and a query gives its pages back.
TEST(TaskRecords, QueriesOfARunOnDiskLeaveNoRecordsMapped) {
    const SimResult sim = largeRunOnDisk();
    const TimelineIndex index(sim);
    std::size_t before = residentFileBytes();
    volatile double end = sim.tasks[1'500'000].end;  // one read in the middle of the file
    (void)end;
    EXPECT_LE(grownSince(before), std::size_t{64} << 10);

    before = residentFileBytes();
    const double last = index.end();
    const std::size_t estimate = index.estimate(TaskKind::Reduce, 0, 255, 0.0, last);
    long long visited = 0;
    index.forEach(TaskKind::Reduce, 0, 255, 0.0, last, [&](const TaskRecord&) { ++visited; });
    EXPECT_EQ(visited, 750'000);  // every fourth record, spread over the whole file
    EXPECT_GE(estimate, std::size_t{750'000});
    const std::size_t grown = grownSince(before);
    EXPECT_LT(grown, std::size_t{4} << 20) << "file pages resident grew by " << grown << " bytes";
}

}  // namespace
}  // namespace mr
