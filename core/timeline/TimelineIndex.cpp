#include "timeline/TimelineIndex.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "exec/ThreadPool.h"

namespace mr {

namespace {

int blocksFor(int slots) {
    return (slots + TimelineIndex::kBlockSlots - 1) >> TimelineIndex::kBlockShift;
}

}  // namespace

TimelineIndex::TimelineIndex(const SimResult& sim, const CancelFlag* cancel) : m_sim(&sim) {
    m_lanes[0].slotCount = sim.mapSlots;
    m_lanes[1].slotCount = sim.reduceSlots;
    build(cancel);
}

namespace {

// Duration classes by factors of four: class 0 holds the zero-length records, raw class c >= 1
// the durations in [4^(c-1), 4^c) · 2^kMinExponent; a lane numbers the raw classes it uses.
constexpr int kMinExponent = -1074;  // the smallest positive double
constexpr std::size_t kRawClasses = 2 + (1024 - kMinExponent) / 2;

std::uint16_t rawClass(const TaskRecord& r) {
    const double d = r.end - r.start;
    return static_cast<std::uint16_t>(d > 0.0 ? 1 + (std::ilogb(d) - kMinExponent) / 2 : 0);
}

int laneOf(const TaskRecord& r) {
    return r.kind == TaskKind::Map ? 0 : 1;
}

}  // namespace

// The index built in passes over chunks of records, each chunk handled by one thread in every
// pass, so that a bucket's entries stay in record order (the engine's end order) without locks.
struct TimelineIndex::Builder {
    TimelineIndex& index;
    const TaskRecords& tasks;
    const std::size_t chunkCount;
    const std::size_t chunkSize;
    const ParallelOptions parallel;

    std::vector<std::uint16_t> raw;            // per record: its raw duration class
    std::vector<std::uint16_t> classOfRaw[2];  // per lane: a raw class's number in the lane
    std::size_t buckets0 = 0;                  // lane 0's buckets; lane 1's come after
    std::size_t buckets = 0;
    std::vector<std::vector<std::uint64_t>> at;  // per chunk and bucket: its next entry
    std::vector<std::uint64_t> offsets;          // per bucket: its first entry (and the end)
    std::vector<std::uint32_t> entries;          // record numbers, bucket after bucket
    std::vector<std::uint8_t> unsorted;          // per bucket: its ends ever decrease

    Builder(TimelineIndex& target, const CancelFlag* cancel)
        : index(target),
          tasks(target.m_sim->tasks),
          chunkCount(std::clamp<std::size_t>(tasks.size() / 262144, 1,
                                             4 * ThreadPool::shared().threadCount())),
          chunkSize((tasks.size() + chunkCount - 1) / chunkCount),
          parallel{0, cancel, nullptr} {}

    std::pair<std::size_t, std::size_t> chunkRange(std::size_t c) const {
        return {std::min(tasks.size(), c * chunkSize), std::min(tasks.size(), (c + 1) * chunkSize)};
    }
    // Calls visit(bucket) for every bucket record i lies in (one per block of its slots).
    template <typename Visit>
    void forEachBucket(std::size_t i, Visit&& visit) const {
        const TaskRecord& r = tasks[i];
        const int k = laneOf(r);
        const Lane& l = index.m_lanes[k];
        const std::size_t base =
            (k == 0 ? 0 : buckets0) + classOfRaw[k][raw[i]] * static_cast<std::size_t>(l.blocks);
        for (int b = r.slot >> kBlockShift; b <= (r.slot + r.count - 1) >> kBlockShift; ++b) {
            visit(base + static_cast<std::size_t>(b));
        }
    }

