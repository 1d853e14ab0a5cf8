#include "perf/StageDuration.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <queue>

#include "model/Workload.h"

namespace mr {

std::optional<Estimator> parseEstimator(std::string_view id) {
    if (id == "exact") {
        return Estimator::Exact;
    }
    if (id == "aria-low") {
        return Estimator::AriaLow;
    }
    if (id == "aria-up") {
        return Estimator::AriaUp;
    }
    if (id == "aria-avg") {
        return Estimator::AriaAvg;
    }
    return std::nullopt;
}

const char* toString(Estimator estimator) {
    switch (estimator) {
        case Estimator::Exact:
            return "exact";
        case Estimator::AriaLow:
            return "aria-low";
        case Estimator::AriaUp:
            return "aria-up";
        case Estimator::AriaAvg:
            return "aria-avg";
    }
    return "exact";
}

double greedyMakespan(const TaskDurations& durations, int slots) {
    if (durations.empty()) {
        return 0.0;
    }
    const std::size_t k =
        std::min<std::size_t>(static_cast<std::size_t>(std::max(slots, 1)), durations.size());
    const bool uniform =
        durations.uniform() || std::all_of(durations.begin(), durations.end(),
                                           [&](double d) { return d == durations.front(); });
    if (uniform) {
        const std::size_t waves = (durations.size() + k - 1) / k;
        return static_cast<double>(waves) * durations.front();
    }
    // Min-heap of slot free times; each task goes to the slot that frees first.
    std::priority_queue<double, std::vector<double>, std::greater<>> freeAt;
    for (std::size_t i = 0; i < k; ++i) {
        freeAt.push(0.0);
    }
    double makespan = 0.0;
    for (double d : durations) {
        const double start = freeAt.top();
        freeAt.pop();
        const double end = start + d;
        makespan = std::max(makespan, end);
        freeAt.push(end);
    }
    return makespan;
}

AriaStats ariaStats(const Job& job) {
    AriaStats s;
    s.maps = job.maps();
    s.reduces = job.reduces();
    const auto avg = [](const TaskDurations& d) {
        double sum = 0.0;
        for (double x : d) {
            sum += x;
        }
        return d.empty() ? 0.0 : sum / static_cast<double>(d.size());
    };
    const JobProfile p = job.profile.value_or(JobProfile{});
    s.mapAvg = p.mapAvg.value_or(avg(job.mapDurations));
    s.mapMax = p.mapMax.value_or(job.maxDuration(TaskKind::Map));
    s.reduceAvg = p.reduceAvg.value_or(avg(job.reduceDurations));
    s.reduceMax = p.reduceMax.value_or(job.maxDuration(TaskKind::Reduce));
    s.firstShuffleAvg = p.firstShuffleAvg.value_or(0.0);
    s.firstShuffleMax = p.firstShuffleMax.value_or(s.firstShuffleAvg);
    s.typicalShuffleAvg = p.typicalShuffleAvg.value_or(0.0);
    s.typicalShuffleMax = p.typicalShuffleMax.value_or(s.typicalShuffleAvg);
    return s;
}

namespace {

double ariaMap(const AriaStats& s, double slots, bool upper) {
    const double n = s.maps;
    return upper ? (n - 1.0) * s.mapAvg / slots + s.mapMax : n * s.mapAvg / slots;
}

double ariaReduce(const AriaStats& s, double slots, bool upper) {
    const double n = s.reduces;
    if (upper) {
        const double shuffle =
            ((n - 1.0) / slots - 1.0) * s.typicalShuffleAvg + s.typicalShuffleMax;
        return s.firstShuffleMax + shuffle + (n - 1.0) * s.reduceAvg / slots + s.reduceMax;
    }
    const double shuffle = (n / slots - 1.0) * s.typicalShuffleAvg;
    return s.firstShuffleAvg + shuffle + n * s.reduceAvg / slots;
}

}  // namespace

double stageDuration(const Job& job, TaskKind kind, int slots, Estimator estimator) {
    const int tasks = job.tasks(kind);
    if (tasks == 0) {
        return 0.0;
    }
    const int usable = std::max(1, std::min(slots, tasks));
    if (estimator == Estimator::Exact) {
        return greedyMakespan(job.durations(kind), usable);
    }
    const AriaStats s = ariaStats(job);
    const auto bound = [&](bool upper) {
        return kind == TaskKind::Map ? ariaMap(s, usable, upper) : ariaReduce(s, usable, upper);
    };
    switch (estimator) {
        case Estimator::AriaLow:
            return bound(false);
        case Estimator::AriaUp:
            return bound(true);
        default:
            return 0.5 * (bound(false) + bound(true));
    }
}

StageDurations stageDurations(const Job& job, int mapSlots, int reduceSlots, Estimator estimator) {
    return {stageDuration(job, TaskKind::Map, mapSlots, estimator),
            stageDuration(job, TaskKind::Reduce, reduceSlots, estimator)};
}

std::vector<StageDurations> allStageDurations(const Workload& workload, int mapSlots,
                                              int reduceSlots, Estimator estimator) {
    std::vector<StageDurations> result;
    result.reserve(workload.jobs.size());
    for (const auto& job : workload.jobs) {
        result.push_back(stageDurations(job, mapSlots, reduceSlots, estimator));
    }
    return result;
}

}  // namespace mr
