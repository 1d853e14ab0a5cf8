// ThreadPool and parallelFor: every index once, bounded threads, the lowest failing index's
// exception reaches the caller, cancellation, nesting without deadlock and within the outer
// bound, post/dropPending.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>

#include "exec/ThreadPool.h"
#include "model/Cancelled.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

TEST(ParallelFor, CallsEveryIndexExactlyOnce) {
    ThreadPool pool(3);
    std::vector<std::atomic<int>> calls(1000);
    parallelFor(calls.size(), [&](std::size_t i) { ++calls[i]; }, {0, nullptr, &pool});
    for (const auto& c : calls) {
        EXPECT_EQ(c.load(), 1);
    }
}

TEST(ParallelFor, NeverRunsMoreThreadsThanAsked) {
    ThreadPool pool(4);
    std::atomic<int> inside{0};
    std::atomic<int> most{0};
    std::mutex mutex;
    std::set<std::thread::id> ids;
    parallelFor(200,
                [&](std::size_t) {
                    const int now = ++inside;
                    int seen = most.load();
                    while (now > seen && !most.compare_exchange_weak(seen, now)) {
                    }
                    {
                        const std::lock_guard lock(mutex);
                        ids.insert(std::this_thread::get_id());
                    }
                    std::this_thread::yield();
                    --inside;
                },
                {2, nullptr, &pool});
    EXPECT_LE(most.load(), 2);
    EXPECT_LE(ids.size(), 2u);
}

// The largest bound of the loops that ran an index >= 2 (the inner loops below: the outer loops
// have two indices).
std::atomic<int> g_innerBound{0};
void recordInnerBound(std::size_t index, int threads) {
    if (index >= 2) {
        int seen = g_innerBound.load();
        while (threads > seen && !g_innerBound.compare_exchange_weak(seen, threads)) {
        }
    }
}

// A loop inside a loop keeps the outer bound: each thread of the outer loop may use its share
// (bound / threads used) in the loops it starts, whatever they ask for; bound 1 is one thread in
// all.
TEST(ParallelFor, NestedLoopsKeepTheOuterBound) {
    ThreadPool pool(4);
    // outer bound -> the inner loops' bound: 1 -> 1, 2 (two outer threads) -> 1 each, 4 -> 2 each
    for (const auto& [outer, inner] : {std::pair{1, 1}, std::pair{2, 1}, std::pair{4, 2}}) {
        SCOPED_TRACE("outer bound " + std::to_string(outer));
        std::atomic<int> calls{0};
        std::optional<test::LoopThreads> loops;
        if (outer == 1) {
            loops.emplace();
        } else {
            g_innerBound = 0;
            setParallelIndexObserver(&recordInnerBound);
        }
        parallelFor(2,
                    [&](std::size_t) {
                        parallelFor(50, [&](std::size_t) { ++calls; }, {0, nullptr, &pool});
                    },
                    {outer, nullptr, &pool});
        EXPECT_EQ(calls.load(), 100);
        if (outer == 1) {
            EXPECT_EQ(loops->largestBound(), 1);
            EXPECT_TRUE(loops->onlyOn(std::this_thread::get_id())) << loops->threads();
        } else {
            setParallelIndexObserver(nullptr);
            EXPECT_EQ(g_innerBound.load(), inner);
        }
    }
}

TEST(ParallelFor, RethrowsTheLowestFailingIndexAndStopsHandingOutWork) {
    ThreadPool pool(2);
    std::atomic<int> started{0};
    try {
        parallelFor(100000,
                    [&](std::size_t i) {
                        ++started;
                        if (i == 7 || i == 9) {
                            throw std::runtime_error("index " + std::to_string(i));
                        }
                    },
                    {0, nullptr, &pool});
        FAIL() << "no exception";
    } catch (const std::runtime_error& e) {
        // Index 7 is handed out before 9 and always fails, so it is the lowest failing index
        // whichever thread ran it.
        EXPECT_STREQ(e.what(), "index 7");
    }
    EXPECT_LT(started.load(), 100000);
}

TEST(ParallelFor, ACancelledLoopSkipsTheRestAndThrowsCancelled) {
    ThreadPool pool(2);
    CancelFlag cancel{false};
    std::atomic<int> calls{0};
    EXPECT_THROW(parallelFor(100000,
                             [&](std::size_t i) {
                                 ++calls;
                                 if (i == 10) {
                                     cancel = true;
                                 }
                             },
                             {0, &cancel, &pool}),
                 Cancelled);
    EXPECT_LT(calls.load(), 100000);
}

