// Command — one mrsim subcommand: it declares its options on a CLI11 subcommand and runs when
// that subcommand was given. Adding a command: a file with `Command makeXCommand(CLI::App&)` and
// one line in Cli.cpp. Errors: throw InputError (exit 2, one stderr line).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "cost/CostAlgorithms.h"
#include "model/InputError.h"
#include "model/Workload.h"
#include "schedulers/Algorithm.h"

namespace mr::cli {

struct Command {
    CLI::App* app = nullptr;
    std::function<void(std::ostream& out, std::ostream& err)> run;
};

// Declares --ID for each of the registry's run options `ids` (all of runOptionSpecs() when
// empty): help, type and range from its OptionSpec; the value is read into `target` with the
// spec's own parser (a bad value: InputError naming the option, exit 2).
void addRunOptions(CLI::App& command, RunOptions& target, const std::vector<std::string>& ids = {});

// InputError saying what the file at `path` is when it is a trace, a cost model or a session
// rather than a workload, and which command reads it; nothing for anything else.
void refuseNonWorkload(const std::string& path);

// --seed into `seed`, read with readSeed (a whole number from 0 to 2^64 - 1; "-1" is refused).
CLI::Option* addSeedOption(CLI::App& command, std::uint64_t& seed, const std::string& help);

// Options shared by the commands that read one workload and run algorithms on it: WORKLOAD and
// every run option of the registry (--seed, --estimator, --order, --threads, --pools,
// --locality, ...).
struct WorkloadOptions {
    std::string workload;
    std::string queues;  // --queues: a capacity-scheduler.xml replacing "capacity_queues"
    RunOptions run;      // as given on the command line (defaults otherwise)

    // `workloadRequired` false: the WORKLOAD argument may be left out (sweep --generate).
    void addTo(CLI::App& command, bool workloadRequired = true);
    Workload load(std::ostream& err) const;  // prints the loader's warnings
    const RunOptions& runOptions() const { return run; }
};

// --scenario FILE (model/Scenario.h, a JSON object like a workload's "scenario" section): node
// failures, failing attempts, stragglers and speculation, in place of the workload's own.
void addScenarioOption(CLI::App& command, std::string& path);
// Reads the scenario file `path` (nothing when empty) into `workload` and checks it against the
// workload's cluster and jobs (InputError naming the file and the field).
void applyScenario(Workload& workload, const std::string& path);

// --locality, --vms-per-host, --remote-penalty, --reconfig-delay ([Rao12] §4.1).
void addLocalityOptions(CLI::App& command, RunOptions& target);

// Re-throw an InputError raised while running algorithms on `file` so that it names the file
// (errors about the command line itself — algorithm ids, --order — stay as they are).
[[noreturn]] void rethrowNamingFile(const InputError& e, const std::string& file);

std::string algorithmHelp();  // "Algorithms:\n  fifo   ...\n"

// --within-job-sigma's help, the same in generate, sweep and sweep-load.
inline constexpr const char* kWithinJobSigmaHelp =
    "facebook, facebook-1000: each job draws a level and its task times spread around it with "
    "this sigma (of ln ms), the workload's LogNormal unchanged; clamped to each stage's sigma "
    "(maps 1.6764, reduces 1.6262). Not given, or >= 1.6764: every task drawn on its own "
    "(default)";

// Options of the commands that run cost algorithms (cost, cost-sweep), read with the bounds of
// cost::costOptionSpecs().
struct CostRunOptions {
    double epochS = 600.0;
    double delayS = 5.0;
    bool allStores = false;

    void addTo(CLI::App& command);
    cost::CostOptions costOptions() const;
};
std::string costAlgorithmHelp();  // "Cost algorithms:\n  lips  ..."

Command makeRunCommand(CLI::App& app);
Command makeCompareCommand(CLI::App& app);
Command makeAlgorithmsCommand(CLI::App& app);
Command makeGenerateCommand(CLI::App& app);
Command makeImportCommand(CLI::App& app);
Command makePlanCommand(CLI::App& app);
Command makeSweepCommand(CLI::App& app);
Command makeMinSlotsCommand(CLI::App& app);
Command makeSweepLoadCommand(CLI::App& app);
Command makeSweepFaultsCommand(CLI::App& app);
Command makeCostCommand(CLI::App& app);
Command makeCostSweepCommand(CLI::App& app);
Command makeGenerateCostCommand(CLI::App& app);
Command makeValidateCommand(CLI::App& app);
Command makeMergeCommand(CLI::App& app);

}  // namespace mr::cli
