#include "timeline/TimelineRaster.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>

#include "exec/ThreadPool.h"

namespace mr {

namespace {

// Consecutive pixel rows that show the same slots of one kind.
struct Unit {
    int firstSlot;
    int lastSlot;
    int firstRow;  // pixel rows
    int lastRow;
};

std::vector<Unit> unitsOf(TaskKind kind, const TimelineRows& rows, const RasterView& view) {
    std::vector<Unit> units;
    const int laneFirst = rows.firstRow(kind);
    const int laneLast = laneFirst + rows.slotsOf(kind) - 1;
    const int otherFirst = rows.firstRow(kind == TaskKind::Map ? TaskKind::Reduce : TaskKind::Map);
    const int otherLast =
        otherFirst + rows.slotsOf(kind == TaskKind::Map ? TaskKind::Reduce : TaskKind::Map) - 1;
    for (int py = 0; py < view.height; ++py) {
        const double v0 = view.rowFrom + py * view.rowsPerPixel;
        const double v1 = v0 + view.rowsPerPixel;
        const int centre = static_cast<int>(std::floor(v0 + view.rowsPerPixel / 2 + 0.5));
        // The rows whose centre lies in the pixel row; the one under its centre if none does.
        const int r0 = static_cast<int>(std::ceil(v0));
        const int r1 = static_cast<int>(std::ceil(v1)) - 1;
        const int mine = std::max(0, std::min(r1, laneLast) - std::max(r0, laneFirst) + 1);
        const int other = std::max(0, std::min(r1, otherLast) - std::max(r0, otherFirst) + 1);
        int first = 0;
        int last = 0;
        if (mine > 0 && mine >= other) {
            first = std::max(r0, laneFirst);
            last = std::min(r1, laneLast);
        } else if (mine == 0 && other == 0 && centre >= laneFirst && centre <= laneLast) {
            first = last = centre;
        } else {
            continue;
        }
        first -= laneFirst;
        last -= laneFirst;
        if (!units.empty() && units.back().firstSlot == first && units.back().lastSlot == last &&
            units.back().lastRow == py - 1) {
            units.back().lastRow = py;
        } else {
            units.push_back({first, last, py, py});
        }
    }
    return units;
}

void put(std::vector<RasterPixel>& pixels, const RasterView& view, const Unit& unit, int column,
         RasterPixel pixel) {
    for (int py = unit.firstRow; py <= unit.lastRow; ++py) {
        pixels[static_cast<std::size_t>(py) * static_cast<std::size_t>(view.width) +
               static_cast<std::size_t>(column)] = pixel;
    }
}

// Each pixel takes the cell of `level` under its centre.
void fromLevel(const TimelineLevel& level, const std::vector<Unit>& units, const RasterView& view,
               std::vector<RasterPixel>& pixels) {
    const double w = level.binWidth();
    const double tau = view.secondsPerPixel;
    const auto binOf = [&](int px) {
        return static_cast<std::int64_t>(std::floor((view.timeFrom + (px + 0.5) * tau) / w));
    };
    // The first pixel column whose centre lies in bin b or later.
    const auto columnOf = [&](std::int64_t bin) {
        const double x = std::ceil((static_cast<double>(bin) * w - view.timeFrom) / tau - 0.5);
        return static_cast<int>(std::clamp(x, 0.0, static_cast<double>(view.width)));
    };
    const std::int64_t firstBin = binOf(0);
    const std::int64_t lastBin = binOf(view.width - 1);
    for (const Unit& unit : units) {
        const int group = ((unit.firstSlot + unit.lastSlot) / 2) >> level.rowShift();
        level.forEachRun(group, firstBin, lastBin + 1,
                         [&](std::int64_t b0, std::int64_t b1, TimelineCell cell) {
                             if (cell.job < 0) {
                                 return;
                             }
                             const RasterPixel pixel{cell.job, level.kind(),
                                                     static_cast<std::uint8_t>(cell.fill)};
                             for (int px = columnOf(b0); px < columnOf(b1); ++px) {
                                 put(pixels, view, unit, px, pixel);
                             }
                         });
    }
}

// Per pixel: the jobs seen with their slot-seconds (the four largest kept, "space saving").
struct PixelJobs {
    static constexpr int kTracked = 4;
    std::array<std::int32_t, kTracked> job{-1, -1, -1, -1};
    std::array<double, kTracked> area{};
    double busy = 0.0;

