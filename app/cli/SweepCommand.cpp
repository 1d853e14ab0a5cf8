// mrsim sweep [WORKLOAD] --nodes FROM:TO:STEP --algorithms A,B,... [--generate KIND --jobs N
// [--runs R] [--slots-per-node K]] [--csv|--json] — makespan against cluster size ([Verma12]
// Figs. 7–9), with the two-stage formula's Min and Max lines. With --shard I/N, -o, --resume or
// --list-points: the points as JSON lines (mrsim merge prints the summary).
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "cli/NumberOptions.h"
#include "cli/SweepShards.h"
#include "experiments/Sweep.h"
#include "io/SweepFormat.h"
#include "io/WorkloadJson.h"
#include "workloads/Generators.h"

namespace mr::cli {

namespace {

struct SweepOptions {
    WorkloadOptions workload;
    std::string nodes;
    std::vector<std::string> algorithms;
    std::string generate;
    GenerateOptions generateOptions;
    std::optional<std::string> withinJobSigma;
    int runs = 1;
    FormatFlags format;
    ShardOptions shards;
};

void addSweepOptions(CLI::App& app, SweepOptions& o) {
    o.workload.addTo(app, false);
    app.add_option("--nodes", o.nodes, "Cluster sizes FROM:TO:STEP (or FROM:TO, or N)")
        ->required()
        ->type_name("RANGE");
    app.add_option("-a,--algorithms", o.algorithms, "Comma-separated algorithm ids")
        ->required()
        ->delimiter(',')
        ->type_name("LIST");
    auto* generate = app.add_option("--generate", o.generate,
                                    "Generate the workloads of this kind instead of a file")
                         ->type_name("KIND");
    addNumberOption(app, "--jobs", o.generateOptions.jobs, {1, 1e6}, "Jobs per generated workload",
                    "N")
        ->needs(generate);
    addNumberOption(app, "--runs", o.runs, {1, 10000},
                    "Generated workloads per cluster size (default 1)", "N")
        ->needs(generate);
    addNumberOption(app, "--slots-per-node", o.generateOptions.slotsPerNode, {1, 64},
                    "Map and reduce slots per node of generated workloads (default 1)", "N")
        ->needs(generate);
    app.add_option("--within-job-sigma", o.withinJobSigma, kWithinJobSigmaHelp)
        ->type_name("S")
        ->needs(generate);
    o.format.addTo(app);
    o.shards.addTo(app);
}

// The runs' workloads (the file's, or generated ones made again in the workers, one run at a
// time), with the first run's name and source in `sweep`; `tasks` gets its size for the work
// estimate.
WorkloadSource sweepSource(const std::shared_ptr<SweepOptions>& o, SweepDefinition& sweep,
                           long long& tasks, std::ostream& err) {
    if (o->generate.empty()) {
        return fileSweepSource(std::make_shared<const Workload>(o->workload.load(err)), sweep,
                               &tasks);
    }
    if (o->withinJobSigma) {
        o->generateOptions.withinJobSigma = parseWithinJobSigma(*o->withinJobSigma);
    }
    return generatedSweepSource(o->generate, o->generateOptions, o->workload.run.seed, sweep,
                                &tasks);
}

void runSweep(const std::shared_ptr<SweepOptions>& o, std::ostream& out, std::ostream& err) {
    if (o->generate.empty() == o->workload.workload.empty()) {
        throw InputError("", "", "workload",
                         o->generate.empty() ? "give a WORKLOAD file or --generate KIND"
                                             : "give a WORKLOAD file or --generate KIND, not both");
    }
    SweepDefinition sweep;
    sweep.spec.nodes = parseNodeRange(o->nodes);
    sweep.spec.algorithms = o->algorithms;
    sweep.spec.runs = o->runs;
    sweep.spec.run = o->workload.runOptions();
    sweep.spec.threads = o->workload.run.threads;
    checkSweep(sweep.spec);
    long long tasks = 0;
    const WorkloadSource source = sweepSource(o, sweep, tasks, err);
    const auto checkWork = [&sweep, tasks](const std::vector<std::size_t>& indices, bool force) {
        // Only the simulations count (the formula points are cheap).
        const double simulations = static_cast<double>(indices.size()) *
                                   static_cast<double>(sweep.spec.algorithms.size()) /
                                   static_cast<double>(sweep.spec.algorithms.size() + 1);
        checkWorkCap(simulations * static_cast<double>(tasks), kMaxSimulatedTasks,
                     "simulated tasks",
                     std::to_string(static_cast<long long>(simulations)) +
                         " simulations of about " + std::to_string(tasks) + " tasks",
                     force);
    };
    // Errors of the runs themselves name the workload file.
    const auto compute =
        [&](const std::vector<std::size_t>& indices,
            const std::function<void(std::size_t, const SweepPointValue&)>& onPoint) {
            try {
                runSweepPoints(source, sweep.spec, indices, onPoint);
            } catch (const InputError& e) {
                rethrowNamingFile(e, o->workload.workload);
            }
        };
    if (!o->shards.pointsMode()) {
        SweepValues values(sweepPointCount(sweep.spec));
        std::vector<std::size_t> all(values.size());
        for (std::size_t i = 0; i < all.size(); ++i) {
            all[i] = i;
        }
        checkWork(all, o->shards.force);
        compute(all, [&](std::size_t i, const SweepPointValue& v) { values[i] = v; });
        out << sweepOutput(summariseSweep(sweep.spec, sweep.workload, values), o->format.format());
        return;
    }
    PointsJob job;
    job.header = makeSweepHeader("sweep", sweepDefinitionJson(sweep), sweepPointCount(sweep.spec),
                                 kSweepOrder, sweepProgram());
    job.arguments = [&](std::size_t i) { return sweepPointFields(sweep, i, nullptr); };
    job.checkWork = checkWork;
    job.run = [&](const std::vector<std::size_t>& indices, const PointsJob::Emit& emit) {
        compute(indices, [&](std::size_t i, const SweepPointValue& v) {
            emit(i, sweepPointFields(sweep, i, &v));
        });
    };
    runPointsJob(o->shards, job, out, err);
}

}  // namespace

Command makeSweepCommand(CLI::App& app) {
    auto o = std::make_shared<SweepOptions>();
    Command c;
    c.app = app.add_subcommand(
        "sweep",
        "Makespan against cluster size for several algorithms, plus the two-stage formula's Min "
        "(Johnson) and Max (reverse Johnson) lines. Give a WORKLOAD file, or --generate KIND "
        "--jobs N [--runs R] for R generated workloads (seeds S, S+1, ... from --seed) and their "
        "mean and spread. Points (run-major): index = (run * sizes + size) * (algorithms + 1) + "
        "slot, the last slot being the formula pair.");
    addSweepOptions(*c.app, *o);
    c.run = [o](std::ostream& out, std::ostream& err) { runSweep(o, out, err); };
    return c;
}

}  // namespace mr::cli
