#include "SlowAlgorithm.h"

#include <memory>

#include "model/Cancelled.h"
#include "schedulers/Registry.h"

namespace mr::testing {

std::atomic<int> SlowAlgorithm::started{0};
std::atomic<int> SlowAlgorithm::returned{0};
std::atomic<int> SlowAlgorithm::cancelled{0};
std::atomic<bool> SlowAlgorithm::released{true};
std::atomic<bool> SlowAlgorithm::showsBest{false};

void SlowAlgorithm::release() {
    released = true;
    wakeCancelWaiters();
}

namespace {

class Slow : public Algorithm {
public:
    Slow()
        : Algorithm({.id = SlowAlgorithm::kId,
                     .name = "Slow (test)",
                     .description = "test only: runs until released or cancelled",
                     .source = "tests/ui/SlowAlgorithm.cpp",
                     // Claims to be fast: the tests show that even then it cannot delay the
                     // others' charts (a task that runs long frees its lane).
                     .interactive = true}) {}

    RunResult run(const Workload& workload, const RunOptions& options) const override {
        ++SlowAlgorithm::started;
        // Says how far it is, as balanced-pools does: one step of four.
        addProgressTotal(options.progress, 4);
        addProgressDone(options.progress);
        if (SlowAlgorithm::showsBest && options.incumbent) {
            RunOptions quiet = options;
            quiet.incumbent = nullptr;
            RunResult best = runAlgorithm(workload, "fifo", quiet);
            best.algorithm = SlowAlgorithm::kId;
            options.incumbent(std::make_shared<const RunResult>(std::move(best)));
        }
        // Waits, without polling, for the test's release or its run's cancel (model/Cancelled.h).
        const CancelFlag never{false};
        const CancelFlag& flag = options.cancel != nullptr ? *options.cancel : never;
        waitUntilCancelledOr(flag, [] { return SlowAlgorithm::released.load(); });
        if (!SlowAlgorithm::released && flag.load()) {
            ++SlowAlgorithm::cancelled;
            ++SlowAlgorithm::returned;
            throw Cancelled();
        }
        RunResult result = runAlgorithm(workload, "fifo", options);
        result.algorithm = SlowAlgorithm::kId;
        ++SlowAlgorithm::returned;
        return result;
    }
};

const AlgorithmRegistration registration{std::make_unique<Slow>()};

}  // namespace

}  // namespace mr::testing
