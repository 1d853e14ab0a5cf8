#include "model/TracedAttempt.h"

#include <cmath>

#include "model/InputError.h"
#include "model/Job.h"
#include "model/Limits.h"
#include "model/Workload.h"

namespace mr {

namespace {

bool sameTask(const TracedAttempt& a, const TracedAttempt& b) {
    return a.kind == b.kind && a.task == b.task;
}

bool finiteTime(double t) {
    return std::isfinite(t) && t >= 0.0 && t <= kMaxTime;
}

// One attempt's own fields.
void checkAttempt(const Job& job, const TracedAttempt& a, int nodes, const std::string& file,
                  const std::string& field) {
    if (a.task < 0 || a.task >= job.tasks(a.kind)) {
        throw InputError(file, job.name, field + "task",
                         "the job has no " + std::string(toString(a.kind)) + " task " +
                             std::to_string(a.task) + " (it has " +
                             std::to_string(job.tasks(a.kind)) + ", numbered from 0)");
    }
    if (!finiteTime(a.start) || a.start < job.arrival) {
        throw InputError(file, job.name, field + "start",
                         "must be a finite time no earlier than the job's arrival");
    }
    if (!finiteTime(a.end) || a.end < a.start) {
        throw InputError(file, job.name, field + "end",
                         "must be a finite time no earlier than the attempt's start");
    }
    if (!finiteTime(a.nextStart) || a.nextStart < a.end) {
        throw InputError(file, job.name, field + "next_start",
                         "must be a finite time no earlier than the attempt's end (the retry "
                         "starts after the failure)");
    }
    if (a.node < -1 || a.node >= nodes) {
        throw InputError(file, job.name, field + "node",
                         "node " + std::to_string(a.node) + " is not in the cluster (nodes 0 to " +
                             std::to_string(nodes - 1) + ")");
    }
}

}  // namespace

bool hasTracedAttempts(const Workload& workload) {
    for (const Job& job : workload.jobs) {
        if (!job.tracedAttempts.empty()) {
            return true;
        }
    }
    return false;
}

void validateTracedAttempts(const Job& job, int nodes, const std::string& file) {
    int inTask = 0;
    for (std::size_t i = 0; i < job.tracedAttempts.size(); ++i) {
        const TracedAttempt& a = job.tracedAttempts[i];
        const std::string field = "traced_attempts[" + std::to_string(i) + "].";
        checkAttempt(job, a, nodes, file, field);
        const TracedAttempt* before = i > 0 ? &job.tracedAttempts[i - 1] : nullptr;
        if (before && sameTask(*before, a)) {
            if (a.start < before->nextStart) {
                throw InputError(file, job.name, field + "start",
                                 "comes before the previous attempt's next_start (a task's "
                                 "attempts run one after another, in order)");
            }
        } else if (before &&
                   (a.kind < before->kind || (a.kind == before->kind && a.task < before->task))) {
            throw InputError(file, job.name, field + "task",
                             "the attempts are ordered by kind (map first), then task");
        }
        inTask = before && sameTask(*before, a) ? inTask + 1 : 1;
        if (inTask > kMaxTracedAttemptsPerTask) {
            throw InputError(file, job.name, field + "task",
                             "more than " + std::to_string(kMaxTracedAttemptsPerTask) +
                                 " failed attempts of one task");
        }
    }
}

}  // namespace mr
