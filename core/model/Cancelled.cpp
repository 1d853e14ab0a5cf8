#include "model/Cancelled.h"

#include <condition_variable>
#include <mutex>

namespace mr {

namespace {

// One for the process: cancels are rare, and a waiter checks its own condition when woken.
// Never destroyed: a worker still running while the process exits (its pool is destroyed after
// these would be) may still cancel or wait.
std::mutex& waitMutex() {
    static auto* mutex = new std::mutex;
    return *mutex;
}

std::condition_variable& waitChanged() {
    static auto* changed = new std::condition_variable;
    return *changed;
}

}  // namespace

void cancel(CancelFlag& flag) {
    {
        const std::lock_guard lock(waitMutex());
        flag.store(true);
    }
    waitChanged().notify_all();
}

void wakeCancelWaiters() {
    // Taking the mutex orders the waker's change before a waiter's next check: no wake-up lost.
    { const std::lock_guard lock(waitMutex()); }
    waitChanged().notify_all();
}

void waitUntilCancelledOr(const CancelFlag& flag, const std::function<bool()>& done) {
    std::unique_lock lock(waitMutex());
    waitChanged().wait(lock, [&] { return flag.load() || done(); });
}

}  // namespace mr
