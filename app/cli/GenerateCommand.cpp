// mrsim generate KIND --jobs N --seed S [--nodes M] [--slots-per-node K] [--interarrival MEAN]
//                [--deadline-factor A:B] [--within-job-sigma S] -o FILE — a seeded synthetic
//                workload.
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "cli/NumberOptions.h"
#include "io/WorkloadJson.h"
#include "workloads/Arrivals.h"
#include "workloads/Generators.h"

namespace mr::cli {

Command makeGenerateCommand(CLI::App& app) {
    struct Options {
        std::string kind;
        GenerateOptions generate;
        std::string output;
        std::optional<double> interarrival;
        std::optional<std::string> deadlineFactor;
        std::optional<std::string> withinJobSigma;
    };
    auto o = std::make_shared<Options>();
    Command c;
    std::string kinds;
    for (const auto& g : generators()) {
        kinds += "\n  " + g.kind + std::string(g.kind.size() < 20 ? 20 - g.kind.size() : 1, ' ') +
                 g.summary;
    }
    c.app = app.add_subcommand("generate", "Write a seeded synthetic workload. Kinds:" + kinds);
    c.app->add_option("kind", o->kind, "Workload kind")->required()->type_name("KIND");
    addNumberOption(*c.app, "--jobs", o->generate.jobs, {1, 1e6}, "Number of jobs", "N")
        ->required();
    addSeedOption(*c.app, o->generate.seed, "Random seed")->required();
    addNumberOption(*c.app, "--nodes", o->generate.nodes, {1, kMaxNodes},
                    "Cluster nodes (default 64)", "N");
    addNumberOption(*c.app, "--slots-per-node", o->generate.slotsPerNode, {1, 64},
                    "Map slots and reduce slots per node (default 1)", "N");
    c.app->add_option("--within-job-sigma", o->withinJobSigma, kWithinJobSigmaHelp)->type_name("S");
    c.app->add_option("-o,--output", o->output, "Output workload file")
        ->required()
        ->type_name("FILE");
    addNumberOption(*c.app, "--interarrival", o->interarrival, {0, kMaxTime},
                    "Exponential inter-arrival times with this mean (seconds)", "SECONDS");
    c.app
        ->add_option("--deadline-factor", o->deadlineFactor,
                     "Deadlines uniform in [A·T_J, B·T_J], T_J = the job alone (A:B)")
        ->type_name("A:B");
    c.run = [o](std::ostream& out, std::ostream&) {
        if (o->withinJobSigma) {
            o->generate.withinJobSigma = parseWithinJobSigma(*o->withinJobSigma);
        }
        Workload w = generateWorkload(o->kind, o->generate);
        if (o->interarrival || o->deadlineFactor) {
            ArrivalOptions arrivals{o->interarrival, std::nullopt};
            if (o->deadlineFactor) {
                arrivals.deadlineFactor = parseDeadlineFactor(*o->deadlineFactor);
            }
            addArrivalsAndDeadlines(w, arrivals, o->generate.seed);
        }
        saveWorkload(w, o->output);
        out << "wrote " << o->output << ": " << w.jobCount() << " jobs, " << w.taskCount()
            << " tasks\n";
    };
    return c;
}

}  // namespace mr::cli
