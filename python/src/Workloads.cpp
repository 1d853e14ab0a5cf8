// load, generate, import_rumen, import_swim and the Workload class: the same loaders, generators
// and importers as mrsim's, with the same checks (a refused field is InputError → ValueError).
#include <pybind11/stl.h>

#include <limits>
#include <optional>

#include "Bindings.h"
#include "io/RumenImport.h"
#include "io/SwimImport.h"
#include "io/WorkloadJson.h"
#include "workloads/Arrivals.h"
#include "workloads/Generators.h"

namespace mr::python {

namespace {

PyWorkload shared(Workload w) {
    return {std::make_shared<const Workload>(std::move(w))};
}

// The loader's warnings (unknown keys kept for the round trip, ...) as Python warnings.
void warn(const LoadReport& report) {
    for (const std::string& warning : report.warnings) {
        if (PyErr_WarnEx(PyExc_UserWarning, warning.c_str(), 1) != 0) {
            throw py::error_already_set();
        }
    }
}

PyWorkload load(const std::string& path) {
    LoadReport report;
    Workload w;
    {
        const py::gil_scoped_release noGil;
        w = loadWorkload(path, &report);
    }
    warn(report);
    return shared(std::move(w));
}

PyWorkload parse(const std::string& text, const std::string& source) {
    LoadReport report;
    Workload w = parseWorkload(text, source, &report);
    warn(report);
    return shared(std::move(w));
}

PyWorkload generate(const std::string& kind, const py::object& jobs, const py::object& seed,
                    const py::object& nodes, const py::object& slotsPerNode,
                    std::optional<double> withinJobSigma, std::optional<double> interarrival,
                    std::optional<std::string> deadlineFactor) {
    GenerateOptions options{
        .jobs = wholeArgument("jobs", jobs, 1, kMaxCount),
        .seed = seedArgument(seed),
        .nodes = wholeArgument("nodes", nodes, 1, kMaxCount),
        .slotsPerNode = wholeArgument("slots_per_node", slotsPerNode, 1, kMaxCount),
        .withinJobSigma = withinJobSigma};
    ArrivalOptions arrivals{interarrival, std::nullopt};
    if (deadlineFactor) {
        arrivals.deadlineFactor = parseDeadlineFactor(*deadlineFactor);
    }
    const py::gil_scoped_release noGil;
    Workload w = generateWorkload(kind, options);
    if (arrivals.meanInterarrival || arrivals.deadlineFactor) {
        addArrivalsAndDeadlines(w, arrivals, options.seed);
    }
    return shared(std::move(w));
}

PyWorkload importRumenFile(const std::string& path, const py::object& nodes,
                           const py::object& mapSlotsPerNode, const py::object& reduceSlotsPerNode,
                           bool overheads) {
    RumenImportOptions options;
    options.nodes = optionalWholeArgument("nodes", nodes, 1, kMaxNodeCount);
    options.mapSlotsPerNode =
        optionalWholeArgument("map_slots_per_node", mapSlotsPerNode, 1, kMaxSlotCount);
    options.reduceSlotsPerNode =
        optionalWholeArgument("reduce_slots_per_node", reduceSlotsPerNode, 1, kMaxSlotCount);
    options.overheads = overheads;
    const py::gil_scoped_release noGil;
    return shared(importRumen(path, options));
}

PyWorkload importSwimFile(const std::string& path, const py::object& blockSize, double mapMBPerS,
                          double reduceMBPerS, const py::object& bytesPerReducer,
                          double taskOverhead, const py::object& jobs, const py::object& nodes,
                          const py::object& mapSlotsPerNode, const py::object& reduceSlotsPerNode) {
    constexpr long long kMaxLong = std::numeric_limits<long long>::max();
    SwimImportOptions options;
    options.model = {
        wholeLongArgument("block_size", blockSize, 1, kMaxLong), mapMBPerS, reduceMBPerS,
        wholeLongArgument("bytes_per_reducer", bytesPerReducer, 1, kMaxLong), taskOverhead};
    options.maxJobs = wholeLongArgument("jobs", jobs, 0, kMaxLong);  // 0: every row
    options.cluster = {
        wholeArgument("nodes", nodes, 1, kMaxNodeCount),
        wholeArgument("map_slots_per_node", mapSlotsPerNode, 1, kMaxSlotCount),
        wholeArgument("reduce_slots_per_node", reduceSlotsPerNode, 1, kMaxSlotCount)};
    const py::gil_scoped_release noGil;
    return shared(importSwim(path, options));
}

void bindWorkloadClass(py::module_& m) {
    py::class_<PyWorkload>(m, "Workload",
                           "A cluster and a batch of jobs (an mrx-workload document)")
        .def_property_readonly("name", [](const PyWorkload& w) { return w.workload->name; })
        .def_property_readonly("description",
                               [](const PyWorkload& w) { return w.workload->description; })
        .def_property_readonly("nodes",
                               [](const PyWorkload& w) { return w.workload->cluster.nodes; })
        .def_property_readonly(
            "map_slots_per_node",
            [](const PyWorkload& w) { return w.workload->cluster.mapSlotsPerNode; })
        .def_property_readonly(
            "reduce_slots_per_node",
            [](const PyWorkload& w) { return w.workload->cluster.reduceSlotsPerNode; })
        .def_property_readonly(
            "job_names",
            [](const PyWorkload& w) {
                std::vector<std::string> names;
                for (const Job& job : w.workload->jobs) {
                    names.push_back(job.name);
                }
                return names;
            },
            "The jobs' names, in file order")
        .def_property_readonly("task_count",
                               [](const PyWorkload& w) { return w.workload->taskCount(); })
        .def("__len__", [](const PyWorkload& w) { return w.workload->jobs.size(); })
        .def("__repr__",
             [](const PyWorkload& w) {
                 return "<mrx.Workload '" + w.workload->name +
                        "': " + describeWorkload(*w.workload) + ">";
             })
        .def(
            "to_json", [](const PyWorkload& w) { return serializeWorkload(*w.workload); },
            "The workload file's text (what save writes)")
        .def(
            "save",
            [](const PyWorkload& w, const std::string& path) { saveWorkload(*w.workload, path); },
            py::arg("path"), "Write the workload file (atomically)")
        .def_static("from_json", &parse, py::arg("text"), py::arg("source") = "",
                    "A workload from an mrx-workload document's text, checked as load checks a "
                    "file (`source` names it in errors)");
}

}  // namespace

void bindWorkloads(py::module_& m) {
    bindWorkloadClass(m);
    m.def("load", &load, py::arg("path"), "Load an mrx-workload file (as mrsim run WORKLOAD)");
    m.def("generate", &generate, py::arg("kind"), py::kw_only(), py::arg("jobs") = 100,
          py::arg("seed") = 1, py::arg("nodes") = 64, py::arg("slots_per_node") = 1,
          py::arg("within_job_sigma") = py::none(), py::arg("interarrival") = py::none(),
          py::arg("deadline_factor") = py::none(),
          "A seeded synthetic workload, as mrsim generate KIND --jobs N --seed S ...");
    m.def("generator_kinds", &generatorKinds, "The kinds generate knows");
    const RumenImportOptions rumen;
    m.def("import_rumen", &importRumenFile, py::arg("path"), py::kw_only(),
          py::arg("nodes") = py::none(), py::arg("map_slots_per_node") = py::none(),
          py::arg("reduce_slots_per_node") = py::none(), py::arg("overheads") = rumen.overheads,
          "A Hadoop Rumen job history as a workload (mrsim import rumen)");
    const SwimImportOptions swim;
    m.def("import_swim", &importSwimFile, py::arg("path"), py::kw_only(),
          py::arg("block_size") = swim.model.blockSize,
          py::arg("map_mb_per_s") = swim.model.mapMBPerS,
          py::arg("reduce_mb_per_s") = swim.model.reduceMBPerS,
          py::arg("bytes_per_reducer") = swim.model.bytesPerReducer,
          py::arg("task_overhead") = swim.model.taskOverhead, py::arg("jobs") = swim.maxJobs,
          py::arg("nodes") = swim.cluster.nodes,
          py::arg("map_slots_per_node") = swim.cluster.mapSlotsPerNode,
          py::arg("reduce_slots_per_node") = swim.cluster.reduceSlotsPerNode,
          "A SWIM trace as a workload (mrsim import swim)");
}

}  // namespace mr::python
