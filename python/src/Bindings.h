// Bindings — the parts of the Python module mrx._core (docs/python.md), one per file: workloads
// (load, generate, import), runs (run, compare, their columnar results), sweeps (sweep,
// sweep_load). Module.cpp adds them to the module in this order. Core's InputError arrives in
// Python as ValueError carrying the line mrsim prints after "mrsim: error: ".
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "model/Limits.h"
#include "model/Workload.h"
#include "schedulers/RunOptions.h"

namespace mr::python {

namespace py = pybind11;

// A workload as Python holds it: shared, never changed once made (results keep it for names).
struct PyWorkload {
    std::shared_ptr<const Workload> workload;
};

void bindWorkloads(py::module_& m);
void bindRuns(py::module_& m);
void bindSweeps(py::module_& m);

// JSON as Python objects (dict, list, str, int, float, bool, None), keys in their order.
py::object toPython(const nlohmann::ordered_json& json);

// The run options given as Python keywords (snake_case or the CLI's kebab-case ids), read with
// each option's own parser (schedulers/RunOptions.h): an unknown name or a refused value is
// InputError naming the option.
RunOptions runOptionsFrom(const py::kwargs& options);
// A whole-number argument (Python's int or anything with __index__, as NumPy's integers) within
// [min, max]; anything else is InputError naming `field` (a float, a bool, 2**70, -1 for a count).
// Every integer argument of the module is read this way, never as a C++ int by pybind11 (whose
// TypeError names no argument).
// The upper bounds they are read with: a count within int, the core checking its own finer
// bounds (as mrsim's do); a cluster within what a workload file may hold (model/Limits.h).
inline constexpr int kMaxCount = std::numeric_limits<int>::max();
inline constexpr int kMaxNodeCount = static_cast<int>(kMaxNodes);
inline constexpr int kMaxSlotCount = static_cast<int>(kMaxSlotsPerNode);
long long wholeLongArgument(const char* field, const py::handle& value, long long min,
                            long long max);
int wholeArgument(const char* field, const py::handle& value, int min, int max);
// As wholeArgument, with None for "not given".
std::optional<int> optionalWholeArgument(const char* field, const py::handle& value, int min,
                                         int max);
// A seed argument: a whole number from 0 to 2^64 - 1, else InputError on field "seed".
std::uint64_t seedArgument(const py::handle& value);

// The run options' specs (id, type, default, help, range or choices), for mrx.options().
py::list runOptionList();

}  // namespace mr::python
