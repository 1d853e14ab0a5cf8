#include "experiments/Compare.h"

#include "exec/ThreadPool.h"
#include "model/InputError.h"
#include "schedulers/Registry.h"

namespace mr {

// Every algorithm on the project's parallel-for (bounded threads; an exception thrown in a
// worker reaches the caller). Each algorithm runs with the caller's options, so an algorithm
// that is itself parallel (optimal) nests safely: parallelFor never waits for a busy worker.

namespace {

void refuseUnknownIds(const Workload& workload, const std::vector<std::string>& ids,
                      const RunOptions& options) {
    for (const auto& id : ids) {
        if (findAlgorithm(id) == nullptr) {
            runAlgorithm(workload, id, options);  // throws the "unknown algorithm" InputError
        }
    }
}

}  // namespace

std::string refusalReason(const InputError& e) {
    return e.job().empty() ? e.message() : e.what();
}

std::vector<RunResult> compareAlgorithms(const Workload& workload,
                                         const std::vector<std::string>& ids,
                                         const RunOptions& options) {
    refuseUnknownIds(workload, ids, options);
    std::vector<RunResult> results(ids.size());
    parallelFor(ids.size(),
                [&](std::size_t i) { results[i] = runAlgorithm(workload, ids[i], options); },
                {.threads = options.threads, .cancel = options.cancel});
    return results;
}

std::vector<AlgorithmOutcome> runEach(const Workload& workload, const std::vector<std::string>& ids,
                                      const RunOptions& options) {
    refuseUnknownIds(workload, ids, options);
    std::vector<AlgorithmOutcome> outcomes(ids.size());
    parallelFor(ids.size(),
                [&](std::size_t i) {
                    outcomes[i].id = ids[i];
                    try {
                        outcomes[i].result = runAlgorithm(workload, ids[i], options);
                    } catch (const InputError& e) {
                        outcomes[i].error = refusalReason(e);
                    }
                },
                {.threads = options.threads, .cancel = options.cancel});
    return outcomes;
}

void refuseWhenNoneRan(const std::vector<AlgorithmOutcome>& outcomes, const std::string& file) {
    if (outcomes.empty()) {
        throw InputError(file, "", "algorithms", "give at least one algorithm");
    }
    std::string reasons;
    for (const AlgorithmOutcome& o : outcomes) {
        if (o.result) {
            return;
        }
        reasons += (reasons.empty() ? "" : "; ") + o.id + ": " + o.error;
    }
    throw InputError(file, "", "algorithms", "no algorithm ran (" + reasons + ")");
}

}  // namespace mr
