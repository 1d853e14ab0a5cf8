// sweep, sweep_load and sweep_faults: the core's sweeps ([Verma12] Figs. 7–9; [Verma12b] Figs.
// 1–4; experiments/FaultSweep) with each point handed to a Python callback as it finishes (the
// fields of the JSON lines `mrsim sweep -o` writes), and the summary mrsim prints with --json.
// Points run on the core's thread pool
// (`threads`), the GIL released; Ctrl-C cancels through the core's cancel flag (Streaming.h).
#include <pybind11/stl.h>

#include <numeric>
#include <optional>

#include "Bindings.h"
#include "Streaming.h"
#include "experiments/FaultSweep.h"
#include "experiments/LoadSweep.h"
#include "experiments/Ranges.h"
#include "experiments/Sweep.h"
#include "io/FaultSweepFormat.h"
#include "io/LoadSweepFormat.h"
#include "io/ScenarioJson.h"
#include "io/SweepFormat.h"
#include "model/InputError.h"
#include "workloads/Generators.h"

namespace mr::python {

namespace {

std::vector<std::size_t> allPoints(std::size_t count) {
    std::vector<std::size_t> indices(count);
    std::iota(indices.begin(), indices.end(), std::size_t{0});
    return indices;
}

// Hands point `index` to `callback` (unless None), on the Python thread: {"index": index} and the
// point's fields (those of the lines `mrsim sweep -o` writes), made here on the worker.
void emitPoint(const Emit& emit, const py::object& callback, std::size_t index,
               const std::function<nlohmann::ordered_json()>& pointFields) {
    if (callback.is_none()) {
        return;
    }
    nlohmann::ordered_json fields = {{"index", index}};
    fields.update(pointFields());
    emit([&callback, fields = std::move(fields)] { callback(toPython(fields)); });
}

// `nodes` as "FROM:TO:STEP" (or "FROM:TO", "N") or as a list of sizes.
std::vector<int> nodeSizes(const py::object& nodes) {
    if (py::isinstance<py::str>(nodes)) {
        return parseNodeRange(nodes.cast<std::string>());
    }
    std::vector<int> sizes;
    for (const py::handle size : nodes) {
        sizes.push_back(wholeArgument("nodes", size, 1, kMaxNodeCount));
    }
    return sizes;
}

// The runs' workloads (io/SweepFormat.h): the given workload, or generated ones.
WorkloadSource sweepSource(const py::object& workload, const std::optional<std::string>& kind,
                           const GenerateOptions& generate, SweepDefinition& sweep) {
    if (workload.is_none() == !kind.has_value()) {
        throw InputError("", "", "workload", "give a workload or generate=KIND, not both");
    }
    if (!kind) {
        return fileSweepSource(workload.cast<const PyWorkload&>().workload, sweep);
    }
    return generatedSweepSource(*kind, generate, sweep.spec.run.seed, sweep);
}

py::object sweep(const py::object& workload, const py::object& nodes,
                 const std::vector<std::string>& algorithms, const std::optional<std::string>& kind,
                 const py::object& jobs, const py::object& runs, const py::object& slotsPerNode,
                 std::optional<double> withinJobSigma, const py::object& callback,
                 const py::kwargs& options) {
    SweepDefinition sweep;
    sweep.spec.nodes = nodeSizes(nodes);
    sweep.spec.algorithms = algorithms;
    sweep.spec.runs = wholeArgument("runs", runs, 1, kMaxCount);
    sweep.spec.run = runOptionsFrom(options);
    sweep.spec.threads = sweep.spec.run.threads;
    checkSweep(sweep.spec);
    GenerateOptions generate{
        .jobs = wholeArgument("jobs", jobs, 1, kMaxCount),
        .slotsPerNode = wholeArgument("slots_per_node", slotsPerNode, 1, kMaxCount),
        .withinJobSigma = withinJobSigma};
    const WorkloadSource source = sweepSource(workload, kind, generate, sweep);
    SweepValues values(sweepPointCount(sweep.spec));
    runStreaming([&](const CancelFlag& cancel, const Emit& emit) {
        sweep.spec.run.cancel = &cancel;
        runSweepPoints(source, sweep.spec, allPoints(values.size()),
                       [&](std::size_t i, const SweepPointValue& v) {
                           values[i] = v;
                           emitPoint(emit, callback, i,
                                     [&] { return sweepPointFields(sweep, i, &v); });
                       });
    });
    return toPython(sweepJson(summariseSweep(sweep.spec, sweep.workload, values)));
}

// `values` as "FROM:TO:STEP" (or "FROM:TO", "N") or as a list of numbers; `field` names them in
// errors.
std::vector<double> loads(const py::object& values, const std::string& field) {
    if (py::isinstance<py::str>(values)) {
        return parseRange(values.cast<std::string>(), field);
    }
    return values.cast<std::vector<double>>();
}

py::object sweepLoad(const std::string& kind, const py::object& jobs, const py::object& nodes,
                     const py::object& interarrivals, const py::object& runs,
                     const std::string& deadlineFactor,
                     const std::optional<std::vector<std::string>>& algorithms,
                     std::optional<double> withinJobSigma, const py::object& callback,
                     const py::kwargs& kwargs) {
    LoadSweepOptions options;
    options.kind = kind;
    options.jobs = wholeArgument("jobs", jobs, 1, kMaxCount);
    options.nodes = wholeArgument("nodes", nodes, 1, kMaxNodeCount);
    options.interarrivals = loads(interarrivals, "interarrival");
    options.runs = wholeArgument("runs", runs, 1, kMaxCount);
    options.deadlineFactor = parseDeadlineFactor(deadlineFactor);
    if (algorithms) {
        options.algorithms = *algorithms;
    }
    options.withinJobSigma = withinJobSigma;
    options.run = runOptionsFrom(kwargs);
    options.seed = options.run.seed;
    options.threads = options.run.threads;
    checkLoadSweep(options);
    LoadSweepValues values(loadSweepPointCount(options));
    runStreaming([&](const CancelFlag& cancel, const Emit& emit) {
        runLoadSweepPoints(
            options, allPoints(values.size()),
            [&](std::size_t i, const DeadlineMetrics& metrics) {
                values[i] = metrics;
                emitPoint(emit, callback, i, [&] { return loadPointFields(options, i, &metrics); });
            },
            {}, &cancel);
    });
    return toPython(loadSweepJson(summariseLoadSweep(options, values)));
}

// The base scenario: a scenario file, the text of a scenario object (a dict made JSON by the
// Python side), or the workload's own.
Scenario baseScenario(const Workload& workload, const std::optional<std::string>& file,
                      const std::optional<std::string>& text) {
    if (file) {
        return loadScenarioFile(*file);
    }
    if (!text) {
        return workload.scenario;
    }
    nlohmann::json value;
    try {
        value = nlohmann::json::parse(*text);
    } catch (const nlohmann::json::exception&) {
        throw InputError("", "", "scenario", "must be a JSON object (finite numbers only)");
    }
    return readScenario(value, "");
}

py::object sweepFaults(const PyWorkload& workload, const std::string& axis,
                       const py::object& values, const py::object& runs,
                       const std::vector<std::string>& algorithms,
                       const std::optional<std::string>& scenarioFile,
                       const std::optional<std::string>& scenarioText,
                       const std::optional<std::string>& stragglerFactor,
                       const py::object& callback, const py::kwargs& kwargs) {
    const Workload& w = *workload.workload;
    FaultSweepOptions options;
    options.axis = parseFaultAxis(axis);
    options.values = loads(values, "values");
    options.runs = wholeArgument("runs", runs, 1, kMaxCount);
    options.algorithms = algorithms;
    options.run = runOptionsFrom(kwargs);
    options.seed = options.run.seed;
    options.threads = options.run.threads;
    options.scenario = baseScenario(w, scenarioFile, scenarioText);
    if (stragglerFactor) {
        setStragglerFactor(options.scenario, *stragglerFactor);
    }
    checkFaultSweep(options);
    checkFaultSweep(options, w);
    FaultSweepValues points(faultSweepPointCount(options));
    runStreaming([&](const CancelFlag& cancel, const Emit& emit) {
        runFaultSweepPoints(
            w, options, allPoints(points.size()),
            [&](std::size_t i, const FaultPointValue& v) {
                points[i] = v;
                emitPoint(emit, callback, i, [&] { return faultPointFields(options, i, &v); });
            },
            {}, &cancel);
    });
    return toPython(faultSweepJson(summariseFaultSweep(options, w.name, points)));
}

}  // namespace

void bindSweeps(py::module_& m) {
    m.def("_sweep", &sweep, py::arg("workload"), py::arg("nodes"), py::arg("algorithms"),
          py::arg("generate"), py::arg("jobs"), py::arg("runs"), py::arg("slots_per_node"),
          py::arg("within_job_sigma"), py::arg("callback"));
    m.def("_sweep_load", &sweepLoad, py::arg("kind"), py::arg("jobs"), py::arg("nodes"),
          py::arg("interarrivals"), py::arg("runs"), py::arg("deadline_factor"),
          py::arg("algorithms"), py::arg("within_job_sigma"), py::arg("callback"));
    m.def("_sweep_faults", &sweepFaults, py::arg("workload"), py::arg("axis"), py::arg("values"),
          py::arg("runs"), py::arg("algorithms"), py::arg("scenario_file"),
          py::arg("scenario_text"), py::arg("straggler_factor"), py::arg("callback"));
}

}  // namespace mr::python
