#include "timeline/TimelineIndex.h"

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
    for (const TaskRecord& r : sim.tasks) {
        Lane& l = m_lanes[r.kind == TaskKind::Map ? 0 : 1];
        l.slotCount =
            std::max(l.slotCount, r.slot + r.count);  // a record beyond the cluster still shows
        l.tasks += r.count;
        m_end = std::max(m_end, r.end);
    }
    build(m_lanes[0], TaskKind::Map, cancel);
    build(m_lanes[1], TaskKind::Reduce, cancel);
}

void TimelineIndex::build(Lane& l, TaskKind kind, const CancelFlag* cancel) {
    l.blocks = blocksFor(l.slotCount);
    const auto& tasks = m_sim->tasks;
    // Duration classes by factors of four: class 0 holds the zero-length records, class c >= 1
    // the durations in [4^(c-1), 4^c) · 2^kMinExponent (the ones in use, found in one pass).
    constexpr int kMinExponent = -1074;  // the smallest positive double
    const auto rawClass = [](const TaskRecord& r) {
        const double d = r.end - r.start;
        return d > 0.0 ? 1 + (std::ilogb(d) - kMinExponent) / 2 : 0;
    };
    std::vector<std::uint8_t> classes(tasks.size(), 0);
    std::vector<int> used(2 + (1024 - kMinExponent) / 2, -1);
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        if (tasks[i].kind == kind) {
            used[static_cast<std::size_t>(rawClass(tasks[i]))] = 0;
        }
    }
    l.maxDuration.clear();
    for (std::size_t c = 0; c < used.size(); ++c) {
        if (used[c] == 0 || c == 0) {
            used[c] = static_cast<int>(l.maxDuration.size());
            l.maxDuration.push_back(
                c == 0 ? 0.0 : std::ldexp(1.0, 2 * static_cast<int>(c) + kMinExponent));
        }
    }
    const auto classOf = [&](const TaskRecord& r) {
        return static_cast<std::uint8_t>(used[static_cast<std::size_t>(rawClass(r))]);
    };
    const std::size_t buckets = l.maxDuration.size() * static_cast<std::size_t>(l.blocks);
    l.offsets.assign(buckets + 1, 0);
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        const TaskRecord& r = tasks[i];
        if (r.kind != kind) {
            continue;
        }
        classes[i] = classOf(r);
        const std::size_t base = classes[i] * static_cast<std::size_t>(l.blocks);
        for (int b = r.slot >> kBlockShift; b <= (r.slot + r.count - 1) >> kBlockShift; ++b) {
            ++l.offsets[base + b + 1];
        }
    }
    throwIfCancelled(cancel);
    for (std::size_t i = 0; i < buckets; ++i) {
        l.offsets[i + 1] += l.offsets[i];
    }
    l.entries.resize(l.offsets[buckets]);
    std::vector<std::uint64_t> fill(l.offsets.begin(), l.offsets.end() - 1);
    // Entries go in record order; a bucket whose ends ever decrease needs sorting afterwards.
    std::vector<double> lastEnd(buckets, -std::numeric_limits<double>::infinity());
    std::vector<std::uint8_t> unsorted(buckets, 0);
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        const TaskRecord& r = tasks[i];
        if (r.kind != kind) {
            continue;
        }
        const std::size_t base = classes[i] * static_cast<std::size_t>(l.blocks);
        for (int b = r.slot >> kBlockShift; b <= (r.slot + r.count - 1) >> kBlockShift; ++b) {
            const std::size_t bucket = base + static_cast<std::size_t>(b);
            l.entries[fill[bucket]++] = static_cast<std::uint32_t>(i);
            unsorted[bucket] |= r.end < lastEnd[bucket] ? 1 : 0;
            lastEnd[bucket] = r.end;
        }
    }
    // Each bucket by end (ties by record number). The engine records tasks as they end, so the
    // buckets are usually sorted already.
    parallelFor(
        buckets,
        [&](std::size_t bucket) {
            const auto begin = l.entries.begin() + static_cast<std::ptrdiff_t>(l.offsets[bucket]);
            const auto end = l.entries.begin() + static_cast<std::ptrdiff_t>(l.offsets[bucket + 1]);
            if (unsorted[bucket] != 0) {
                std::vector<std::pair<double, std::uint32_t>> keyed;
                keyed.reserve(static_cast<std::size_t>(end - begin));
                for (auto it = begin; it != end; ++it) {
                    keyed.emplace_back(tasks[*it].end, *it);
                }
                std::sort(keyed.begin(), keyed.end());
                for (std::size_t i = 0; i < keyed.size(); ++i) {
                    begin[static_cast<std::ptrdiff_t>(i)] = keyed[i].second;
                }
            }
        },
        {0, cancel, nullptr});
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
