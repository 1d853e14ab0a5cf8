// EventQueue — the engine's binary min-heap of task-end events, with the one operation
// std::priority_queue lacks: replaceTop(). The common instant is "one task ends, its slot takes
// the next task"; leaving the processed event at the top and replacing it costs one sift instead
// of a pop and a push.
#pragma once

#include <cstdint>
#include <vector>

namespace mr {

struct TaskEndEvent {
    double time;
    std::uint32_t slot;        // global slot: map slots first, then reduce slots
    std::uint32_t generation;  // the slot's generation when the task started (kills bump it)
};

class EventQueue {
public:
    bool empty() const { return m_heap.empty(); }
    std::size_t size() const { return m_heap.size(); }
    const TaskEndEvent& top() const { return m_heap.front(); }
    // Earliest time among the events other than the top (infinity-free: call only if size() > 1).
    double secondTime() const {
        if (m_heap.size() == 2) {
            return m_heap[1].time;
        }
        return earlier(m_heap[1], m_heap[2]) ? m_heap[1].time : m_heap[2].time;
    }

    void push(const TaskEndEvent& e) {
        std::size_t hole = m_heap.size();
        m_heap.push_back(e);
        while (hole > 0) {
            const std::size_t parent = (hole - 1) / 2;
            if (!earlier(e, m_heap[parent])) {
                break;
            }
            m_heap[hole] = m_heap[parent];
            hole = parent;
        }
        m_heap[hole] = e;
    }

    void pop() {
        const TaskEndEvent last = m_heap.back();
        m_heap.pop_back();
        if (!m_heap.empty()) {
            siftDown(last);
        }
    }

    // pop() then push(e), in one pass.
    void replaceTop(const TaskEndEvent& e) { siftDown(e); }

private:
    // Ties in time go to the lower slot: deterministic.
    static bool earlier(const TaskEndEvent& a, const TaskEndEvent& b) {
        return a.time < b.time || (a.time == b.time && a.slot < b.slot);
    }

    void siftDown(const TaskEndEvent& e) {
        const std::size_t n = m_heap.size();
        std::size_t hole = 0;
        while (true) {
            std::size_t child = 2 * hole + 1;
            if (child >= n) {
                break;
            }
            if (child + 1 < n && earlier(m_heap[child + 1], m_heap[child])) {
                ++child;
            }
            if (!earlier(m_heap[child], e)) {
                break;
            }
            m_heap[hole] = m_heap[child];
            hole = child;
        }
        m_heap[hole] = e;
    }

    std::vector<TaskEndEvent> m_heap;
};

}  // namespace mr
