// mrx._core — the compiled part of the Python module mrx (docs/python.md): workloads, runs,
// comparisons and sweeps over mrcore. Errors: InputError → ValueError (the line mrsim prints
// after "mrsim: error: "), SimulationError → RuntimeError; a cancelled call raises the
// KeyboardInterrupt that cancelled it (Streaming.h).
#include <pybind11/pybind11.h>

#include "Bindings.h"
#include "catalog/AlgorithmCatalog.h"
#include "model/InputError.h"
#include "sim/Simulator.h"

namespace mr::python {

namespace {

void translateErrors() {
    py::register_exception_translator([](std::exception_ptr error) {
        try {
            if (error) {
                std::rethrow_exception(error);
            }
        } catch (const InputError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        } catch (const SimulationError& e) {
            PyErr_SetString(PyExc_RuntimeError, e.what());
        }
    });
}

}  // namespace

}  // namespace mr::python

PYBIND11_MODULE(_core, m) {
    using namespace mr::python;
    m.doc() = "MR Schedule Explorer's core: simulate MapReduce batches slot by slot";
    m.attr("__version__") = MRX_VERSION;
    translateErrors();
    bindWorkloads(m);
    bindRuns(m);
    bindSweeps(m);
    m.def(
        "algorithms",
        [] {
            const py::object catalog = toPython(mr::algorithmCatalogJson());
            return py::object(catalog["algorithms"]);
        },
        "Every algorithm of the registry, as `mrsim algorithms --json` lists them: id, name, "
        "description, source (the paper, by reference key), options, needs");
}
