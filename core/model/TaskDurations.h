// TaskDurations — the durations (seconds) of one stage's tasks, compact when they are all equal
//: a stage whose every task takes the same time is stored as (count, value) and costs
// O(1) memory, however many tasks it has (HScheduler re-splits a job over 12 000 slots, SWIM
// imports give millions of equal map tasks). Reading looks like a std::vector<double> (size(),
// [i], iteration, empty(), front(), comparison with a vector); writing through push_back() stays
// compact while every value is bit-identical to the first.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <vector>

namespace mr {

class TaskDurations {
public:
    using value_type = double;
    using size_type = std::size_t;

    class const_iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = double;
        using difference_type = std::ptrdiff_t;
        using pointer = const double*;
        using reference = double;

        const_iterator() = default;
        const_iterator(const TaskDurations* owner, std::size_t index)
            : m_owner(owner), m_index(index) {}
        double operator*() const { return (*m_owner)[m_index]; }
        double operator[](difference_type n) const {
            return (*m_owner)[static_cast<std::size_t>(static_cast<difference_type>(m_index) + n)];
        }
        const_iterator& operator++() {
            ++m_index;
            return *this;
        }
        const_iterator operator++(int) {
            const_iterator old = *this;
            ++m_index;
            return old;
        }
        const_iterator& operator--() {
            --m_index;
            return *this;
        }
        const_iterator operator--(int) {
            const_iterator old = *this;
            --m_index;
            return old;
        }
        const_iterator& operator+=(difference_type n) {
            m_index = static_cast<std::size_t>(static_cast<difference_type>(m_index) + n);
            return *this;
        }
        const_iterator& operator-=(difference_type n) { return *this += -n; }
        friend const_iterator operator+(const_iterator it, difference_type n) { return it += n; }
        friend const_iterator operator+(difference_type n, const_iterator it) { return it += n; }
        friend const_iterator operator-(const_iterator it, difference_type n) { return it -= n; }
        friend difference_type operator-(const const_iterator& a, const const_iterator& b) {
            return static_cast<difference_type>(a.m_index) -
                   static_cast<difference_type>(b.m_index);
        }
        friend bool operator==(const const_iterator& a, const const_iterator& b) {
            return a.m_index == b.m_index;
        }
        friend auto operator<=>(const const_iterator& a, const const_iterator& b) {
            return a.m_index <=> b.m_index;
        }

    private:
        const TaskDurations* m_owner = nullptr;
        std::size_t m_index = 0;
    };
    using iterator = const_iterator;

    TaskDurations() = default;
    // `count` tasks of `value` seconds each (compact).
    TaskDurations(std::size_t count, double value) : m_count(count), m_value(value) {}
    TaskDurations(std::initializer_list<double> values) { assign(values.begin(), values.end()); }
    TaskDurations(const std::vector<double>& values) {  // NOLINT: implicit, reads like a vector
        assign(values.begin(), values.end());
    }
    TaskDurations(std::vector<double>&& values) { assignVector(std::move(values)); }  // NOLINT

    std::size_t size() const { return m_count; }
    bool empty() const { return m_count == 0; }
    double operator[](std::size_t i) const { return m_values.empty() ? m_value : m_values[i]; }
    double front() const { return (*this)[0]; }
    double back() const { return (*this)[m_count - 1]; }
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, m_count}; }

    // Every task takes the same time (bit for bit; true when empty): then value() is it.
    bool uniform() const { return m_values.empty(); }
    double value() const { return m_value; }
    // The durations as a vector (allocates count doubles).
    std::vector<double> toVector() const {
        return m_values.empty() ? std::vector<double>(m_count, m_value) : m_values;
    }
    // Tasks first..first+n−1 take the same time as task `first` (bit for bit).
    bool equalRun(std::size_t first, std::size_t n) const;
    // The index one past the last task of the run of bit-identical durations starting at
    // `first`, looking no further than first + limit.
    std::size_t runEnd(std::size_t first, std::size_t limit) const;

    void assign(std::size_t count, double value) {
        m_values.clear();
        m_values.shrink_to_fit();
        m_count = count;
        m_value = value;
    }
    template <class It>
    void assign(It first, It last) {
        clear();
        for (; first != last; ++first) {
            push_back(*first);
        }
    }
    void push_back(double d);
    // Keeps the first `count` durations; new tasks take `fill`.
    void resize(std::size_t count, double fill);
    void clear() { assign(0, 0.0); }
    void reserve(std::size_t n) {
        if (!m_values.empty()) {
            m_values.reserve(n);
        }
    }

    bool operator==(const TaskDurations& other) const;
    friend bool operator==(const TaskDurations& a, const std::vector<double>& b) {
        return a == TaskDurations(b);
    }

private:
    static bool same(double a, double b) {
        return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
    }
    void assignVector(std::vector<double>&& values);

    std::size_t m_count = 0;
    double m_value = 0.0;          // every task's duration while m_values is empty
    std::vector<double> m_values;  // per task, once two durations differ
};

}  // namespace mr
