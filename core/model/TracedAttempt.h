// TracedAttempt — an attempt of one of a job's tasks that failed before the task's successful
// attempt, as a job history recorded it (io/RumenImport.h imports them; docs/formats.md,
// "traced_attempts"). A replay runs it before the task's successful attempt: the task's first
// start runs the failed attempt for end − start, and the task may start again next_start − end
// after it fails, as Hadoop retried it (sim/Engine.h; docs/traces-and-plans.md).
#pragma once

#include <string>
#include <vector>

#include "model/TaskKind.h"

namespace mr {

// A task has at most this many traced failed attempts: Hadoop fails the job after
// mapreduce.map.maxattempts (default 4); more than this is a corrupt history, not a retry chain.
inline constexpr int kMaxTracedAttemptsPerTask = 100;

struct TracedAttempt {
    TaskKind kind = TaskKind::Map;
    int task = 0;            // index within the job's map (or reduce) tasks
    double start = 0.0;      // seconds, on the workload's clock (as Job::arrival)
    double end = 0.0;        // when it failed
    double nextStart = 0.0;  // when the task's next attempt started (the retry)
    int node = -1;           // the node it ran on; -1: unknown

    bool operator==(const TracedAttempt&) const = default;
};

struct Job;
struct Workload;

// Some job of `workload` has traced attempts.
bool hasTracedAttempts(const Workload& workload);

// Tasks within the job, start <= end <= next_start, the attempts of one task one after another,
// at most kMaxTracedAttemptsPerTask per task, nodes within `nodes`. Throws InputError naming
// `file`, the job and the field ("traced_attempts[3].end").
void validateTracedAttempts(const Job& job, int nodes, const std::string& file);

}  // namespace mr
