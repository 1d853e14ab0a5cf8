// mrsim sweep-load KIND --jobs N --interarrival FROM:TO:STEP --runs R --deadline-factor A:B
//                  --algorithms edf,min-edf,min-edf-wc [--csv|--json] — seed 004 Figs. 1–4:
// deadline metrics against the mean inter-arrival time, averaged over seeded runs, all cores.
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "experiments/LoadSweep.h"
#include "io/LoadSweepFormat.h"

namespace mr::cli {

Command makeSweepLoadCommand(CLI::App& app) {
    struct Options {
        LoadSweepOptions sweep;
        std::string interarrival;
        std::string deadlineFactor = "1:2";
        std::string estimator = "aria-avg";
        bool json = false;
        bool csv = false;
    };
    auto o = std::make_shared<Options>();
    Command c;
    c.app = app.add_subcommand(
        "sweep-load",
        "Deadline metrics against the mean inter-arrival time (seed 004 Figs. 1-4), all cores");
    c.app->add_option("kind", o->sweep.kind, "Workload kind (see mrsim generate --help)")
        ->required();
    c.app->add_option("--jobs", o->sweep.jobs, "Jobs per batch")->required();
    c.app
        ->add_option("--interarrival", o->interarrival,
                     "Mean inter-arrival times FROM:TO:STEP (seconds)")
        ->required();
    c.app->add_option("--runs", o->sweep.runs, "Seeded runs averaged per point (default 10)");
    c.app->add_option("--deadline-factor", o->deadlineFactor,
                      "Deadlines uniform in [A·T_J, B·T_J] (default 1:2)");
    c.app
        ->add_option("-a,--algorithms", o->sweep.algorithms,
                     "Comma-separated algorithm ids (default edf,min-edf,min-edf-wc)")
        ->delimiter(',');
    c.app->add_option("--seed", o->sweep.seed, "Seed of the first run (run r: seed + r)");
    c.app->add_option("--nodes", o->sweep.nodes, "Cluster nodes (default 64)");
    c.app->add_option("--threads", o->sweep.threads, "Worker threads (0 = all cores)")
        ->check(CLI::Range(0, 1024));
    c.app
        ->add_option("--estimator", o->estimator,
                     "ARIA bound behind min-edf quotas: aria-avg (default), aria-low, aria-up")
        ->check(CLI::IsMember({"aria-avg", "aria-low", "aria-up"}));
    addLocalityOptions(*c.app, o->sweep.run);
    auto* json = c.app->add_flag("--json", o->json, "Print JSON");
    c.app->add_flag("--csv", o->csv, "Print CSV")->excludes(json);
    c.run = [o](std::ostream& out, std::ostream&) {
        LoadSweepOptions options = o->sweep;
        options.interarrivals = parseRange(o->interarrival, "interarrival");
        options.deadlineFactor = parseDeadlineFactor(o->deadlineFactor);
        options.run.estimator = *parseEstimator(o->estimator);
        const LoadSweepResult r = sweepLoad(options);
        out << (o->json  ? loadSweepJson(r).dump(2) + "\n"
                : o->csv ? loadSweepCsv(r)
                         : loadSweepText(r));
    };
    return c;
}

}  // namespace mr::cli
