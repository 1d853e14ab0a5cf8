// ThreadPool — the project's one way to run work on several threads: a bounded set of
// worker threads, parallelFor() over indices with cancellation and exception capture, and post()
// for fire-and-forget jobs (the GUI's background runner sits on it). No other file starts
// threads or calls std::async.
//
// parallelFor() is safe to nest: the calling thread takes indices itself, so a loop inside a
// worker never waits for a worker that is busy with the outer loop (it simply does the work
// alone when every worker is taken). A nested loop also keeps the outer loop's bound: each thread
// of a loop bounded to T threads and run on U of them may use T / U threads (at least one) in
// the loops it starts, so a computation started with `threads = 1` runs on one thread in total,
// however deep its loops (mrsim --threads 1).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "model/Cancelled.h"

namespace mr {

class ThreadPool {
public:
    // `threads` worker threads (0: one per hardware thread, at least 1).
    explicit ThreadPool(int threads = 0);
    // Drops the jobs not started yet and waits for the running ones (set their cancel flags
    // first so that they return soon).
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    int threadCount() const { return static_cast<int>(m_workers.size()); }

    // Runs `job` on a worker thread, in submission order. The job must not throw: an exception
    // that escapes it is swallowed (wrap the work and report errors yourself).
    void post(std::function<void()> job);
    // Drops the jobs that have not started; returns how many were dropped.
    std::size_t dropPending();
    // Blocks until no job is queued or running.
    void waitIdle();
    // The same for at most `timeout`; returns whether the pool is idle.
    bool waitIdleFor(std::chrono::milliseconds timeout);

    // The process-wide pool used by parallelFor() when no pool is given: one worker per
    // hardware thread.
    static ThreadPool& shared();

    // Hardware threads (at least 1).
    static int hardwareThreads();

private:
    void workerLoop();

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_idle;
    std::deque<std::function<void()>> m_queue;
    int m_busy = 0;
    bool m_stopping = false;
    std::vector<std::thread> m_workers;
};

struct ParallelOptions {
    int threads = 0;                     // at most this many threads at once, the caller included
                                         // (0: the pool's thread count); inside another loop, at
                                         // most that loop's share too
    const CancelFlag* cancel = nullptr;  // set -> no new index starts; parallelFor throws Cancelled
    ThreadPool* pool = nullptr;          // null: ThreadPool::shared()
};

// Calls body(i) for every i in [0, count), on up to `options.threads` threads (the calling thread
// is one of them), and returns when every call has returned. Indices are handed out in
// increasing order. If a call throws, no new index starts and, once the running calls have
// returned, the exception of the lowest failing index is rethrown here (a Cancelled thrown by a
// body counts like any other exception). If the cancel flag is set, indices not started are
// skipped and Cancelled is thrown.
void parallelFor(std::size_t count, const std::function<void(std::size_t)>& body,
                 const ParallelOptions& options = {});

// Test hook: called on the thread that runs each index of every parallelFor, with the loop's
// bound (the threads it may use, after its enclosing loops' shares), before the body. Lets a test
// count the threads a computation used. Null (the default): nothing is called. Set it only while
// no loop runs.
using ParallelIndexObserver = void (*)(std::size_t index, int threads);
void setParallelIndexObserver(ParallelIndexObserver observer);

}  // namespace mr
