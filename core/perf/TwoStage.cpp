#include "perf/TwoStage.h"

#include <algorithm>
#include <limits>

namespace mr {

std::vector<StageTimes> twoStageTimeline(const std::vector<StageDurations>& stages,
                                         const std::vector<int>& order,
                                         const std::vector<double>* arrivals) {
    std::vector<StageTimes> times;
    times.reserve(order.size());
    double mapFree = 0.0;
    double reduceFree = 0.0;
    for (int job : order) {
        const auto& s = stages[static_cast<std::size_t>(job)];
        StageTimes t;
        t.mapStart = mapFree;
        if (arrivals) {
            t.mapStart = std::max(t.mapStart, (*arrivals)[static_cast<std::size_t>(job)]);
        }
        t.mapEnd = t.mapStart + s.map;
        t.reduceStart = std::max(t.mapEnd, reduceFree);
        t.reduceEnd = t.reduceStart + s.reduce;
        mapFree = t.mapEnd;
        reduceFree = t.reduceEnd;
        times.push_back(t);
    }
    return times;
}

double twoStageMakespan(const std::vector<StageDurations>& stages, const std::vector<int>& order,
                        const std::vector<double>* arrivals) {
    double makespan = 0.0;
    for (const auto& t : twoStageTimeline(stages, order, arrivals)) {
        makespan = std::max(makespan, t.reduceEnd);
    }
    return makespan;
}

double johnsonClosedFormMakespan(const std::vector<StageDurations>& stages,
                                 const std::vector<int>& order) {
    double sumReduce = 0.0;
    double sumMap = 0.0;
    double reduceBefore = 0.0;
    double maxK = order.empty() ? 0.0 : -std::numeric_limits<double>::infinity();
    for (int job : order) {
        const auto& s = stages[static_cast<std::size_t>(job)];
        sumMap += s.map;
        maxK = std::max(maxK, sumMap - reduceBefore);  // K_u
        reduceBefore += s.reduce;
        sumReduce += s.reduce;
    }
    return sumReduce + maxK;
}

bool twoStageModelApplies(const Workload& workload) {
    return !workload.hasArrivals() && workload.cluster.equalNodes();
}

}  // namespace mr
