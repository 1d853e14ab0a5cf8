// mrsim run WORKLOAD --algorithm ID [--seed N] [--json] — one algorithm, its schedule.
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "io/ResultFormat.h"
#include "model/InputError.h"
#include "schedulers/Registry.h"

namespace mr::cli {

Command makeRunCommand(CLI::App& app) {
    struct Options {
        WorkloadOptions workload;
        std::string algorithm;
        bool json = false;
    };
    auto o = std::make_shared<Options>();
    Command c;
    c.app = app.add_subcommand("run", "Run one algorithm and print its schedule");
    o->workload.addTo(*c.app);
    c.app->add_option("-a,--algorithm", o->algorithm, "Algorithm id (see mrsim algorithms)")
        ->required();
    c.app->add_flag("--json", o->json, "Print one JSON object (the DESIGN.md contract)");
    c.run = [o](std::ostream& out, std::ostream& err) {
        const Workload w = o->workload.load(err);
        RunResult result;
        try {
            result = runAlgorithm(w, o->algorithm, o->workload.runOptions());
        } catch (const InputError& e) {
            rethrowNamingFile(e, o->workload.workload);
        }
        out << (o->json ? runResultJson(w, result).dump(2) + "\n" : runResultText(w, result));
    };
    return c;
}

}  // namespace mr::cli
