// mrsim generate-cost --machines M --jobs N [--stores S] --seed X -o FILE — a random cost model
// with [Ehsan13] Fig. 5's ranges; --ec2-c1-medium N -o FILE — the paper's 20-node EC2 testbed with
// N c1.medium nodes (Figs. 6–8).
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "cli/NumberOptions.h"
#include "cost/CostGenerators.h"
#include "cost/CostModelJson.h"

namespace mr::cli {

Command makeGenerateCostCommand(CLI::App& app) {
    struct Options {
        cost::RandomCostOptions random;
        int ec2C1Medium = -1;
        std::string output;
    };
    auto o = std::make_shared<Options>();
    Command c;
    c.app = app.add_subcommand(
        "generate-cost",
        "Write a cost model: random with [Ehsan13] Fig. 5's ranges (--machines, --jobs, --stores, "
        "--seed), or the paper's 20-node EC2 testbed (--ec2-c1-medium N)");
    auto* machines = addNumberOption(*c.app, "--machines", o->random.machines, {1, 2000},
                                     "Machines (default 10)", "N");
    auto* jobs = addNumberOption(*c.app, "--jobs", o->random.jobs, {1, 100000},
                                 "Jobs, one data object each (default 40)", "N");
    auto* stores = addNumberOption(*c.app, "--stores", o->random.stores, {0, 2000},
                                   "Stores (default one per machine)", "N");
    auto* seed = addSeedOption(*c.app, o->random.seed, "Random seed (default 1)");
    addNumberOption(*c.app, "--ec2-c1-medium", o->ec2C1Medium, {0, 20},
                    "The 20-node EC2 testbed with N c1.medium nodes (0-20), the rest m1.medium",
                    "N")
        ->excludes(machines)
        ->excludes(jobs)
        ->excludes(stores)
        ->excludes(seed);
    c.app->add_option("-o,--output", o->output, "Output cost model file")
        ->required()
        ->type_name("FILE");
    c.run = [o](std::ostream& out, std::ostream&) {
        const cost::CostModel model = o->ec2C1Medium >= 0 || o->ec2C1Medium < -1
                                          ? cost::ec2CostModel(o->ec2C1Medium)
                                          : cost::randomCostModel(o->random);
        cost::saveCostModel(model, o->output);
        out << "wrote " << o->output << ": " << model.machines.size() << " machines, "
            << model.stores.size() << " stores, " << model.jobs.size() << " jobs\n";
    };
    return c;
}

}  // namespace mr::cli
