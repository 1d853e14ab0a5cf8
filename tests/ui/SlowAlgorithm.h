// A test-only algorithm, `test-slow`, registered in the test executable: it runs until the test
// releases it or its run is cancelled, then returns fifo's schedule (under its own name). It
// stands for BalancedPools on a day-scale batch without taking seconds of the test's time, and
// lets a test see exactly when a run started and whether a cancel reached it. It reports one step
// of four done (model/Progress.h) and, when `showsBest` is set, fifo's schedule as its best plan
// so far (RunOptions::incumbent) before it waits.
#pragma once

#include <atomic>

namespace mr::testing {

struct SlowAlgorithm {
    static constexpr const char* kId = "test-slow";
    static std::atomic<int> started;     // runs begun
    static std::atomic<int> returned;    // runs ended (completed or cancelled)
    static std::atomic<int> cancelled;   // runs that ended because their cancel flag was set
    static std::atomic<bool> released;   // set: every run (running or future) completes at once
    static std::atomic<bool> showsBest;  // set: runs report a best plan so far

    // Every run, running or future, completes at once (a waiting run is woken, not polled).
    static void release();

    static void reset(bool releaseAll) {
        started = 0;
        returned = 0;
        cancelled = 0;
        released = false;
        showsBest = false;
        if (releaseAll) {
            release();
        }
    }
};

}  // namespace mr::testing
