// Progress — how far a long computation has come, for a caller on another thread to show (the
// explorer's "computing… 37 %"): the computation sets the total of its steps before it counts the
// first one, then counts steps that each take about the same work (BalancedPools: its
// simulations), so that the count moves while it works and reaches the total once, at its end.
// The caller only reads (or watches through `observer`). Both stay 0 in a computation that does
// not report.
#pragma once

#include <algorithm>
#include <atomic>
#include <functional>

namespace mr {

struct Progress {
    std::atomic<long long> done{0};
    std::atomic<long long> total{0};
    // Called after each change with the counts it made (from the computing threads, maybe
    // several at once); optional. For tests and for callers that log.
    std::function<void(long long done, long long total)> observer;

    // done / total in [0, 1], or a negative number when the computation has not said.
    double fraction() const {
        const long long t = total.load(std::memory_order_relaxed);
        const long long d = done.load(std::memory_order_relaxed);
        return t > 0 ? static_cast<double>(std::min(d, t)) / static_cast<double>(t) : -1.0;
    }
};

// Counts steps on a caller's Progress, if there is one.
inline void addProgressTotal(Progress* progress, long long steps) {
    if (progress != nullptr && steps > 0) {
        const long long total = progress->total.fetch_add(steps, std::memory_order_relaxed) + steps;
        if (progress->observer) {
            progress->observer(progress->done.load(std::memory_order_relaxed), total);
        }
    }
}
inline void addProgressDone(Progress* progress, long long steps = 1) {
    if (progress != nullptr && steps > 0) {
        const long long done = progress->done.fetch_add(steps, std::memory_order_relaxed) + steps;
        if (progress->observer) {
            progress->observer(done, progress->total.load(std::memory_order_relaxed));
        }
    }
}

// One part of a computation whose number of steps is known only up to a budget, counted on a
// Progress whose total already holds the budget: step(n) counts steps while the budget lasts,
// finish() counts what is left of it. A search with parts of unknown length (BalancedPools: the
// probes of one split point, the simulations of a probe) thus counts as it goes and still
// reaches its total exactly when its last part finishes. Not thread-safe: one part per thread.
class ProgressPart {
public:
    ProgressPart(Progress* progress, long long budget) : m_progress(progress), m_left(budget) {}

    void step(long long steps = 1) {
        steps = std::min(steps, m_left);
        if (steps > 0) {
            m_left -= steps;
            addProgressDone(m_progress, steps);
        }
    }
    // A part of this part: takes up to `budget` of what is left (its steps are this part's).
    ProgressPart take(long long budget) {
        budget = std::min(budget, m_left);
        m_left -= budget;
        return {m_progress, budget};
    }
    void finish() { step(m_left); }

private:
    Progress* m_progress;
    long long m_left;
};

}  // namespace mr
