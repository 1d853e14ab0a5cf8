// mrsim cost-sweep MODEL --epochs FROM:TO:STEP — lips-online's cost and makespan against the
// epoch length ([Ehsan13] Fig. 8);
// mrsim cost-sweep --machines FROM:TO:STEP [--runs R] — the cost reduction of LiPS against
// Hadoop's default on random models of growing size (Fig. 5). Table, --csv or --json; with
// --shard I/N, -o, --resume or --list-points: the points as JSON lines.
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "cli/NumberOptions.h"
#include "cli/SweepShards.h"
#include "cost/CostModelJson.h"
#include "cost/CostSweeps.h"
#include "cost/CostSweepsFormat.h"
#include "experiments/Ranges.h"

namespace mr::cli {

namespace {

// The LP work of a point: jobs × machines (the size of its assignment variables).
void checkLpWork(double cells, std::size_t points, bool force) {
    checkWorkCap(cells, kMaxLpCells, "LP cells (jobs x machines summed over the points)",
                 std::to_string(points) + " points", force);
}

struct CostSweepOptions {
    std::string model;
    std::string epochs;
    std::string machines;
    cost::ClusterSizeOptions cluster;
    CostRunOptions run;
    int threads = 0;
    FormatFlags format;
    ShardOptions shards;
};

void addCostSweepOptions(CLI::App& app, CostSweepOptions& o) {
    app.add_option("model", o.model, "Cost model file (with --epochs)")->type_name("MODEL");
    auto* epochs = app.add_option("--epochs", o.epochs, "Epoch lengths FROM:TO:STEP, seconds")
                       ->type_name("RANGE");
    auto* machines = app.add_option("--machines", o.machines,
                                    "Cluster sizes FROM:TO:STEP (random models, no MODEL)")
                         ->type_name("RANGE");
    epochs->excludes(machines);
    addNumberOption(app, "--runs", o.cluster.runs, {1, 10000},
                    "--machines: random models per size (default 5)", "N");
    addNumberOption(app, "--jobs-per-machine", o.cluster.jobsPerMachine, {1, 1000},
                    "--machines: jobs per machine (default 4)", "N");
    addSeedOption(app, o.cluster.seed, "--machines: first seed (default 1)");
    app.add_option("--algorithm", o.cluster.algorithm,
                   "--machines: the LiPS algorithm (default lips-coschedule)")
        ->type_name("ID");
    app.add_option("--baseline", o.cluster.baseline,
                   "--machines: the baseline (default hadoop-default)")
        ->type_name("ID");
    addNumberOption(app, "--threads", o.threads, {0, 1024}, "Worker threads (0 = all cores)", "N");
    o.run.addTo(app);
    o.format.addTo(app);
    o.shards.addTo(app);
}

// --epochs: lips-online on one model at each epoch length ([Ehsan13] Fig. 8).
void runEpochSweep(const CostSweepOptions& o, std::ostream& out, std::ostream& err) {
    if (o.model.empty()) {
        throw InputError("", "", "model", "--epochs needs a cost model file");
    }
    cost::EpochSweepDefinition sweep;
    sweep.model = cost::loadCostModel(o.model);
    sweep.epochs = parseRange(o.epochs, "epochs");
    sweep.options = o.run.costOptions();
    const double cells = static_cast<double>(sweep.model.jobs.size()) *
                         static_cast<double>(sweep.model.machines.size());
    const auto checkWork = [cells](const std::vector<std::size_t>& indices, bool force) {
        checkLpWork(cells * static_cast<double>(indices.size()), indices.size(), force);
    };
    if (!o.shards.pointsMode()) {
        checkWork(std::vector<std::size_t>(sweep.epochs.size()), o.shards.force);
        out << epochSweepOutput(
            sweep.model, cost::sweepEpochs(sweep.model, sweep.epochs, sweep.options, {}, o.threads),
            o.format.format());
        return;
    }
    PointsJob job;
    job.header = makeSweepHeader("cost-sweep", cost::epochSweepDefinitionJson(sweep),
                                 sweep.epochs.size(), cost::kEpochSweepOrder, sweepProgram());
    job.arguments = [&](std::size_t i) { return cost::epochPointFields(sweep, i, nullptr); };
    job.checkWork = checkWork;
    job.run = [&](const std::vector<std::size_t>& indices, const PointsJob::Emit& emit) {
        cost::runEpochPoints(
            sweep.model, sweep.epochs, sweep.options, indices,
            [&](std::size_t i, const cost::CostResult& r) {
                emit(i, cost::epochPointFields(sweep, i, &r));
            },
            {}, o.threads);
    };
    runPointsJob(o.shards, job, out, err);
}

// --machines: the cost reduction against the cluster size on random models (Fig. 5).
void runClusterSizeSweep(const CostSweepOptions& o, std::ostream& out, std::ostream& err) {
    if (!o.model.empty()) {
        throw InputError(o.model, "", "model",
                         "--machines generates its own models; give no MODEL");
    }
    cost::ClusterSizeOptions sweep = o.cluster;
    for (double m : parseRange(o.machines, "machines")) {
        if (m != static_cast<int>(m)) {
            throw InputError("", "", "machines", "cluster sizes must be whole numbers");
        }
        sweep.machines.push_back(static_cast<int>(m));
    }
    sweep.threads = o.threads;
    const cost::CostOptions options = o.run.costOptions();
    cost::checkClusterSize(sweep);
    const auto checkWork = [&sweep](const std::vector<std::size_t>& indices, bool force) {
        double cells = 0.0;
        for (std::size_t i : indices) {
            const cost::ClusterPointId id = cost::clusterPointAt(sweep, i);
            cells += static_cast<double>(id.jobs) * id.machines;
        }
        checkLpWork(cells, indices.size(), force);
    };
    if (!o.shards.pointsMode()) {
        std::vector<std::size_t> all(cost::clusterSizePointCount(sweep));
        for (std::size_t i = 0; i < all.size(); ++i) {
            all[i] = i;
        }
        checkWork(all, o.shards.force);
        out << clusterSizeOutput(sweep, cost::sweepClusterSize(sweep, options), o.format.format());
        return;
    }
    PointsJob job;
    job.header = makeSweepHeader("cost-sweep", cost::clusterSizeDefinitionJson(sweep, options),
                                 cost::clusterSizePointCount(sweep), cost::kClusterSizeOrder,
                                 sweepProgram());
    job.arguments = [&](std::size_t i) { return cost::clusterPointFields(sweep, i, nullptr); };
    job.checkWork = checkWork;
    job.run = [&](const std::vector<std::size_t>& indices, const PointsJob::Emit& emit) {
        cost::runClusterSizePoints(sweep, options, indices,
                                   [&](std::size_t i, const cost::ClusterPointValue& v) {
                                       emit(i, cost::clusterPointFields(sweep, i, &v));
                                   });
    };
    runPointsJob(o.shards, job, out, err);
}

}  // namespace

Command makeCostSweepCommand(CLI::App& app) {
    auto o = std::make_shared<CostSweepOptions>();
    Command c;
    c.app = app.add_subcommand(
        "cost-sweep",
        "LiPS sweeps: cost and makespan against the epoch length of lips-online (--epochs, "
        "[Ehsan13] Fig. 8), or the cost reduction against the cluster size on random models "
        "(--machines, Fig. 5). Points: index = epoch; or, run-major, index = (run * sizes + size) "
        "* 2 + (0: algorithm, 1: baseline).");
    addCostSweepOptions(*c.app, *o);
    c.run = [o](std::ostream& out, std::ostream& err) {
        if (o->epochs.empty() == o->machines.empty()) {
            throw InputError("", "", "epochs", "give --epochs (with a MODEL) or --machines");
        }
        if (!o->epochs.empty()) {
            runEpochSweep(*o, out, err);
        } else {
            runClusterSizeSweep(*o, out, err);
        }
    };
    return c;
}

}  // namespace mr::cli
