#include "model/Job.h"

#include <algorithm>
#include <numeric>

namespace mr {

double Job::totalWork(TaskKind kind) const {
    const auto& d = durations(kind);
    return std::accumulate(d.begin(), d.end(), 0.0);
}

double Job::maxDuration(TaskKind kind) const {
    const auto& d = durations(kind);
    return d.empty() ? 0.0 : *std::max_element(d.begin(), d.end());
}

Job Job::uniform(std::string name, int maps, double mapDuration, int reduces,
                 double reduceDuration) {
    Job job;
    job.name = std::move(name);
    job.mapDurations.assign(static_cast<size_t>(maps), mapDuration);
    job.reduceDurations.assign(static_cast<size_t>(reduces), reduceDuration);
    return job;
}

}  // namespace mr
