#include "experiments/DeadlineMetrics.h"
#include "model/Tolerance.h"

#include <algorithm>
#include <cmath>

namespace mr {

bool missedDeadline(double arrival, double deadline, double completion) {
    // The time the job took against the time it had (model/Tolerance.h): relative to the
    // deadline, never to the clock.
    return !withinDuration(completion - arrival, deadline, completion);
}

bool hasDeadlineMetrics(const Workload& w, const RunResult& r) {
    const bool anyDeadline = std::any_of(w.jobs.begin(), w.jobs.end(),
                                         [](const Job& job) { return job.deadline.has_value(); });
    return anyDeadline || r.extraTasks || r.locality;
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
