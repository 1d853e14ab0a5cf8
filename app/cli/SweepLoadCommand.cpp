// mrsim sweep-load KIND --jobs N --interarrival FROM:TO:STEP --runs R --deadline-factor A:B
//                  --algorithms edf,min-edf,min-edf-wc [--within-job-sigma S] [--csv|--json]
// — [Verma12b] Figs. 1–4: deadline metrics against the mean inter-arrival time, averaged over
// seeded runs, all cores.
// With --shard I/N, -o, --resume or --list-points: the points as JSON lines.
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "cli/NumberOptions.h"
#include "cli/SweepShards.h"
#include "experiments/LoadSweep.h"
#include "io/LoadSweepFormat.h"
#include "workloads/Generators.h"

namespace mr::cli {

namespace {

struct SweepLoadOptions {
    LoadSweepOptions sweep;
    std::string interarrival;
    std::string deadlineFactor = "1:2";
    std::string estimator = "aria-avg";
    std::optional<std::string> withinJobSigma;
    FormatFlags format;
    ShardOptions shards;
};

void addSweepLoadOptions(CLI::App& app, SweepLoadOptions& o) {
    app.add_option("kind", o.sweep.kind, "Workload kind (see mrsim generate --help)")
        ->required()
        ->type_name("KIND");
    addNumberOption(app, "--jobs", o.sweep.jobs, {1, 1e6}, "Jobs per batch", "N")->required();
    app.add_option("--interarrival", o.interarrival,
                   "Mean inter-arrival times FROM:TO:STEP (seconds)")
        ->required()
        ->type_name("RANGE");
    addNumberOption(app, "--runs", o.sweep.runs, {1, 100000},
                    "Seeded runs averaged per point (default 10)", "N");
    app.add_option("--deadline-factor", o.deadlineFactor,
                   "Deadlines uniform in [A·T_J, B·T_J] (default 1:2)")
        ->type_name("A:B");
    std::string defaults;  // the registry's (AlgorithmInfo::loadSweep)
    for (const auto& id : o.sweep.algorithms) {
        defaults += (defaults.empty() ? "" : ",") + id;
    }
    app.add_option("-a,--algorithms", o.sweep.algorithms,
                   "Comma-separated algorithm ids (default " + defaults + ")")
        ->delimiter(',')
        ->type_name("LIST");
    addSeedOption(app, o.sweep.seed, "Seed of the first run (run r: seed + r)");
    addNumberOption(app, "--nodes", o.sweep.nodes, {1, kMaxNodes}, "Cluster nodes (default 64)",
                    "N");
    addNumberOption(app, "--threads", o.sweep.threads, {0, 1024}, "Worker threads (0 = all cores)",
                    "N");
    app.add_option("--estimator", o.estimator,
                   "ARIA bound behind min-edf quotas: aria-avg (default), aria-low, aria-up")
        ->check(CLI::IsMember({"aria-avg", "aria-low", "aria-up"}))
        ->type_name("{aria-avg|aria-low|aria-up}");
    app.add_option("--within-job-sigma", o.withinJobSigma, kWithinJobSigmaHelp)->type_name("S");
    addLocalityOptions(app, o.sweep.run);
    o.format.addTo(app);
    o.shards.addTo(app);
}

// The tasks of one batch: every point simulates one, the first gives their size.
long long batchTasks(const LoadSweepOptions& options) {
    long long tasks = 0;
    for (const Job& job :
         generateWorkload(options.kind, loadSweepBatchOptions(options, options.seed)).jobs) {
        tasks += static_cast<long long>(job.maps() + job.reduces());
    }
    return tasks;
}

void runSweepLoad(const SweepLoadOptions& o, std::ostream& out, std::ostream& err) {
    LoadSweepOptions options = o.sweep;
    options.interarrivals = parseRange(o.interarrival, "interarrival");
    options.deadlineFactor = parseDeadlineFactor(o.deadlineFactor);
    options.run.estimator = *parseEstimator(o.estimator);
    if (o.withinJobSigma) {
        options.withinJobSigma = parseWithinJobSigma(*o.withinJobSigma);
    }
    checkLoadSweep(options);
    const long long tasks = batchTasks(options);
    const auto checkWork = [tasks](std::size_t points, bool force) {
        checkWorkCap(
            static_cast<double>(points) * static_cast<double>(tasks), kMaxSimulatedTasks,
            "simulated tasks",
            std::to_string(points) + " simulations of about " + std::to_string(tasks) + " tasks",
            force);
    };
    if (!o.shards.pointsMode()) {
        checkWork(loadSweepPointCount(options), o.shards.force);
        out << loadSweepOutput(sweepLoad(options), o.format.format());
        return;
    }
    PointsJob job;
    job.header = makeSweepHeader("sweep-load", loadSweepDefinitionJson(options),
                                 loadSweepPointCount(options), kLoadSweepOrder, sweepProgram());
    job.arguments = [&](std::size_t i) { return loadPointFields(options, i, nullptr); };
    job.checkWork = [&](const std::vector<std::size_t>& indices, bool force) {
        checkWork(indices.size(), force);
    };
    job.run = [&](const std::vector<std::size_t>& indices, const PointsJob::Emit& emit) {
        runLoadSweepPoints(options, indices, [&](std::size_t i, const DeadlineMetrics& m) {
            emit(i, loadPointFields(options, i, &m));
        });
    };
    runPointsJob(o.shards, job, out, err);
}

}  // namespace

Command makeSweepLoadCommand(CLI::App& app) {
    auto o = std::make_shared<SweepLoadOptions>();
    Command c;
    c.app = app.add_subcommand(
        "sweep-load",
        "Deadline metrics against the mean inter-arrival time ([Verma12b] Figs. 1-4), all cores. "
        "Points (run-major): index = (run * interarrivals + interarrival) * algorithms + "
        "algorithm; run r uses seed + r.");
    addSweepLoadOptions(*c.app, *o);
    c.run = [o](std::ostream& out, std::ostream& err) { runSweepLoad(*o, out, err); };
    return c;
}

}  // namespace mr::cli
