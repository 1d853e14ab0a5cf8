#include "experiments/DeadlineMetrics.h"

#include <algorithm>
#include <cmath>

namespace mr {

bool missedDeadline(double arrival, double deadline, double completion) {
    const double due = arrival + deadline;
    return completion > due + 1e-9 * std::max(1.0, std::fabs(due));
}

DeadlineMetrics deadlineMetrics(const Workload& w, const RunResult& r) {
    DeadlineMetrics m;
    m.jobs = w.jobCount();
    double completionSum = 0.0;
    for (int j = 0; j < w.jobCount(); ++j) {
        const Job& job = w.jobs[static_cast<std::size_t>(j)];
        const JobTimes& t = r.sim.jobs[static_cast<std::size_t>(j)];
        completionSum += t.end - t.arrival;
        m.killedMapTasks += t.killedMaps;
        m.killedReduceTasks += t.killedReduces;
        m.killedWork += t.killedWork;
        if (!job.deadline) {
            continue;
        }
        ++m.jobsWithDeadline;
        if (missedDeadline(t.arrival, *job.deadline, t.end)) {
            ++m.missed;
            m.relativeDeadlineExceeded += (t.end - t.arrival - *job.deadline) / *job.deadline;
        }
    }
    m.avgCompletionTime = m.jobs > 0 ? completionSum / m.jobs : 0.0;
    if (m.jobsWithDeadline > 0) {
        m.missedFraction = static_cast<double>(m.missed) / m.jobsWithDeadline;
    }
    if (r.extraTasks) {
        m.extraMapTasks = (*r.extraTasks)[0];
        m.extraReduceTasks = (*r.extraTasks)[1];
    }
    if (r.locality) {
        m.dataLocalFraction = r.locality->dataLocalFraction();
    }
    return m;
}

}  // namespace mr
