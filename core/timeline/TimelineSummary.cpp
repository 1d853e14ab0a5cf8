#include "timeline/TimelineSummary.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <optional>
#include <queue>

#include "exec/ThreadPool.h"

namespace mr {

namespace {

// Slot-seconds of one job in one bin of one slot group.
struct Piece {
    std::uint32_t bin;
    std::int32_t job;
    double area;
};
using Pieces = std::vector<Piece>;  // sorted by (bin, job), one entry per key

int topShift(int slots) {
    int a = 0;
    while (((slots - 1) >> a) > 0) {
        ++a;
    }
    return a;
}

// Sweeps the records of one slot group, given in start order, into the group's pieces: the
// running jobs' slot counts change only at record starts and ends, so the area of each job in a
// bin is the sum of slots × time between those events (a min-heap orders the ends).
class GroupSweep {
public:
    explicit GroupSweep(double binWidth) : m_width(binWidth) {}

    void start(double begin, double end, std::int32_t job, int slots) {
        advanceTo(begin);
        Active& a = find(job);
        a.area += a.slots * (begin - a.since);
        a.since = begin;
        a.slots += slots;
        m_ends.push({end, job, slots});
    }

    Pieces finish() {
        while (!m_ends.empty()) {
            endNext();
        }
        flushBin();
        return std::move(m_out);
    }

private:
    struct Active {
        std::int32_t job;
        int slots;
        double since;
        double area;
    };
    struct End {
        double time;
        std::int32_t job;
        int slots;
        bool operator>(const End& o) const { return time > o.time; }
    };

    Active& find(std::int32_t job) {
        for (Active& a : m_active) {
            if (a.job == job) {
                return a;
            }
        }
        m_active.push_back({job, 0, 0.0, 0.0});
        return m_active.back();
    }

    // Processes every end before `time`, then the bins that close before it.
    void advanceTo(double time) {
        while (!m_ends.empty() && m_ends.top().time <= time) {
            endNext();
        }
        moveTime(time);
    }

    void endNext() {
        const End e = m_ends.top();
        m_ends.pop();
        moveTime(e.time);
        Active& a = find(e.job);
        a.area += a.slots * (e.time - a.since);
        a.since = e.time;
        a.slots -= e.slots;
    }

    // Closes the bins that end at or before `time`.
    void moveTime(double time) {
        while (time >= binEnd()) {
            const double end = binEnd();
            bool running = false;
            for (Active& a : m_active) {
                a.area += a.slots * (end - a.since);
                a.since = end;
                running = running || a.slots > 0;
            }
            flushBin();
            if (running) {
                ++m_bin;
            } else {
                // Nothing runs: jump to the bin holding `time`.
                m_bin = std::max(m_bin + 1, static_cast<std::int64_t>(std::floor(time / m_width)));
                for (Active& a : m_active) {
                    a.since = static_cast<double>(m_bin) * m_width;
                }
            }
        }
    }

    void flushBin() {
        std::sort(m_active.begin(), m_active.end(),
                  [](const Active& a, const Active& b) { return a.job < b.job; });
        for (const Active& a : m_active) {
            if (a.area > 0.0) {
                m_out.push_back({static_cast<std::uint32_t>(m_bin), a.job, a.area});
            }
        }
        std::erase_if(m_active, [](const Active& a) { return a.slots <= 0; });
        for (Active& a : m_active) {
            a.area = 0.0;
        }
    }

    double binEnd() const { return static_cast<double>(m_bin + 1) * m_width; }

