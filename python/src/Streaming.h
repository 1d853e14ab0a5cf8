// Streaming — how every long call of mrx runs: the work goes to the core's shared ThreadPool
// while the calling Python thread waits without the GIL, hands what the work emits to Python
// (with the GIL, on the calling thread) and checks for signals every 50 ms. A KeyboardInterrupt
// (or an exception raised by a callback) sets the work's cancel flag (model/Cancelled.h), waits
// for the work to return and is raised: nothing runs on after the call ends.
#pragma once

#include <functional>

#include "model/Cancelled.h"

namespace mr::python {

// What the work emits: a delivery, called later on the Python thread with the GIL held. Emitted
// from any worker thread.
using Emit = std::function<void(std::function<void()> delivery)>;

// Runs work(cancel, emit) as described above; the work's own exception (InputError, ...) is
// rethrown here. Called with the GIL held.
void runStreaming(const std::function<void(const CancelFlag& cancel, const Emit& emit)>& work);

}  // namespace mr::python
