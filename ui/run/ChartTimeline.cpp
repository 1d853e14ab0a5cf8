#include "run/ChartTimeline.h"

namespace mr::ui {

namespace {

TimelineSummary::Options summaryOptions(const CancelFlag* cancel) {
    TimelineSummary::Options options;
    options.cancel = cancel;
    return options;
}

}  // namespace

ChartTimeline::ChartTimeline(std::shared_ptr<const RunResult> shown, const CancelFlag* cancel)
    : run(std::move(shown)), index(run->sim, cancel), summary(index, summaryOptions(cancel)) {
    ++s_builds;
}

std::shared_ptr<const ChartTimeline> chartTimeline(const std::shared_ptr<const RunResult>& run,
                                                   const CancelFlag* cancel) {
    if (!run || run->sim.tasks.empty()) {
        return nullptr;
    }
    return std::make_shared<const ChartTimeline>(run, cancel);
}

}  // namespace mr::ui