    void add(std::int32_t j, double a) {
        busy += a;
        int smallest = 0;
        for (int k = 0; k < kTracked; ++k) {
            if (job[k] == j) {
                area[k] += a;
                return;
            }
            if (job[k] < 0) {
                job[k] = j;
                area[k] = a;
                return;
            }
            if (area[k] < area[smallest]) {
                smallest = k;
            }
        }
        job[smallest] = j;  // replaces the smallest, inheriting its area (an overestimate)
        area[smallest] += a;
    }
    std::int32_t dominant() const {
        int best = 0;
        for (int k = 1; k < kTracked && job[k] >= 0; ++k) {
            if (area[k] > area[best] || (area[k] == area[best] && job[k] < job[best])) {
                best = k;
            }
        }
        return job[best];
    }
};

// Pixels from the records of one kind, block by block of the index.
class RecordRaster {
public:
    RecordRaster(const TimelineIndex& index, TaskKind kind, const std::vector<Unit>& units,
                 const RasterView& view, std::vector<RasterPixel>& pixels)
        : m_index(index),
          m_kind(kind),
          m_units(units),
          m_view(view),
          m_pixels(pixels),
          m_t0(view.timeFrom),
          m_tau(view.secondsPerPixel),
          m_t1(m_t0 + view.width * m_tau),
          m_firstSlot(units.front().firstSlot),
          m_lastSlot(units.back().lastSlot),
          m_width(static_cast<std::size_t>(view.width)) {
        // The first unit that ends at or after each slot (units are in slot order).
        m_unitAtOrAfter.resize(static_cast<std::size_t>(m_lastSlot - m_firstSlot + 1));
        for (std::size_t u = 0, s = 0; s < m_unitAtOrAfter.size(); ++s) {
            while (units[u].lastSlot < m_firstSlot + static_cast<int>(s)) {
                ++u;
            }
            m_unitAtOrAfter[s] = static_cast<std::uint32_t>(u);
        }
    }

    // Returns the records visited.
    std::size_t run() {
        for (int block = m_firstSlot >> TimelineIndex::kBlockShift;
             block <= m_lastSlot >> TimelineIndex::kBlockShift; ++block) {
            rasterBlock(block);
        }
        for (std::size_t k = 0; k < m_open.size(); ++k) {
            finish(m_base + k, m_open[k]);
        }
        return m_visited;
    }

private:
    struct Slab {
        std::vector<PixelJobs> pixels;
        int touchedFrom = 0;
        int touchedTo = 0;  // columns [from, to) hold data
    };

    std::size_t unitFrom(int slot) const {
        return slot > m_lastSlot
                   ? m_units.size()
                   : static_cast<std::size_t>(
                         m_unitAtOrAfter[static_cast<std::size_t>(slot - m_firstSlot)]);
    }
    void rasterBlock(int block);
    void addRecord(const TaskRecord& r, int lo, int hi);
    void finish(std::size_t u, Slab& slab);
    Slab newSlab();

