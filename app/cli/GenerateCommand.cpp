// mrsim generate KIND --jobs N --seed S [--nodes M] [--slots-per-node K] -o FILE — a seeded
// synthetic workload.
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "io/WorkloadJson.h"
#include "workloads/Generators.h"

namespace mr::cli {

Command makeGenerateCommand(CLI::App& app) {
    struct Options {
        std::string kind;
        GenerateOptions generate;
        std::string output;
    };
    auto o = std::make_shared<Options>();
    Command c;
    std::string kinds;
    for (const auto& g : generators()) {
        kinds += "\n  " + g.kind + std::string(g.kind.size() < 20 ? 20 - g.kind.size() : 1, ' ') +
                 g.summary;
    }
    c.app = app.add_subcommand("generate", "Write a seeded synthetic workload. Kinds:" + kinds);
    c.app->add_option("kind", o->kind, "Workload kind")->required();
    c.app->add_option("--jobs", o->generate.jobs, "Number of jobs")->required();
    c.app->add_option("--seed", o->generate.seed, "Random seed")->required();
    c.app->add_option("--nodes", o->generate.nodes, "Cluster nodes (default 64)");
    c.app->add_option("--slots-per-node", o->generate.slotsPerNode,
                      "Map slots and reduce slots per node (default 1)");
    c.app->add_option("-o,--output", o->output, "Output workload file")->required();
    c.run = [o](std::ostream& out, std::ostream&) {
        const Workload w = generateWorkload(o->kind, o->generate);
        saveWorkload(w, o->output);
        out << "wrote " << o->output << ": " << w.jobCount() << " jobs, " << w.taskCount()
            << " tasks\n";
    };
    return c;
}

}  // namespace mr::cli
