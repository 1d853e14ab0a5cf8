// The timeline index, summary and raster against brute-force references
// written here: random schedules with integer times (so every sum is exact), single tasks and
// waves, overlapping records, zero-length ones. Seeds are printed on failure.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "model/SeededRandom.h"
#include "schedulers/Registry.h"
#include "support/TestSupport.h"
#include "timeline/TimelineRaster.h"
#include "timeline/TimelineSummary.h"

namespace mr {
namespace {

struct RandomSchedule {
    int mapSlots = 40;
    int reduceSlots = 17;
    int records = 300;
    int jobs = 9;
    int horizon = 400;   // starts in [0, horizon)
    int maxLength = 40;  // durations in [0, maxLength]
    double waveShare = 0.2;
};

// Every level, even where the records alone would draw any view fast enough.
TimelineSummary::Options everyLevel() {
    TimelineSummary::Options options;
    options.recordBudget = 0;
    return options;
}

SimResult randomSchedule(std::uint64_t seed, const RandomSchedule& o) {
    SeededRandom rng(seed);
    const auto uniform = [&rng](int lo, int hi) { return rng.uniformInt(lo, hi); };
    SimResult sim;
    sim.mapSlots = o.mapSlots;
    sim.reduceSlots = o.reduceSlots;
    for (int i = 0; i < o.records; ++i) {
        TaskRecord r;
        r.kind = uniform(0, 2) == 0 ? TaskKind::Reduce : TaskKind::Map;
        const int slots = r.kind == TaskKind::Map ? o.mapSlots : o.reduceSlots;
        r.job = uniform(0, o.jobs - 1);
        r.task = i;
        r.slot = uniform(0, slots - 1);
        if (slots - r.slot >= 2 && rng.uniform(0, 1) < o.waveShare) {
            r.count = uniform(2, slots - r.slot);
        }
        r.start = uniform(0, o.horizon - 1);
        r.end = r.start + uniform(0, o.maxLength);
        r.killed = uniform(0, 9) == 0;
        sim.tasks.push_back(r);
    }
    return sim;
}

// Slot-seconds per (group, bin, job) of one kind, computed record by record.
std::map<std::tuple<int, std::int64_t, int>, double> bruteAreas(const SimResult& sim, TaskKind kind,
                                                                int rowShift, double width) {
    std::map<std::tuple<int, std::int64_t, int>, double> areas;
    for (const TaskRecord& r : sim.tasks) {
        if (r.kind != kind) {
            continue;
        }
        for (int s = r.slot; s < r.slot + r.count; ++s) {  // a wave: every one of its slots
            for (auto k = static_cast<std::int64_t>(std::floor(r.start / width));
                 static_cast<double>(k) * width < r.end; ++k) {
                const double overlap = std::min(r.end, (k + 1) * width) -
                                       std::max(r.start, static_cast<double>(k) * width);
                if (overlap > 0) {
                    areas[{s >> rowShift, k, r.job}] += overlap;
                }
            }
        }
    }
    return areas;
}

// Dominant job and fill of every cell of a level, by brute force.
std::map<std::pair<int, std::int64_t>, TimelineCell> bruteCells(const SimResult& sim,
                                                                const TimelineLevel& level,
                                                                int slots) {
    std::map<std::pair<int, std::int64_t>, std::pair<double, double>> best;  // area, busy
    std::map<std::pair<int, std::int64_t>, TimelineCell> cells;
    for (const auto& [key, area] :
         bruteAreas(sim, level.kind(), level.rowShift(), level.binWidth())) {
        const auto [group, bin, job] = key;
        auto& b = best[{group, bin}];
        auto& c = cells[{group, bin}];
        b.second += area;
        if (area > b.first) {  // jobs come in increasing order: ties keep the lower one
            b.first = area;
            c.job = job;
        }
    }
    for (auto& [key, cell] : cells) {
        const int groupSlots =
            std::min(level.groupSlots(), slots - (key.first << level.rowShift()));
        cell.fill = TimelineCell::fillOf(best[key].second, groupSlots * level.binWidth());
    }
    return cells;
}

void expectLevelsExact(const SimResult& sim, const TimelineSummary& summary, std::uint64_t seed) {
    for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
        const int slots = kind == TaskKind::Map ? sim.mapSlots : sim.reduceSlots;
        for (const TimelineLevel& level : summary.levels(kind)) {
            const auto expected = bruteCells(sim, level, slots);
            double end = 0.0;
            for (const TaskRecord& r : sim.tasks) {
                end = std::max(end, r.end);
            }
            const auto lastBin = static_cast<std::int64_t>(end / level.binWidth()) + 2;
            for (int g = 0; g < level.groups(); ++g) {
                for (std::int64_t k = 0; k <= lastBin; ++k) {
                    const auto it = expected.find({g, k});
                    const TimelineCell want = it == expected.end() ? TimelineCell{} : it->second;
                    const TimelineCell got = level.cell(g, k);
                    ASSERT_EQ(got, want)
                        << "seed " << seed << " " << toString(kind) << " shift " << level.rowShift()
                        << " width " << level.binWidth() << " group " << g << " bin " << k
                        << ": job " << got.job << " fill " << got.fill << ", expected job "
                        << want.job << " fill " << want.fill;
                }
            }
        }
    }
}

TEST(TimelineSummary, EveryCellMatchesABruteForceCount) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        SimResult sim = randomSchedule(seed, {});
        // In any order, and in the engine's (by end, ties in any order): read from the last.
        for (bool byEnd : {false, true}) {
            if (byEnd) {
                std::stable_sort(
                    sim.tasks.memory().begin(), sim.tasks.memory().end(),
                    [](const TaskRecord& a, const TaskRecord& b) { return a.end < b.end; });
            }
            const TimelineIndex index(sim);
            const TimelineSummary summary(index, everyLevel());
            ASSERT_FALSE(summary.levels(TaskKind::Map).empty());
            expectLevelsExact(sim, summary, seed);
        }
    }
}

