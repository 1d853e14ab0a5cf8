// ChartTimeline — what a timeline chart draws one run from: the run's task records indexed by
// slot and time, their multi-resolution summary, the utilisation strip's series and the
// speculative copies among them (core/timeline). On a day's batch building them takes as long as
// the run itself, so the worker that computed the run builds them too and the GUI thread only
// draws.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "model/Cancelled.h"
#include "schedulers/Algorithm.h"
#include "timeline/TimelineIndex.h"
#include "timeline/TimelineSummary.h"
#include "timeline/UsageSeries.h"

namespace mr::ui {

// A timeline chart's plot area is never shorter than this: the window and exports keep every
// plot area readable, a good deal taller (charts/ChartLayout.h). The summary builds no cells
// taller than a pixel of such an area could show: rows beyond that many per pixel are drawn
// from the coarsest level built, or from the records.
constexpr int kMinTimelinePixels = 32;

struct ChartTimeline {
    // Indexes and summarises `run`'s task records, a run of `workload` (`cancel` stops it:
    // Cancelled).
    ChartTimeline(const Workload& workload, std::shared_ptr<const RunResult> run,
                  const CancelFlag* cancel = nullptr);

    std::shared_ptr<const RunResult> run;  // kept: the index refers to its records
    TimelineIndex index;
    TimelineSummary summary;
    UsageSeries usage;
    std::vector<std::uint32_t> speculative;  // record numbers (timeline/AttemptMarks.h)

    // What it keeps beside the run's records.
    std::size_t memoryBytes() const {
        return index.memoryBytes() + summary.memoryBytes() + usage.memoryBytes() +
               speculative.capacity() * sizeof(std::uint32_t);
    }
    // Timelines built so far in this process, on any thread: tests count them to see that a
    // kept result is drawn from its kept timeline, never summarised again.
    static long long builds() { return s_builds.load(); }

private:
    static inline std::atomic<long long> s_builds{0};
};

// Above this many bytes of task records (a record per task, estimated before the run) a run
// shown in a chart keeps its records in a temporary file (core/sim/TaskRecords.h), so that a
// chart's memory does not grow with the run's tasks: 128 MB, or a sixteenth of the memory limit
// (core/exec/MemoryBudget.h) when that is less. setRecordsInMemoryLimit() overrides it (tests:
// 1 puts every run on disk); 0 goes back to the rule.
std::uint64_t recordsInMemoryLimit();
void setRecordsInMemoryLimit(std::uint64_t bytes);

// The timeline of a run that recorded its tasks; null for one that did not (a baseline shown
// only by its makespan) or for none.
std::shared_ptr<const ChartTimeline> chartTimeline(const Workload& workload,
                                                   const std::shared_ptr<const RunResult>& run,
                                                   const CancelFlag* cancel = nullptr);

}  // namespace mr::ui
