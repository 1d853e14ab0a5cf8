#include "model/TracedAttempt.h"

#include <algorithm>
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

bool inCluster(int node, int nodes) {
    return node >= -1 && node < nodes;
}

void checkNode(const Job& job, int node, int nodes, const std::string& file,
               const std::string& field) {
    if (!inCluster(node, nodes)) {
        throw InputError(file, job.name, field,
                         "node " + std::to_string(node) + " is not in the cluster (nodes 0 to " +
                             std::to_string(nodes - 1) + ")");
    }
}

// A speculative attempt's race: the successful attempt's start, and an attempt that started
// first must still run when the successful one starts.
void checkRace(const Job& job, const TracedAttempt& a, int nodes, const std::string& file,
               const std::string& field) {
    if (!finiteTime(a.successStart) || a.successStart < job.arrival) {
        throw InputError(file, job.name, field + "success_start",
                         "must be a finite time no earlier than the job's arrival");
    }
    if (a.start < a.successStart && a.end <= a.successStart) {
        throw InputError(file, job.name, field + "end",
                         "comes before success_start: the attempt did not run beside the "
                         "successful one (one killed before it is \"killed\", with next_start)");
    }
    checkNode(job, a.successNode, nodes, file, field + "success_node");
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
    if (a.result == TracedResult::Speculative) {
        checkRace(job, a, nodes, file, field);
    } else if (!finiteTime(a.nextStart) || a.nextStart < a.end) {
        throw InputError(file, job.name, field + "next_start",
                         "must be a finite time no earlier than the attempt's end (the retry "
                         "starts after it)");
    }
    checkNode(job, a.node, nodes, file, field + "node");
}

// `a` after `before`, an attempt of the same task: the attempts run one after another, and the
// task's speculative attempt (its race with the successful one) comes last.
void checkAfter(const Job& job, const TracedAttempt& before, const TracedAttempt& a,
                const std::string& file, const std::string& field) {
    if (before.result == TracedResult::Speculative) {
        throw InputError(file, job.name, field + "result",
                         "comes after the task's speculative attempt (a task has at most one, "
                         "after its failed and killed attempts)");
    }
    const double first =
        a.result == TracedResult::Speculative ? std::min(a.start, a.successStart) : a.start;
    if (first < before.nextStart) {
        throw InputError(file, job.name, field + (first == a.start ? "start" : "success_start"),
                         "comes before the previous attempt's next_start (a task's attempts run "
                         "one after another, in order)");
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

const char* toString(TracedResult result) {
    switch (result) {
        case TracedResult::Failed:
            return "failed";
        case TracedResult::Killed:
            return "killed";
        case TracedResult::Speculative:
            return "speculative";
    }
    return "failed";
}

bool hasTracedRaces(const Workload& workload) {
    for (const Job& job : workload.jobs) {
        for (const TracedAttempt& a : job.tracedAttempts) {
            if (a.result == TracedResult::Speculative) {
                return true;
            }
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
            checkAfter(job, *before, a, file, field);
        } else if (before &&
                   (a.kind < before->kind || (a.kind == before->kind && a.task < before->task))) {
            throw InputError(file, job.name, field + "task",
                             "the attempts are ordered by kind (map first), then task");
        }
        inTask = before && sameTask(*before, a) ? inTask + 1 : 1;
        if (inTask > kMaxTracedAttemptsPerTask) {
            throw InputError(file, job.name, field + "task",
                             "more than " + std::to_string(kMaxTracedAttemptsPerTask) +
                                 " traced attempts of one task");
        }
    }
}

}  // namespace mr
