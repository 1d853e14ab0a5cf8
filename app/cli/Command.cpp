#include "cli/Command.h"

#include <algorithm>
#include <ostream>

#include "cost/CostAlgorithms.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "schedulers/Registry.h"

namespace mr::cli {

void WorkloadOptions::addTo(CLI::App& command, bool workloadRequired) {
    command.add_option("workload", workload, "Workload file (mrx-workload JSON)")
        ->required(workloadRequired);
    command.add_option("--seed", seed, "Seed for randomised algorithms (default 1)");
    command
        .add_option("--estimator", estimator,
                    "Stage-duration estimator for (m, r): exact, aria-low, aria-up, aria-avg")
        ->check(CLI::IsMember({"exact", "aria-low", "aria-up", "aria-avg"}));
    command.add_option("--order", order, "Job order for the manual algorithm (J1,J2,...)")
        ->delimiter(',');
    command.add_option("--threads", threads, "Worker threads for searches (0 = all cores)")
        ->check(CLI::Range(0, 1024));
    command
        .add_option("--pools", pools,
                    "balanced-pools: split into up to K pools (default 2; more is our extension)")
        ->check(CLI::Range(2, 1000));
    addLocalityOptions(command, locality);
}

void addLocalityOptions(CLI::App& command, LocalityOptions& locality) {
    auto* on = command.add_flag(
        "--locality", locality.enabled,
        "Simulate data locality: map blocks on 3 nodes (seeded by --seed), remote reads slower");
    command
        .add_option("--vms-per-host", locality.vmsPerHost,
                    "Nodes (VMs) per physical host, for completion-time's core moves (default 1)")
        ->check(CLI::Range(1, 1'000'000))
        ->needs(on);
    command
        .add_option("--remote-penalty", locality.remotePenalty,
                    "A map task away from its block runs this many times longer (default 1.5)")
        ->check(CLI::Range(1.0, 1000.0))
        ->needs(on);
    command
        .add_option("--reconfig-delay", locality.reconfigDelay,
                    "Seconds to move a core between VMs of one host (default 0)")
        ->check(CLI::Range(0.0, 1e9))
        ->needs(on);
}

Workload WorkloadOptions::load(std::ostream& err) const {
    LoadReport report;
    Workload w = loadWorkload(workload, &report);
    for (const auto& warning : report.warnings) {
        err << "mrsim: warning: " << warning << "\n";
    }
    return w;
}

RunOptions WorkloadOptions::runOptions() const {
    RunOptions r;
    r.seed = seed;
    r.estimator = *parseEstimator(estimator);
    r.manualOrder = order;
    r.threads = threads;
    r.pools = pools;
    r.locality = locality;
    return r;
}

void rethrowNamingFile(const InputError& e, const std::string& file) {
    if (e.file().empty() && e.field() != "algorithm" && e.field() != "order") {
        throw e.withFile(file);
    }
    throw e;
}

std::string algorithmHelp() {
    std::string text = "Algorithms:\n";
    for (const Algorithm* a : allAlgorithms()) {
        const std::size_t pad = 18 - std::min<std::size_t>(17, a->id().size());
        text += "  " + a->id() + std::string(pad, ' ') + a->summary() + "\n";
    }
    return text;
}

void CostRunOptions::addTo(CLI::App& command) {
    command.add_option("--epoch", epochS, "lips-online: epoch length in seconds (default 600)");
    command.add_option("--delay", delayS,
                       "delay: seconds a job waits for a local machine (default 5)");
    command.add_flag("--all-stores", allStores,
                     "LiPS: let a task read from any store, not only its data's origin and its "
                     "machine's own store (a bigger LP)");
}

cost::CostOptions CostRunOptions::costOptions() const {
    cost::CostOptions o;
    o.epochS = epochS;
    o.delayS = delayS;
    o.allStores = allStores;
    return o;
}

std::string costAlgorithmHelp() {
    std::string text = "Cost algorithms:";
    for (const auto& a : cost::costAlgorithms()) {
        text +=
            "\n  " + a.id + std::string(a.id.size() < 16 ? 16 - a.id.size() : 1, ' ') + a.summary;
    }
    return text;
}

Command makeAlgorithmsCommand(CLI::App& app) {
    Command c;
    c.app = app.add_subcommand("algorithms", "List the algorithm ids");
    c.run = [](std::ostream& out, std::ostream&) { out << algorithmHelp(); };
    return c;
}

}  // namespace mr::cli
