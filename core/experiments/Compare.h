// Compare — run several algorithms on one workload (the `mrsim compare` command, the UI's
// comparison view). Algorithms run concurrently; results come back in the requested order.
#pragma once

#include <string>
#include <vector>

#include "schedulers/Algorithm.h"

namespace mr {

// Throws InputError for an unknown id before anything runs.
std::vector<RunResult> compareAlgorithms(const Workload& workload,
                                         const std::vector<std::string>& ids,
                                         const RunOptions& options);

}  // namespace mr
