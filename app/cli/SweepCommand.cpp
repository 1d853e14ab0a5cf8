// mrsim sweep [WORKLOAD] --nodes FROM:TO:STEP --algorithms A,B,... [--generate KIND --jobs N
// [--runs R] [--slots-per-node K]] [--csv|--json] — makespan against cluster size (seed 000
// Figs. 7–9), with the two-stage formula's Min and Max lines.
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "experiments/Sweep.h"
#include "io/SweepFormat.h"
#include "workloads/Generators.h"

namespace mr::cli {

Command makeSweepCommand(CLI::App& app) {
    struct Options {
        WorkloadOptions workload;
        std::string nodes;
        std::vector<std::string> algorithms;
        std::string generate;
        GenerateOptions generateOptions;
        int runs = 1;
        bool json = false;
        bool csv = false;
    };
    auto o = std::make_shared<Options>();
    Command c;
    c.app = app.add_subcommand(
        "sweep",
        "Makespan against cluster size for several algorithms, plus the two-stage formula's Min "
        "(Johnson) and Max (reverse Johnson) lines. Give a WORKLOAD file, or --generate KIND "
        "--jobs N [--runs R] for R generated workloads (seeds S, S+1, ... from --seed) and their "
        "mean "
        "and spread.");
    o->workload.addTo(*c.app, false);
    c.app->add_option("--nodes", o->nodes, "Cluster sizes FROM:TO:STEP (or FROM:TO, or N)")
        ->required();
    c.app->add_option("-a,--algorithms", o->algorithms, "Comma-separated algorithm ids")
        ->required()
        ->delimiter(',');
    auto* generate = c.app->add_option("--generate", o->generate,
                                       "Generate the workloads of this kind instead of a file");
    c.app->add_option("--jobs", o->generateOptions.jobs, "Jobs per generated workload")
        ->needs(generate);
    c.app->add_option("--runs", o->runs, "Generated workloads per cluster size (default 1)")
        ->check(CLI::Range(1, 10000))
        ->needs(generate);
    c.app
        ->add_option("--slots-per-node", o->generateOptions.slotsPerNode,
                     "Map and reduce slots per node of generated workloads (default 1)")
        ->needs(generate);
    auto* json = c.app->add_flag("--json", o->json, "Print JSON");
    c.app->add_flag("--csv", o->csv, "Print CSV")->excludes(json);
    c.run = [o](std::ostream& out, std::ostream& err) {
        if (o->generate.empty() == o->workload.workload.empty()) {
            throw InputError("", "", "workload",
                             o->generate.empty()
                                 ? "give a WORKLOAD file or --generate KIND"
                                 : "give a WORKLOAD file or --generate KIND, not both");
        }
        SweepSpec spec;
        spec.nodes = parseNodeRange(o->nodes);
        spec.algorithms = o->algorithms;
        spec.runs = o->runs;
        spec.run = o->workload.runOptions();
        spec.threads = o->workload.run.threads;
        WorkloadSource source;
        if (o->generate.empty()) {
            auto file = std::make_shared<Workload>(o->workload.load(err));
            source = [file](int) { return *file; };
        } else {
            source = [o](int run) {
                GenerateOptions g = o->generateOptions;
                g.seed = o->workload.run.seed + static_cast<std::uint64_t>(run);
                return generateWorkload(o->generate, g);
            };
        }
        SweepResult result;
        try {
            result = runSweep(source, spec);
        } catch (const InputError& e) {
            rethrowNamingFile(e, o->workload.workload);
        }
        if (o->json) {
            out << sweepJson(result).dump(2) << "\n";
        } else if (o->csv) {
            out << sweepCsv(result);
        } else {
            out << sweepText(result);
        }
    };
    return c;
}

}  // namespace mr::cli