    double m_width;
    std::int64_t m_bin = 0;
    std::vector<Active> m_active;
    std::priority_queue<End, std::vector<End>, std::greater<>> m_ends;
    Pieces m_out;
};

// Two groups' pieces as one group's (same bins).
Pieces mergePieces(const Pieces& a, const Pieces& b) {
    Pieces out;
    out.reserve(a.size() + b.size());
    std::size_t i = 0;
    std::size_t j = 0;
    const auto before = [](const Piece& x, const Piece& y) {
        return x.bin != y.bin ? x.bin < y.bin : x.job < y.job;
    };
    while (i < a.size() || j < b.size()) {
        if (j == b.size() || (i < a.size() && before(a[i], b[j]))) {
            out.push_back(a[i++]);
        } else if (i == a.size() || before(b[j], a[i])) {
            out.push_back(b[j++]);
        } else {
            out.push_back({a[i].bin, a[i].job, a[i].area + b[j].area});
            ++i;
            ++j;
        }
    }
    return out;
}

// The same pieces in bins twice as wide (into `out`, whose capacity is reused).
void coarsen(const Pieces& in, Pieces& out) {
    out.clear();
    std::size_t i = 0;
    while (i < in.size()) {
        const std::uint32_t bin = in[i].bin >> 1;
        std::size_t odd = i;
        while (odd < in.size() && in[odd].bin == bin * 2) {
            ++odd;
        }
        std::size_t end = odd;
        while (end < in.size() && in[end].bin == bin * 2 + 1) {
            ++end;
        }
        // [i, odd) and [odd, end) are each sorted by job: merge them.
        std::size_t x = i;
        std::size_t y = odd;
        while (x < odd || y < end) {
            if (y == end || (x < odd && in[x].job < in[y].job)) {
                out.push_back({bin, in[x].job, in[x].area});
                ++x;
            } else if (x == odd || in[y].job < in[x].job) {
                out.push_back({bin, in[y].job, in[y].area});
                ++y;
            } else {
                out.push_back({bin, in[x].job, in[x].area + in[y].area});
                ++x;
                ++y;
            }
        }
        i = end;
    }
}

// Writes a group's pieces as cells of `level` (one bin at a time: the job with the most area,
// the lower index on ties).
void emit(TimelineLevel& level, int group, int groupSlots, const Pieces& pieces,
          std::vector<TimelineLevel::Run>& runs) {
    const double cellArea = groupSlots * level.binWidth();
    runs.clear();
    std::size_t i = 0;
    while (i < pieces.size()) {
        const std::uint32_t bin = pieces[i].bin;
        TimelineCell cell;
        double best = 0.0;
        double busy = 0.0;
        for (; i < pieces.size() && pieces[i].bin == bin; ++i) {
            busy += pieces[i].area;
            if (pieces[i].area > best) {
                best = pieces[i].area;
                cell.job = pieces[i].job;
            }
        }
        cell.fill = TimelineCell::fillOf(busy, cellArea);
        TimelineLevel::appendCell(runs, bin, cell);
    }
    level.setRuns(group, runs);
}

// A group's pieces swept backwards in time (bin k as bins − 1 − k, records latest first), put
// back in order: bins ascending, jobs ascending inside each.
Pieces unmirror(Pieces pieces, double bins) {
    for (Piece& p : pieces) {
        p.bin = static_cast<std::uint32_t>(bins - 1 - p.bin);
    }
    std::reverse(pieces.begin(), pieces.end());
    // Bins now ascend, jobs descend inside each: turn those around.
    for (std::size_t i = 0; i < pieces.size();) {
        std::size_t j = i;
        while (j < pieces.size() && pieces[j].bin == pieces[i].bin) {
            ++j;
        }
        std::reverse(pieces.begin() + static_cast<std::ptrdiff_t>(i),
                     pieces.begin() + static_cast<std::ptrdiff_t>(j));
        i = j;
    }
    return pieces;
}

}  // namespace

// What the plan needs from one kind's records: their earliest start and latest end, how many
// there are, the record × group overlaps at row shift 0, and the binary exponents of the task
// durations (waves weigh by their tasks, so a wave and its tasks plan alike). Every sum counts
// whole numbers, so summing chunks in any order gives the same stats.
struct TimelineSummary::LaneStats {
    double start = std::numeric_limits<double>::infinity();
    double end = 0.0;
    double records = 0.0;
    double overlaps = 0.0;
    std::vector<double> tasksByExponent = std::vector<double>(2200, 0.0);  // ilogb + 1100

