# The module's surface: the type stubs (mrx/__init__.pyi) declare every name mrx exports, every
# public member of its classes and every run option of the registry with its default and
# choices; the docstrings list the registry's algorithms and options.
import ast
import pathlib

import pytest

import mrx

STUB = ast.parse((pathlib.Path(mrx.__file__).parent / "__init__.pyi").read_text())


def stub_names(body):
    names = set()
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets)
    return names


def stub_function(name):
    return next(n for n in STUB.body if isinstance(n, ast.FunctionDef) and n.name == name)


def test_stub_declares_every_exported_name():
    assert set(mrx.__all__) <= stub_names(STUB.body)
    public = {n for n in dir(mrx) if not n.startswith("_")} - {"annotations", "json", "math"}
    typing_names = {"Any", "Callable", "Iterable", "Mapping", "Optional", "Sequence", "Union",
                    "Point"}
    assert public - typing_names <= set(mrx.__all__)


@pytest.mark.parametrize("cls", ["Workload", "Result", "Comparison", "SweepResult",
                                 "LoadSweepResult", "FaultSweepResult"])
def test_stub_declares_every_member(cls):
    stub = next(n for n in STUB.body if isinstance(n, ast.ClassDef) and n.name == cls)
    members = {n for n in dir(getattr(mrx, cls)) if not n.startswith("_")} - set(dir(dict))
    assert members <= stub_names(stub.body) | {"results", "table"}


TYPES = {"integer": "int", "real": "float", "flag": "bool", "choice": "Estimator",
         "names": "Union[str, Sequence[str]]"}


def test_stub_run_options_are_the_registrys():
    options = next(n for n in STUB.body if isinstance(n, ast.ClassDef) and n.name == "RunOptions")
    fields = {n.target.id: ast.unparse(n.annotation) for n in options.body
              if isinstance(n, ast.AnnAssign)}
    assert fields == {o["id"]: TYPES[o["type"]] for o in mrx.options()}


@pytest.mark.parametrize("function", ["run", "compare", "sweep", "sweep_load", "sweep_faults"])
def test_stub_functions_take_the_run_options(function):
    node = stub_function(function)
    assert node.args.kwarg.arg == "options"
    assert ast.unparse(node.args.kwarg.annotation) == "Unpack[RunOptions]"


def test_stub_estimator_choices_are_the_registrys():
    alias = next(n for n in STUB.body if isinstance(n, ast.Assign)
                 and n.targets[0].id == "Estimator")
    choices = [e.value for e in alias.value.slice.elts]
    spec = next(o for o in mrx.options() if o["id"] == "estimator")
    assert choices == spec["choices"]


def test_docstrings_list_the_registry():
    for algorithm in mrx.algorithms():
        if not algorithm["needs"]["cost_model"]:
            line = f"{algorithm['id']}: {algorithm['description']} ({algorithm['source']})"
            assert line in mrx.run.__doc__ and line in mrx.compare.__doc__
    for option in mrx.options():
        assert f"{option['id']} ({option['type']}" in mrx.run.__doc__


def test_algorithms_are_the_registry_listing():
    ids = [a["id"] for a in mrx.algorithms()]
    assert {"fifo", "johnson", "reverse-johnson", "balanced-pools", "hscheduler"} <= set(ids)
    johnson = next(a for a in mrx.algorithms() if a["id"] == "johnson")
    assert johnson["source"].startswith("[Verma12]")