TEST(TimelineSummary, ASmallBudgetCoarsensTheFinestLevelsAndStaysExact) {
    for (std::uint64_t seed = 20; seed <= 26; ++seed) {
        RandomSchedule o;
        o.mapSlots = 300;
        o.records = 500;
        o.waveShare = 0.4;
        const SimResult sim = randomSchedule(seed, o);
        const TimelineIndex index(sim);
        TimelineSummary::Options options = everyLevel();
        options.overlapBudget = 600;
        const TimelineSummary summary(index, options);
        const auto& levels = summary.levels(TaskKind::Map);
        ASSERT_FALSE(levels.empty());
        // Waves cover many slots: the budget moves the finest groups above single slots.
        EXPECT_GT(levels.front().rowShift(), 0) << "seed " << seed;
        expectLevelsExact(sim, summary, seed);
    }
}

TEST(TimelineSummary, AWaveDrawsLikeItsTasks) {
    // The same schedule with every wave expanded into single tasks has identical cells.
    for (std::uint64_t seed = 40; seed <= 45; ++seed) {
        const SimResult waves = randomSchedule(seed, {});
        SimResult tasks = waves;
        tasks.tasks.clear();
        for (const TaskRecord& r : waves.tasks) {
            for (int k = 0; k < r.count; ++k) {
                TaskRecord one = r;
                one.slot = r.slot + k;
                one.task = r.task + k;
                one.count = 1;
                tasks.tasks.push_back(one);
            }
        }
        ASSERT_GT(tasks.tasks.size(), waves.tasks.size());
        const TimelineIndex wi(waves);
        const TimelineIndex ti(tasks);
        EXPECT_EQ(wi.taskCount(TaskKind::Map), ti.taskCount(TaskKind::Map));
        const TimelineSummary ws(wi, everyLevel());
        const TimelineSummary ts(ti, everyLevel());
        for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
            ASSERT_EQ(ws.levels(kind).size(), ts.levels(kind).size());
            for (std::size_t l = 0; l < ws.levels(kind).size(); ++l) {
                const TimelineLevel& a = ws.levels(kind)[l];
                const TimelineLevel& b = ts.levels(kind)[l];
                ASSERT_EQ(a.rowShift(), b.rowShift());
                ASSERT_EQ(a.binWidth(), b.binWidth());
                for (int g = 0; g < a.groups(); ++g) {
                    for (std::int64_t k = 0; k * a.binWidth() < 500; ++k) {
                        ASSERT_EQ(a.cell(g, k), b.cell(g, k)) << "seed " << seed;
                    }
                }
            }
        }
    }
}

