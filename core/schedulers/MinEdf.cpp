// min-edf, min-edf-wc — [Verma12b] §III-B/C and Algorithm 1: EDF with minimal slot quotas from the
// ARIA model (aria-avg unless --estimator picks aria-low or aria-up), recomputed as the jobs
// progress; min-edf leaves spare slots idle, min-edf-wc lends them and kills spare tasks only
// when waiting would miss a new job's deadline (MinEdfPolicy).
#include "schedulers/DeadlineRun.h"
#include "sim/JobOrders.h"
#include "sim/MinEdfPolicy.h"

namespace mr {

namespace {

Bound boundFor(Estimator estimator) {
    switch (estimator) {
        case Estimator::AriaLow:
            return Bound::Low;
        case Estimator::AriaUp:
            return Bound::Up;
        case Estimator::AriaAvg:
        case Estimator::Exact:
            break;
    }
    return Bound::Avg;
}

class MinEdfAlgorithm : public Algorithm {
public:
    MinEdfAlgorithm(AlgorithmInfo info, bool workConserving)
        : Algorithm(std::move(info)), m_workConserving(workConserving) {}
    RunResult run(const Workload& w, const RunOptions& options) const override {
        QuotaStats stats;
        auto policy =
            std::make_unique<MinEdfPolicy>(m_workConserving, boundFor(options.estimator), &stats);
        return runPolicy(w, id(), edfOrder(w, fileOrder(w)), std::move(policy), options,
                         makeLocalityModel(w, options, false), false, &stats);
    }

private:
    bool m_workConserving;
};

constexpr const char* kMinEdfOnUnequalNodes =
    "its minimal quotas come from [Verma12b]'s bounds, which count identical slots";

}  // namespace

std::unique_ptr<Algorithm> makeMinEdf() {
    return std::make_unique<MinEdfAlgorithm>(
        AlgorithmInfo{.id = "min-edf",
                      .name = "MinEDF",
                      .description = "EDF, each job capped at its minimal quota for its deadline",
                      .source = "[Verma12b] §III-B",
                      .options = {"estimator"},
                      .needs = {.deadlines = true},
                      .loadSweep = {.byDefault = true},
                      .unequalNodes = kMinEdfOnUnequalNodes},
        false);
}

std::unique_ptr<Algorithm> makeMinEdfWc() {
    return std::make_unique<MinEdfAlgorithm>(
        AlgorithmInfo{.id = "min-edf-wc",
                      .name = "MinEDF-WC",
                      .description = "EDF, minimal quotas, spare slots lent and reclaimed by kills",
                      .source = "[Verma12b] §III-C, Alg. 1",
                      .options = {"estimator"},
                      .needs = {.deadlines = true},
                      .loadSweep = {.byDefault = true},
                      .unequalNodes = kMinEdfOnUnequalNodes},
        true);
}

}  // namespace mr
