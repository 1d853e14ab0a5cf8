#include "model/Job.h"

#include <algorithm>

namespace mr {

double Job::totalWork(TaskKind kind) const {
    // Summed task by task in index order, for uniform stages too: the same bits as any caller
    // adding the durations up (the papers' Σ, HScheduler's re-split).
    const auto& d = durations(kind);
    double sum = 0.0;
    if (d.uniform()) {
        for (std::size_t i = 0; i < d.size(); ++i) {
            sum += d.value();
        }
        return sum;
    }
    for (double x : d) {
        sum += x;
    }
    return sum;
}

double Job::maxDuration(TaskKind kind) const {
    const auto& d = durations(kind);
    if (d.empty()) {
        return 0.0;
    }
    return d.uniform() ? d.value() : *std::max_element(d.begin(), d.end());
}

Job Job::uniform(std::string name, int maps, double mapDuration, int reduces,
                 double reduceDuration) {
    Job job;
    job.name = std::move(name);
    job.mapDurations.assign(static_cast<std::size_t>(maps), mapDuration);
    job.reduceDurations.assign(static_cast<std::size_t>(reduces), reduceDuration);
    return job;
}

}  // namespace mr