    void add(const TaskRecord& r) {
        const double d = r.end - r.start;
        start = std::min(start, r.start);
        end = std::max(end, r.end);
        records += 1.0;
        overlaps += r.count;
        if (d > 0.0) {
            tasksByExponent[static_cast<std::size_t>(std::ilogb(d) + 1100)] += r.count;
        }
    }
    void add(const LaneStats& o) {
        start = std::min(start, o.start);
        end = std::max(end, o.end);
        records += o.records;
        overlaps += o.overlaps;
        for (std::size_t e = 0; e < tasksByExponent.size(); ++e) {
            tasksByExponent[e] += o.tasksByExponent[e];
        }
    }
    // Both kinds' stats, in one pass over the records in parallel chunks; `inEndOrder` tells
    // whether the records' ends never decrease (the engine's order).
    static std::array<LaneStats, 2> of(const TaskRecords& tasks, const CancelFlag* cancel,
                                       bool& inEndOrder) {
        constexpr std::size_t kChunk = std::size_t{1} << 20;
        const std::size_t chunks = (tasks.size() + kChunk - 1) / kChunk;
        struct Chunk {
            std::array<LaneStats, 2> lanes;
            bool ordered = true;
        };
        std::vector<Chunk> partial(chunks);
        parallelFor(chunks,
                    [&](std::size_t c) {
                        const std::size_t first = c * kChunk;
                        const std::size_t last = std::min(tasks.size(), first + kChunk);
                        // Ordered from the previous chunk's last record on.
                        double previous = first > 0 ? tasks[first - 1].end : tasks[first].end;
                        for (std::size_t i = first; i < last; ++i) {
                            const TaskRecord& r = tasks[i];
                            partial[c].lanes[r.kind == TaskKind::Map ? 0 : 1].add(r);
                            partial[c].ordered = partial[c].ordered && !(r.end < previous);
                            previous = r.end;
                            tasks.releaseAfter(i);
                        }
                    },
                    {0, cancel, nullptr});
        std::array<LaneStats, 2> total;
        inEndOrder = true;
        for (const Chunk& p : partial) {
            total[0].add(p.lanes[0]);
            total[1].add(p.lanes[1]);
            inEndOrder = inEndOrder && p.ordered;
        }
        return total;
    }
    // The power of two at or below the median task duration; nullopt without positive ones.
    std::optional<int> medianExponent() const {
        double total = 0.0;
        for (double n : tasksByExponent) {
            total += n;
        }
        double seen = 0.0;
        for (std::size_t e = 0; e < tasksByExponent.size(); ++e) {
            seen += tasksByExponent[e];
            if (total > 0.0 && seen >= total / 2) {
                return static_cast<int>(e) - 1100;
            }
        }
        return std::nullopt;
    }
};

// The records latest end first. The engine records them in end order, so they are read from the
// last one down; records in another order (a test's, an import's) through their numbers sorted.
struct TimelineSummary::LatestFirst {
    const TaskRecords& tasks;
    std::vector<std::uint32_t> order;  // empty: from the last record down

    LatestFirst(const TaskRecords& records, bool inEndOrder) : tasks(records) {
        if (!inEndOrder) {
            order.resize(tasks.size());
            std::iota(order.begin(), order.end(), 0u);
            std::stable_sort(order.begin(), order.end(), [this](std::uint32_t a, std::uint32_t b) {
                return tasks[a].end > tasks[b].end;
            });
            tasks.release();
        }
    }

    // Calls visit(const TaskRecord&) for each record, latest end first; a spilled run's pages go
    // back behind the scan (TaskRecords).
    template <class Visit>
    void forEach(const CancelFlag* cancel, Visit&& visit) const {
        for (std::size_t k = 0; k < tasks.size(); ++k) {
            if (order.empty()) {
                const std::size_t i = tasks.size() - 1 - k;
                visit(tasks[i]);
                tasks.releaseBehind(i);
            } else {
                visit(tasks[order[k]]);
                if (((k + 1) & (TaskRecords::kQueryReleaseRecords - 1)) == 0) {
                    tasks.release();
                }
            }
            if ((k & 0xFFFF) == 0) {
                throwIfCancelled(cancel);
            }
        }
    }
};

// The levels one kind needs: row shifts from aMin to aMax, bin exponents from each shift's finest
// to eTop. The coarsest bins give at least minBins over the schedule. Waves covering many slots
// make single-slot groups costly: then the finest groups are coarser. Groups taller than a pixel
// can ever be (Options::maxRowsPerPixel) would never be drawn: aMax stops below them.
struct TimelineSummary::LevelPlan {
    const LaneStats& stats;
    const TimelineSummary::Options& options;
    const int slots;
    const int top;  // the shift of one group holding every slot
    const int eTop;
    int aMin = 0;
    int aMax = 0;
    int eLow = 0;
    double span = 0.0;