TEST(TimelineSummary, ARunBudgetDropsTheFinestBinsAndKeepsTheRestExact) {
    RandomSchedule o;
    o.mapSlots = 120;
    o.records = 800;
    o.horizon = 4000;  // several bin levels
    const SimResult sim = randomSchedule(30, o);
    const TimelineIndex index(sim);
    const TimelineSummary all(index, everyLevel());
    TimelineSummary::Options options = everyLevel();
    options.runBudget = 3000;
    const TimelineSummary trimmed(index, options);
    std::size_t runs = 0;
    for (const TimelineLevel& level : trimmed.levels(TaskKind::Map)) {
        runs += level.runCount();
    }
    EXPECT_LT(trimmed.levels(TaskKind::Map).size(), all.levels(TaskKind::Map).size());
    // Within the budget, or down to one level per row shift.
    std::set<int> shifts;
    for (const TimelineLevel& level : trimmed.levels(TaskKind::Map)) {
        shifts.insert(level.rowShift());
    }
    EXPECT_TRUE(runs <= 3000 || trimmed.levels(TaskKind::Map).size() == shifts.size());
    expectLevelsExact(sim, trimmed, 30);
    // A pixel finer than a dropped level gets the finest level kept for its row shift.
    const TimelineLevel* l =
        trimmed.levelFor(TaskKind::Map, 1.0, all.levels(TaskKind::Map).front().binWidth());
    ASSERT_NE(l, nullptr);
    EXPECT_EQ(l->rowShift(), 0);
    EXPECT_GE(l->binWidth(), all.levels(TaskKind::Map).front().binWidth());
}

TEST(TimelineSummary, SmallSchedulesNeedNoLevels) {
    // 300 records: any view holds fewer than the raster draws from the records.
    const SimResult sim = randomSchedule(31, {});
    const TimelineIndex index(sim);
    const TimelineSummary summary(index);
    EXPECT_TRUE(summary.levels(TaskKind::Map).empty());
    EXPECT_EQ(summary.levelFor(TaskKind::Map, 4.0, 10.0), nullptr);
    // Above the budget, only the levels some view needs: coarser rows need finer bins first.
    TimelineSummary::Options options;
    options.recordBudget = 100;
    options.viewWidth = 50;
    options.viewHeight = 10;
    const TimelineSummary some(index, options);
    const auto& levels = some.levels(TaskKind::Map);
    ASSERT_FALSE(levels.empty());
    EXPECT_LT(levels.size(), TimelineSummary(index, everyLevel()).levels(TaskKind::Map).size());
    double previousFinest = 1e300;
    for (std::size_t i = 0; i < levels.size(); ++i) {
        if (i == 0 || levels[i].rowShift() != levels[i - 1].rowShift()) {
            EXPECT_LE(levels[i].binWidth(), previousFinest);
            previousFinest = levels[i].binWidth();
        }
    }
    expectLevelsExact(sim, some, 31);
}

