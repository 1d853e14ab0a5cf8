// Compare — run several algorithms on one workload (the `mrsim compare` command, the UI's
// comparison view). Algorithms run concurrently; results come back in the requested order.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "schedulers/Algorithm.h"

namespace mr {

// Throws InputError for an unknown id before anything runs.
std::vector<RunResult> compareAlgorithms(const Workload& workload,
                                         const std::vector<std::string>& ids,
                                         const RunOptions& options);

// One algorithm's run, or why it could not run (e.g. optimal refuses more than 10 jobs).
struct AlgorithmOutcome {
    std::string id;
    std::optional<RunResult> result;
    std::string error;  // empty when `result` is set
};

// Like compareAlgorithms, but an algorithm that refuses the input (InputError) does not stop
// the others: its outcome carries the message. Cancelled still propagates.
std::vector<AlgorithmOutcome> runEach(const Workload& workload, const std::vector<std::string>& ids,
                                      const RunOptions& options);

}  // namespace mr
