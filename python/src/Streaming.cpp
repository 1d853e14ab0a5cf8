#include "Streaming.h"

#include <pybind11/pybind11.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>

#include "exec/ThreadPool.h"

namespace mr::python {

namespace py = pybind11;

namespace {

// What the Python thread and the pool's job share; held by both, so whichever ends last frees it.
struct StreamState {
    std::function<void(const CancelFlag&, const Emit&)> work;  // dropped as soon as it returns
    CancelFlag cancel{false};
    std::mutex mutex;
    std::condition_variable wake;
    std::deque<std::function<void()>> deliveries;
    bool done = false;
    std::exception_ptr error;
};

constexpr std::chrono::milliseconds kSignalCheck{50};

// Delivers `batch` and checks for signals; the first Python error (or any exception) is kept in
// `pending` and cancels the work.
void deliver(std::deque<std::function<void()>>& batch, StreamState& state,
             std::exception_ptr& pending) {
    if (pending) {
        return;
    }
    try {
        for (const auto& delivery : batch) {
            delivery();
        }
        if (PyErr_CheckSignals() != 0) {
            throw py::error_already_set();
        }
    } catch (...) {
        pending = std::current_exception();
        cancel(state.cancel);
    }
}

}  // namespace

void runStreaming(const std::function<void(const CancelFlag& cancel, const Emit& emit)>& work) {
    auto state = std::make_shared<StreamState>();
    state->work = work;
    ThreadPool::shared().post([state] {
        const Emit emit = [&state](std::function<void()> delivery) {
            {
                const std::lock_guard lock(state->mutex);
                state->deliveries.push_back(std::move(delivery));
            }
            state->wake.notify_all();
        };
        try {
            state->work(state->cancel, emit);
        } catch (...) {
            state->error = std::current_exception();
        }
        state->work = nullptr;
        {
            const std::lock_guard lock(state->mutex);
            state->done = true;
        }
        state->wake.notify_all();
    });
    std::exception_ptr pending;
    bool finished = false;
    while (!finished) {
        std::deque<std::function<void()>> batch;
        {
            const py::gil_scoped_release noGil;
            std::unique_lock lock(state->mutex);
            state->wake.wait_for(lock, kSignalCheck,
                                 [&] { return state->done || !state->deliveries.empty(); });
            batch.swap(state->deliveries);
            finished = state->done;
        }
        deliver(batch, *state, pending);
    }
    if (pending) {
        std::rethrow_exception(pending);
    }
    if (state->error) {
        std::rethrow_exception(state->error);
    }
}

}  // namespace mr::python