TEST(TimelineSummary, LevelForPicksTheCoarsestCellsThatFitAPixel) {
    const SimResult sim = randomSchedule(3, {});
    const TimelineIndex index(sim);
    const TimelineSummary summary(index, everyLevel());
    const auto& levels = summary.levels(TaskKind::Map);
    const TimelineLevel& finest = levels.front();
    const TimelineLevel& coarsest = levels.back();
    for (double slots : {1.0, 1.5, 2.0, 3.9, 7.0, 40.0, 1000.0}) {
        for (double seconds : {1.0, 1.5, 3.0, 10.0, 100.0, 1e6}) {
            seconds *= finest.binWidth();
            const TimelineLevel* l = summary.levelFor(TaskKind::Map, slots, seconds);
            ASSERT_NE(l, nullptr);
            ASSERT_TRUE(l->fitsPixel(slots, seconds)) << slots << " " << seconds;
            // Doubling either side would no longer fit, unless the grid ends there.
            EXPECT_TRUE(l->groupSlots() * 2 > slots || l->rowShift() == coarsest.rowShift());
            EXPECT_TRUE(l->binWidth() * 2 > seconds || l->binWidth() == coarsest.binWidth());
        }
    }
    // Finer than every level: the finest one, which does not fit.
    const TimelineLevel* l = summary.levelFor(TaskKind::Map, 1.0, finest.binWidth() / 4);
    ASSERT_NE(l, nullptr);
    EXPECT_FALSE(l->fitsPixel(1.0, finest.binWidth() / 4));
    EXPECT_EQ(l->binWidth(), finest.binWidth());
}

// A chart that never shows a pixel more than maxRowsPerPixel rows tall: no level with taller
// groups is built, and every view it can show picks the same level, with the same cells, as from
// the summary built without the bound.
TEST(TimelineSummary, NoGroupTallerThanAPixelCanBeIsBuilt) {
    RandomSchedule o;
    o.mapSlots = 300;
    o.reduceSlots = 90;
    o.records = 2000;
    o.waveShare = 0.05;
    for (std::uint64_t seed = 40; seed <= 43; ++seed) {
        const SimResult sim = randomSchedule(seed, o);
        const TimelineIndex index(sim);
        const TimelineSummary all(index, everyLevel());
        for (double maxRows : {1.0, 3.0, 8.0, 40.0, 1e6}) {
            TimelineSummary::Options options = everyLevel();
            options.maxRowsPerPixel = maxRows;
            const TimelineSummary bounded(index, options);
            for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
                const auto& levels = bounded.levels(kind);
                ASSERT_FALSE(levels.empty());
                const int finestShift = all.levels(kind).front().rowShift();
                for (const TimelineLevel& level : levels) {
                    EXPECT_TRUE(level.groupSlots() <= maxRows || level.rowShift() == finestShift)
                        << "seed " << seed << " bound " << maxRows << " shift " << level.rowShift();
                }
                EXPECT_LE(levels.size(), all.levels(kind).size());
                for (double rows = 0.25; rows <= maxRows && rows <= 1024; rows *= 1.7) {
                    for (double seconds : {0.5, 2.0, 9.0, 70.0, 1e4}) {
                        const TimelineLevel* want = all.levelFor(kind, rows, seconds);
                        const TimelineLevel* got = bounded.levelFor(kind, rows, seconds);
                        ASSERT_NE(got, nullptr);
                        ASSERT_EQ(got->rowShift(), want->rowShift()) << rows << " " << seconds;
                        ASSERT_EQ(got->binExponent(), want->binExponent())
                            << rows << " " << seconds;
                        for (int g = 0; g < got->groups(); ++g) {
                            for (std::int64_t k = 0; k * got->binWidth() < 450; ++k) {
                                ASSERT_EQ(got->cell(g, k), want->cell(g, k));
                            }
                        }
                    }
                }
            }
            expectLevelsExact(sim, bounded, seed);
        }
    }
}

