#include "model/TaskDurations.h"

#include <algorithm>

namespace mr {

void TaskDurations::push_back(double d) {
    if (m_values.empty()) {
        if (m_count == 0) {
            m_value = d;
            m_count = 1;
            return;
        }
        if (same(d, m_value)) {
            ++m_count;
            return;
        }
        m_values.assign(m_count, m_value);  // two durations differ: per task from now on
    }
    m_values.push_back(d);
    ++m_count;
}

void TaskDurations::resize(std::size_t count, double fill) {
    if (count <= m_count) {
        if (m_values.empty()) {
            m_count = count;
        } else {
            std::vector<double> kept = std::move(m_values);
            kept.resize(count);
            assignVector(std::move(kept));
        }
        return;
    }
    if (m_values.empty() && (m_count == 0 || same(fill, m_value))) {
        m_count = count;
        m_value = fill;
        return;
    }
    while (m_count < count) {
        push_back(fill);
    }
}

void TaskDurations::assignVector(std::vector<double>&& values) {
    const bool allSame = std::all_of(values.begin(), values.end(),
                                     [&](double d) { return same(d, values.front()); });
    if (allSame) {
        assign(values.size(), values.empty() ? 0.0 : values.front());
        return;
    }
    m_count = values.size();
    m_value = values.front();
    m_values = std::move(values);  // callers never pass m_values itself
}

bool TaskDurations::equalRun(std::size_t first, std::size_t n) const {
    return runEnd(first, n) == first + n;
}

std::size_t TaskDurations::runEnd(std::size_t first, std::size_t limit) const {
    const std::size_t last = std::min(m_count, first + limit);
    if (m_values.empty() || first >= last) {
        return std::max(first, last);
    }
    const double d = m_values[first];
    std::size_t i = first + 1;
    while (i < last && same(m_values[i], d)) {
        ++i;
    }
    return i;
}

bool TaskDurations::operator==(const TaskDurations& other) const {
    if (m_count != other.m_count) {
        return false;
    }
    if (m_values.empty() && other.m_values.empty()) {
        return m_count == 0 || m_value == other.m_value;
    }
    for (std::size_t i = 0; i < m_count; ++i) {
        if ((*this)[i] != other[i]) {
            return false;
        }
    }
    return true;
}

}  // namespace mr
