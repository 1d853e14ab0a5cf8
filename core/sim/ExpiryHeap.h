// ExpiryHeap — at most one pending time per job, the earliest (time, job) first: the quota
// policies' expiries (QuotaPolicy). A job's time is replaced in place when its quota is
// recomputed, so the heap holds the jobs with a live expiry (a few hundred at a time), not one
// stale entry per recomputation (tens of millions in a week of a production cluster).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace mr {

class ExpiryHeap {
public:
    struct Entry {
        double time;
        int job;
        bool operator<(const Entry& o) const {
            return time < o.time || (time == o.time && job < o.job);
        }
    };

    explicit ExpiryHeap(int jobs = 0) : m_position(static_cast<std::size_t>(jobs), kAbsent) {}

    bool empty() const { return m_heap.empty(); }
    const Entry& top() const { return m_heap.front(); }
    void pop() { erase(m_heap.front().job); }

    // The job's time becomes `time` (inserted when it had none).
    void set(int job, double time) {
        std::size_t& at = m_position[static_cast<std::size_t>(job)];
        if (at == kAbsent) {
            at = m_heap.size();
            m_heap.push_back({time, job});
            up(at);
            return;
        }
        const Entry old = m_heap[at];
        m_heap[at].time = time;
        if (m_heap[at] < old) {
            up(at);
        } else {
            down(at);
        }
    }
    // The job has no time any more (nothing when it had none).
    void erase(int job) {
        const std::size_t at = m_position[static_cast<std::size_t>(job)];
        if (at == kAbsent) {
            return;
        }
        m_position[static_cast<std::size_t>(job)] = kAbsent;
        const Entry last = m_heap.back();
        m_heap.pop_back();
        if (at == m_heap.size()) {
            return;
        }
        m_heap[at] = last;
        m_position[static_cast<std::size_t>(last.job)] = at;
        up(at);
        down(m_position[static_cast<std::size_t>(last.job)]);
    }

private:
    static constexpr std::size_t kAbsent = static_cast<std::size_t>(-1);

    void place(std::size_t at, const Entry& e) {
        m_heap[at] = e;
        m_position[static_cast<std::size_t>(e.job)] = at;
    }
    void up(std::size_t at) {
        const Entry e = m_heap[at];
        while (at > 0) {
            const std::size_t parent = (at - 1) / 2;
            if (!(e < m_heap[parent])) {
                break;
            }
            place(at, m_heap[parent]);
            at = parent;
        }
        place(at, e);
    }
    void down(std::size_t at) {
        const Entry e = m_heap[at];
        const std::size_t n = m_heap.size();
        while (true) {
            std::size_t child = 2 * at + 1;
            if (child >= n) {
                break;
            }
            if (child + 1 < n && m_heap[child + 1] < m_heap[child]) {
                ++child;
            }
            if (!(m_heap[child] < e)) {
                break;
            }
            place(at, m_heap[child]);
            at = child;
        }
        place(at, e);
    }

    std::vector<Entry> m_heap;
    std::vector<std::size_t> m_position;  // per job: its index in m_heap, or kAbsent
};

}  // namespace mr