// The index's first pass notes why executions stopped early (a chart's legend keys): a cause
// is reported exactly when a killed record carries it.
TEST(TimelineIndex, KnowsWhichCausesStoppedExecutions) {
    SimResult sim;
    sim.mapSlots = 4;
    sim.reduceSlots = 2;
    const auto record = [](TaskKind kind, bool killed, AttemptEnd cause, double start) {
        TaskRecord r;
        r.kind = kind;
        r.killed = killed;
        r.cause = cause;
        r.start = start;
        r.end = start + 1.0;
        return r;
    };
    // Not killed: its cause field means nothing.
    sim.tasks.push_back(record(TaskKind::Map, false, AttemptEnd::Superseded, 0.0));
    EXPECT_FALSE(TimelineIndex(sim).anyStopped(AttemptEnd::Superseded));
    sim.tasks.push_back(record(TaskKind::Reduce, true, AttemptEnd::Failed, 1.0));
    sim.tasks.push_back(record(TaskKind::Map, true, AttemptEnd::NodeLost, 2.0));
    const TimelineIndex index(sim);
    EXPECT_TRUE(index.anyStopped(AttemptEnd::Failed));
    EXPECT_TRUE(index.anyStopped(AttemptEnd::NodeLost));
    EXPECT_FALSE(index.anyStopped(AttemptEnd::Killed));
    EXPECT_FALSE(index.anyStopped(AttemptEnd::Superseded));
}

TEST(TimelineIndex, WindowQueriesReturnEachOverlappingRecordOnce) {
    SeededRandom rng(7);
    for (std::uint64_t seed = 50; seed <= 55; ++seed) {
        RandomSchedule o;
        o.mapSlots = 100;  // several blocks
        o.records = 600;
        const SimResult sim = randomSchedule(seed, o);
        const TimelineIndex index(sim);
        for (int q = 0; q < 200; ++q) {
            const TaskKind kind = q % 3 == 0 ? TaskKind::Reduce : TaskKind::Map;
            const int slots = kind == TaskKind::Map ? o.mapSlots : o.reduceSlots;
            int s0 = rng.uniformInt(0, slots - 1);
            int s1 = rng.uniformInt(0, slots - 1);
            if (s0 > s1) {
                std::swap(s0, s1);
            }
            double t0 = rng.uniformInt(-10, 450);
            double t1 = t0 + rng.uniformInt(0, 120);
            std::multiset<const TaskRecord*> got;
            index.forEach(kind, s0, s1, t0, t1, [&got](const TaskRecord& r) { got.insert(&r); });
            std::multiset<const TaskRecord*> want;
            for (const TaskRecord& r : sim.tasks) {
                if (r.kind == kind && r.slot <= s1 && r.slot + r.count - 1 >= s0 && r.start <= t1 &&
                    r.end >= t0) {
                    want.insert(&r);
                }
            }
            ASSERT_EQ(got, want) << "seed " << seed << " query " << q;
            EXPECT_GE(index.estimate(kind, s0, s1, t0, t1), got.size());
            // The record under a point is the latest started one covering it.
            const int slot = s0;
            const TaskRecord* expected = nullptr;
            for (const TaskRecord& r : sim.tasks) {
                if (r.kind == kind && r.slot <= slot && slot < r.slot + r.count && r.start <= t0 &&
                    t0 < r.end && (!expected || r.start > expected->start)) {
                    expected = &r;
                }
            }
            const TaskRecord* at = index.at(kind, slot, t0);
            ASSERT_EQ(at == nullptr, expected == nullptr) << "seed " << seed;
            if (at) {
                EXPECT_EQ(at->start, expected->start);
            }
        }
    }
}

