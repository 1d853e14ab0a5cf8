// ChartTimeline — what a timeline chart draws one run from: the run's task records indexed by
// slot and time, and their multi-resolution summary (core/timeline). On a day's batch building
// them takes as long as the run itself, so the worker that computed the run builds them too and
// the GUI thread only draws.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>

#include "model/Cancelled.h"
#include "schedulers/Algorithm.h"
#include "timeline/TimelineIndex.h"
#include "timeline/TimelineSummary.h"

namespace mr::ui {

struct ChartTimeline {
    // Indexes and summarises `run`'s task records (`cancel` stops it: Cancelled).
    explicit ChartTimeline(std::shared_ptr<const RunResult> run,
                           const CancelFlag* cancel = nullptr);

    std::shared_ptr<const RunResult> run;  // kept: the index refers to its records
    TimelineIndex index;
    TimelineSummary summary;

    // The index's and the summary's memory (not the run's records).
    std::size_t memoryBytes() const { return index.memoryBytes() + summary.memoryBytes(); }
    // Timelines built so far in this process, on any thread: tests count them to see that a
    // kept result is drawn from its kept timeline, never summarised again.
    static long long builds() { return s_builds.load(); }

private:
    static inline std::atomic<long long> s_builds{0};
};

// The timeline of a run that recorded its tasks; null for one that did not (a baseline shown
// only by its makespan) or for none.
std::shared_ptr<const ChartTimeline> chartTimeline(const std::shared_ptr<const RunResult>& run,
                                                   const CancelFlag* cancel = nullptr);

}  // namespace mr::ui