    LevelPlan(const TaskRecords& tasks, TaskKind kind, const LaneStats& laneStats, int slotCount,
              const TimelineSummary::Options& planOptions)
        : stats(laneStats),
          options(planOptions),
          slots(slotCount),
          top(topShift(slotCount)),
          eTop(static_cast<int>(std::floor(std::log2(laneStats.end / planOptions.minBins)))) {
        for (double overlaps = stats.overlaps;
             aMin < top && overlaps > std::max(options.overlapBudget, 1.25 * stats.records);) {
            ++aMin;
            overlaps = 0.0;
            for (const TaskRecord& r : tasks) {
                if (r.kind == kind) {
                    overlaps += ((r.slot + r.count - 1) >> aMin) - (r.slot >> aMin) + 1;
                }
            }
        }
        aMax = top;
        if (options.maxRowsPerPixel > 0.0) {
            aMax = std::clamp(static_cast<int>(std::floor(std::log2(options.maxRowsPerPixel))),
                              aMin, top);
        }
        // No bins much finer than the common task (there the records themselves are drawn), at
        // most 2^18 times more than the coarsest.
        const std::optional<int> median = stats.medianExponent();
        eLow = std::min(eTop, std::max(eTop - 18, median ? *median - 2 : eTop));
        span = stats.end - stats.start;
    }

    // The finest bins at row shift a whose cells (as if busy all along), weighted by the jobs a
    // cell may hold (more in larger groups), are within the budget.
    int finestAffordable(int a) const {
        const double weight = 1 + std::min(a, TimelineIndex::kBlockShift) / 2.5;
        int e = eLow;
        while (e < eTop &&
               weight * (((slots - 1) >> a) + 1) * span / std::ldexp(1.0, e) > options.cellBudget) {
            ++e;
        }
        return e;
    }

    // Only levels some view needs: one whose pixels are as large as the level's cells (at most
    // viewWidth × viewHeight of them) could hold more records than the raster draws from the
    // records themselves (assuming the records spread evenly).
    bool needed(int a, int e) const {
        if (options.recordBudget == 0) {
            return true;
        }
        const double rows = std::min(1.0, options.viewHeight * std::ldexp(2.0, a) / slots);
        const double time = std::min(1.0, options.viewWidth * std::ldexp(2.0, e) / span);
        return stats.records * rows * time > static_cast<double>(options.recordBudget);
    }

    // Per row shift from aMin: its finest needed exponent. Leading shifts no view needs are
    // dropped (aMin rises); empty when every view is drawn from the records.
    std::vector<int> finestExponents() {
        std::vector<int> finest;
        for (int a = aMin; a <= aMax; ++a) {
            int e = finestAffordable(a);
            while (e <= eTop && !needed(a, e)) {
                ++e;
            }
            finest.push_back(e);
        }
        while (!finest.empty() && finest.front() > eTop) {  // no level needed at this row shift
            finest.erase(finest.begin());
            ++aMin;
        }
        return finest;
    }