// Pixels (ρ = 2^a rows, τ = 2^e seconds, aligned to cells) equal the level's cells.
TEST(TimelineRaster, PixelsTheSizeOfCellsShowTheCells) {
    RandomSchedule o;
    o.mapSlots = 63;  // 63 map rows + the empty row: reduce rows start at an even row (64)
    o.reduceSlots = 32;
    const SimResult sim = randomSchedule(70, o);
    const TimelineIndex index(sim);
    const TimelineSummary summary(index, everyLevel());
    const TimelineRows rows{sim.mapSlots, sim.reduceSlots};
    for (const TimelineLevel& level : summary.levels(TaskKind::Map)) {
        if (level.rowShift() > 3) {
            continue;
        }
        RasterView view;
        view.timeFrom = 0.0;
        view.secondsPerPixel = level.binWidth();
        view.width = static_cast<int>(std::ceil(450 / level.binWidth()));
        view.rowFrom = -0.5;
        view.rowsPerPixel = level.groupSlots();
        view.height = 64 / level.groupSlots();  // the map lane (and the empty row)
        std::vector<RasterPixel> pixels;
        const RasterStats stats = rasterizeTimeline(index, summary, rows, view, pixels);
        EXPECT_EQ(stats.source[0], RasterSource::Summary);
        for (int py = 0; py < view.height; ++py) {
            for (int px = 0; px < view.width; ++px) {
                const RasterPixel& p = pixels[static_cast<std::size_t>(py * view.width + px)];
                const TimelineCell cell =
                    py * level.groupSlots() < sim.mapSlots ? level.cell(py, px) : TimelineCell{};
                ASSERT_EQ(p.job, cell.job)
                    << "shift " << level.rowShift() << " pixel " << px << "," << py;
                ASSERT_EQ(p.fill, cell.fill);
            }
        }
    }
}

// Pixels finer than every level come from the records: exact when a pixel holds few jobs.
TEST(TimelineRaster, FinePixelsComeFromTheRecords) {
    for (std::uint64_t seed = 80; seed <= 84; ++seed) {
        RandomSchedule o;
        o.jobs = 4;  // at most four jobs per pixel: the tracked jobs are exact
        o.maxLength = 30;
        o.records = 200;
        SimResult sim = randomSchedule(seed, o);
        for (TaskRecord& r : sim.tasks.memory()) {
            r.end = std::max(r.end, r.start + 8);  // median >= 8 s: no level finer than 2 s
        }
        const TimelineIndex index(sim);
        const TimelineSummary summary(index, everyLevel());
        const TimelineRows rows{sim.mapSlots, sim.reduceSlots};
        RasterView view;
        view.timeFrom = 100.0;
        view.secondsPerPixel = 0.5;
        view.width = 300;
        view.rowFrom = -0.5;
        view.rowsPerPixel = 1.0;
        view.height = rows.count();
        std::vector<RasterPixel> pixels;
        RasterStats stats = rasterizeTimeline(index, summary, rows, view, pixels);
        ASSERT_EQ(stats.source[0], RasterSource::Records);
        ASSERT_EQ(stats.source[1], RasterSource::Records);
        for (int row = 0; row < rows.count(); ++row) {
            const bool map = row < sim.mapSlots;
            const TaskKind kind = map ? TaskKind::Map : TaskKind::Reduce;
            const int slot = map ? row : row - sim.mapSlots - 1;
            for (int px = 0; px < view.width; ++px) {
                const double t0 = view.timeFrom + px * view.secondsPerPixel;
                const double t1 = t0 + view.secondsPerPixel;
                std::map<int, double> area;
                double busy = 0.0;
                for (const TaskRecord& r : sim.tasks) {
                    if (row != sim.mapSlots && r.kind == kind && r.slot <= slot &&
                        slot < r.slot + r.count) {
                        const double overlap = std::min(r.end, t1) - std::max(r.start, t0);
                        if (overlap > 0) {
                            area[r.job] += overlap;
                            busy += overlap;
                        }
                    }
                }
                int job = -1;
                double best = 0.0;
                for (const auto& [j, a] : area) {
                    if (a > best) {
                        best = a;
                        job = j;
                    }
                }
                const RasterPixel& p = pixels[static_cast<std::size_t>(row * view.width + px)];
                ASSERT_EQ(p.job, job) << "seed " << seed << " row " << row << " px " << px;
                ASSERT_EQ(static_cast<int>(p.fill),
                          TimelineCell::fillOf(busy, view.secondsPerPixel));
                if (job >= 0) {
                    ASSERT_EQ(p.kind, kind);
                }
            }
        }
        // Over the budget, the finest level stands in (its cells span several pixels).
        stats = rasterizeTimeline(index, summary, rows, view, pixels, 0);
        EXPECT_EQ(stats.source[0], RasterSource::CoarserSummary);
        EXPECT_EQ(stats.recordsVisited, 0u);
    }
}