TEST(ParallelFor, AFlagSetBeforehandRunsNothing) {
    CancelFlag cancel{true};
    int calls = 0;
    EXPECT_THROW(parallelFor(10, [&](std::size_t) { ++calls; }, {1, &cancel, nullptr}), Cancelled);
    EXPECT_EQ(calls, 0);
    EXPECT_THROW(parallelFor(0, [&](std::size_t) { ++calls; }, {1, &cancel, nullptr}), Cancelled);
}

TEST(ParallelFor, NestedLoopsOnAOneThreadPoolFinish) {
    // Every worker is busy with the outer loop: inner loops must run on their callers.
    ThreadPool pool(1);
    std::atomic<long> sum{0};
    parallelFor(8,
                [&](std::size_t i) {
                    parallelFor(100, [&](std::size_t j) { sum += static_cast<long>(i * 100 + j); },
                                {0, nullptr, &pool});
                },
                {0, nullptr, &pool});
    EXPECT_EQ(sum.load(), 799L * 800L / 2L);
}

TEST(ThreadPool, PostedJobsRunAndWaitIdleWaitsForThem) {
    ThreadPool pool(2);
    std::atomic<int> done{0};
    for (int i = 0; i < 50; ++i) {
        pool.post([&] { ++done; });
    }
    pool.waitIdle();
    EXPECT_EQ(done.load(), 50);
}

TEST(ThreadPool, AThrowingJobDoesNotStopThePool) {
    ThreadPool pool(1);
    std::atomic<int> done{0};
    pool.post([] { throw std::runtime_error("lost"); });
    pool.post([&] { ++done; });
    pool.waitIdle();
    EXPECT_EQ(done.load(), 1);
}

TEST(ThreadPool, DropPendingRemovesJobsNotStarted) {
    ThreadPool pool(1);
    std::atomic<bool> release{false};
    std::atomic<bool> running{false};
    std::atomic<int> ran{0};
    pool.post([&] {
        running = true;
        while (!release) {
            std::this_thread::yield();
        }
    });
    while (!running) {
        std::this_thread::yield();
    }
    for (int i = 0; i < 5; ++i) {
        pool.post([&] { ++ran; });
    }
    EXPECT_EQ(pool.dropPending(), 5u);
    release = true;
    pool.waitIdle();
    EXPECT_EQ(ran.load(), 0);
}

// A program's exit waits for its workers only so long: a job that does
// not stop keeps waitIdleFor() from reporting idle, but not from returning.
TEST(ThreadPool, WaitIdleForReturnsWhileAJobStillRuns) {
    ThreadPool pool(1);
    std::atomic<bool> release{false};
    std::atomic<bool> running{false};
    pool.post([&] {
        running = true;
        while (!release) {
            std::this_thread::yield();
        }
    });
    while (!running) {
        std::this_thread::yield();
    }
    EXPECT_FALSE(pool.waitIdleFor(std::chrono::milliseconds(20)));  // it returned: not idle
    release = true;
    EXPECT_TRUE(pool.waitIdleFor(std::chrono::minutes(5)));  // idle as soon as the job ends
    EXPECT_TRUE(pool.waitIdleFor(std::chrono::milliseconds(0)));
}

TEST(Cancel, AWaiterWakesOnItsCancelOrOnItsConditionAndNotOnAnothersCancel) {
    // waitUntilCancelledOr blocks without polling: cancel() on its flag ends it, and so does its
    // condition made true and announced; a cancel of another flag on the way leaves both as they
    // were.
    for (const bool byCancel : {true, false}) {
        SCOPED_TRACE(byCancel ? "by cancel" : "by its condition");
        CancelFlag own{false};
        CancelFlag other{false};
        std::atomic<bool> done{false};
        std::atomic<int> returned{0};
        std::thread waiter([&] {
            waitUntilCancelledOr(own, [&] { return done.load(); });
            ++returned;
        });
        cancel(other);
        if (byCancel) {
            cancel(own);
        } else {
            done = true;
            wakeCancelWaiters();
        }
        waiter.join();  // a lost wake-up would hang here (CTest's timeout then fails the test)
        EXPECT_EQ(returned.load(), 1);
        EXPECT_EQ(own.load(), byCancel);
        EXPECT_TRUE(other.load());
    }
}

}  // namespace
}  // namespace mr
