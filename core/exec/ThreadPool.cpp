#include "exec/ThreadPool.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <limits>
#include <memory>
#include <utility>

namespace mr {

int ThreadPool::hardwareThreads() {
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

ThreadPool::ThreadPool(int threads) {
    const int count = threads > 0 ? threads : hardwareThreads();
    m_workers.reserve(static_cast<std::size_t>(count));
    for (int t = 0; t < count; ++t) {
        m_workers.emplace_back([this] { workerLoop(); });
    }
}

ThreadPool::~ThreadPool() {
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
        m_queue.clear();
    }
    m_wake.notify_all();
    for (std::thread& worker : m_workers) {
        worker.join();
    }
}

ThreadPool& ThreadPool::shared() {
    static ThreadPool pool(hardwareThreads());
    return pool;
}

void ThreadPool::post(std::function<void()> job) {
    {
        const std::lock_guard lock(m_mutex);
        if (m_stopping) {
            return;
        }
        m_queue.push_back(std::move(job));
    }
    m_wake.notify_one();
}

std::size_t ThreadPool::dropPending() {
    std::deque<std::function<void()>> dropped;
    {
        const std::lock_guard lock(m_mutex);
        dropped.swap(m_queue);
        if (m_busy == 0) {
            m_idle.notify_all();
        }
    }
    return dropped.size();  // destroyed outside the lock (their captures may be large)
}

void ThreadPool::waitIdle() {
    std::unique_lock lock(m_mutex);
    m_idle.wait(lock, [this] { return m_queue.empty() && m_busy == 0; });
}

bool ThreadPool::waitIdleFor(std::chrono::milliseconds timeout) {
    std::unique_lock lock(m_mutex);
    return m_idle.wait_for(lock, timeout, [this] { return m_queue.empty() && m_busy == 0; });
}

void ThreadPool::workerLoop() {
    std::unique_lock lock(m_mutex);
    while (true) {
        m_wake.wait(lock, [this] { return m_stopping || !m_queue.empty(); });
        if (m_stopping) {
            return;
        }
        std::function<void()> job = std::move(m_queue.front());
        m_queue.pop_front();
        ++m_busy;
        lock.unlock();
        try {
            job();
        } catch (...) {
            // post() asks for jobs that do not throw; dropping the error keeps the pool alive.
        }
        job = nullptr;  // release the captures before reporting idle
        lock.lock();
        --m_busy;
        if (m_busy == 0 && m_queue.empty()) {
            m_idle.notify_all();
        }
    }
}

namespace {

std::atomic<ParallelIndexObserver> g_observer{nullptr};

// The threads a loop started on this thread may use: set while a parallelFor() body runs here
// (its loop's share), 0 outside any loop.
thread_local int t_threadShare = 0;

class ShareScope {
public:
    explicit ShareScope(int share) : m_saved(t_threadShare) { t_threadShare = share; }
    ~ShareScope() { t_threadShare = m_saved; }
    ShareScope(const ShareScope&) = delete;
    ShareScope& operator=(const ShareScope&) = delete;

private:
    int m_saved;
};

// What the threads of one parallelFor() share. Helpers posted to the pool hold it by shared_ptr:
// one that starts after the loop has closed returns without touching `body`.
struct LoopState {
    LoopState(std::size_t n, const std::function<void(std::size_t)>& f, const CancelFlag* c,
              int bound, int shareOfEach)
        : count(n), body(&f), cancel(c), threads(bound), share(shareOfEach) {}

    const std::size_t count;
    const std::function<void(std::size_t)>* const body;  // valid until `closed`
    const CancelFlag* const cancel;
    const int threads;  // the loop's bound
    const int share;    // what each of its threads may use in loops it starts
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stop{false};

    std::mutex mutex;
    std::condition_variable helpersDone;
    bool closed = false;
    int activeHelpers = 0;
    bool cancelled = false;
    std::size_t errorIndex = std::numeric_limits<std::size_t>::max();
    std::exception_ptr error;

    void work() {
        const ShareScope scope(share);
        const ParallelIndexObserver observer = g_observer.load(std::memory_order_relaxed);
        while (!stop.load(std::memory_order_relaxed)) {
            if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) {
                const std::lock_guard lock(mutex);
                cancelled = next.load() < count;
                stop = true;
                return;
            }
            const std::size_t i = next.fetch_add(1);
            if (i >= count) {
                return;
            }
            if (observer != nullptr) {
                observer(i, threads);
            }
            try {
                (*body)(i);
            } catch (...) {
                const std::lock_guard lock(mutex);
                if (i < errorIndex) {
                    errorIndex = i;
                    error = std::current_exception();
                }
                stop = true;
            }
        }
    }
};

}  // namespace

void parallelFor(std::size_t count, const std::function<void(std::size_t)>& body,
                 const ParallelOptions& options) {
    if (count == 0) {
        throwIfCancelled(options.cancel);
        return;
    }
    ThreadPool& pool = options.pool != nullptr ? *options.pool : ThreadPool::shared();
    int threads = options.threads > 0 ? options.threads : pool.threadCount();
    if (t_threadShare > 0) {  // inside another loop: at most its share
        threads = std::min(threads, t_threadShare);
    }
    const std::size_t used = std::min<std::size_t>(count, static_cast<std::size_t>(threads));
    const std::size_t helpers = used - 1;
    const int share = std::max(1, threads / static_cast<int>(used));
    auto state = std::make_shared<LoopState>(count, body, options.cancel, threads, share);
    for (std::size_t h = 0; h < helpers; ++h) {
        pool.post([state] {
            {
                const std::lock_guard lock(state->mutex);
                if (state->closed) {
                    return;
                }
                ++state->activeHelpers;
            }
            state->work();
            {
                const std::lock_guard lock(state->mutex);
                --state->activeHelpers;
            }
            state->helpersDone.notify_all();
        });
    }
    state->work();
    std::unique_lock lock(state->mutex);
    state->closed = true;
    state->helpersDone.wait(lock, [&] { return state->activeHelpers == 0; });
    if (state->error) {
        // Taken out of the state: a helper may drop the last reference to the state after this
        // thread has caught the error, and the exception's own reference count lives in the C++
        // runtime, where ThreadSanitizer cannot see it synchronise. So only this thread holds it.
        std::exception_ptr error = std::exchange(state->error, nullptr);
        lock.unlock();
        std::rethrow_exception(error);
    }
    if (state->cancelled) {
        throw Cancelled();
    }
}

void setParallelIndexObserver(ParallelIndexObserver observer) {
    g_observer.store(observer);
}

}  // namespace mr
