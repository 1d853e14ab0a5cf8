#include "experiments/Session.h"

#include <algorithm>

namespace mr {

const Variant* Session::findVariant(const std::string& name) const {
    const auto it = std::find_if(variants.begin(), variants.end(),
                                 [&](const Variant& v) { return v.name == name; });
    return it == variants.end() ? nullptr : &*it;
}

bool sameVariantOptions(const RunOptions& a, const RunOptions& b) {
    const LocalityOptions& la = a.locality;
    const LocalityOptions& lb = b.locality;
    return a.seed == b.seed && a.estimator == b.estimator && a.manualOrder == b.manualOrder &&
           a.pools == b.pools && la.enabled == lb.enabled && la.replicas == lb.replicas &&
           la.vmsPerHost == lb.vmsPerHost && la.remotePenalty == lb.remotePenalty &&
           la.reconfigDelay == lb.reconfigDelay;
}

bool operator==(const Variant& a, const Variant& b) {
    return a.name == b.name && a.workload == b.workload && a.algorithms == b.algorithms &&
           sameVariantOptions(a.options, b.options);
}

bool operator==(const SessionView& a, const SessionView& b) {
    return a.tab == b.tab && a.timeRange == b.timeRange && a.slotRange == b.slotRange &&
           a.teachStep == b.teachStep && a.teachLesson == b.teachLesson &&
           a.highlightedJob == b.highlightedJob && a.referenceVariant == b.referenceVariant &&
           a.jobColours == b.jobColours;
}

bool operator==(const Session& a, const Session& b) {
    return a.current == b.current && a.variants == b.variants && a.view == b.view;
}

std::string nextVariantName(const std::vector<Variant>& variants) {
    // Spreadsheet column names: A..Z, AA..AZ, BA, ...; the first one no variant uses.
    for (long long n = 1;; ++n) {
        std::string name;
        for (long long k = n; k > 0; k = (k - 1) / 26) {
            name.insert(name.begin(), static_cast<char>('A' + (k - 1) % 26));
        }
        const bool taken = std::any_of(variants.begin(), variants.end(),
                                       [&](const Variant& v) { return v.name == name; });
        if (!taken) {
            return name;
        }
    }
}

}  // namespace mr
