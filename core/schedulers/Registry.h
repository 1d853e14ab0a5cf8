// Registry — every scheduler by its id (docs/algorithms.md), with its metadata
// (AlgorithmInfo). Adding a scheduler: one file under core/schedulers/ defining a class with its
// AlgorithmInfo and `std::unique_ptr<Algorithm> makeX()`, plus one line `MRX_SCHEDULER(X)` in
// BuiltIns.def (core/CMakeLists.txt compiles every file of core/schedulers/). mrsim,
// `mrsim algorithms --json`, the explorer's algorithm list and run options, the Deadlines tab
// (AlgorithmInfo::needs, loadSweep), the Cost tab (cost/CostAlgorithms.h) and the tests that run
// over every algorithm all read the registry.
//
// Outside mrcore (a plug-in linked into an executable, a test-only scheduler), one line in the
// algorithm's own file registers it when the program starts:
//     static const mr::AlgorithmRegistration registration{std::make_unique<MyAlgorithm>()};
// (mrcore is a static library: a registration inside it that nothing references would be dropped
// by the linker, and static initialisers run in no fixed order, which is why the built-ins are
// listed, in order, in BuiltIns.def instead.)
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "schedulers/Algorithm.h"

namespace mr {

// nullptr when unknown.
const Algorithm* findAlgorithm(std::string_view id);
// The built-ins in the order the UI and --help list them, then the registered ones in the order
// they registered.
std::vector<const Algorithm*> allAlgorithms();
std::vector<std::string> algorithmIds();
// The comparison baselines (AlgorithmInfo::baseline), in registry order: fifo, reverse-johnson.
std::vector<std::string> baselineIds();

// Runs `id` on the workload; throws InputError (field "algorithm") for an unknown id.
RunResult runAlgorithm(const Workload& workload, std::string_view id, const RunOptions& options);

// Adds an algorithm to the registry; meant for static initialisation (before main, before any
// thread runs algorithms). Throws std::logic_error for an id that is taken or not kebab-case.
void registerAlgorithm(std::unique_ptr<Algorithm> algorithm);

struct AlgorithmRegistration {
    explicit AlgorithmRegistration(std::unique_ptr<Algorithm> algorithm) {
        registerAlgorithm(std::move(algorithm));
    }
};

}  // namespace mr
