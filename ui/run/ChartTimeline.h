// ChartTimeline — what a timeline chart draws one run from: the run's task records indexed by
// slot and time, and their multi-resolution summary (core/timeline). On a day's batch building
// them takes as long as the run itself, so the worker that computed the run builds them too and
// the GUI thread only draws.
#pragma once

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
};

// The timeline of a run that recorded its tasks; null for one that did not (a baseline shown
// only by its makespan) or for none.
std::shared_ptr<const ChartTimeline> chartTimeline(const std::shared_ptr<const RunResult>& run,
                                                   const CancelFlag* cancel = nullptr);

}  // namespace mr::ui
