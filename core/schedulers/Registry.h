// Registry — every scheduler by its id (DESIGN.md "Schedulers"). Adding one: a file that defines
// `std::unique_ptr<Algorithm> makeX()` and one line in Registry.cpp.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "schedulers/Algorithm.h"

namespace mr {

// nullptr when unknown.
const Algorithm* findAlgorithm(std::string_view id);
// In the order the UI and --help list them.
std::vector<const Algorithm*> allAlgorithms();
std::vector<std::string> algorithmIds();

// Runs `id` on the workload; throws InputError (field "algorithm") for an unknown id.
RunResult runAlgorithm(const Workload& workload, std::string_view id, const RunOptions& options);

// Adds an algorithm to the registry (a test-only scheduler, a plug-in linked into an
// executable); meant for static initialisation, before any thread runs algorithms:
//     static const mr::AlgorithmRegistration registration{std::make_unique<MyAlgorithm>()};
// Throws std::logic_error for an id that is taken.
void registerAlgorithm(std::unique_ptr<Algorithm> algorithm);

struct AlgorithmRegistration {
    explicit AlgorithmRegistration(std::unique_ptr<Algorithm> algorithm) {
        registerAlgorithm(std::move(algorithm));
    }
};

}  // namespace mr
