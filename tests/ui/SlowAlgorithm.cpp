#include "SlowAlgorithm.h"

#include <chrono>
#include <memory>
#include <thread>

#include "schedulers/Registry.h"

namespace mr::testing {

std::atomic<int> SlowAlgorithm::started{0};
std::atomic<int> SlowAlgorithm::returned{0};
std::atomic<int> SlowAlgorithm::cancelled{0};
std::atomic<bool> SlowAlgorithm::released{true};

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
        // Polls like the real searches do between simulations.
        while (!SlowAlgorithm::released) {
            if (options.cancel != nullptr && options.cancel->load()) {
                ++SlowAlgorithm::cancelled;
                ++SlowAlgorithm::returned;
                throw Cancelled();
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(1));  // not a spin on 2 cores
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
