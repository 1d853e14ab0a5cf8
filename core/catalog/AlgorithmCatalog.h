// AlgorithmCatalog — every algorithm the program knows, in one listing: the workload schedulers
// of the Registry and the cost algorithms (LiPS, [Ehsan13]), with their metadata and their
// options' types, ranges and defaults. `mrsim algorithms [--json]` prints it; the tests read the
// same functions. The top of core's layers: it sees cost/ and schedulers/.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "schedulers/AlgorithmInfo.h"
#include "schedulers/RunOptions.h"

namespace mr {

// The registry's algorithms (in registry order), then the cost algorithms.
std::vector<AlgorithmInfo> algorithmCatalog();
// The spec of option `id` of either family; nullptr when unknown.
const OptionSpec* findAnyOptionSpec(const std::string& id);

// {"format": "mrx-algorithms", "version": 1, "algorithms": [{"id", "name", "description",
//  "source", "options": [{"id", "type", "default", "help", ["min", "max", "min_exclusive"],
//  ["choices"], ["unit"], ["requires"]}], "needs": {"arrivals", "deadlines", "cost_model"},
//  "interactive", "default", "baseline"}]}. A workload algorithm's options include the ones
//  every workload algorithm reads (commonOptionIds()).
nlohmann::ordered_json algorithmCatalogJson();
// The same as a table for people: id, name, reference (the source) and description per line.
std::string algorithmCatalogText();

}  // namespace mr
