// RumenAttemptChain — a Rumen task's failed and killed attempts as the traced attempts a replay
// runs (model/TracedAttempt.h), internal to RumenImport: a chain of retries before the
// successful attempt (failed or killed, each ending before the next attempt starts), then at
// most one killed attempt that ran beside the successful one (a speculative copy that lost, or
// the original its copy beat). A task whose attempts do not fit — one without its times, a
// failed attempt or more than one killed attempt beside the success, an attempt after the
// success — keeps none of them: the replay leaves them out and `mrsim validate` names the task.
#pragma once

#include <optional>
#include <vector>

#include "io/RumenJobReader.h"

namespace mr {

// One attempt as the chain needs it (ms; host: the reader's id, -1 none).
struct ChainAttempt {
    TracedResult result = TracedResult::Failed;  // Failed or Killed (as Rumen recorded it)
    long long start = 0;
    long long finish = 0;
    int host = -1;
};

// The traced attempts of task `index` of `kind`, in order, or nullopt when they do not fit.
// `others`: its failed and killed attempts with both times; `untimed`: how many lack one.
std::optional<std::vector<TracedDraft>> attemptChain(TaskKind kind, int index,
                                                     const ChainAttempt& success,
                                                     std::vector<ChainAttempt> others, int untimed);

}  // namespace mr
