// AlgorithmMarkdown — docs/algorithms.md as the registry makes it: every algorithm (id, name,
// reference, what it does, what it needs, its options) and every workload generator, with the
// references cited by the keys of docs/references.md. `mrsim algorithms --markdown` prints it; a
// CTest test fails when the committed page differs, so a new scheduler appears there with its
// reference once the page is regenerated.
#pragma once

#include <string>

namespace mr {

std::string algorithmCatalogMarkdown();

}  // namespace mr
