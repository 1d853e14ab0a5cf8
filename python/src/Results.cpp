// run and compare: a run's result as Python sees it. Its columns are NumPy arrays over the core's
// own records (strided views, read-only, each holding the result alive through a capsule); only
// the fields packed into bit-fields (a task's kind, killed flag and wave size) are copied, one
// array per column.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstddef>
#include <limits>
#include <memory>
#include <span>

#include "Bindings.h"
#include "Streaming.h"
#include "experiments/Compare.h"
#include "experiments/DeadlineMetrics.h"
#include "experiments/JobMetrics.h"
#include "io/BatsimJobsCsv.h"
#include "io/ComparisonFormat.h"
#include "io/JobMetricsFormat.h"
#include "io/RunFormat.h"
#include "schedulers/Registry.h"

namespace mr::python {

namespace {

struct PyResult {
    std::shared_ptr<const RunResult> result;
    std::shared_ptr<const Workload> workload;  // the input (names, the run's JSON)
    // The core's job metrics (experiments/JobMetrics.h), made when first asked for.
    mutable std::shared_ptr<const std::vector<JobMetrics>> metrics;

    const Workload& simulated() const {
        return result->simulatedWorkload ? *result->simulatedWorkload : *workload;
    }
    const std::vector<JobMetrics>& jobMetrics() const {
        if (!metrics) {
            metrics =
                std::make_shared<const std::vector<JobMetrics>>(mr::jobMetrics(*workload, *result));
        }
        return *metrics;
    }
};

// A read-only view of `count` values of type T, `stride` bytes apart from `first`, kept valid by
// `owner`.
template <class T>
py::array view(const std::shared_ptr<const void>& owner, const T* first, std::size_t count,
               std::size_t stride) {
    if (count == 0) {
        return py::array_t<T>(0);
    }
    py::capsule base(new std::shared_ptr<const void>(owner),
                     [](void* p) { delete static_cast<std::shared_ptr<const void>*>(p); });
    py::array out(py::dtype::of<T>(), {count}, {stride}, first, base);
    out.attr("flags").attr("writeable") = false;
    return out;
}

// One array of `count` values, element i = f(i) (a copy: for fields with no address of their own).
template <class T, class F>
py::array_t<T> column(std::size_t count, F&& f) {
    py::array_t<T> out(count);
    T* data = out.mutable_data();
    for (std::size_t i = 0; i < count; ++i) {
        data[i] = f(i);
    }
    return out;
}

py::array names(const Workload& workload) {
    py::list list;
    for (const Job& job : workload.jobs) {
        list.append(job.name);
    }
    return py::module_::import("numpy").attr("array")(list, py::arg("dtype") = "object");
}

// The core's per-job metrics under run --json's names: wait, jct, alone, slowdown,
// bounded_slowdown as views; deadline (absolute; NaN without one), deadline_met (None without
// one), lateness (NaN without one) and late as one array each.
void addMetricColumns(py::dict& out, const PyResult& r) {
    const std::vector<JobMetrics>& metrics = r.jobMetrics();
    const std::size_t n = metrics.size();
    const std::size_t stride = sizeof(JobMetrics);
    const std::shared_ptr<const void> owner = r.metrics;
    out["wait"] = view(owner, &metrics[0].wait, n, stride);
    out["jct"] = view(owner, &metrics[0].completion, n, stride);
    out["alone"] = view(owner, &metrics[0].alone, n, stride);
    out["slowdown"] = view(owner, &metrics[0].slowdown, n, stride);
    out["bounded_slowdown"] = view(owner, &metrics[0].boundedSlowdown, n, stride);
    const double none = std::numeric_limits<double>::quiet_NaN();
    out["deadline"] =
        column<double>(n, [&](std::size_t j) { return metrics[j].deadline.value_or(none); });
    py::list met;
    for (const JobMetrics& m : metrics) {
        met.append(m.deadlineMet ? py::object(py::bool_(*m.deadlineMet)) : py::object(py::none()));
    }
    out["deadline_met"] =
        py::module_::import("numpy").attr("array")(met, py::arg("dtype") = "object");
    out["lateness"] =
        column<double>(n, [&](std::size_t j) { return metrics[j].lateness.value_or(none); });
    const Workload& simulated = r.simulated();
    const auto& times = r.result->sim.jobs;
    out["late"] = column<bool>(n, [&](std::size_t j) {
        const auto& deadline = simulated.jobs[j].deadline;
        return deadline && missedDeadline(times[j].arrival, *deadline, times[j].end);
    });
}

py::dict jobColumns(const PyResult& r) {
    const auto& jobs = r.result->sim.jobs;
    const std::size_t n = jobs.size();
    const std::size_t stride = sizeof(JobTimes);
    py::dict out;
    out["name"] = names(r.simulated());
    if (n == 0) {
        return out;
    }
    out["arrival"] = view(r.result, &jobs[0].arrival, n, stride);
    out["start"] = view(r.result, &jobs[0].start, n, stride);
    out["map_end"] = view(r.result, &jobs[0].mapEnd, n, stride);
    out["end"] = view(r.result, &jobs[0].end, n, stride);
    const auto& stages = r.result->stages;
    if (stages.size() == n) {
        out["m"] = view(r.result, &stages[0].map, n, sizeof(StageDurations));
        out["r"] = view(r.result, &stages[0].reduce, n, sizeof(StageDurations));
    }
    const auto& before = r.result->inputStages;
    if (before.size() == n) {
        out["m_before"] = view(r.result, &before[0].map, n, sizeof(StageDurations));
        out["r_before"] = view(r.result, &before[0].reduce, n, sizeof(StageDurations));
    }
    out["killed_maps"] = view(r.result, &jobs[0].killedMaps, n, stride);
    out["killed_reduces"] = view(r.result, &jobs[0].killedReduces, n, stride);
    out["killed_work"] = view(r.result, &jobs[0].killedWork, n, stride);
    addMetricColumns(out, r);
    return out;
}

// The columns of `tasks`, owned by `owner`: job, task, slot, start, end as views; kind (0 map,
// 1 reduce), killed and count (tasks in the wave) as one array each.
py::dict taskColumns(const std::shared_ptr<const void>& owner,
                     std::span<const TaskRecord> tasks) {
    const std::size_t n = tasks.size();
    const std::size_t stride = sizeof(TaskRecord);
    py::dict out;
    const TaskRecord* first = n == 0 ? nullptr : tasks.data();
    out["job"] = view(owner, first ? &first->job : nullptr, n, stride);
    out["task"] = view(owner, first ? &first->task : nullptr, n, stride);
    out["slot"] = view(owner, first ? &first->slot : nullptr, n, stride);
    out["kind"] = column<std::uint8_t>(
        n, [&](std::size_t i) { return static_cast<std::uint8_t>(tasks[i].kind); });
    out["killed"] = column<bool>(n, [&](std::size_t i) { return tasks[i].killed; });
    out["count"] = column<std::int32_t>(n, [&](std::size_t i) { return tasks[i].count; });
    out["start"] = view(owner, first ? &first->start : nullptr, n, stride);
    out["end"] = view(owner, first ? &first->end : nullptr, n, stride);
    return out;
}

py::dict singleTaskColumns(const PyResult& r) {
    std::shared_ptr<const std::vector<TaskRecord>> single;
    {
        const py::gil_scoped_release noGil;
        single = std::make_shared<const std::vector<TaskRecord>>(expandWaves(r.result->sim.tasks));
    }
    return taskColumns(single, *single);
}

PyResult runOne(const PyWorkload& w, const std::string& algorithm, const py::kwargs& kwargs) {
    RunOptions options = runOptionsFrom(kwargs);
    auto result = std::make_shared<RunResult>();
    runStreaming([&](const CancelFlag& cancel, const Emit&) {
        options.cancel = &cancel;
        *result = runAlgorithm(*w.workload, algorithm, options);
    });
    return {result, w.workload};
}

// One (id, Result or None, reason) per algorithm, in the order given: an algorithm that refuses
// the workload keeps its place with its reason (refusalReason), as in mrsim compare; ValueError
// only when none ran.
py::list compareMany(const PyWorkload& w, const std::vector<std::string>& ids,
                     const py::kwargs& kwargs) {
    RunOptions options = runOptionsFrom(kwargs);
    std::vector<AlgorithmOutcome> outcomes;
    runStreaming([&](const CancelFlag& cancel, const Emit&) {
        options.cancel = &cancel;
        outcomes = runEach(*w.workload, ids, options);
    });
    refuseWhenNoneRan(outcomes, "");
    py::list out;
    for (AlgorithmOutcome& o : outcomes) {
        py::object result = py::none();
        if (o.result) {
            result = py::cast(
                PyResult{std::make_shared<const RunResult>(std::move(*o.result)), w.workload});
        }
        out.append(py::make_tuple(o.id, result, o.error));
    }
    return out;
}

// `entries`: compareMany's tuples; the refused ones become {"algorithm", "refused"} rows.
py::dict comparisonOf(const PyWorkload& w, const py::list& entries) {
    std::vector<ComparisonEntry> rows;
    for (const py::handle item : entries) {
        const auto entry = item.cast<py::tuple>();
        ComparisonEntry row;
        row.id = entry[0].cast<std::string>();
        if (!entry[1].is_none()) {
            row.result = entry[1].cast<const PyResult&>().result.get();
        }
        row.note = entry[2].cast<std::string>();
        rows.push_back(std::move(row));
    }
    return toPython(comparisonJson(*w.workload, rows));
}

void bindResult(py::module_& m) {
    py::class_<PyResult>(m, "Result", "One algorithm's run (mrx.run): its schedule as columns")
        .def_property_readonly(
            "algorithm", [](const PyResult& r) { return r.result->algorithm; }, "Algorithm id")
        .def_property_readonly(
            "makespan", [](const PyResult& r) { return r.result->sim.makespan; },
            "Last completion − first arrival (s)")
        .def_property_readonly(
            "model_makespan", [](const PyResult& r) { return r.result->modelMakespan; },
            "The two-stage formula's makespan of the order, where it applies (else None)")
        .def_property_readonly(
            "order", [](const PyResult& r) { return jobNames(*r.workload, r.result->order); },
            "Job names in the order the algorithm chose")
        .def_property_readonly(
            "utilization",
            [](const PyResult& r) {
                py::dict u;
                u["map"] = r.result->sim.mapUtilization();
                u["reduce"] = r.result->sim.reduceUtilization();
                return u;
            },
            "Busy fraction of the map and reduce slots over the makespan")
        .def_property_readonly(
            "notes", [](const PyResult& r) { return r.result->notes; }, "One-line remarks")
        .def_property_readonly("jobs", &jobColumns,
                               "Per-job columns (NumPy arrays, one row per job in file order)")
        .def_property_readonly(
            "tasks", [](const PyResult& r) { return taskColumns(r.result, r.result->sim.tasks); },
            "Task records as columns (a wave of equal tasks on consecutive slots is one row "
            "with its count)")
        .def("single_tasks", &singleTaskColumns,
             "Task records with every wave expanded into its single tasks (a copy)")
        .def_property_readonly(
            "metrics",
            [](const PyResult& r) {
                return toPython(runMetricsJson(runMetrics(*r.workload, *r.result, r.jobMetrics())));
            },
            "The run's job metrics (docs/metrics.md) as run --json's \"metrics\": JCT, wait, "
            "slowdown and bounded slowdown (mean, p50, p95, p99, max), fairness, utilisation, "
            "slot-seconds, deadlines")
        .def(
            "to_batsim_csv",
            [](const PyResult& r, const std::string& path) {
                writeBatsimJobsCsv(path, *r.workload, *r.result);
            },
            py::arg("path"),
            "Write the run as Batsim's out_jobs.csv (evalys's JobSet.from_csv reads it), as "
            "mrsim run --jobs-csv PATH --columns batsim")
        .def(
            "to_json",
            [](const PyResult& r) { return toPython(runResultJson(*r.workload, *r.result)); },
            "The run as `mrsim run --json` prints it");
}

// run's docstring: what it does, then the registry's algorithms and run options.
std::string runDoc() {
    std::string doc =
        "Run one algorithm on a workload, as mrsim run WORKLOAD -a ALGORITHM [--OPTION VALUE]; "
        "the options are keywords (snake_case ids). Returns a Result.\n\nAlgorithms:\n";
    for (const Algorithm* a : allAlgorithms()) {
        doc += "  " + a->id() + ": " + a->info().description + " (" + a->info().source + ")\n";
    }
    doc += "\nOptions:\n";
    for (const OptionSpec& spec : runOptionSpecs()) {
        std::string id = spec.id;
        std::replace(id.begin(), id.end(), '-', '_');
        doc += "  " + id + " (" + toString(spec.type) + ", default " +
               (spec.defaultValue.empty() ? "none" : spec.defaultValue) + "): " + spec.help + "\n";
    }
    return doc;
}

}  // namespace

void bindRuns(py::module_& m) {
    bindResult(m);
    static const std::string doc = runDoc();
    m.def("run", &runOne, py::arg("workload"), py::arg("algorithm"), doc.c_str());
    m.def("_compare", &compareMany, py::arg("workload"), py::arg("algorithms"));
    m.def("_comparison_json", &comparisonOf, py::arg("workload"), py::arg("entries"));
    m.def("options", &runOptionList, "The run options: id, type, default, help, range, choices");
}

}  // namespace mr::python
