// mrsim cost-sweep MODEL --epochs FROM:TO:STEP — lips-online's cost and makespan against the
// epoch length (seed 002 Fig. 8);
// mrsim cost-sweep --machines FROM:TO:STEP [--runs R] — the cost reduction of LiPS against
// Hadoop's default on random models of growing size (Fig. 5). Table, --csv or --json.
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "cost/CostFormat.h"
#include "cost/CostModelJson.h"
#include "cost/CostSweeps.h"
#include "experiments/Ranges.h"

namespace mr::cli {

namespace {}  // namespace

Command makeCostSweepCommand(CLI::App& app) {
    struct Options {
        std::string model;
        std::string epochs;
        std::string machines;
        cost::ClusterSizeOptions cluster;
        CostRunOptions run;
        bool json = false;
        bool csv = false;
    };
    auto o = std::make_shared<Options>();
    Command c;
    c.app = app.add_subcommand(
        "cost-sweep",
        "LiPS sweeps: cost and makespan against the epoch length of lips-online (--epochs, "
        "seed 002 Fig. 8), or the cost reduction against the cluster size on random models "
        "(--machines, Fig. 5)");
    c.app->add_option("model", o->model, "Cost model file (with --epochs)");
    auto* epochs = c.app->add_option("--epochs", o->epochs, "Epoch lengths FROM:TO:STEP, seconds");
    auto* machines = c.app->add_option("--machines", o->machines,
                                       "Cluster sizes FROM:TO:STEP (random models, no MODEL)");
    epochs->excludes(machines);
    c.app->add_option("--runs", o->cluster.runs, "--machines: random models per size (default 5)");
    c.app->add_option("--jobs-per-machine", o->cluster.jobsPerMachine,
                      "--machines: jobs per machine (default 4)");
    c.app->add_option("--seed", o->cluster.seed, "--machines: first seed (default 1)");
    c.app->add_option("--algorithm", o->cluster.algorithm,
                      "--machines: the LiPS algorithm (default lips-coschedule)");
    c.app->add_option("--baseline", o->cluster.baseline,
                      "--machines: the baseline (default hadoop-default)");
    o->run.addTo(*c.app);
    auto* json = c.app->add_flag("--json", o->json, "Print JSON");
    c.app->add_flag("--csv", o->csv, "Print CSV")->excludes(json);
    c.run = [o](std::ostream& out, std::ostream&) {
        if (o->epochs.empty() == o->machines.empty()) {
            throw InputError("", "", "epochs", "give --epochs (with a MODEL) or --machines");
        }
        if (!o->epochs.empty()) {
            if (o->model.empty()) {
                throw InputError("", "", "model", "--epochs needs a cost model file");
            }
            const cost::CostModel model = cost::loadCostModel(o->model);
            const auto points =
                cost::sweepEpochs(model, parseRange(o->epochs, "epochs"), o->run.costOptions());
            out << (o->json  ? cost::epochSweepJson(model, points).dump(2) + "\n"
                    : o->csv ? cost::epochSweepCsv(points)
                             : cost::epochSweepText(model, points));
            return;
        }
        if (!o->model.empty()) {
            throw InputError(o->model, "", "model",
                             "--machines generates its own models; give no MODEL");
        }
        for (double m : parseRange(o->machines, "machines")) {
            if (m != static_cast<int>(m)) {
                throw InputError("", "", "machines", "cluster sizes must be whole numbers");
            }
            o->cluster.machines.push_back(static_cast<int>(m));
        }
        const auto points = cost::sweepClusterSize(o->cluster, o->run.costOptions());
        out << (o->json  ? cost::clusterSizeJson(o->cluster, points).dump(2) + "\n"
                : o->csv ? cost::clusterSizeCsv(points)
                         : cost::clusterSizeText(o->cluster, points));
    };
    return c;
}

}  // namespace mr::cli