    void classify();
    void countEntries();
    void placeEntries();
    void sortBuckets();
    void splitLanes();
};

void TimelineIndex::build(const CancelFlag* cancel) {
    Builder builder(*this, cancel);
    builder.classify();
    builder.countEntries();
    builder.placeEntries();
    builder.sortBuckets();
    builder.splitLanes();
    m_sim->tasks.release();
}

// Pass 1: each record's raw class; per chunk, the classes used, slots, tasks and last end. Then
// each lane's slots, tasks, blocks and duration classes (the raw classes it uses).
void TimelineIndex::Builder::classify() {
    struct ChunkStats {
        std::vector<std::uint8_t> used[2];
        int slots[2] = {0, 0};
        long long tasks[2] = {0, 0};
        double end = 0.0;
        unsigned stopped = 0;  // bit c: a killed record with cause c
    };
    raw.assign(tasks.size(), 0);
    std::vector<ChunkStats> chunks(chunkCount);
    parallelFor(
        chunkCount,
        [&](std::size_t c) {
            ChunkStats& s = chunks[c];
            s.used[0].assign(kRawClasses, 0);
            s.used[1].assign(kRawClasses, 0);
            const auto [begin, end] = chunkRange(c);
            for (std::size_t i = begin; i < end; ++i) {
                const TaskRecord& r = tasks[i];
                const int k = laneOf(r);
                raw[i] = rawClass(r);
                s.used[k][raw[i]] = 1;
                s.slots[k] = std::max(s.slots[k], r.slot + r.count);  // beyond the cluster: shown
                s.tasks[k] += r.count;
                s.end = std::max(s.end, r.end);
                if (r.killed) {
                    s.stopped |= 1u << static_cast<unsigned>(r.cause);
                }
                tasks.releaseAfter(i);
            }
        },
        parallel);
    for (int k = 0; k < 2; ++k) {
        Lane& l = index.m_lanes[k];
        for (const ChunkStats& s : chunks) {
            l.slotCount = std::max(l.slotCount, s.slots[k]);
            l.tasks += s.tasks[k];
            index.m_end = std::max(index.m_end, s.end);
            index.m_stopped |= s.stopped;
        }
        l.blocks = blocksFor(l.slotCount);
        classOfRaw[k].assign(kRawClasses, 0);
        l.maxDuration.clear();
        for (std::size_t c = 0; c < kRawClasses; ++c) {
            const bool used = std::any_of(chunks.begin(), chunks.end(),
                                          [&](const ChunkStats& s) { return s.used[k][c] != 0; });
            if (c == 0 || used) {
                classOfRaw[k][c] = static_cast<std::uint16_t>(l.maxDuration.size());
                l.maxDuration.push_back(
                    c == 0 ? 0.0 : std::ldexp(1.0, 2 * static_cast<int>(c) + kMinExponent));
            }
        }
    }
    // Buckets of both lanes in one numbering: lane 0's, then lane 1's.
    buckets0 =
        index.m_lanes[0].maxDuration.size() * static_cast<std::size_t>(index.m_lanes[0].blocks);
    buckets = buckets0 + index.m_lanes[1].maxDuration.size() *
                             static_cast<std::size_t>(index.m_lanes[1].blocks);
}

// Pass 2: entries per bucket and chunk; each chunk's place in each bucket.
void TimelineIndex::Builder::countEntries() {
    at.assign(chunkCount, {});
    parallelFor(
        chunkCount,
        [&](std::size_t c) {
            at[c].assign(buckets, 0);
            const auto [begin, end] = chunkRange(c);
            for (std::size_t i = begin; i < end; ++i) {
                forEachBucket(i, [&](std::size_t bucket) { ++at[c][bucket]; });
                tasks.releaseAfter(i);
            }
        },
        parallel);
    offsets.assign(buckets + 1, 0);
    for (std::size_t b = 0; b < buckets; ++b) {
        std::uint64_t position = offsets[b];
        for (std::size_t c = 0; c < chunkCount; ++c) {
            const std::uint64_t n = at[c][b];
            at[c][b] = position;
            position += n;
        }
        offsets[b + 1] = position;
    }
    entries.assign(offsets[buckets], 0);
}

// Pass 3: the entries, in record order; a bucket whose ends ever decrease is sorted after
// (checked inside each chunk's part here, across the parts below).
void TimelineIndex::Builder::placeEntries() {
    const std::vector<std::vector<std::uint64_t>> starts = at;
    std::vector<std::vector<std::uint8_t>> decreases(chunkCount);
    parallelFor(
        chunkCount,
        [&](std::size_t c) {
            std::vector<std::uint64_t>& next = at[c];
            decreases[c].assign(buckets, 0);
            // Each bucket's latest end placed by this chunk: kept here, not read back from its
            // record (a spilled run's page behind the scan, TaskRecords).
            std::vector<double> lastEnd(buckets, 0.0);
            const auto [begin, end] = chunkRange(c);
            for (std::size_t i = begin; i < end; ++i) {
                const double e = tasks[i].end;
                forEachBucket(i, [&](std::size_t bucket) {
                    const std::uint64_t n = next[bucket]++;
                    if (n > starts[c][bucket] && lastEnd[bucket] > e) {
                        decreases[c][bucket] = 1;
                    }
                    lastEnd[bucket] = e;
                    entries[n] = static_cast<std::uint32_t>(i);
                });
                tasks.releaseAfter(i);
            }
        },
        parallel);
    unsorted.assign(buckets, 0);
    for (std::size_t b = 0; b < buckets; ++b) {
        if ((b & 15) == 15) {
            tasks.release();  // a spilled run's pages read by these checks (TaskRecords)
        }
        for (std::size_t c = 0; c < chunkCount && unsorted[b] == 0; ++c) {
            const std::uint64_t n = starts[c][b];
            unsorted[b] =
                decreases[c][b] != 0 || (n > offsets[b] && n < at[c][b] &&
                                         tasks[entries[n - 1]].end > tasks[entries[n]].end);
        }
    }
    raw = {};
    at = {};
}

// Pass 4: each bucket by end (ties by record number).
void TimelineIndex::Builder::sortBuckets() {
    parallelFor(
        buckets,
        [&](std::size_t bucket) {
            if (unsorted[bucket] == 0) {
                return;
            }
            const auto first = entries.begin() + static_cast<std::ptrdiff_t>(offsets[bucket]);
            const auto last = entries.begin() + static_cast<std::ptrdiff_t>(offsets[bucket + 1]);
            std::vector<std::pair<double, std::uint32_t>> keyed;
            keyed.reserve(static_cast<std::size_t>(last - first));
            for (auto it = first; it != last; ++it) {
                keyed.emplace_back(tasks[*it].end, *it);
                if (((it - first + 1) & (TaskRecords::kReleaseRecords - 1)) == 0) {
                    tasks.release();  // a spilled run's pages read so far (TaskRecords)
                }
            }
            std::sort(keyed.begin(), keyed.end());
            for (std::size_t i = 0; i < keyed.size(); ++i) {
                first[static_cast<std::ptrdiff_t>(i)] = keyed[i].second;
            }
        },
        parallel);
}

// The buckets split into the lanes.
void TimelineIndex::Builder::splitLanes() {
    for (int k = 0; k < 2; ++k) {
        Lane& l = index.m_lanes[k];
        const std::size_t from = k == 0 ? 0 : buckets0;
        const std::size_t to = k == 0 ? buckets0 : buckets;
        l.offsets.assign(offsets.begin() + static_cast<std::ptrdiff_t>(from),
                         offsets.begin() + static_cast<std::ptrdiff_t>(to) + 1);
        for (auto& o : l.offsets) {
            o -= offsets[from];
        }
        l.entries.assign(entries.begin() + static_cast<std::ptrdiff_t>(offsets[from]),
                         entries.begin() + static_cast<std::ptrdiff_t>(offsets[to]));
    }
}

std::pair<std::size_t, std::size_t> TimelineIndex::candidates(const Lane& l, std::size_t bucket,
                                                              double maxDuration, double from,
                                                              double to) const {
    const auto& tasks = m_sim->tasks;
    const auto begin = l.entries.begin() + static_cast<std::ptrdiff_t>(l.offsets[bucket]);
    const auto end = l.entries.begin() + static_cast<std::ptrdiff_t>(l.offsets[bucket + 1]);
    if (begin == end) {
        return {0, 0};
    }
    const auto first = std::lower_bound(
        begin, end, from, [&tasks](std::uint32_t n, double t) { return tasks[n].end < t; });
    const double latest = to + maxDuration;
    const auto last = std::upper_bound(
        first, end, latest, [&tasks](double t, std::uint32_t n) { return t < tasks[n].end; });
    return {static_cast<std::size_t>(first - l.entries.begin()),
            static_cast<std::size_t>(last - l.entries.begin())};
}

std::size_t TimelineIndex::estimate(TaskKind kind, int firstSlot, int lastSlot, double from,
                                    double to) const {
    const Lane& l = lane(kind);
    firstSlot = std::max(firstSlot, 0);
    lastSlot = std::min(lastSlot, l.slotCount - 1);
    if (firstSlot > lastSlot || l.entries.empty()) {
        return 0;
    }
    std::size_t total = 0;
    for (std::size_t c = 0; c < l.maxDuration.size(); ++c) {
        for (int b = firstSlot >> kBlockShift; b <= lastSlot >> kBlockShift; ++b) {
            const auto [first, end] = candidates(l, c * static_cast<std::size_t>(l.blocks) + b,
                                                 l.maxDuration[c], from, to);
            total += end - first;
        }
    }
    m_sim->tasks.release();  // the binary searches' pages of a spilled run
    return total;
}

const TaskRecord* TimelineIndex::at(TaskKind kind, int slot, double time) const {
    const TaskRecord* found = nullptr;
    forEach(kind, slot, slot, time, time, [&found, time](const TaskRecord& r) {
        if (r.start <= time && time < r.end && (found == nullptr || r.start > found->start)) {
            found = &r;
        }
    });
    return found;
}

std::size_t TimelineIndex::memoryBytes() const {
    std::size_t bytes = sizeof(*this);
    for (const Lane& l : m_lanes) {
        bytes += l.entries.capacity() * sizeof(std::uint32_t) +
                 l.offsets.capacity() * sizeof(std::uint64_t) +
                 l.maxDuration.capacity() * sizeof(double);
    }
    return bytes;
}

}  // namespace mr
