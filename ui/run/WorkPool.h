// WorkPool — the explorer's one way to run work off the GUI thread: algorithm
// runs (RunController), sweeps, deadline sweeps, cost runs and cost sweeps (BackgroundJob) all
// post to one mr::ThreadPool of their own (not Qt's global pool, not the shared pool that the
// core's parallelFor uses inside them). Each request carries a WorkToken — its generation and the
// cancel flag the core polls — and delivers its result to the GUI thread through a Mailbox, which
// drops the delivery once its receiver is gone. Nothing here ever waits for a worker on the GUI
// thread: closing a window cancels its tokens and returns; the workers see the flag and end.
#pragma once

#include <QObject>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>

#include "exec/ThreadPool.h"
#include "model/Cancelled.h"
#include "model/Progress.h"

namespace mr::ui {

// One request's token: which generation it belongs to, and the flag that cancels it.
struct WorkToken {
    explicit WorkToken(quint64 generation) : generation(generation) {}
    const quint64 generation;
    CancelFlag cancel{false};
    Progress progress;  // what the work reports of how far it is (read by the GUI)
};

// A new token, remembered (weakly) so that cancelAllWork() reaches it.
std::shared_ptr<WorkToken> newWorkToken(quint64 generation);

// Where a worker's result goes: a function run on the receiver's thread, or nowhere once the
// receiver has closed the mailbox (call close() first thing in the receiver's destructor).
class Mailbox {
public:
    explicit Mailbox(QObject* receiver) : m_receiver(receiver) {}
    // Thread-safe. Queues `call` for the receiver's thread unless the mailbox is closed.
    void deliver(std::function<void()> call);
    void close();

private:
    std::mutex m_mutex;
    QObject* m_receiver;
};

// The pool every background request runs on: more workers than cores, so that a long sweep or
// a slow algorithm never keeps a quick run from starting.
ThreadPool& workPool();

// Sets every live token's cancel flag (closing the last window, tests).
void cancelAllWork();
// cancelAllWork(), then waits until the pool is idle, for at most `grace`; returns whether it
// is. The end of main: cancelled work ends within the core's polling interval, so that no worker
// runs while static objects are destroyed; work that cannot stop that soon (a GLPK solve polls
// no flag) must not hold the exit — main then ends the process without static destructors.
bool shutdownWork(std::chrono::milliseconds grace);
// How long main waits for cancelled work at exit (closing returns within 1 s).
constexpr std::chrono::milliseconds kExitGrace{250};

}  // namespace mr::ui
