// mrsim min-slots WORKLOAD --job NAME [--deadline D] [--model aria-avg|eq10] [--json] — the
// fewest (map, reduce) slots that meet a deadline in the model (seed 004 §II, seed 003 Eq. 10).
#include <cmath>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/Command.h"
#include "io/WorkloadJson.h"
#include "model/Numbers.h"
#include "perf/QuotaModel.h"

namespace mr::cli {

Command makeMinSlotsCommand(CLI::App& app) {
    struct Options {
        std::string workload;
        std::string job;
        std::optional<double> deadline;
        std::string model = "aria-avg";
        bool json = false;
    };
    auto o = std::make_shared<Options>();
    Command c;
    c.app = app.add_subcommand(
        "min-slots", "Minimal map and reduce slots for a job to meet a deadline in the model");
    c.app->add_option("workload", o->workload, "Workload file (mrx-workload JSON)")->required();
    c.app->add_option("--job", o->job, "The job's name")->required();
    c.app->add_option("--deadline", o->deadline,
                      "Deadline in seconds after the job starts (default: the job's deadline)");
    c.app
        ->add_option("--model", o->model,
                     "aria-avg (seed 004, default), aria-low, aria-up, or eq10 (seed 003)")
        ->check(CLI::IsMember({"aria-avg", "aria-low", "aria-up", "eq10"}));
    c.app->add_flag("--json", o->json, "Print JSON");
    c.run = [o](std::ostream& out, std::ostream& err) {
        LoadReport report;
        const Workload w = loadWorkload(o->workload, &report);
        for (const auto& warning : report.warnings) {
            err << "mrsim: warning: " << warning << "\n";
        }
        const auto index = w.findJob(o->job);
        if (!index) {
            throw InputError(o->workload, o->job, "job", "no such job in the workload");
        }
        const Job& job = w.jobs[static_cast<std::size_t>(*index)];
        const std::optional<double> deadline = o->deadline ? o->deadline : job.deadline;
        if (!deadline) {
            throw InputError(o->workload, o->job, "deadline",
                             "the job has no deadline; give one with --deadline");
        }
        if (!std::isfinite(*deadline) || *deadline <= 0.0) {
            throw InputError("", "", "deadline", "must be a finite number > 0");
        }
        const QuotaModel model = *parseQuotaModel(o->model);
        const CompletionForm form = jobCompletionForm(job, model);
        const SlotPair most = maxUsefulSlots(job, w.cluster.mapSlots(), w.cluster.reduceSlots());
        const SlotQuota q = minimalSlots(form, *deadline, most.map, most.reduce);
        if (o->json) {
            nlohmann::ordered_json j;
            j["job"] = job.name;
            j["model"] = o->model;
            j["deadline"] = *deadline;
            j["feasible"] = q.feasible;
            j["map_slots"] = q.mapSlots;
            j["reduce_slots"] = q.reduceSlots;
            j["predicted_completion"] = q.predicted;
            j["lagrange_map_slots"] = q.lagrangeMap;
            j["lagrange_reduce_slots"] = q.lagrangeReduce;
            j["max_map_slots"] = most.map;
            j["max_reduce_slots"] = most.reduce;
            j["form"] = {{"a", form.a}, {"b", form.b}, {"c", form.c}};
            out << j.dump(2) << "\n";
            return;
        }
        out << "job          " << job.name << " (" << job.maps() << " map, " << job.reduces()
            << " reduce tasks), model " << o->model << "\n";
        out << "form         T = " << formatTime(form.a) << "/Sm + " << formatTime(form.b)
            << "/Sr + " << formatTime(form.c) << "\n";
        out << "deadline     " << formatTime(*deadline) << "\n";
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
    };
    return c;
}

}  // namespace mr::cli