    // Two sweeps at most: the row shifts inside a block of the index (few slots per group,
    // coarser bins), and those of whole blocks and more (fine bins: few groups). Each sweeps at
    // the finest bins of its shifts.
    std::vector<std::pair<int, int>> bands() const {
        const int split = TimelineIndex::kBlockShift;
        if (aMin < split && aMax >= split) {
            return {{aMin, split - 1}, {split, aMax}};
        }
        return {{aMin, aMax}};
    }
};

// ---------------------------------------------------------------------------------------------

int TimelineCell::fillOf(double busy, double cellArea) {
    if (!(busy > 0.0)) {
        return 0;
    }
    // Rounded up, so that any busy cell shows; a hair over a step from rounding is not a step.
    const int steps = static_cast<int>(std::ceil(busy / cellArea * kFillSteps - 1e-9));
    return std::clamp(steps, 1, kFillSteps);
}

TimelineLevel::TimelineLevel(TaskKind kind, int slots, int rowShift, int binExponent)
    : m_kind(kind),
      m_rowShift(rowShift),
      m_binExponent(binExponent),
      m_binWidth(std::ldexp(1.0, binExponent)),
      m_groupRuns(static_cast<std::size_t>(slots > 0 ? ((slots - 1) >> rowShift) + 1 : 0)) {}

TimelineCell TimelineLevel::cell(int group, std::int64_t bin) const {
    TimelineCell found;
    forEachRun(group, bin, bin + 1,
               [&found](std::int64_t, std::int64_t, TimelineCell c) { found = c; });
    return found;
}

void TimelineLevel::appendCell(std::vector<Run>& runs, std::uint32_t bin, TimelineCell cell) {
    const std::uint32_t value = pack(cell);
    if (runs.empty()) {
        if (bin > 0) {
            runs.push_back({0, 0});
        }
        runs.push_back({bin, value});
        runs.push_back({bin + 1, 0});
        return;
    }
    // The last run is the idle one after the previous cell.
    Run& idle = runs.back();
    const Run& previous = runs[runs.size() - 2];
    if (idle.firstBin == bin && previous.value == value) {
        idle.firstBin = bin + 1;  // extends the previous run
    } else if (idle.firstBin == bin) {
        idle = {bin, value};
        runs.push_back({bin + 1, 0});
    } else {
        runs.push_back({bin, value});
        runs.push_back({bin + 1, 0});
    }
}

void TimelineLevel::setRuns(int group, const std::vector<Run>& runs) {
    m_groupRuns[static_cast<std::size_t>(group)].assign(runs.begin(), runs.end());
}

std::size_t TimelineLevel::runCount() const {
    std::size_t n = 0;
    for (const auto& runs : m_groupRuns) {
        n += runs.size();
    }
    return n;
}

std::size_t TimelineLevel::memoryBytes() const {
    std::size_t bytes = sizeof(*this) + m_groupRuns.capacity() * sizeof(std::vector<Run>);
    for (const auto& runs : m_groupRuns) {
        bytes += runs.capacity() * sizeof(Run);
    }
    return bytes;
}

// ---------------------------------------------------------------------------------------------

TimelineSummary::TimelineSummary(const TimelineIndex& index, const Options& options) {
    bool inEndOrder = true;
    const std::array<LaneStats, 2> stats =
        LaneStats::of(index.records(), options.cancel, inEndOrder);
    index.records().release();
    const LatestFirst records(index.records(), inEndOrder);
    build(TaskKind::Map, index, stats[0], records, options);
    build(TaskKind::Reduce, index, stats[1], records, options);
}

const std::vector<TimelineLevel>& TimelineSummary::levels(TaskKind kind) const {
    return m_levels[kind == TaskKind::Map ? 0 : 1];
}

const TimelineLevel* TimelineSummary::levelFor(TaskKind kind, double slotsPerPixel,
                                               double secondsPerPixel) const {
    // The coarsest level whose cells fit in a pixel; if none fits, the one whose cells are the
    // least stretched beyond a pixel (the larger of the two stretches, in rows and in time).
    const TimelineLevel* best = nullptr;
    double bestScore = 0.0;
    bool bestFits = false;
    for (const TimelineLevel& level : levels(kind)) {
        const bool fits = level.fitsPixel(slotsPerPixel, secondsPerPixel);
        const double score = fits ? level.groupSlots() * level.binWidth()
                                  : -std::max(level.groupSlots() / std::max(slotsPerPixel, 1e-300),
                                              level.binWidth() / std::max(secondsPerPixel, 1e-300));
        if (best == nullptr || (fits && !bestFits) || (fits == bestFits && score > bestScore)) {
            best = &level;
            bestScore = score;
            bestFits = fits;
        }
    }
    return best;
}

double TimelineLevel::stretch(double slotsPerPixel, double secondsPerPixel) const {
    return std::max({1.0, groupSlots() / std::max(slotsPerPixel, 1e-300),
                     m_binWidth / std::max(secondsPerPixel, 1e-300)});
}

std::size_t TimelineSummary::memoryBytes() const {
    std::size_t bytes = sizeof(*this);
    for (const auto& lane : m_levels) {
        for (const TimelineLevel& level : lane) {
            bytes += level.memoryBytes();
        }
    }
    return bytes;
}

void TimelineSummary::build(TaskKind kind, const TimelineIndex& index, const LaneStats& stats,
                            const LatestFirst& records, const Options& options) {
    const int slots = index.slotCount(kind);
    const auto& tasks = index.records();
    if (slots <= 0 || !(stats.end > 0.0)) {
        return;
    }
    LevelPlan plan(tasks, kind, stats, slots, options);
    std::vector<int> finest = plan.finestExponents();  // per row shift from plan.aMin
    if (finest.empty()) {
        return;  // every view is drawn from the records
    }
    const std::vector<std::pair<int, int>> bands = plan.bands();
    Grid& grid = m_grid[kind == TaskKind::Map ? 0 : 1];
    grid.rowShift0 = plan.aMin;
    grid.coarsestExponent = plan.eTop;
    auto& levels = lane(kind);
    std::vector<int> sweepExponent;
    for (const auto& [lo, hi] : bands) {
        const int e = *std::min_element(finest.begin() + (lo - plan.aMin),
                                        finest.begin() + (hi - plan.aMin) + 1);
        sweepExponent.push_back(std::max(e, plan.finestAffordable(lo)));
        for (int a = lo; a <= hi; ++a) {
            int& f = finest[static_cast<std::size_t>(a - plan.aMin)];
            f = std::max(f, sweepExponent.back());
            grid.firstLevel.push_back(levels.size());
            grid.finestExponent.push_back(f);
            for (int level = f; level <= plan.eTop; ++level) {
                levels.emplace_back(kind, slots, a, level);
            }
        }
    }
    sweepBands(kind, slots, records, bands, sweepExponent, stats.end, options);
    trim(kind, options.runBudget);
}

// One band's sweep: units of slots (a block of the index, or one group of several blocks) swept
// from the records, each unit's groups merged up to the unit, then coarser groups by pairwise
// merges; every group's pieces go into each bin level of its row shift.
struct TimelineSummary::BandSweep {
    const TaskKind kind;
    const int lo;
    const int hi;
    const int exponent;
    const Options& options;
    const int slots;
    const Grid& grid;
    std::vector<TimelineLevel>& levels;
    // The sweep runs backwards in time (the records latest end first): time t is swept as
    // mirror − t, bin k as bins − 1 − k.
    const double width;
    const double bins;
    const double mirror;
    // Units swept from the records: a block of slots (its groups of the band inside it), or one
    // group spanning several blocks when the band's groups are larger than a block.
    const int unitShift;
    const int lastInUnit;  // the coarsest shift merged inside a unit
    const int units;
    std::vector<Pieces> current;  // per unit: its own group's pieces, for coarser shifts

