// EventQueue — the engine's queue of task-end events, taken out an instant at a time in the total
// order (time, slot). A radix heap: the engine never schedules an end before the instant it is at,
// so every event is filed by the highest bit in which its time differs from the last instant's
// (a push is one bit scan and an append), and an instant takes the lowest bucket, re-filing its
// events below it. A comparison heap sifts every task end through all its levels instead (a
// cluster's tens of thousands of running waves are seven levels of a 4-ary heap). An event filed
// before the last instant taken (never one of the engine's own task ends) files everything again.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <vector>

namespace mr {

struct TaskEndEvent {
    double time;
    std::uint32_t slot;        // global slot: map slots first, then reduce slots
    std::uint32_t generation;  // the slot's generation when the task started (kills bump it)
};

class EventQueue {
public:
    bool empty() const { return m_size == 0; }
    std::size_t size() const { return m_size; }

    // The earliest time in the queue (call only if not empty).
    double earliest() const {
        return timeOf(m_buckets[0].empty() ? m_bucketMin[lowestBucket()] : m_last);
    }

    void push(const TaskEndEvent& e) {
        const std::uint64_t k = key(e.time);
        if (k < m_last) {
            rebase(k);  // earlier than the last instant taken: never from the engine's own starts
        }
        file(e, k);
        ++m_size;
    }

    // Moves every event at or before `limit` to the end of `out`, in (time, slot) order.
    void popUntil(double limit, std::vector<TaskEndEvent>& out) {
        const std::size_t first = out.size();
        const std::uint64_t limitKey = key(limit);
        while (m_size > 0) {
            if (m_buckets[0].empty()) {
                const int b = lowestBucket();
                if (m_bucketMin[static_cast<std::size_t>(b)] > limitKey) {
                    break;
                }
                refile(b);
            }
            if (m_last > limitKey) {
                break;
            }
            out.insert(out.end(), m_buckets[0].begin(), m_buckets[0].end());
            m_size -= m_buckets[0].size();
            m_buckets[0].clear();
        }
        if (out.size() - first > 1) {
            std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), earlier);
        }
    }

private:
    static constexpr int kBuckets = 65;  // bucket 0: the time m_last itself; b: bit b − 1 differs
    static constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();

    // Ties in time go to the lower slot: deterministic.
    static bool earlier(const TaskEndEvent& a, const TaskEndEvent& b) {
        return a.time < b.time || (a.time == b.time && a.slot < b.slot);
    }
    // A double's bits as an unsigned integer in the doubles' order.
    static std::uint64_t key(double time) {
        const auto bits = std::bit_cast<std::uint64_t>(time);
        return (bits >> 63) != 0 ? ~bits : bits | (std::uint64_t{1} << 63);
    }
    static double timeOf(std::uint64_t k) {
        return std::bit_cast<double>((k >> 63) != 0 ? k & ~(std::uint64_t{1} << 63) : ~k);
    }
    // The lowest non-empty bucket above 0 (some must be).
    int lowestBucket() const { return std::countr_zero(m_mask) + 1; }

    void file(const TaskEndEvent& e, std::uint64_t k) {
        if (k == m_last) {
            m_buckets[0].push_back(e);
            return;
        }
        const int b = 64 - std::countl_zero(k ^ m_last);
        m_buckets[static_cast<std::size_t>(b)].push_back(e);
        m_mask |= std::uint64_t{1} << (b - 1);
        std::uint64_t& least = m_bucketMin[static_cast<std::size_t>(b)];
        least = std::min(least, k);
    }
    // Bucket b's earliest time becomes m_last; its events share their bits from b − 1 up with it,
    // so they all go to lower buckets.
    void refile(int b) {
        const auto at = static_cast<std::size_t>(b);
        m_last = m_bucketMin[at];
        m_bucketMin[at] = kNone;
        m_mask &= ~(std::uint64_t{1} << (b - 1));
        m_scratch.swap(m_buckets[at]);
        for (const TaskEndEvent& e : m_scratch) {
            file(e, key(e.time));
        }
        m_scratch.clear();
        m_scratch.swap(m_buckets[at]);
    }
    // An event earlier than m_last: file everything again from its time.
    void rebase(std::uint64_t k) {
        std::vector<TaskEndEvent> all;
        all.reserve(m_size);
        for (auto& bucket : m_buckets) {
            all.insert(all.end(), bucket.begin(), bucket.end());
            bucket.clear();
        }
        m_bucketMin.fill(kNone);
        m_mask = 0;
        m_last = k;
        for (const TaskEndEvent& e : all) {
            file(e, key(e.time));
        }
    }

    std::array<std::vector<TaskEndEvent>, kBuckets> m_buckets;
    std::array<std::uint64_t, kBuckets> m_bucketMin = filled(kNone);
    std::uint64_t m_mask = 0;  // bit b − 1: bucket b is not empty
    std::uint64_t m_last = 0;  // every event's time is at or after it
    std::size_t m_size = 0;
    std::vector<TaskEndEvent> m_scratch;

    static std::array<std::uint64_t, kBuckets> filled(std::uint64_t value) {
        std::array<std::uint64_t, kBuckets> a{};
        a.fill(value);
        return a;
    }
};

}  // namespace mr
