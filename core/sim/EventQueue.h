// EventQueue — the engine's min-heap of task-end events, with the one operation
// std::priority_queue lacks: replaceTop(). The common instant is "one task ends, its slot takes
// the next task"; leaving the processed event at the top and replacing it costs one sift instead
// of a pop and a push. The heap is 4-ary: a cluster's tens of thousands of running tasks make it
// larger than the fast caches, and half the levels of a binary heap means half the cache misses
// per sift (a node's four children are 64 contiguous bytes). The order of events is the total
// order (time, slot), whatever the heap's shape.
#pragma once

#include <algorithm>
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
    double secondTime() const { return m_heap[earliestChild(0, m_heap.size())].time; }

    void push(const TaskEndEvent& e) {
        std::size_t hole = m_heap.size();
        m_heap.push_back(e);
        while (hole > 0) {
            const std::size_t parent = (hole - 1) / kArity;
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
    static constexpr std::size_t kArity = 4;

    // Ties in time go to the lower slot: deterministic.
    static bool earlier(const TaskEndEvent& a, const TaskEndEvent& b) {
        return a.time < b.time || (a.time == b.time && a.slot < b.slot);
    }

    // The earliest of the children of `parent` (which has at least one) in a heap of n events.
    std::size_t earliestChild(std::size_t parent, std::size_t n) const {
        const std::size_t first = kArity * parent + 1;
        const std::size_t end = std::min(first + kArity, n);
        std::size_t best = first;
        for (std::size_t c = first + 1; c < end; ++c) {
            if (earlier(m_heap[c], m_heap[best])) {
                best = c;
            }
        }
        return best;
    }

    void siftDown(const TaskEndEvent& e) {
        const std::size_t n = m_heap.size();
        std::size_t hole = 0;
        while (kArity * hole + 1 < n) {
            const std::size_t child = earliestChild(hole, n);
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
