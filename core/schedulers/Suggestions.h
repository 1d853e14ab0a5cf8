// Suggestions — the algorithms a workload's own features call for, from the registry's metadata
// (AlgorithmInfo::needs): the explorer checks them when a file opens, the same way for the
// window and for `mrx FILE --export-all`.
#pragma once

#include <string>
#include <vector>

#include "model/Workload.h"

namespace mr {

// The ids to check on top of `checked` for `workload` (empty when it is served already): a
// workload with deadlines and no checked algorithm made for deadlines (needs.deadlines) gets
// min-edf-wc, [Verma12b]'s Algorithm 1 — minimal quotas, spare slots and kills: what deadlines
// are for.
std::vector<std::string> suggestedAlgorithms(const Workload& workload,
                                             const std::vector<std::string>& checked);

// The registered algorithms made for jobs with deadlines (AlgorithmInfo::needs.deadlines), in
// registry order.
std::vector<std::string> deadlineAlgorithmIds();

}  // namespace mr
