// random — a seeded random order ([Tian16] "Rand").
#include <algorithm>

#include "model/SeededRandom.h"
#include "schedulers/Algorithm.h"

namespace mr {

namespace {

class RandomAlgorithm : public OrderAlgorithm {
public:
    RandomAlgorithm()
        : OrderAlgorithm({.id = "random",
                          .name = "Random order",
                          .description = "a random order, the same for the same --seed",
                          .source = "[Tian16] §4, Rand",
                          .options = {"seed", "estimator"}}) {}

protected:
    std::vector<int> chooseOrder(const Workload& w, const std::vector<StageDurations>&,
                                 const RunOptions& options) const override {
        auto order = fileOrder(w);
        SeededRandom rng(options.seed);
        rng.shuffle(order);
        return order;
    }
};

}  // namespace

std::unique_ptr<Algorithm> makeRandom() {
    return std::make_unique<RandomAlgorithm>();
}

}  // namespace mr
