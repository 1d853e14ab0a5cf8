// mrsim cost MODEL --algorithm ID[,ID...] [--epoch S] [--delay S] [--all-stores] [--json|--csv]
// — dollar-cost scheduling of a LiPS cost model ([Ehsan13]); several ids compare side by side.
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "cost/CostAlgorithms.h"
#include "cost/CostFormat.h"
#include "cost/CostModelJson.h"

namespace mr::cli {

Command makeCostCommand(CLI::App& app) {
    struct Options {
        std::string model;
        std::vector<std::string> algorithms;
        CostRunOptions run;
        bool json = false;
        bool csv = false;
    };
    auto o = std::make_shared<Options>();
    Command c;
    c.app = app.add_subcommand(
        "cost", "Dollar-cost scheduling of a cost model (LiPS). " + costAlgorithmHelp());
    c.app->add_option("model", o->model, "Cost model file (mrx-costmodel JSON)")
        ->required()
        ->type_name("MODEL");
    c.app
        ->add_option("-a,--algorithm", o->algorithms,
                     "Cost algorithm id; several (comma-separated) compare, the first is the "
                     "baseline")
        ->required()
        ->delimiter(',')
        ->type_name("LIST");
    o->run.addTo(*c.app);
    auto* json = c.app->add_flag("--json", o->json, "Print JSON");
    c.app->add_flag("--csv", o->csv, "Print CSV (one row per algorithm)")->excludes(json);
    c.run = [o](std::ostream& out, std::ostream&) {
        const cost::CostModel model = cost::loadCostModel(o->model);
        const auto results = cost::runCostAlgorithms(model, o->algorithms, o->run.costOptions());
        if (o->csv) {
            out << cost::costComparisonCsv(results);
        } else if (results.size() == 1) {
            out << (o->json ? cost::costResultJson(model, results[0]).dump(2) + "\n"
                            : cost::costResultText(model, results[0]));
        } else {
            out << (o->json ? cost::costComparisonJson(model, results).dump(2) + "\n"
                            : cost::costComparisonText(model, results));
        }
        for (const auto& r : results) {
            if (!r.feasible) {
                throw InputError(o->model, "", "", r.algorithm + ": " + r.message);
            }
        }
    };
    return c;
}

}  // namespace mr::cli
