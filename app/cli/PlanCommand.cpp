// mrsim plan WORKLOAD --algorithm ID [--capacity-scheduler OUT.xml] [--submit-script OUT.sh]
//            [--sls OUT.json] [--sls-nodes OUT.json] [--verify]
// A schedule as something a real cluster can run: Capacity-scheduler queues, a submission
// script, and an SLS trace (and topology) of the simulated schedule (core/io/PoolPlan.h);
// --verify runs the exported queues back through the Capacity scheduler
// (core/io/PlanVerify.h).
#include <algorithm>
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "io/PlanFiles.h"
#include "io/PlanVerify.h"
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

// Each queue's makespan in the plan beside the Capacity scheduler's, as exported and elastic.
void printVerification(std::ostream& out, const PlanVerification& v) {
    std::size_t width = 5;
    for (const QueueCheck& q : v.queues) {
        width = std::max(width, q.queue.size());
    }
    const auto row = [&](const std::string& name, const std::string& a, const std::string& b,
                         const std::string& c) {
        out << "verify    " << name << std::string(width - name.size() + 2, ' ') << a
            << std::string(a.size() < 12 ? 12 - a.size() : 1, ' ') << b
            << std::string(b.size() < 12 ? 12 - b.size() : 1, ' ') << c << "\n";
    };
    row("queue", "plan", "capacity", "elastic");
    for (const QueueCheck& q : v.queues) {
        row(q.queue, formatTime(q.planned), formatTime(q.simulated), formatTime(q.elastic));
    }
    row("all", formatTime(v.planned), formatTime(v.simulated), formatTime(v.elastic));
    const bool same = std::all_of(v.queues.begin(), v.queues.end(),
                                  [](const QueueCheck& q) { return q.simulated == q.planned; });
    out << "verify    "
        << (same ? "every queue ends when the plan says"
                 : "DIFFERS: a queue ends at another time than the plan says")
        << " (capacity: the exported queues; elastic: maximum-capacity 100, no user limit)\n";
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
        bool verify = false;
    };
    auto o = std::make_shared<Options>();
    Command c;
    c.app = app.add_subcommand(
        "plan",
        "Turn one algorithm's schedule into Capacity-scheduler queues, a submit script and an "
        "SLS trace");
    o->workload.addTo(*c.app);
    c.app->add_option("-a,--algorithm", o->algorithm, "Algorithm id (see mrsim algorithms)")
        ->required()
        ->type_name("ID");
    c.app
        ->add_option("--capacity-scheduler", o->capacityXml,
                     "Write the queues as capacity-scheduler.xml")
        ->type_name("FILE");
    c.app
        ->add_option("--submit-script", o->submitScript,
                     "Write a POSIX sh script that submits the jobs in the plan's order")
        ->type_name("FILE");
    c.app->add_option("--sls", o->sls, "Write the simulated schedule as an SLS job trace (JSON)")
        ->type_name("FILE");
    c.app
        ->add_option("--sls-nodes", o->slsNodes,
                     "Write the cluster as an SLS topology file (slsrun.sh --nodes)")
        ->type_name("FILE");
    c.app->add_flag("--verify", o->verify,
                    "Run the exported queues back through the capacity scheduler and print each "
                    "queue's makespan beside the plan's (as exported, and elastic)");
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
        if (o->verify) {
            printVerification(out, verifyPlan(w, plan, result, o->workload.runOptions()));
        }
        for (const WrittenFile& file : writePlanFiles(
                 w, plan, result, {o->capacityXml, o->submitScript, o->sls, o->slsNodes})) {
            out << "wrote     " << file.path << " (" << file.what << ")\n";
        }
    };
    return c;
}

}  // namespace mr::cli
