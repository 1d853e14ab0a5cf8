#include "perf/QuotaModel.h"

#include <algorithm>

namespace mr {

std::optional<QuotaModel> parseQuotaModel(std::string_view id) {
    if (id == "aria-low") {
        return QuotaModel::AriaLow;
    }
    if (id == "aria-up") {
        return QuotaModel::AriaUp;
    }
    if (id == "aria-avg") {
        return QuotaModel::AriaAvg;
    }
    if (id == "eq10") {
        return QuotaModel::Eq10;
    }
    return std::nullopt;
}

const char* toString(QuotaModel model) {
    switch (model) {
        case QuotaModel::AriaLow:
            return "aria-low";
        case QuotaModel::AriaUp:
            return "aria-up";
        case QuotaModel::AriaAvg:
            return "aria-avg";
        case QuotaModel::Eq10:
            return "eq10";
    }
    return "aria-avg";
}

CompletionForm remainingAriaForm(const AriaStats& stats, int remainingMaps, int remainingReduces,
                                 Bound bound) {
    AriaStats s = stats;
    s.maps = std::max(remainingMaps, 0);
    s.reduces = std::max(remainingReduces, 0);
    if (s.maps == 0) {
        // ariaForm's upper bound has (N−1)·Mavg and + Mmax: without maps neither applies.
        s.mapAvg = 0.0;
        s.mapMax = 0.0;
    }
    return ariaForm(s, bound);
}

double copyTime(const AriaStats& stats) {
    return stats.maps > 0 ? stats.typicalShuffleAvg / stats.maps : 0.0;
}

CompletionForm jobCompletionForm(const Job& job, QuotaModel model) {
    const AriaStats s = ariaStats(job);
    switch (model) {
        case QuotaModel::AriaLow:
            return remainingAriaForm(s, s.maps, s.reduces, Bound::Low);
        case QuotaModel::AriaUp:
            return remainingAriaForm(s, s.maps, s.reduces, Bound::Up);
        case QuotaModel::AriaAvg:
            return remainingAriaForm(s, s.maps, s.reduces, Bound::Avg);
        case QuotaModel::Eq10:
            break;
    }
    const double reduceTime = s.reduces > 0 && s.reduceAvg > 0.0 ? s.reduceAvg : s.mapAvg;
    return eq10Form(s.maps, s.reduces, s.mapAvg, reduceTime, copyTime(s));
}

SlotPair maxUsefulSlots(const Job& job, int mapSlots, int reduceSlots) {
    return {std::min(job.maps(), mapSlots), std::min(job.reduces(), reduceSlots)};
}

}  // namespace mr
