// TimelineSummary — a multi-resolution summary of a simulated schedule for drawing a day of a
// production cluster: for each slot kind, levels of cells, each cell a range of
// 2^a consecutive slots × a time bin of 2^e seconds, holding the job that occupies most of it
// (its dominant job) and how busy it is. Zoomed out, a chart picks the level whose cells are as
// large as its pixels and draws one cell per pixel, whatever the number of tasks.
//
// Every cell is exact: its dominant job is the job with the most slot-seconds inside the cell
// (ties: the lower job index), its fill the busy slot-seconds over the cell's, rounded up to
// 1/kFillSteps. Waves count with all their slots, never expanded into tasks. A level stores runs
// of equal cells along time, so its memory follows the schedule's changes, not its length.
//
// Built by sweeping the records backwards in time, latest end first (a min-heap of running
// records per slot group; each thread reads every record and sweeps its share of the slots), then
// merging pairwise into coarser slot groups and bins. Two sweeps at most: groups inside a block
// of the index (many groups: coarser bins) and groups of whole blocks and more (few groups: fine
// bins); a cell budget sets each one's finest bins, and only levels that some view could not draw
// from the records directly, at no more rows per pixel than a chart can show, are built.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "timeline/TimelineIndex.h"

namespace mr {

struct TimelineCell {
    static constexpr int kFillSteps = 15;
    std::int32_t job = -1;  // the dominant job; -1: idle
    int fill = 0;           // busy share in 1/kFillSteps, rounded up: 0 only when idle

    // The fill of a cell of `cellArea` slot-seconds with `busy` of them occupied.
    static int fillOf(double busy, double cellArea);

    friend bool operator==(const TimelineCell&, const TimelineCell&) = default;
};

class TimelineLevel {
public:
    TimelineLevel(TaskKind kind, int slotCount, int rowShift, int binExponent);

    TaskKind kind() const { return m_kind; }
    int rowShift() const { return m_rowShift; }
    int groupSlots() const { return 1 << m_rowShift; }
    int groups() const { return static_cast<int>(m_groupRuns.size()); }
    int binExponent() const { return m_binExponent; }
    double binWidth() const { return m_binWidth; }  // seconds; bin k is [k·w, (k+1)·w)

    TimelineCell cell(int group, std::int64_t bin) const;
    // Calls visit(firstBin, endBin, cell) for the runs of equal cells of `group` that overlap
    // bins [fromBin, toBin), idle runs included, clipped to that range, in time order.
    template <class Visit>
    void forEachRun(int group, std::int64_t fromBin, std::int64_t toBin, Visit&& visit) const;
    std::size_t runCount() const;
    std::size_t memoryBytes() const;
    // Whether a cell fits in a pixel of that size.
    bool fitsPixel(double slotsPerPixel, double secondsPerPixel) const {
        return groupSlots() <= slotsPerPixel && m_binWidth <= secondsPerPixel;
    }
    // How many pixels of that size a cell spans at most in either direction (1 when it fits).
    double stretch(double slotsPerPixel, double secondsPerPixel) const;

    // Building (TimelineSummary): one group's runs of equal cells from its busy cells in bin
    // order; `scratch` is reused between calls.
    struct Run {
        std::uint32_t firstBin;
        std::uint32_t value;  // job << 4 | fill; 0: idle
    };
    static void appendCell(std::vector<Run>& runs, std::uint32_t bin, TimelineCell cell);
    void setRuns(int group, const std::vector<Run>& runs);

private:
    static std::uint32_t pack(TimelineCell c) {
        return c.job < 0
                   ? 0u
                   : (static_cast<std::uint32_t>(c.job) << 4) | static_cast<std::uint32_t>(c.fill);
    }
    static TimelineCell unpack(std::uint32_t v) {
        return v == 0 ? TimelineCell{}
                      : TimelineCell{static_cast<std::int32_t>(v >> 4), static_cast<int>(v & 15u)};
    }

    TaskKind m_kind;
    int m_rowShift;
    int m_binExponent;
    double m_binWidth;
    // Per group: runs starting at bin 0 (possibly idle), one per change, the last one idle.
    std::vector<std::vector<Run>> m_groupRuns;
};

class TimelineSummary {
public:
    // Views holding at most this many records are drawn from the records (TimelineRaster).
    static constexpr std::size_t kRecordBudget = 150'000;

