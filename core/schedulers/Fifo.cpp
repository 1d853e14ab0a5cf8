// fifo — first in, first out: arrival order, file order among equal arrivals
// ([Verma12]/[Verma12b]).
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
                          .source = "[Verma12] §IV, [Verma12b] §IV; baseline",
                          .options = {"estimator"},
                          .byDefault = true,
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
