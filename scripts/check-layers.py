#!/usr/bin/env python3
"""The layers run one way (docs/architecture.md): app -> ui -> core, and inside core from the top
layer to the bottom one (CORE_LAYERS). Reads every #include of core/, ui/ and app/ and prints one
line per include that goes the other way (a back-edge), or into a core folder the table does not
know; exits 1 when there is one. CTest runs it (layers.includesRunOneWay).

    scripts/check-layers.py [ROOT]     check the tree at ROOT (default: this checkout)
    scripts/check-layers.py --self-test   check the checker on small trees held in memory
"""
import pathlib
import re
import sys

# Lowest first. A core folder may include its own files and those of the folders in a lower
# layer, never those of its own layer or a higher one. A new folder goes into this table (and
# into docs/architecture.md's "Layers" line).
CORE_LAYERS = [
    ["model"],  # plain value types, the one number parser, tolerances, seeded random draws
    ["exec", "perf"],  # the thread pool and memory budget; the performance model
    ["sim", "workloads"],  # the engine and its policies; the workload generators
    ["schedulers", "timeline"],  # the algorithms and their registry; timeline summaries
    ["experiments"],  # compare, sweeps, load sweeps, deadline metrics, variant tables
    ["io"],  # file formats and the output of everything below
    ["cost"],  # LiPS and the dollar-cost side ([Ehsan13])
    ["catalog", "merge"],  # every algorithm in one listing; every sweep's parts read back
]
RANK = {folder: rank for rank, layer in enumerate(CORE_LAYERS) for folder in layer}
LAYER_TEXT = " -> ".join("/".join(layer) for layer in reversed(CORE_LAYERS))

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
SOURCES = (".h", ".hpp", ".cpp")


def includes(text):
    """(line number, '<' or '"', path) of every #include."""
    for number, line in enumerate(text.splitlines(), 1):
        match = INCLUDE.match(line)
        if match:
            yield number, match.group(1), match.group(2)


def check(files):
    """files: {relative path ('core/io/X.h'): text}. Returns the back-edges, one line each."""
    exists = set(files)
    problems = []
    for path in sorted(files):
        parts = path.split("/")
        top = parts[0]
        if top not in ("core", "ui", "app") or not path.endswith(SOURCES):
            continue
        for number, kind, name in includes(files[path]):
            where = f"{path}:{number}: #include {kind}{name}{'>' if kind == '<' else kind}"
            if kind == "<":
                # Qt (and QCustomPlot) stay out of the core.
                if top == "core" and (re.match(r"Q[A-Za-z]", name) or name.startswith("qcustomplot")):
                    problems.append(f"{where}: Qt in core/ (core is Qt-free)")
                continue
            # Where the include resolves: the include folders of each top-level folder, in the
            # order the compiler searches them (ui/ before core/: both have a cost/ folder).
            search = {"core": ["core"], "ui": ["ui", "core"], "app": ["app", "ui", "core"]}[top]
            own = "/".join(parts[:-1])
            if f"{own}/{name}" in exists:
                target = f"{own}/{name}"
            else:
                target = next((f"{root}/{name}" for root in search if f"{root}/{name}" in exists),
                              None)
                if target is None:
                    elsewhere = [r for r in ("app", "ui") if f"{r}/{name}" in exists]
                    if elsewhere:
                        problems.append(f"{where}: {top}/ includes {elsewhere[0]}/ "
                                        f"(the layers run app -> ui -> core)")
                    continue  # generated (moc) or third-party
            target_top = target.split("/")[0]
            if top == "core" and target_top == "core":
                source, included = parts[1], target.split("/")[1]
                if source == included or len(parts) < 3:
                    continue
                for folder in (source, included):
                    if folder not in RANK:
                        problems.append(f"{where}: core/{folder}/ is in no layer of "
                                        f"scripts/check-layers.py's CORE_LAYERS")
                if source in RANK and included in RANK and RANK[included] >= RANK[source]:
                    problems.append(f"{where}: {source}/ includes {included}/, a back-edge "
                                    f"(core's layers: {LAYER_TEXT})")
    return sorted(set(problems))


def read_tree(root):
    files = {}
    for top in ("core", "ui", "app"):
        for path in (root / top).rglob("*"):
            if path.is_file() and path.suffix in SOURCES:
                files[path.relative_to(root).as_posix()] = path.read_text(encoding="utf-8")
    return files


def self_test():
    clean = {
        "core/model/Job.h": "#include <vector>\n",
        "core/sim/Simulator.h": '#include "model/Job.h"\n',
        "core/io/WorkloadJson.h": '#include "sim/Simulator.h"\n',
        "core/cost/Plan.h": '#include "io/WorkloadJson.h"\n',
        "ui/cost/CostTab.h": '#include <QWidget>\n#include "cost/Plan.h"\n#include "cost/CostTab.h"\n',
        "app/mrx.cpp": '#include "cost/CostTab.h"\n',
    }
    cases = {
        "io -> cost": {"core/io/WorkloadJson.h": '#include "cost/Plan.h"\n'},
        "same layer": {"core/sim/Simulator.h": '#include "workloads/Gen.h"\n',
                       "core/workloads/Gen.h": ""},
        "unknown folder": {"core/newthing/X.h": '#include "model/Job.h"\n'},
        "Qt in core": {"core/model/Job.h": "#include <QString>\n"},
        "core -> ui": {"core/model/Job.h": '#include "cost/CostTab.h"\n'},
        "ui -> app": {"app/cli/Command.h": "", "ui/cost/CostTab.h": '#include "cli/Command.h"\n'},
    }
    failures = []
    if check(clean):
        failures.append(f"a clean tree: {check(clean)}")
    for name, change in cases.items():
        if not check({**clean, **change}):
            failures.append(f"{name}: not reported")
    for failure in failures:
        print(f"check-layers self-test: FAILED: {failure}")
    if not failures:
        print(f"check-layers self-test: a clean tree passes; {len(cases)} back-edges are found")
    return 1 if failures else 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    root = pathlib.Path(argv[1] if len(argv) > 1 else pathlib.Path(__file__).parent.parent)
    files = read_tree(root)
    problems = check(files)
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-layers: {len(problems)} includes against the layers (docs/architecture.md)")
        return 1
    print(f"check-layers: {len(files)} files, every include runs one way (core: {LAYER_TEXT})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
