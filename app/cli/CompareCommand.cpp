// mrsim compare WORKLOAD --algorithms A,B,... [--scenario FILE] [--json|--csv] [--all-metrics] —
// several algorithms side by side: makespans, then the job metrics of docs/metrics.md. An
// algorithm that refuses the workload (johnson on unequal nodes, optimal past its job limit)
// keeps its row with the reason; the exit status is 2 only when none ran.
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "experiments/Compare.h"
#include "io/ComparisonFormat.h"
#include "model/InputError.h"

namespace mr::cli {

Command makeCompareCommand(CLI::App& app) {
    struct Options {
        WorkloadOptions workload;
        std::string scenario;
        std::vector<std::string> algorithms;
        bool json = false;
        bool csv = false;
        bool allMetrics = false;
    };
    auto o = std::make_shared<Options>();
    Command c;
    c.app = app.add_subcommand(
        "compare",
        "Run several algorithms side by side. An algorithm that refuses the workload (johnson on "
        "unequal nodes, optimal past 10 jobs) keeps its row with the reason: \"-\" cells and the "
        "reason in the text, \"refused\" in --json, an empty makespan and the reason in the "
        "error column of --csv. Exit status 0 when at least one algorithm ran; 2 when every one "
        "refused or the input is bad");
    o->workload.addTo(*c.app);
    addScenarioOption(*c.app, o->scenario);
    c.app->add_option("-a,--algorithms", o->algorithms, "Comma-separated algorithm ids")
        ->required()
        ->delimiter(',')
        ->type_name("LIST");
    auto* json = c.app->add_flag("--json", o->json, "Print JSON");
    c.app->add_flag("--csv", o->csv, "Print CSV (every job metric)")->excludes(json);
    c.app->add_flag("--all-metrics", o->allMetrics,
                    "Show every job metric in the text's metrics table (JCT p50/p99, wait "
                    "p95/max, bounded slowdown), not only JCT mean/p95/max, mean wait, "
                    "slowdown mean/max and fairness");
    c.run = [o](std::ostream& out, std::ostream& err) {
        Workload w = o->workload.load(err);
        applyScenario(w, o->scenario);
        std::vector<AlgorithmOutcome> outcomes;
        try {
            outcomes = runEach(w, o->algorithms, o->workload.runOptions());
        } catch (const InputError& e) {
            rethrowNamingFile(e, o->workload.workload);
        }
        const std::vector<ComparisonEntry> entries = comparisonEntries(outcomes);
        if (o->json) {
            out << comparisonJson(w, entries).dump(2) << "\n";
        } else if (o->csv) {
            out << comparisonCsv(comparisonTable(w, entries));
        } else {
            out << comparisonText(comparisonTable(w, entries),
                                  o->allMetrics ? MetricColumns::All : MetricColumns::Default);
        }
        refuseWhenNoneRan(outcomes, o->workload.workload);
    };
    return c;
}

}  // namespace mr::cli
