// Compare — run several algorithms on one workload (the `mrsim compare` command, the UI's
// comparison view). Algorithms run concurrently; results come back in the requested order.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/InputError.h"
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

// Why an algorithm refused to run, in one short line: a refusal of the whole run names an
// option or the cluster ("algorithm", "cluster.node_classes"), so only its words; one about a
// job names the job and the field. `mrsim compare` and the explorer's Comparison tab both show
// this text.
std::string refusalReason(const InputError& e);

// Like compareAlgorithms, but an algorithm that refuses the input (InputError) does not stop
// the others: its outcome carries refusalReason(). Cancelled still propagates; an unknown id
// throws before anything runs.
std::vector<AlgorithmOutcome> runEach(const Workload& workload, const std::vector<std::string>& ids,
                                      const RunOptions& options);

// Nothing when some outcome has a result; else InputError (file `file`, field 'algorithms')
// listing each algorithm's reason: a comparison in which nothing ran has nothing to show.
void refuseWhenNoneRan(const std::vector<AlgorithmOutcome>& outcomes, const std::string& file);

}  // namespace mr
