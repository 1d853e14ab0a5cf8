// mrsim min-slots WORKLOAD --job NAME [--deadline D] [--model aria-avg|eq10] [--json] — the
// fewest (map, reduce) slots that meet a deadline in the model ([Verma12b] §II, [Rao12] Eq. 10).
#include <cmath>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/Command.h"
#include "cli/NumberOptions.h"
#include "io/WorkloadJson.h"
#include "model/Numbers.h"
#include "perf/QuotaModel.h"

namespace mr::cli {

namespace {

struct MinSlotsOptions {
    std::string workload;
    std::string job;
    std::optional<double> deadline;
    std::string model = "aria-avg";
    bool json = false;
};

// The answer for one job: its model, the slots it could use at most and the minimal quota.
struct MinSlotsAnswer {
    const Job& job;
    double deadline;
    CompletionForm form;
    SlotPair most;
    SlotQuota quota;
};

nlohmann::ordered_json answerJson(const MinSlotsOptions& o, const MinSlotsAnswer& a) {
    const SlotQuota& q = a.quota;
    nlohmann::ordered_json j;
    j["job"] = a.job.name;
    j["model"] = o.model;
    j["deadline"] = a.deadline;
    j["feasible"] = q.feasible;
    j["map_slots"] = q.mapSlots;
    j["reduce_slots"] = q.reduceSlots;
    j["predicted_completion"] = q.predicted;
    j["lagrange_map_slots"] = q.lagrangeMap;
    j["lagrange_reduce_slots"] = q.lagrangeReduce;
    j["max_map_slots"] = a.most.map;
    j["max_reduce_slots"] = a.most.reduce;
    j["form"] = {{"a", a.form.a}, {"b", a.form.b}, {"c", a.form.c}};
    return j;
}

void printAnswer(const MinSlotsOptions& o, const MinSlotsAnswer& a, std::ostream& out) {
    const SlotQuota& q = a.quota;
    out << "job          " << a.job.name << " (" << a.job.maps() << " map, " << a.job.reduces()
        << " reduce tasks), model " << o.model << "\n";
    out << "form         T = " << formatTime(a.form.a) << "/Sm + " << formatTime(a.form.b)
        << "/Sr + " << formatTime(a.form.c) << "\n";
    out << "deadline     " << formatTime(a.deadline) << "\n";
    if (q.feasible) {
        char lagrange[96];
        std::snprintf(lagrange, sizeof lagrange, "%.4g map + %.4g reduce", q.lagrangeMap,
                      q.lagrangeReduce);
        out << "slots        " << q.mapSlots << " map + " << q.reduceSlots
            << " reduce (Lagrange point " << lagrange << ")\n";
        out << "predicted    " << formatTime(q.predicted) << "\n";
    } else {
        out << "infeasible   even the most useful allocation, " << q.mapSlots << " map + "
            << q.reduceSlots << " reduce slots, takes " << formatTime(q.predicted)
            << " in the model\n";
    }
}

void runMinSlots(const MinSlotsOptions& o, std::ostream& out, std::ostream& err) {
    LoadReport report;
    refuseNonWorkload(o.workload);
    const Workload w = loadWorkload(o.workload, &report);
    for (const auto& warning : report.warnings) {
        err << "mrsim: warning: " << warning << "\n";
    }
    refuseUnequalNodes(w.cluster, "min-slots",
                       "its bounds ([Verma12b] Eq. 1, [Rao12] Eq. 10) count identical slots",
                       o.workload);
    const auto index = w.findJob(o.job);
    if (!index) {
        throw InputError(o.workload, o.job, "job", "no such job in the workload");
    }
    const Job& job = w.jobs[static_cast<std::size_t>(*index)];
    const std::optional<double> deadline = o.deadline ? o.deadline : job.deadline;
    if (!deadline) {
        throw InputError(o.workload, o.job, "deadline",
                         "the job has no deadline; give one with --deadline");
    }
    if (!std::isfinite(*deadline) || *deadline <= 0.0) {
        throw InputError("", "", "deadline", "must be a finite number > 0");
    }
    const QuotaModel model = *parseQuotaModel(o.model);
    const CompletionForm form = jobCompletionForm(job, model);
    const SlotPair most = maxUsefulSlots(job, w.cluster.mapSlots(), w.cluster.reduceSlots());
    const MinSlotsAnswer answer{job, *deadline, form, most,
                                minimalSlots(form, *deadline, most.map, most.reduce)};
    if (o.json) {
        out << answerJson(o, answer).dump(2) << "\n";
    } else {
        printAnswer(o, answer, out);
    }
}

}  // namespace

Command makeMinSlotsCommand(CLI::App& app) {
    auto o = std::make_shared<MinSlotsOptions>();
    Command c;
    c.app = app.add_subcommand(
        "min-slots", "Minimal map and reduce slots for a job to meet a deadline in the model");
    c.app->add_option("workload", o->workload, "Workload file (mrx-workload JSON)")
        ->required()
        ->type_name("WORKLOAD");
    c.app->add_option("--job", o->job, "The job's name")->required()->type_name("NAME");
    addNumberOption(*c.app, "--deadline", o->deadline, {0, kMaxTime, true},
                    "Deadline in seconds after the job starts (default: the job's deadline)",
                    "SECONDS");
    c.app
        ->add_option("--model", o->model,
                     "aria-avg ([Verma12b], default), aria-low, aria-up, or eq10 ([Rao12])")
        ->check(CLI::IsMember({"aria-avg", "aria-low", "aria-up", "eq10"}))
        ->type_name("{aria-avg|aria-low|aria-up|eq10}");
    c.app->add_flag("--json", o->json, "Print JSON");
    c.run = [o](std::ostream& out, std::ostream& err) { runMinSlots(*o, out, err); };
    return c;
}

}  // namespace mr::cli
