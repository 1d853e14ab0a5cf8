// test-least-slack — a deadline scheduler that exists only in the tests, to show that a new
// deadline scheduler is one file plus one registration line: this file is all there is to it.
// Because it needs deadlines (AlgorithmInfo::needs), it appears in the Deadlines tab's policies
// (ui_deadline_tests) and the load sweep's listing (LoadSweep tests), as well as in the
// registry's listing and the invariant tests over every scheduler, with no other file naming it.
#include <algorithm>
#include <limits>

#include "schedulers/Registry.h"

namespace mr {

namespace {

// The job with the least slack first: absolute deadline minus its two stages on the whole
// cluster (m_i + r_i); jobs without a deadline last; file order among equals.
class LeastSlackTestScheduler : public OrderAlgorithm {
public:
    LeastSlackTestScheduler()
        : OrderAlgorithm({.id = "test-least-slack",
                          .name = "Least slack (test)",
                          .description = "the job with the least slack to its deadline first "
                                         "(a test-only scheduler)",
                          .source = "tests/schedulers/LeastSlackTestScheduler.cpp",
                          .options = {"estimator"},
                          .needs = {.deadlines = true}}) {}

protected:
    std::vector<int> chooseOrder(const Workload& w, const std::vector<StageDurations>& stages,
                                 const RunOptions&) const override {
        const auto slack = [&](int j) {
            const auto due = w.jobs[static_cast<std::size_t>(j)].absoluteDeadline();
            const StageDurations& s = stages[static_cast<std::size_t>(j)];
            return due ? *due - (s.map + s.reduce) : std::numeric_limits<double>::infinity();
        };
        auto order = fileOrder(w);
        std::stable_sort(order.begin(), order.end(),
                         [&](int a, int b) { return slack(a) < slack(b); });
        return order;
    }
};

const AlgorithmRegistration registration{std::make_unique<LeastSlackTestScheduler>()};

}  // namespace

}  // namespace mr
