// completion-time — [Rao12] §4, Algorithms 1–2: probe jobs first, then EDF with Eq. 10 quotas
// re-estimated from each job's finished tasks; with --locality, node-local map tasks first and
// free cores moved between VMs of a host (CompletionTimePolicy).
#include "schedulers/DeadlineRun.h"
#include "sim/CompletionTimePolicy.h"
#include "sim/JobOrders.h"

namespace mr {

namespace {

class CompletionTimeAlgorithm : public Algorithm {
public:
    CompletionTimeAlgorithm()
        : Algorithm({.id = "completion-time",
                     .name = "Completion-time scheduler",
                     .description =
                         "EDF with slot quotas estimated from finished tasks, core moves for "
                         "locality",
                     .source = "[Rao12] §4, Algs. 1–2",
                     .options = {"vms-per-host", "reconfig-delay"},
                     .needs = {.deadlines = true},
                     .unequalNodes = "its Eq. 10 quotas count identical slots and its core "
                                     "moves identical hosts"}) {}
    RunResult run(const Workload& w, const RunOptions& options) const override {
        QuotaStats stats;
        auto locality = makeLocalityModel(w, options, true);
        auto policy = std::make_unique<CompletionTimePolicy>(locality, &stats);
        return runPolicy(w, id(), edfOrder(w, fileOrder(w)), std::move(policy), options, locality,
                         true, &stats);
    }
};

}  // namespace

std::unique_ptr<Algorithm> makeCompletionTime() {
    return std::make_unique<CompletionTimeAlgorithm>();
}

}  // namespace mr