    struct Options {
        // Record × slot-group overlaps of a sweep beyond which waves (records over many slots)
        // make the finest groups coarser than one slot.
        double overlapBudget = 12e6;
        // Cells per level, counted as if the slots were busy all along and weighted by
        // 1 + log2(slots per group, up to a block) / 2.5 (jobs per cell): sets each row shift's
        // finest bins; the sweeps' work and memory follow it.
        double cellBudget = 3e6;
        // Upper bound on the runs stored per slot kind (8 bytes each): beyond it the finest bins
        // of the costliest row shifts are dropped.
        std::size_t runBudget = 3'000'000;
        // Coarsest bins: at least this many over the schedule's length.
        int minBins = 64;
        // Levels are built only where a view of at most viewWidth × viewHeight pixels could
        // hold more records than this (TimelineRaster draws those from the records); 0: all.
        std::size_t recordBudget = kRecordBudget;
        int viewWidth = 2048;
        int viewHeight = 1024;
        // The most slot rows one pixel of a view can hold (a chart that never shows more rows
        // than it has, in fewer pixels than its least height): coarser row shifts, whose cells
        // would never fit a pixel, are not built. 0: no bound.
        double maxRowsPerPixel = 0.0;
        const CancelFlag* cancel = nullptr;
    };

    TimelineSummary() = default;  // no levels: every view is drawn from the records
    explicit TimelineSummary(const TimelineIndex& index) : TimelineSummary(index, Options{}) {}
    TimelineSummary(const TimelineIndex& index, const Options& options);

    // Levels of one kind, from the finest (row shift, then bin) up; empty without records.
    const std::vector<TimelineLevel>& levels(TaskKind kind) const;
    // The level to draw pixels `slotsPerPixel` slots tall and `secondsPerPixel` wide: the
    // coarsest whose cells fit in a pixel (each pixel then shows one cell about its size); when
    // none fits, the one whose cells span the fewest pixels in either direction (check with
    // fitsPixel()). Null without levels.
    const TimelineLevel* levelFor(TaskKind kind, double slotsPerPixel,
                                  double secondsPerPixel) const;
    std::size_t memoryBytes() const;

private:
    struct LaneStats;    // what the plan needs from one kind's records (TimelineSummary.cpp)
    struct LatestFirst;  // the records, latest end first
    struct LevelPlan;    // the levels one kind needs
    void build(TaskKind kind, const TimelineIndex& index, const LaneStats& stats,
               const LatestFirst& records, const Options& options);
    struct BandSweep;  // one band's sweep: its state and steps (TimelineSummary.cpp)
    // Sweeps the bands (row shifts lo..hi, each at its finest exponent) into their levels.
    void sweepBands(TaskKind kind, int slots, const LatestFirst& records,
                    const std::vector<std::pair<int, int>>& bands,
                    const std::vector<int>& exponents, double end, const Options& options);
    void trim(TaskKind kind, std::size_t runBudget);
    std::vector<TimelineLevel>& lane(TaskKind kind) {
        return m_levels[kind == TaskKind::Map ? 0 : 1];
    }

    std::vector<TimelineLevel> m_levels[2];
    // The levels per kind: row shifts rowShift0, rowShift0 + 1, ...; for each, bin exponents
    // finestExponent[row] .. coarsestExponent, stored from levels()[firstLevel[row]] on.
    struct Grid {
        int rowShift0 = 0;
        int coarsestExponent = 0;
        std::vector<int> finestExponent;
        std::vector<std::size_t> firstLevel;
    };
    Grid m_grid[2];
};

template <class Visit>
void TimelineLevel::forEachRun(int group, std::int64_t fromBin, std::int64_t toBin,
                               Visit&& visit) const {
    if (group < 0 || group >= groups() || fromBin >= toBin) {
        return;
    }
    const std::vector<Run>& runs = m_groupRuns[static_cast<std::size_t>(group)];
    if (runs.empty()) {
        visit(fromBin, toBin, TimelineCell{});
        return;
    }
    // The run containing fromBin: the last one starting at or before it.
    auto it = std::upper_bound(
        runs.begin(), runs.end(), fromBin,
        [](std::int64_t bin, const Run& r) { return bin < static_cast<std::int64_t>(r.firstBin); });
    if (it != runs.begin()) {
        --it;
    }
    for (; it != runs.end(); ++it) {
        const std::int64_t first = std::max<std::int64_t>(it->firstBin, fromBin);
        if (first >= toBin) {
            break;
        }
        const std::int64_t end =
            it + 1 == runs.end() ? toBin : std::min<std::int64_t>((it + 1)->firstBin, toBin);
        if (end > first) {
            visit(first, end, unpack(it->value));
        }
    }
}

}  // namespace mr
