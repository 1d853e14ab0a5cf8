// ExpiryHeap (the quota policies' expiries) against the plainest ordered container: after any
// sequence of set / erase / pop, its top is the smallest (time, job) of a std::set holding one
// entry per job.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "model/SeededRandom.h"
#include "sim/ExpiryHeap.h"

namespace mr {
namespace {

TEST(ExpiryHeap, TopIsTheSmallestTimeThenJobAfterRandomUpdates) {
    const std::uint64_t seed = 29;
    SeededRandom rng(seed);
    constexpr int kJobs = 200;
    ExpiryHeap heap(kJobs);
    std::set<std::pair<double, int>> reference;
    std::vector<double> timeOf(kJobs, -1.0);  // -1: no entry
    for (int step = 0; step < 200000; ++step) {
        SCOPED_TRACE("seed " + std::to_string(seed) + ", step " + std::to_string(step));
        const int job = static_cast<int>(rng.next() % kJobs);
        const int action = static_cast<int>(rng.next() % 10);
        if (action < 6) {
            // Few distinct times, so that ties between jobs are common.
            const double time = static_cast<double>(rng.next() % 50);
            if (timeOf[static_cast<std::size_t>(job)] >= 0) {
                reference.erase({timeOf[static_cast<std::size_t>(job)], job});
            }
            reference.insert({time, job});
            timeOf[static_cast<std::size_t>(job)] = time;
            heap.set(job, time);
        } else if (action < 8) {
            if (timeOf[static_cast<std::size_t>(job)] >= 0) {
                reference.erase({timeOf[static_cast<std::size_t>(job)], job});
                timeOf[static_cast<std::size_t>(job)] = -1.0;
            }
            heap.erase(job);
        } else if (!reference.empty()) {
            const auto [time, first] = *reference.begin();
            ASSERT_EQ(heap.top().job, first);
            ASSERT_EQ(heap.top().time, time);
            reference.erase(reference.begin());
            timeOf[static_cast<std::size_t>(first)] = -1.0;
            heap.pop();
        }
        ASSERT_EQ(heap.empty(), reference.empty());
        if (!reference.empty()) {
            ASSERT_EQ(heap.top().job, reference.begin()->second);
            ASSERT_EQ(heap.top().time, reference.begin()->first);
        }
    }
}

}  // namespace
}  // namespace mr
