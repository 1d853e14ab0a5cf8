// manual — an order given by hand: --order on the command line, or manual_order in the file.
#include "model/InputError.h"
#include "schedulers/Algorithm.h"

namespace mr {

namespace {

class ManualAlgorithm : public OrderAlgorithm {
public:
    ManualAlgorithm()
        : OrderAlgorithm({.id = "manual",
                          .name = "Manual order",
                          .description = "an order given by hand (--order, manual_order in the "
                                         "file, or the explorer's row order)",
                          .source = "ours",
                          .options = {"order", "estimator"}}) {}

protected:
    std::vector<int> chooseOrder(const Workload& w, const std::vector<StageDurations>&,
                                 const RunOptions& options) const override {
        const auto& names = options.manualOrder.empty() ? w.manualOrder : options.manualOrder;
        if (names.empty()) {
            throw InputError("", "", "order",
                             "the manual algorithm needs an order: --order J1,J2,... or "
                             "\"manual_order\" in the workload file");
        }
        return resolveOrder(w, names, true, "order");
    }
};

}  // namespace

std::unique_ptr<Algorithm> makeManual() {
    return std::make_unique<ManualAlgorithm>();
}

}  // namespace mr