    const TimelineIndex& m_index;
    const TaskKind m_kind;
    const std::vector<Unit>& m_units;
    const RasterView& m_view;
    std::vector<RasterPixel>& m_pixels;
    const double m_t0;
    const double m_tau;
    const double m_t1;
    const int m_firstSlot;
    const int m_lastSlot;
    const std::size_t m_width;
    std::vector<std::uint32_t> m_unitAtOrAfter;
    // Accumulators of the open units (those of the current block, and one reaching into it);
    // finished slabs are reused.
    std::size_t m_base = 0;  // unit of m_open[0]
    std::vector<Slab> m_open;
    std::vector<Slab> m_spare;
    std::size_t m_visited = 0;
};

void RecordRaster::rasterBlock(int block) {
    const int lo = std::max(m_firstSlot, block << TimelineIndex::kBlockShift);
    const int hi = std::min(m_lastSlot, ((block + 1) << TimelineIndex::kBlockShift) - 1);
    const std::size_t uLo = unitFrom(lo);
    if (uLo == m_units.size() || m_units[uLo].firstSlot > hi) {
        return;  // no pixel row shows this block
    }
    // The last unit starting in the block.
    std::size_t uHi = unitFrom(hi);
    if (uHi == m_units.size() || m_units[uHi].firstSlot > hi) {
        --uHi;
    }
    // Units before this block are complete.
    while (!m_open.empty() && m_base < uLo) {
        finish(m_base, m_open.front());
        m_spare.push_back(std::move(m_open.front()));
        m_open.erase(m_open.begin());
        ++m_base;
    }
    if (m_open.empty()) {
        m_base = uLo;
    }
    while (m_base + m_open.size() <= uHi) {
        m_open.push_back(newSlab());
    }
    m_index.forEach(m_kind, lo, hi, m_t0, m_t1, [&](const TaskRecord& r) { addRecord(r, lo, hi); });
}

// Record r's slot-seconds (within slots lo..hi) into the pixels of the units it covers.
void RecordRaster::addRecord(const TaskRecord& r, int lo, int hi) {
    ++m_visited;
    const int a = std::max(r.slot, lo);
    const int b = std::min(r.slot + r.count - 1, hi);
    const double xs = (r.start - m_t0) / m_tau;
    const double xe = (r.end - m_t0) / m_tau;
    const int c0 = std::max(0, static_cast<int>(std::floor(xs)));
    const int c1 = std::min(m_view.width, static_cast<int>(std::ceil(xe)));
    if (c0 >= c1) {
        return;
    }
    for (std::size_t u = unitFrom(a); u < m_units.size() && m_units[u].firstSlot <= b; ++u) {
        const int n = std::min(b, m_units[u].lastSlot) - std::max(a, m_units[u].firstSlot) + 1;
        Slab& slab = m_open[u - m_base];
        slab.touchedFrom = std::min(slab.touchedFrom, c0);
        slab.touchedTo = std::max(slab.touchedTo, c1);
        for (int c = c0; c < c1; ++c) {
            const double overlap = std::min(xe, c + 1.0) - std::max(xs, static_cast<double>(c));
            if (overlap > 0.0) {
                slab.pixels[static_cast<std::size_t>(c)].add(r.job, n * overlap * m_tau);
            }
        }
    }
}

void RecordRaster::finish(std::size_t u, Slab& slab) {
    const Unit& unit = m_units[u];
    const double cellArea = (unit.lastSlot - unit.firstSlot + 1) * m_tau;
    for (int px = slab.touchedFrom; px < slab.touchedTo; ++px) {
        PixelJobs& p = slab.pixels[static_cast<std::size_t>(px)];
        if (p.busy > 0.0) {
            put(m_pixels, m_view, unit, px,
                {p.dominant(), m_kind,
                 static_cast<std::uint8_t>(TimelineCell::fillOf(p.busy, cellArea))});
        }
        p = PixelJobs{};
    }
    slab.touchedFrom = m_view.width;
    slab.touchedTo = 0;
}

RecordRaster::Slab RecordRaster::newSlab() {
    if (m_spare.empty()) {
        return Slab{std::vector<PixelJobs>(m_width), m_view.width, 0};
    }
    Slab slab = std::move(m_spare.back());
    m_spare.pop_back();
    return slab;
}

std::size_t fromRecords(const TimelineIndex& index, TaskKind kind, const std::vector<Unit>& units,
                        const RasterView& view, std::vector<RasterPixel>& pixels) {
    return RecordRaster(index, kind, units, view, pixels).run();
}

}  // namespace

RasterStats rasterizeTimeline(const TimelineIndex& index, const TimelineSummary& summary,
                              const TimelineRows& rows, const RasterView& view,
                              std::vector<RasterPixel>& pixels, std::size_t recordBudget) {
    RasterStats stats;
    pixels.assign(static_cast<std::size_t>(std::max(view.width, 0)) *
                      static_cast<std::size_t>(std::max(view.height, 0)),
                  RasterPixel{});
    if (view.width <= 0 || view.height <= 0 || !(view.secondsPerPixel > 0.0) ||
        !(view.rowsPerPixel > 0.0)) {
        return stats;
    }
    // Each kind's pixel rows in bands drawn in parallel (every band writes its own rows).
    std::atomic<std::size_t> visited{0};
    for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
        const std::vector<Unit> units = unitsOf(kind, rows, view);
        RasterSource& source = stats.source[kind == TaskKind::Map ? 0 : 1];
        if (units.empty() || index.slotCount(kind) == 0) {
            continue;
        }
        const TimelineLevel* level =
            summary.levelFor(kind, view.rowsPerPixel, view.secondsPerPixel);
        if (level != nullptr && level->fitsPixel(view.rowsPerPixel, view.secondsPerPixel)) {
            source = RasterSource::Summary;
        } else {
            // Finer than the summary: the records, when few enough; up to four times as many
            // when the nearest level's cells would span four pixels or more.
            const double t1 = view.timeFrom + view.width * view.secondsPerPixel;
            const std::size_t inView =
                level == nullptr ? 0
                                 : index.estimate(kind, units.front().firstSlot,
                                                  units.back().lastSlot, view.timeFrom, t1);
            const bool records = level == nullptr || inView <= recordBudget ||
                                 (inView <= 4 * recordBudget &&
                                  level->stretch(view.rowsPerPixel, view.secondsPerPixel) >= 4.0);
            source = records ? RasterSource::Records : RasterSource::CoarserSummary;
        }
        const std::size_t bands = std::min(
            units.size(), 2 * static_cast<std::size_t>(ThreadPool::shared().threadCount()));
        parallelFor(bands, [&](std::size_t b) {
            const std::vector<Unit> part(
                units.begin() + static_cast<std::ptrdiff_t>(units.size() * b / bands),
                units.begin() + static_cast<std::ptrdiff_t>(units.size() * (b + 1) / bands));
            if (part.empty()) {
                return;
            }
            if (source == RasterSource::Records) {
                visited += fromRecords(index, kind, part, view, pixels);
            } else {
                fromLevel(*level, part, view, pixels);
            }
        });
    }
    stats.recordsVisited = visited;
    return stats;
}

}  // namespace mr
