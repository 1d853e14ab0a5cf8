#include "run/ChartTimeline.h"

#include <algorithm>
#include <future>

#include "exec/MemoryBudget.h"
#include "timeline/AttemptMarks.h"

namespace mr::ui {

namespace {

std::atomic<std::uint64_t> s_recordsInMemoryLimit{0};

TimelineSummary::Options summaryOptions(const TimelineIndex& index, const CancelFlag* cancel) {
    TimelineSummary::Options options;
    options.cancel = cancel;
    // A chart shows at most all its rows (map slots, a gap, reduce slots, and their margins) in
    // its plot area.
    const double rows = index.slotCount(TaskKind::Map) + 2 + index.slotCount(TaskKind::Reduce);
    options.maxRowsPerPixel = rows / kMinTimelinePixels;
    return options;
}

}  // namespace

ChartTimeline::ChartTimeline(const Workload& workload, std::shared_ptr<const RunResult> shown,
                             const CancelFlag* cancel)
    : run(std::move(shown)), index(run->sim, cancel) {
    // The strip's series is one pass on one thread: it is built beside the summary's sweeps.
    auto series = std::async(std::launch::async,
                             [&] { return UsageSeries(workload, run->sim, index.end()); });
    summary = TimelineSummary(index, summaryOptions(index, cancel));
    usage = series.get();
    // Copies exist only beside a record stopped as superseded: no scan without one.
    if (index.anyStopped(AttemptEnd::Superseded)) {
        speculative = speculativeRecords(run->sim.tasks);
    }
    throwIfCancelled(cancel);  // superseded while its last passes ran: never delivered
    ++s_builds;
}

std::uint64_t recordsInMemoryLimit() {
    const std::uint64_t set = s_recordsInMemoryLimit.load();
    constexpr std::uint64_t kDefault = std::uint64_t{128} << 20;
    return set > 0 ? set : std::min(kDefault, memoryLimit() / 16);
}

void setRecordsInMemoryLimit(std::uint64_t bytes) {
    s_recordsInMemoryLimit = bytes;
}

std::shared_ptr<const ChartTimeline> chartTimeline(const Workload& workload,
                                                   const std::shared_ptr<const RunResult>& run,
                                                   const CancelFlag* cancel) {
    if (!run || run->sim.tasks.empty()) {
        return nullptr;
    }
    return std::make_shared<const ChartTimeline>(workload, run, cancel);
}

}  // namespace mr::ui
