// fair — the Hadoop Fair Scheduler baseline of [Rao12]/[Verma12b]: the workload's pools with their
// weights, minimum shares and modes, equal shares per active job inside a pool (one pool, the
// papers' baseline, when the workload has none), work-conserving, no preemption (FairPolicy).
#include "schedulers/DeadlineRun.h"
#include "sim/FairPolicy.h"
#include "sim/JobOrders.h"

namespace mr {

namespace {

class FairAlgorithm : public Algorithm {
public:
    FairAlgorithm()
        : Algorithm({.id = "fair",
                     .name = "Fair Scheduler",
                     .description = "Hadoop Fair Scheduler: weighted pools, minimum shares, "
                                    "equal shares per job in a pool, no preemption",
                     .source = "[Rao12] §5, [Verma12b] §II; baseline",
                     .loadSweep = {.baseline = true}}) {}
    RunResult run(const Workload& w, const RunOptions& options) const override {
        return runPolicy(w, id(), arrivalOrder(w, fileOrder(w)), std::make_unique<FairPolicy>(),
                         options, makeLocalityModel(w, options, false), false, nullptr);
    }
};

}  // namespace

std::unique_ptr<Algorithm> makeFair() {
    return std::make_unique<FairAlgorithm>();
}

}  // namespace mr
