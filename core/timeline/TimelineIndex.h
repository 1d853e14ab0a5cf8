// TimelineIndex — the task records of one simulated schedule (SimResult::tasks) found by slot
// range and time window without scanning them all (a timeline of 17 million
// tasks). For each slot kind the records are bucketed by blocks of kBlockSlots consecutive slots
// and by duration class (factors of four), and sorted by end inside each bucket (the order the
// engine records them in, so building is two counting passes): a window query reads a few binary
// searches and the records it returns, whatever the schedule's size. A wave
// (TaskRecord::count > 1) is listed once in each block it covers, never once per task. The index
// holds 4-byte record numbers; the SimResult must outlive it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "model/Cancelled.h"
#include "sim/SimResult.h"

namespace mr {

class TimelineIndex {
public:
    static constexpr int kBlockShift = 5;  // 32 slots per block
    static constexpr int kBlockSlots = 1 << kBlockShift;
    static constexpr std::size_t kPrefetch = 16;  // records fetched ahead of a scan

    // Indexes `sim`'s records (in parallel on the shared thread pool; `cancel` stops it).
    explicit TimelineIndex(const SimResult& sim, const CancelFlag* cancel = nullptr);

    const SimResult& sim() const { return *m_sim; }
    const TaskRecords& records() const { return m_sim->tasks; }
    int slotCount(TaskKind kind) const { return lane(kind).slotCount; }
    // The latest record end (0 without records).
    double end() const { return m_end; }
    // Whether some execution stopped before its task's end for that reason (TaskRecord::cause).
    bool anyStopped(AttemptEnd cause) const {
        return (m_stopped >> static_cast<unsigned>(cause) & 1u) != 0;
    }
    // Tasks (waves expanded, killed executions included) of one kind, and records of any kind.
    long long taskCount(TaskKind kind) const { return lane(kind).tasks; }
    std::size_t memoryBytes() const;

    // Calls visit(const TaskRecord&) once for every record of `kind` that covers a slot in
    // [firstSlot, lastSlot] and overlaps the time window [from, to] (start <= to, end >= from;
    // zero-length records at the window's edges included). The order is unspecified.
    template <class Visit>
    void forEach(TaskKind kind, int firstSlot, int lastSlot, double from, double to,
                 Visit&& visit) const;
    // How many index entries forEach() would read for that query: an upper bound on the records
    // it visits (a wave counts once per block), computed with binary searches only.
    std::size_t estimate(TaskKind kind, int firstSlot, int lastSlot, double from, double to) const;
    // The record of `kind` running on `slot` at `time` (start <= time < end), or null. When
    // several match (a killed execution and its successor at the same instant), the later start.
    const TaskRecord* at(TaskKind kind, int slot, double time) const;

private:
    struct Lane {
        int slotCount = 0;
        int blocks = 0;
        long long tasks = 0;
        // Duration classes: class c holds records with duration < maxDuration[c] (class 0: the
        // zero-length ones, maxDuration 0).
        std::vector<double> maxDuration;
        // Bucket (class c, block b) = entries[offsets[c * blocks + b] .. offsets[... + 1]).
        std::vector<std::uint64_t> offsets;
        std::vector<std::uint32_t> entries;  // record numbers, by end inside a bucket
    };

    const Lane& lane(TaskKind kind) const { return m_lanes[kind == TaskKind::Map ? 0 : 1]; }
    // The entries of a bucket whose records may overlap [from, to]: those ending in
    // [from, to + maxDuration] (a later end means a start after `to`).
    std::pair<std::size_t, std::size_t> candidates(const Lane& lane, std::size_t bucket,
                                                   double maxDuration, double from,
                                                   double to) const;
    struct Builder;  // build()'s passes (TimelineIndex.cpp)
    void build(const CancelFlag* cancel);

    const SimResult* m_sim;
    Lane m_lanes[2];
    double m_end = 0.0;
    unsigned m_stopped = 0;  // bit c: some record killed with cause c
};

template <class Visit>
void TimelineIndex::forEach(TaskKind kind, int firstSlot, int lastSlot, double from, double to,
                            Visit&& visit) const {
    const Lane& l = lane(kind);
    firstSlot = std::max(firstSlot, 0);
    lastSlot = std::min(lastSlot, l.slotCount - 1);
    if (firstSlot > lastSlot || l.entries.empty()) {
        return;
    }
    const auto& tasks = m_sim->tasks;
    std::size_t visited = 0;
    const int firstBlock = firstSlot >> kBlockShift;
    const int lastBlock = lastSlot >> kBlockShift;
    for (std::size_t c = 0; c < l.maxDuration.size(); ++c) {
        for (int b = firstBlock; b <= lastBlock; ++b) {
            const std::size_t bucket = c * static_cast<std::size_t>(l.blocks) + b;
            const auto [first, end] = candidates(l, bucket, l.maxDuration[c], from, to);
            for (std::size_t i = first; i < end; ++i) {
                // A spilled run's pages read so far go back now and then (TaskRecords).
                if ((++visited & (TaskRecords::kQueryReleaseRecords - 1)) == 0) {
                    tasks.release();
                }
                // Records are read in index order, not memory order: fetch ahead.
                if (i + kPrefetch < end) {
                    __builtin_prefetch(&tasks[l.entries[i + kPrefetch]]);
                }
                const TaskRecord& r = tasks[l.entries[i]];
                const int last = r.slot + r.count - 1;
                // A wave listed in several blocks is reported from the first one queried.
                if (r.start > to || last < firstSlot || r.slot > lastSlot ||
                    std::max(r.slot >> kBlockShift, firstBlock) != b) {
                    continue;
                }
                visit(r);
            }
        }
    }
    tasks.release();  // a query leaves no page of a spilled run behind
}

}  // namespace mr
