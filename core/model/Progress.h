// Progress — how far a long computation has come, for a caller on another thread to show (the
// explorer's "computing… 37 %"): the computation counts its steps (BalancedPools: the split
// points it has searched) out of a total it sets; the caller only reads. Both stay 0 in a
// computation that does not report.
#pragma once

#include <algorithm>
#include <atomic>

namespace mr {

struct Progress {
    std::atomic<long long> done{0};
    std::atomic<long long> total{0};

    // done / total in [0, 1], or a negative number when the computation has not said.
    double fraction() const {
        const long long t = total.load(std::memory_order_relaxed);
        const long long d = done.load(std::memory_order_relaxed);
        return t > 0 ? static_cast<double>(std::min(d, t)) / static_cast<double>(t) : -1.0;
    }
};

// Counts steps on a caller's Progress, if there is one.
inline void addProgressTotal(Progress* progress, long long steps) {
    if (progress != nullptr) {
        progress->total.fetch_add(steps, std::memory_order_relaxed);
    }
}
inline void addProgressDone(Progress* progress, long long steps = 1) {
    if (progress != nullptr) {
        progress->done.fetch_add(steps, std::memory_order_relaxed);
    }
}

}  // namespace mr