    BandSweep(TimelineSummary& summary, TaskKind laneKind, int slotCount, int low, int high,
              int sweepExponent, double end, const Options& sweepOptions)
        : kind(laneKind),
          lo(low),
          hi(high),
          exponent(sweepExponent),
          options(sweepOptions),
          slots(slotCount),
          grid(summary.m_grid[laneKind == TaskKind::Map ? 0 : 1]),
          levels(summary.lane(laneKind)),
          width(std::ldexp(1.0, sweepExponent)),
          bins(std::floor(end / width) + 1),
          mirror(bins * width),
          unitShift(std::max(low, std::min(TimelineIndex::kBlockShift, topShift(slotCount)))),
          lastInUnit(std::min(unitShift, high)),
          units(((slotCount - 1) >> unitShift) + 1),
          current(static_cast<std::size_t>(units)) {}

    // The finest groups of the band in unit u.
    std::vector<GroupSweep> newSweeps(int u) const;
    // Adds record r to the groups of each unit it covers that has groups in `sweeps` (a
    // thread's share of the units), clipped to the unit's slots.
    void add(std::vector<std::vector<GroupSweep>>& sweeps, const TaskRecord& r) const;
    // Unit u's swept groups emitted and merged up to the unit.
    void finishUnit(std::size_t u, std::vector<GroupSweep>& sweeps);
    void emitAll(int a, int group, const Pieces& swept);
    void mergeCoarser();
};

void TimelineSummary::sweepBands(TaskKind kind, int slots, const LatestFirst& records,
                                 const std::vector<std::pair<int, int>>& bands,
                                 const std::vector<int>& exponents, double end,
                                 const Options& options) {
    std::vector<BandSweep> sweeps;
    for (std::size_t b = 0; b < bands.size(); ++b) {
        sweeps.emplace_back(*this, kind, slots, bands[b].first, bands[b].second, exponents[b], end,
                            options);
    }
    // Each thread reads every record once, latest end first, and sweeps its share of the units
    // (every `shares`-th) for every band: no unit's records need gathering, and a unit's groups
    // stay in its thread's cache.
    const int shares = std::min(ThreadPool::hardwareThreads(), sweeps.front().units);
    parallelFor(static_cast<std::size_t>(shares),
                [&](std::size_t k) {
                    const int share = static_cast<int>(k);
                    std::vector<std::vector<std::vector<GroupSweep>>> groups(sweeps.size());
                    for (std::size_t b = 0; b < sweeps.size(); ++b) {
                        groups[b].resize(static_cast<std::size_t>(sweeps[b].units));
                        for (int u = share; u < sweeps[b].units; u += shares) {
                            groups[b][static_cast<std::size_t>(u)] = sweeps[b].newSweeps(u);
                        }
                    }
                    records.forEach(options.cancel, [&](const TaskRecord& r) {
                        if (r.kind == kind) {
                            for (std::size_t b = 0; b < sweeps.size(); ++b) {
                                sweeps[b].add(groups[b], r);
                            }
                        }
                    });
                    for (std::size_t b = 0; b < sweeps.size(); ++b) {
                        for (int u = share; u < sweeps[b].units; u += shares) {
                            sweeps[b].finishUnit(static_cast<std::size_t>(u),
                                                 groups[b][static_cast<std::size_t>(u)]);
                        }
                    }
                },
                {0, options.cancel, nullptr});
    records.tasks.release();
    for (BandSweep& sweep : sweeps) {
        sweep.mergeCoarser();
    }
}

void TimelineSummary::BandSweep::finishUnit(std::size_t u, std::vector<GroupSweep>& sweeps) {
    const int first = static_cast<int>(u) << unitShift;
    std::vector<Pieces> groups;
    for (auto& sweep : sweeps) {
        groups.push_back(unmirror(sweep.finish(), bins));
    }
    sweeps = {};
    for (int a = lo, g0 = first >> lo;; ++a, g0 >>= 1) {
        for (std::size_t k = 0; k < groups.size(); ++k) {
            emitAll(a, g0 + static_cast<int>(k), groups[k]);
        }
        if (a == lastInUnit) {
            break;
        }
        // A unit starts at a multiple of its size: its groups pair up from the first.
        std::vector<Pieces> parents;
        for (std::size_t k = 0; k < groups.size(); k += 2) {
            parents.push_back(k + 1 < groups.size() ? mergePieces(groups[k], groups[k + 1])
                                                    : std::move(groups[k]));
        }
        groups = std::move(parents);
    }
    if (hi > unitShift) {
        current[u] = std::move(groups.front());
    }
}

std::vector<GroupSweep> TimelineSummary::BandSweep::newSweeps(int u) const {
    const int first = u << unitShift;
    const int last = std::min(slots, first + (1 << unitShift)) - 1;
    return std::vector<GroupSweep>(static_cast<std::size_t>((last >> lo) - (first >> lo) + 1),
                                   GroupSweep(width));
}

void TimelineSummary::BandSweep::add(std::vector<std::vector<GroupSweep>>& sweeps,
                                     const TaskRecord& r) const {
    const int lastSlot = std::min(r.slot + r.count, slots) - 1;
    for (int u = r.slot >> unitShift; u <= lastSlot >> unitShift; ++u) {
        std::vector<GroupSweep>& groups = sweeps[static_cast<std::size_t>(u)];
        if (groups.empty()) {
            continue;  // another thread's unit
        }
        const int first = u << unitShift;
        const int from = std::max(r.slot, first);
        const int to = std::min(lastSlot, first + (1 << unitShift) - 1);
        for (int g = from >> lo; g <= to >> lo; ++g) {
            const int n = std::min(to, ((g + 1) << lo) - 1) - std::max(from, g << lo) + 1;
            groups[static_cast<std::size_t>(g - (first >> lo))].start(mirror - r.end,
                                                                      mirror - r.start, r.job, n);
        }
    }
}

// Emits a group's pieces (at the sweep's bins) into every bin level of its row shift. The
// buffers are the calling thread's own, reused from group to group.
void TimelineSummary::BandSweep::emitAll(int a, int group, const Pieces& swept) {
    thread_local Pieces current;
    thread_local Pieces next;
    thread_local std::vector<TimelineLevel::Run> runs;
    const auto row = static_cast<std::size_t>(a - grid.rowShift0);
    const int groupSlots = std::min(1 << a, slots - (group << a));
    const int eTop = grid.coarsestExponent;
    const Pieces* pieces = &swept;
    for (int e = exponent; e <= eTop; ++e) {
        if (e >= grid.finestExponent[row]) {
            emit(levels[grid.firstLevel[row] +
                        static_cast<std::size_t>(e - grid.finestExponent[row])],
                 group, groupSlots, *pieces, runs);
        }
        if (e < eTop) {
            coarsen(*pieces, next);
            std::swap(current, next);
            pieces = &current;
        }
    }
}

// Coarser groups: pairwise merges, level by level.
void TimelineSummary::BandSweep::mergeCoarser() {
    for (int a = unitShift + 1; a <= hi; ++a) {
        std::vector<Pieces> parents((current.size() + 1) / 2);
        parallelFor(parents.size(),
                    [&](std::size_t g) {
                        parents[g] = 2 * g + 1 < current.size()
                                         ? mergePieces(current[2 * g], current[2 * g + 1])
                                         : std::move(current[2 * g]);
                        emitAll(a, static_cast<int>(g), parents[g]);
                    },
                    {0, options.cancel, nullptr});
        current = std::move(parents);
    }
    current = {};
}

void TimelineSummary::trim(TaskKind kind, std::size_t runBudget) {
    // Over the budget, drop the finest bins of the row shift whose finest level holds the most
    // runs (those views are then drawn from the records or a coarser level), until within it.
    auto& levels = lane(kind);
    Grid& grid = m_grid[kind == TaskKind::Map ? 0 : 1];
    std::size_t total = 0;
    for (const TimelineLevel& level : levels) {
        total += level.runCount();
    }
    while (total > runBudget) {
        std::size_t worst = grid.firstLevel.size();
        std::size_t worstRuns = 0;
        for (std::size_t row = 0; row < grid.firstLevel.size(); ++row) {
            if (grid.finestExponent[row] == grid.coarsestExponent) {
                continue;  // keep every row shift's coarsest level
            }
            const std::size_t runs = levels[grid.firstLevel[row]].runCount();
            if (runs > worstRuns) {
                worst = row;
                worstRuns = runs;
            }
        }
        if (worst == grid.firstLevel.size()) {
            break;
        }
        levels.erase(levels.begin() + static_cast<std::ptrdiff_t>(grid.firstLevel[worst]));
        ++grid.finestExponent[worst];
        for (std::size_t row = worst + 1; row < grid.firstLevel.size(); ++row) {
            --grid.firstLevel[row];
        }
        total -= worstRuns;
    }
}

}  // namespace mr
