#include "sim/JobOrders.h"

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

std::vector<int> arrivalOrder(const Workload& w, std::vector<int> jobs) {
    std::stable_sort(jobs.begin(), jobs.end(), [&](int a, int b) {
        return w.jobs[static_cast<std::size_t>(a)].arrival <
               w.jobs[static_cast<std::size_t>(b)].arrival;
    });
    return jobs;
}

}  // namespace mr
