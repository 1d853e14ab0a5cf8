// mrsim plan WORKLOAD --algorithm ID [--capacity-scheduler OUT.xml] [--submit-script OUT.sh]
//            [--sls OUT.json] [--sls-nodes OUT.json]
// A schedule as something a real cluster can run: Capacity-scheduler queues, a submission
// script, and an SLS trace (and topology) of the simulated schedule (core/io/PoolPlan.h).
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "io/PlanFiles.h"
#include "io/PoolPlan.h"
#include "model/InputError.h"
#include "model/Numbers.h"
#include "schedulers/Registry.h"

namespace mr::cli {

namespace {

constexpr std::size_t kNamesShown = 10;

std::string jobList(const Workload& w, const std::vector<int>& jobs) {
    std::string text;
    for (std::size_t i = 0; i < jobs.size() && i < kNamesShown; ++i) {
        text += (i == 0 ? "" : " ") + w.jobs[static_cast<std::size_t>(jobs[i])].name;
    }
    if (jobs.size() > kNamesShown) {
        text += " ... (+" + std::to_string(jobs.size() - kNamesShown) + " more)";
    }
    return text;
}

}  // namespace

Command makePlanCommand(CLI::App& app) {
    struct Options {
        WorkloadOptions workload;
        std::string algorithm;
        std::string capacityXml;
        std::string submitScript;
        std::string sls;
        std::string slsNodes;
    };
    auto o = std::make_shared<Options>();
    Command c;
    c.app = app.add_subcommand(
        "plan",
        "Turn one algorithm's schedule into Capacity-scheduler queues, a submit script and an "
        "SLS trace");
    o->workload.addTo(*c.app);
    c.app->add_option("-a,--algorithm", o->algorithm, "Algorithm id (see mrsim algorithms)")
        ->required();
    c.app->add_option("--capacity-scheduler", o->capacityXml,
                      "Write the queues as capacity-scheduler.xml");
    c.app->add_option("--submit-script", o->submitScript,
                      "Write a POSIX sh script that submits the jobs in the plan's order");
    c.app->add_option("--sls", o->sls, "Write the simulated schedule as an SLS job trace (JSON)");
    c.app->add_option("--sls-nodes", o->slsNodes,
                      "Write the cluster as an SLS topology file (slsrun.sh --nodes)");
    c.run = [o](std::ostream& out, std::ostream& err) {
        const Workload w = o->workload.load(err);
        RunResult result;
        try {
            RunOptions options = o->workload.runOptions();
            options.recordTasks = true;
            result = runAlgorithm(w, o->algorithm, options);
        } catch (const InputError& e) {
            rethrowNamingFile(e, o->workload.workload);
        }
        const PoolPlan plan = makePlan(w, result);
        out << "plan      " << result.algorithm << " on \"" << w.name << "\": makespan "
            << formatTime(result.makespan()) << "\n";
        for (const PlanQueue& q : plan.queues) {
            out << "queue     " << q.name << "  " << formatPercent(q.capacityHundredths) << "%  "
                << q.nodes << " nodes  " << q.jobs.size() << " jobs: " << jobList(w, q.jobs)
                << "\n";
        }
        for (const WrittenFile& file : writePlanFiles(
                 w, plan, result, {o->capacityXml, o->submitScript, o->sls, o->slsNodes})) {
            out << "wrote     " << file.path << " (" << file.what << ")\n";
        }
    };
    return c;
}

}  // namespace mr::cli
