// edf — [Verma12b] §III-A: Earliest Deadline First job ordering with Hadoop's default allocation
// (the head job takes every free slot it can use). Jobs without a deadline come last.
#include "schedulers/Algorithm.h"
#include "sim/JobOrders.h"

namespace mr {

namespace {

class EdfAlgorithm : public OrderAlgorithm {
public:
    EdfAlgorithm()
        : OrderAlgorithm({.id = "edf",
                          .name = "EDF",
                          .description = "earliest deadline first, the head job takes every free "
                                         "slot",
                          .source = "[Verma12b] §III-A",
                          .options = {"estimator"},
                          .needs = {.deadlines = true},
                          .loadSweep = {.byDefault = true}}) {}

protected:
    std::vector<int> chooseOrder(const Workload& w, const std::vector<StageDurations>&,
                                 const RunOptions&) const override {
        return edfOrder(w, fileOrder(w));
    }
};

}  // namespace

std::unique_ptr<Algorithm> makeEdf() {
    return std::make_unique<EdfAlgorithm>();
}

}  // namespace mr
