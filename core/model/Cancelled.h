// Cancellation — long computations (simulations, searches, sweeps) poll a caller's flag and stop
// by throwing Cancelled. The UI sets the flag when an edit makes a running result stale.
#pragma once

#include <atomic>
#include <exception>

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

}  // namespace mr
