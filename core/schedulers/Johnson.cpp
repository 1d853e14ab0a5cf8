#include "schedulers/Johnson.h"

#include <algorithm>
#include <numeric>

#include "schedulers/Algorithm.h"

namespace mr {

JohnsonTrace johnsonTrace(const std::vector<StageDurations>& stages, const std::vector<int>& jobs) {
    JohnsonTrace trace;
    trace.sorted = jobs;
    const auto key = [&](int j) {
        const auto& s = stages[static_cast<std::size_t>(j)];
        return std::min(s.map, s.reduce);
    };
    const auto isMapType = [&](int j) {
        const auto& s = stages[static_cast<std::size_t>(j)];
        return s.map <= s.reduce;
    };
    std::stable_sort(trace.sorted.begin(), trace.sorted.end(), [&](int a, int b) {
        if (key(a) != key(b)) {
            return key(a) < key(b);
        }
        return isMapType(a) && !isMapType(b);
    });
    trace.order.assign(jobs.size(), -1);
    int head = 0;
    int tail = static_cast<int>(jobs.size()) - 1;
    for (int j : trace.sorted) {
        JohnsonStep step;
        step.job = j;
        step.duration = key(j);
        step.mapType = isMapType(j);
        step.position = step.mapType ? head++ : tail--;
        trace.order[static_cast<std::size_t>(step.position)] = j;
        trace.steps.push_back(step);
    }
    return trace;
}

std::vector<int> johnsonOrder(const std::vector<StageDurations>& stages,
                              const std::vector<int>& jobs) {
    return johnsonTrace(stages, jobs).order;
}

std::vector<int> johnsonOrder(const std::vector<StageDurations>& stages) {
    std::vector<int> jobs(stages.size());
    std::iota(jobs.begin(), jobs.end(), 0);
    return johnsonOrder(stages, jobs);
}

namespace {

constexpr const char* kJohnsonOnUnequalNodes =
    "Johnson's rule orders by stage durations on identical slots ([Verma12] §III-B)";

class JohnsonAlgorithm : public OrderAlgorithm {
public:
    JohnsonAlgorithm()
        : OrderAlgorithm(
              {.id = "johnson",
               .name = "Johnson's rule",
               .description =
                   "Johnson's rule on each job's map and reduce stage times on the whole cluster",
               .source = "[Verma12] §III-B, Alg. 1",
               .options = {"estimator"},
               .byDefault = true,
               .lesson = "johnson",
               .unequalNodes = kJohnsonOnUnequalNodes}) {}

protected:
    std::vector<int> chooseOrder(const Workload&, const std::vector<StageDurations>& stages,
                                 const RunOptions&) const override {
        return johnsonOrder(stages);
    }
};

class ReverseJohnsonAlgorithm : public OrderAlgorithm {
public:
    ReverseJohnsonAlgorithm()
        : OrderAlgorithm({.id = "reverse-johnson",
                          .name = "Reverse Johnson",
                          .description = "Johnson's order reversed: the two-stage model's worst "
                                         "order",
                          .source = "[Verma12] §IV, the worst order",
                          .options = {"estimator"},
                          .byDefault = true,
                          .baseline = true,
                          .unequalNodes = kJohnsonOnUnequalNodes}) {}

protected:
    std::vector<int> chooseOrder(const Workload&, const std::vector<StageDurations>& stages,
                                 const RunOptions&) const override {
        auto order = johnsonOrder(stages);
        std::reverse(order.begin(), order.end());
        return order;
    }
};

}  // namespace

std::unique_ptr<Algorithm> makeJohnson() {
    return std::make_unique<JohnsonAlgorithm>();
}
std::unique_ptr<Algorithm> makeReverseJohnson() {
    return std::make_unique<ReverseJohnsonAlgorithm>();
}

}  // namespace mr
