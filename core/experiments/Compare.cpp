#include "experiments/Compare.h"

#include <future>

#include "model/InputError.h"
#include "schedulers/Registry.h"

namespace mr {

std::vector<RunResult> compareAlgorithms(const Workload& workload,
                                         const std::vector<std::string>& ids,
                                         const RunOptions& options) {
    for (const auto& id : ids) {
        if (findAlgorithm(id) == nullptr) {
            runAlgorithm(workload, id, options);  // throws the "unknown algorithm" InputError
        }
    }
    std::vector<std::future<RunResult>> futures;
    for (const auto& id : ids) {
        futures.push_back(std::async(std::launch::async,
                                     [&, id] { return runAlgorithm(workload, id, options); }));
    }
    std::vector<RunResult> results;
    for (auto& f : futures) {
        results.push_back(f.get());
    }
    return results;
}

std::vector<AlgorithmOutcome> runEach(const Workload& workload, const std::vector<std::string>& ids,
                                      const RunOptions& options) {
    std::vector<std::future<AlgorithmOutcome>> futures;
    for (const auto& id : ids) {
        futures.push_back(std::async(std::launch::async, [&, id] {
            AlgorithmOutcome outcome;
            outcome.id = id;
            try {
                outcome.result = runAlgorithm(workload, id, options);
            } catch (const InputError& e) {
                outcome.error = e.what();
            }
            return outcome;
        }));
    }
    std::vector<AlgorithmOutcome> outcomes;
    for (auto& f : futures) {
        outcomes.push_back(f.get());
    }
    return outcomes;
}

}  // namespace mr
