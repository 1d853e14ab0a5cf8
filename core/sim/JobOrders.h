// JobOrders — the job orders the online policies serve.
//  * edfOrder: Earliest Deadline First ([Verma12b] §III-A), by absolute deadline (arrival +
//    deadline). Jobs without a deadline come after every job with one; ties by arrival, then
//    file order. Because a policy only serves arrived jobs, serving this static order is exactly
//    dynamic EDF among the active jobs.
//  * arrivalOrder: by arrival, file order among equal arrivals (FIFO, Fair's tie-break).
#pragma once

#include <limits>
#include <vector>

#include "model/Workload.h"

namespace mr {

// Arrival + deadline; +infinity for a job without a deadline.
inline double absoluteDeadlineOrInfinity(const Job& job) {
    return job.deadline ? job.arrival + *job.deadline : std::numeric_limits<double>::infinity();
}

// `jobs` (indices into the workload) sorted EDF.
std::vector<int> edfOrder(const Workload& workload, std::vector<int> jobs);
// `jobs` sorted by arrival (stable).
std::vector<int> arrivalOrder(const Workload& workload, std::vector<int> jobs);

}  // namespace mr
