// Cancellation — long computations (simulations, searches, sweeps) poll a caller's flag and stop
// by throwing Cancelled. The UI sets the flag when an edit makes a running result stale.
#pragma once

#include <atomic>
#include <exception>
#include <functional>

namespace mr {

class Cancelled : public std::exception {
public:
    const char* what() const noexcept override { return "cancelled"; }
};

using CancelFlag = std::atomic<bool>;

inline void throwIfCancelled(const CancelFlag* flag) {
    if (flag != nullptr && flag->load(std::memory_order_relaxed)) {
        throw Cancelled();
    }
}

// Sets `flag` and wakes the threads in waitUntilCancelledOr (the way the UI cancels its work).
void cancel(CancelFlag& flag);

// Blocks, without polling, until `flag` is set through cancel() or `done()` holds; whoever makes
// `done()` true calls wakeCancelWaiters() after. For work that waits rather than computes (the
// tests' stand-in for a slow algorithm); a computation polls throwIfCancelled instead.
void waitUntilCancelledOr(const CancelFlag& flag, const std::function<bool()>& done);
void wakeCancelWaiters();

}  // namespace mr
