// random — a seeded random order (seed 001 "Rand").
#include <algorithm>
#include <random>

#include "schedulers/Algorithm.h"

namespace mr {

namespace {

class RandomAlgorithm : public OrderAlgorithm {
public:
    std::string id() const override { return "random"; }
    std::string summary() const override { return "a random order (seeded: --seed)"; }

protected:
    std::vector<int> chooseOrder(const Workload& w, const std::vector<StageDurations>&,
                                 const RunOptions& options) const override {
        auto order = fileOrder(w);
        std::mt19937_64 rng(options.seed);
        std::shuffle(order.begin(), order.end(), rng);
        return order;
    }
};

}  // namespace

std::unique_ptr<Algorithm> makeRandom() {
    return std::make_unique<RandomAlgorithm>();
}

}  // namespace mr