TEST(TimelineRaster, ManyRowsPerPixelKeepEveryBusyRegionVisible) {
    // A lone task on one slot out of 2000 still colours the pixel that covers it.
    SimResult sim;
    sim.mapSlots = 2000;
    sim.reduceSlots = 10;
    sim.tasks.push_back(
        TaskRecord{3, 0, 1234, TaskKind::Map, false, AttemptEnd::Killed, 1, 100.0, 200.0});
    const TimelineRows rows{sim.mapSlots, sim.reduceSlots};
    const RasterView view{0.0, 1000.0 / 200, 200, -0.5, rows.count() / 100.0, 100};
    std::vector<RasterPixel> pixels;
    {
        const TimelineIndex index(sim);
        const TimelineSummary summary(index, everyLevel());
        rasterizeTimeline(index, summary, rows, view, pixels);
        const int py = static_cast<int>((1234 + 0.5) / view.rowsPerPixel);
        int busy = 0;
        for (int y = 0; y < view.height; ++y) {
            for (int x = 0; x < view.width; ++x) {
                const RasterPixel& p = pixels[static_cast<std::size_t>(y * view.width + x)];
                const bool inside = y == py && x >= 20 && x < 40;
                ASSERT_EQ(p.job, inside ? 3 : -1) << x << "," << y;
                busy += inside && p.fill > 0 ? 1 : 0;
            }
        }
        EXPECT_EQ(busy, 20);
    }
    // A wave over every map slot fills the map lane's pixel rows, at full fill, and outweighs it.
    sim.tasks.push_back(
        TaskRecord{4, 0, 0, TaskKind::Map, false, AttemptEnd::Killed, 2000, 0.0, 1000.0});
    const TimelineIndex index(sim);
    const TimelineSummary summary(index, everyLevel());
    rasterizeTimeline(index, summary, rows, view, pixels);
    int wave = 0;
    for (const RasterPixel& p : pixels) {
        if (p.job == 4) {
            ++wave;
            EXPECT_EQ(p.kind, TaskKind::Map);
            EXPECT_EQ(static_cast<int>(p.fill), TimelineCell::kFillSteps);
        }
    }
    EXPECT_EQ(wave, 99 * 200);  // 2000 of 2011 rows: 99 pixel rows
}

TEST(TimelineSummary, SummarisesARealSchedule) {
    // A random 50-60 job batch with arrivals under fifo: the finest level's fills cover the run's
    // busy slot-seconds (each fill rounds up).
    const Workload w = test::randomWorkload(5, {50, 60, 30, 10, 10, 20, 2, true, true});
    const RunResult r = runAlgorithm(w, "fifo", {});
    const TimelineIndex index(r.sim);
    const TimelineSummary summary(index, everyLevel());
    for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
        const TimelineLevel& level = summary.levels(kind).front();
        double busy = 0.0;
        double total = 0.0;
        for (const TaskRecord& t : r.sim.tasks) {
            total += t.kind == kind ? t.count * (t.end - t.start) : 0.0;
        }
        for (int g = 0; g < level.groups(); ++g) {
            level.forEachRun(g, 0, static_cast<std::int64_t>(r.sim.makespan / level.binWidth()) + 2,
                             [&](std::int64_t b0, std::int64_t b1, TimelineCell c) {
                                 // Each fill step is at most 1/15 of the cell over the truth.
                                 busy += static_cast<double>(b1 - b0) * c.fill;
                             });
        }
        const double cell = level.groupSlots() * level.binWidth() / TimelineCell::kFillSteps;
        EXPECT_GE(busy * cell, total * 0.999);
        EXPECT_GT(summary.memoryBytes(), 0u);
    }
}

}  // namespace
}  // namespace mr
