// test-longest-first — a scheduler that exists only in the tests, to show that a new scheduler is
// one file plus one registration line: this file is all there is to it. tests/CMakeLists.txt
// links every file of tests/schedulers/ into every test executable, so it appears in the
// registry's listing (RegistryTest), in the explorer's algorithm list (ui_widget_tests) and in
// the invariant tests run over every registered scheduler (SchedulerInvariantsTest), with no
// other file naming it.
#include <algorithm>

#include "schedulers/Registry.h"

namespace mr {

namespace {

// The job with the most work (map plus reduce task-seconds) first; file order among equals.
class LongestFirstTestScheduler : public OrderAlgorithm {
public:
    LongestFirstTestScheduler()
        : OrderAlgorithm({.id = "test-longest-first",
                          .name = "Longest first (test)",
                          .description = "the job with the most work first (a test-only scheduler)",
                          .source = "tests/schedulers/LongestFirstTestScheduler.cpp",
                          .options = {"estimator"}}) {}

protected:
    std::vector<int> chooseOrder(const Workload& w, const std::vector<StageDurations>&,
                                 const RunOptions&) const override {
        const auto work = [&](int j) {
            const Job& job = w.jobs[static_cast<std::size_t>(j)];
            return job.totalWork(TaskKind::Map) + job.totalWork(TaskKind::Reduce);
        };
        auto order = fileOrder(w);
        std::stable_sort(order.begin(), order.end(),
                         [&](int a, int b) { return work(a) > work(b); });
        return order;
    }
};

const AlgorithmRegistration registration{std::make_unique<LongestFirstTestScheduler>()};

}  // namespace

}  // namespace mr
