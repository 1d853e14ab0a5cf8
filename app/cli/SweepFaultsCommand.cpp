// mrsim sweep-faults WORKLOAD --axis failure-prob|straggler-prob --values FROM:TO:STEP
//                    --runs R -a A,B,... [--scenario BASE] [--straggler-factor A:B] [--csv|--json]
// — the makespan of each algorithm as attempts fail or straggle more often: mean, 95th percentile
// and worst over R seeded runs per probability, all cores. With --shard I/N, -o, --resume or
// --list-points: the points as JSON lines (mrsim merge prints the summary).
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "cli/NumberOptions.h"
#include "cli/SweepShards.h"
#include "experiments/FaultSweep.h"
#include "experiments/Ranges.h"
#include "io/FaultSweepFormat.h"

namespace mr::cli {

namespace {

struct SweepFaultsOptions {
    WorkloadOptions workload;
    std::string scenario;
    std::string axis;
    std::string values;
    std::string stragglerFactor;
    int runs = 10;
    std::vector<std::string> algorithms;
    FormatFlags format;
    ShardOptions shards;
};

void addSweepFaultsOptions(CLI::App& app, SweepFaultsOptions& o) {
    o.workload.addTo(app);
    addScenarioOption(app, o.scenario);
    app.add_option("--axis", o.axis,
                   "What the x axis varies: failure-prob (per-attempt failure probability of "
                   "every job without its own) or straggler-prob (probability that an attempt "
                   "straggles)")
        ->required()
        ->type_name("AXIS");
    app.add_option("--values", o.values, "The probabilities FROM:TO:STEP (or P)")
        ->required()
        ->type_name("RANGE");
    addNumberOption(app, "--runs", o.runs, {1, 100000},
                    "Seeded runs per probability (default 10; run r: seed + r)", "N");
    app.add_option("-a,--algorithms", o.algorithms, "Comma-separated algorithm ids")
        ->required()
        ->delimiter(',')
        ->type_name("LIST");
    app.add_option("--straggler-factor", o.stragglerFactor,
                   "A straggler takes its duration times U[A, B] (default: the scenario's)")
        ->type_name("A:B");
    o.format.addTo(app);
    o.shards.addTo(app);
}

// The sweep's options from the command line: the base scenario is --scenario's, else the
// workload's own section, with --straggler-factor over it.
FaultSweepOptions faultOptions(const SweepFaultsOptions& o, Workload& workload) {
    FaultSweepOptions options;
    options.axis = parseFaultAxis(o.axis);
    options.values = parseRange(o.values, "values");
    options.runs = o.runs;
    options.algorithms = o.algorithms;
    options.run = o.workload.runOptions();
    options.seed = options.run.seed;
    options.threads = options.run.threads;
    applyScenario(workload, o.scenario);
    options.scenario = workload.scenario;
    if (!o.stragglerFactor.empty()) {
        setStragglerFactor(options.scenario, o.stragglerFactor);
    }
    checkFaultSweep(options);
    return options;
}

void runSweepFaults(const SweepFaultsOptions& o, std::ostream& out, std::ostream& err) {
    Workload workload = o.workload.load(err);
    const FaultSweepOptions options = faultOptions(o, workload);
    try {
        checkFaultSweep(options, workload);
    } catch (const InputError& e) {
        // The base scenario against the workload: named after the file it came from.
        rethrowNamingFile(e, o.scenario.empty() ? o.workload.workload : o.scenario);
    }
    const auto checkWork = [&](std::size_t points, bool force) {
        const auto tasks = static_cast<double>(workload.taskCount());
        checkWorkCap(static_cast<double>(points) * tasks, kMaxSimulatedTasks, "simulated tasks",
                     std::to_string(points) + " simulations of about " +
                         std::to_string(workload.taskCount()) + " tasks",
                     force);
    };
    const auto compute = [&](const std::vector<std::size_t>& indices,
                             const std::function<void(std::size_t, const FaultPointValue&)>& on) {
        try {
            runFaultSweepPoints(workload, options, indices, on);
        } catch (const InputError& e) {
            rethrowNamingFile(e, o.workload.workload);
        }
    };
    if (!o.shards.pointsMode()) {
        FaultSweepValues values(faultSweepPointCount(options));
        std::vector<std::size_t> all(values.size());
        for (std::size_t i = 0; i < all.size(); ++i) {
            all[i] = i;
        }
        checkWork(all.size(), o.shards.force);
        compute(all, [&](std::size_t i, const FaultPointValue& v) { values[i] = v; });
        out << faultSweepOutput(summariseFaultSweep(options, workload.name, values),
                                o.format.format());
        return;
    }
    PointsJob job;
    job.header = makeSweepHeader("sweep-faults", faultSweepDefinitionJson(options, workload),
                                 faultSweepPointCount(options), kFaultSweepOrder, sweepProgram());
    job.arguments = [&](std::size_t i) { return faultPointFields(options, i, nullptr); };
    job.checkWork = [&](const std::vector<std::size_t>& indices, bool force) {
        checkWork(indices.size(), force);
    };
    job.run = [&](const std::vector<std::size_t>& indices, const PointsJob::Emit& emit) {
        compute(indices, [&](std::size_t i, const FaultPointValue& v) {
            emit(i, faultPointFields(options, i, &v));
        });
    };
    runPointsJob(o.shards, job, out, err);
}

}  // namespace

Command makeSweepFaultsCommand(CLI::App& app) {
    auto o = std::make_shared<SweepFaultsOptions>();
    Command c;
    c.app = app.add_subcommand(
        "sweep-faults",
        "Makespan against the attempt failure probability or the straggler probability: mean, "
        "95th percentile and worst over seeded runs, per algorithm, all cores. The base scenario "
        "is --scenario's or the workload's; run r draws with seed + r at every probability. "
        "Points (run-major): index = (run * values + value) * algorithms + algorithm.");
    addSweepFaultsOptions(*c.app, *o);
    c.run = [o](std::ostream& out, std::ostream& err) { runSweepFaults(*o, out, err); };
    return c;
}

}  // namespace mr::cli
