// fifo — first in, first out: arrival order, file order among equal arrivals (seeds 000/004).
#include "schedulers/Algorithm.h"
#include "sim/JobOrders.h"

namespace mr {

namespace {

class FifoAlgorithm : public OrderAlgorithm {
public:
    FifoAlgorithm()
        : OrderAlgorithm({.id = "fifo",
                          .name = "FIFO",
                          .description = "first in, first out: arrival order, file order among "
                                         "equal arrivals (Hadoop's default)",
                          .source = "seeds 000/004",
                          .options = {"estimator"},
                          .baseline = true}) {}

protected:
    std::vector<int> chooseOrder(const Workload& w, const std::vector<StageDurations>&,
                                 const RunOptions&) const override {
        return arrivalOrder(w, fileOrder(w));
    }
};

}  // namespace

std::unique_ptr<Algorithm> makeFifo() {
    return std::make_unique<FifoAlgorithm>();
}

}  // namespace mr
