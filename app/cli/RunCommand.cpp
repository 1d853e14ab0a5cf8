// mrsim run WORKLOAD --algorithm ID [--seed N] [--scenario FILE] [--json] [--tasks-csv OUT.csv]
// [--jobs-csv OUT.csv [--columns mrx|batsim]] [--trace-events OUT.json] — one algorithm, its
// schedule (and, on request, every task record as CSV: core/io/TaskCsv.h, every job with its
// metrics as CSV: core/io/JobCsv.h or Batsim's out_jobs.csv: core/io/BatsimJobsCsv.h, or the
// schedule as Chrome trace events: core/io/TraceEvents.h). The run keeps its task records only
// for the exports that need them.
#include <memory>
#include <ostream>

#include "cli/Command.h"
#include "exec/MemoryBudget.h"
#include "io/AtomicFile.h"
#include "io/BatsimJobsCsv.h"
#include "io/JobCsv.h"
#include "io/NumberFormat.h"
#include "io/RunFormat.h"
#include "io/TaskCsv.h"
#include "io/TraceEvents.h"
#include "model/InputError.h"
#include "schedulers/Registry.h"

namespace mr::cli {

namespace {

struct RunCommandOptions {
    WorkloadOptions workload;
    std::string scenario;
    std::string algorithm;
    bool json = false;
    std::string tasksCsv;
    std::string jobsCsv;
    std::string columns = "mrx";
    std::string traceEvents;
};

// The files a run writes besides its printed schedule: task records, jobs, trace events.
void writeRunExports(const Workload& w, const RunResult& result, const RunCommandOptions& o,
                     std::ostream& err) {
    if (!o.tasksCsv.empty()) {
        AtomicFileWriter file(o.tasksCsv);
        writeTaskRecordsCsv(w, result, [&](std::string_view piece) { file.write(piece); });
        file.commit();
    }
    if (o.columns == "batsim" && !o.jobsCsv.empty()) {
        try {
            writeBatsimJobsCsv(o.jobsCsv, w, result);
        } catch (const InputError& e) {
            rethrowNamingFile(e, o.workload.workload);
        }
    } else if (!o.jobsCsv.empty()) {
        writeFileAtomically(o.jobsCsv, jobTimesCsv(w, result));
    }
    if (!o.traceEvents.empty()) {
        AtomicFileWriter file(o.traceEvents);
        const TraceEventsSummary summary =
            writeTraceEvents(w, result, [&](std::string_view piece) { file.write(piece); });
        file.commit();
        if (summary.records > 0) {
            err << "note: " << o.traceEvents << " passed " << formatBytes(kMaxTraceEventBytes)
                << " of events: " << summary.records << " records (" << summary.tasks
                << " tasks) from t = " << formatNumber(summary.from)
                << " s on are summarised as one event per job and stage (process 3)\n";
        }
    }
}

}  // namespace

Command makeRunCommand(CLI::App& app) {
    auto o = std::make_shared<RunCommandOptions>();
    Command c;
    c.app = app.add_subcommand("run", "Run one algorithm and print its schedule");
    o->workload.addTo(*c.app);
    addScenarioOption(*c.app, o->scenario);
    c.app->add_option("-a,--algorithm", o->algorithm, "Algorithm id (see mrsim algorithms)")
        ->required()
        ->type_name("ID");
    c.app->add_flag("--json", o->json,
                    "Print one JSON object: algorithm, order, makespan, model_makespan, pools, "
                    "jobs, utilization");
    c.app
        ->add_option("--tasks-csv", o->tasksCsv,
                     "Also write every task record (job, kind, task, slot, node, start, end, "
                     "killed) as CSV")
        ->type_name("FILE");
    auto* jobsCsv =
        c.app
            ->add_option(
                "--jobs-csv", o->jobsCsv,
                "Also write one row per job (times and job metrics: wait, jct, slowdown...) as CSV")
            ->type_name("FILE");
    c.app
        ->add_option("--columns", o->columns,
                     "The --jobs-csv columns: mrx (ours) or batsim (Batsim's out_jobs.csv, "
                     "which evalys reads)")
        ->check(CLI::IsMember({"mrx", "batsim"}))
        ->needs(jobsCsv)
        ->capture_default_str()
        ->type_name("{mrx|batsim}");
    c.app
        ->add_option(
            "--trace-events", o->traceEvents,
            "Also write the schedule as Chrome trace events (JSON for Perfetto or "
            "chrome://tracing: a thread per slot, an event per task or wave; past 512 MiB the "
            "rest as one event per job and stage, said on stderr)")
        ->type_name("FILE");
    c.run = [o](std::ostream& out, std::ostream& err) {
        Workload w = o->workload.load(err);
        applyScenario(w, o->scenario);
        RunResult result;
        RunOptions options = o->workload.runOptions();
        // The schedule's text needs per-job times only; the task records are kept for the task
        // CSV, Batsim's jobs CSV (the slots each job ran on) and the trace events.
        options.recordTasks = !o->tasksCsv.empty() || !o->traceEvents.empty() ||
                              (o->columns == "batsim" && !o->jobsCsv.empty());
        try {
            result = runAlgorithm(w, o->algorithm, options);
        } catch (const InputError& e) {
            rethrowNamingFile(e, o->workload.workload);
        }
        writeRunExports(w, result, *o, err);
        out << (o->json ? runResultJson(w, result).dump(2) + "\n" : runResultText(w, result));
    };
    return c;
}

}  // namespace mr::cli
