// TracedAttempt — an attempt of one of a job's tasks other than its successful one, as a job
// history recorded it (io/RumenImport.h imports them; docs/formats.md, "traced_attempts"). A
// replay runs it as it happened (sim/EngineTraced.cpp; docs/traces-and-plans.md):
//  * failed or killed before the task's success: the task's first start runs it for end − start,
//    and the task may start again next_start − end after it, as Hadoop retried it;
//  * speculative — killed while it ran beside the task's successful attempt (a copy that lost,
//    or the original its copy beat): the task's attempt that started first in the trace starts
//    when the scheduler gives the task a slot, the other one success_start − start later (or
//    earlier); the successful attempt completes the task and stops the other one then.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/TaskKind.h"

namespace mr {

// A task has at most this many traced attempts before its success: Hadoop fails the job after
// mapreduce.map.maxattempts (default 4); more than this is a corrupt history, not a retry chain.
inline constexpr int kMaxTracedAttemptsPerTask = 100;

enum class TracedResult : std::uint8_t {
    Failed,       // failed before the task's success
    Killed,       // killed before the task's success, for another reason than speculation
    Speculative,  // killed when the successful attempt it ran beside completed
};

const char* toString(TracedResult result);  // "failed", "killed", "speculative"

struct TracedAttempt {
    TaskKind kind = TaskKind::Map;
    int task = 0;            // index within the job's map (or reduce) tasks
    double start = 0.0;      // seconds, on the workload's clock (as Job::arrival)
    double end = 0.0;        // when it failed or was killed
    double nextStart = 0.0;  // failed, killed: when the task's next attempt started (the retry)
    int node = -1;           // the node it ran on; -1: unknown
    TracedResult result = TracedResult::Failed;
    double successStart = 0.0;  // speculative: when the task's successful attempt started
    int successNode = -1;       // speculative: the node the successful attempt ran on; -1: unknown

    bool operator==(const TracedAttempt&) const = default;
};

struct Job;
struct Workload;

// Some job of `workload` has traced attempts.
bool hasTracedAttempts(const Workload& workload);
// Some job of `workload` has a speculative traced attempt.
bool hasTracedRaces(const Workload& workload);

// Tasks within the job, start <= end <= next_start, the attempts of one task one after another
// (a speculative one last, at most one per task, starting no earlier than the previous
// next_start), at most kMaxTracedAttemptsPerTask per task, nodes within `nodes`. Throws
// InputError naming `file`, the job and the field ("traced_attempts[3].end").
void validateTracedAttempts(const Job& job, int nodes, const std::string& file);

}  // namespace mr
