#include "sim/EdfOrder.h"

#include <algorithm>

namespace mr {

std::vector<int> edfOrder(const Workload& w, std::vector<int> jobs) {
    std::sort(jobs.begin(), jobs.end(), [&](int a, int b) {
        const Job& x = w.jobs[static_cast<std::size_t>(a)];
        const Job& y = w.jobs[static_cast<std::size_t>(b)];
        const double dx = absoluteDeadlineOrInfinity(x);
        const double dy = absoluteDeadlineOrInfinity(y);
        if (dx != dy) {
            return dx < dy;
        }
        if (x.arrival != y.arrival) {
            return x.arrival < y.arrival;
        }
        return a < b;
    });
    return jobs;
}

}  // namespace mr
