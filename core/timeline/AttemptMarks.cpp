// AttemptMarks — speculative copies and down windows of a run under a scenario.
#include "timeline/AttemptMarks.h"

#include <algorithm>
#include <tuple>

namespace mr {

namespace {

bool anySuperseded(const TaskRecords& records) {
    return std::any_of(records.begin(), records.end(), [](const TaskRecord& r) {
        return r.killed && r.cause == AttemptEnd::Superseded;
    });
}

}  // namespace

int nodeOfSlot(const Cluster& cluster, TaskKind kind, int slot) {
    return cluster.nodeOfSlot(kind, slot);  // node classes: slots per node differ
}

std::vector<std::uint32_t> speculativeRecords(const TaskRecords& records) {
    std::vector<std::uint32_t> out;
    if (!anySuperseded(records)) {
        return out;
    }
    std::vector<std::uint32_t> singles;
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (records[i].count == 1) {
            singles.push_back(static_cast<std::uint32_t>(i));
        }
    }
    const auto key = [&](std::uint32_t i) {
        const TaskRecord& r = records[i];
        return std::tuple(r.job, static_cast<int>(r.kind), r.task, r.start, i);
    };
    std::sort(singles.begin(), singles.end(),
              [&](std::uint32_t a, std::uint32_t b) { return key(a) < key(b); });
    // Within one task's executions (by start), one that starts before the latest end so far
    // overlaps an earlier execution: a copy.
    double runningUntil = 0.0;
    const TaskRecord* previous = nullptr;
    for (std::uint32_t i : singles) {
        const TaskRecord& r = records[i];
        const bool sameTask = previous && previous->job == r.job && previous->kind == r.kind &&
                              previous->task == r.task;
        if (sameTask && r.start < runningUntil) {
            out.push_back(i);
        }
        runningUntil = sameTask ? std::max(runningUntil, r.end) : r.end;
        previous = &r;
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<DownWindow> downWindows(const SimResult& sim, const Cluster& cluster) {
    std::vector<DownWindow> out;
    for (const NodeDowntime& d : sim.downtime) {
        for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
            const int per = cluster.slotsOnNode(kind, d.node);
            if (per > 0) {
                out.push_back({d.node, kind, cluster.firstSlot(kind, d.node), per, d.from, d.to});
            }
        }
    }
    return out;
}

}  // namespace mr
