"""mrx — MR Schedule Explorer from Python: simulate MapReduce batches slot by slot.

The functions follow mrsim's commands (docs/python.md): load, generate, import_rumen,
import_swim, algorithms, run, compare, sweep, sweep_load, sweep_faults. Results hold NumPy columns over the
core's own records; to_pandas() makes DataFrames of them. Bad input raises ValueError with the
line mrsim prints; Ctrl-C stops a long call (run, compare, the sweeps) and raises
KeyboardInterrupt.
"""

from __future__ import annotations

import json
import math
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, Union

from . import _core
from ._core import (
    Result,
    Workload,
    __version__,
    algorithms,
    generate,
    generator_kinds,
    import_rumen,
    import_swim,
    load,
    options,
    run,
)

__all__ = [
    "Comparison",
    "FaultSweepResult",
    "LoadSweepResult",
    "Result",
    "SweepResult",
    "TASK_KINDS",
    "Workload",
    "__version__",
    "algorithms",
    "compare",
    "generate",
    "generator_kinds",
    "import_rumen",
    "import_swim",
    "load",
    "options",
    "run",
    "sweep",
    "sweep_faults",
    "sweep_load",
]

TASK_KINDS = ("map", "reduce")  # the codes of Result.tasks["kind"]


def _pandas():
    import pandas

    return pandas


def _plain(value: Any) -> Any:
    """NumPy scalars and arrays as the JSON values the loader reads."""
    if hasattr(value, "tolist"):
        return value.tolist()
    raise TypeError(f"{type(value).__name__} is not a workload value")


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _from_jobs(
    jobs: Iterable[Mapping[str, Any]],
    *,
    nodes: Optional[int] = None,
    map_slots_per_node: int = 1,
    reduce_slots_per_node: int = 1,
    name: str = "",
    description: str = "",
    node_classes: Optional[Sequence[Mapping[str, Any]]] = None,
) -> Workload:
    """A workload from job records with the workload file's keys (docs/formats.md): name, maps,
    reduces, map_duration, reduce_duration (or map_durations, reduce_durations), arrival,
    deadline, ... Checked by the file loader: a bad field raises ValueError with its message.
    Missing values (None, NaN) leave the key out. node_classes: unequal nodes instead of nodes
    and the slots per node, as the file's cluster.node_classes (name, count, map_slots,
    reduce_slots, speed); a bad field raises ValueError naming it."""
    if node_classes is None:
        if nodes is None:
            raise ValueError("field 'cluster.nodes': give nodes or node_classes")
        cluster = {
            "nodes": nodes,
            "map_slots_per_node": map_slots_per_node,
            "reduce_slots_per_node": reduce_slots_per_node,
        }
    elif nodes is not None:
        raise ValueError("field 'cluster.nodes': give nodes or node_classes, not both")
    else:
        cluster = {"node_classes": _node_classes(node_classes)}
    document = {
        "format": "mrx-workload",
        "version": 1,
        "name": name,
        "description": description,
        "cluster": cluster,
        "jobs": [_job_record(i, job) for i, job in enumerate(jobs)],
    }
    return Workload.from_json(json.dumps(_non_finite_as_text(document), default=_plain))


def _job_record(index: int, job: Any) -> dict:
    """One job's keys without its missing values; ValueError naming the job for what JSON cannot
    carry (not a mapping, text that is not Unicode)."""
    if not isinstance(job, Mapping):
        raise ValueError(f"job #{index + 1}: must be a mapping of the workload file's keys (name, "
                         f"maps, map_duration, ...), got {type(job).__name__}")
    name = job.get("name")
    label = f"job '{_escaped(name)}'" if isinstance(name, str) else f"job #{index + 1}"
    for key, value in job.items():
        for text in (key, value):
            if isinstance(text, str) and not _is_unicode(text):
                raise ValueError(f"{label}: field '{_escaped(str(key))}': is not valid UTF-8 text")
    return {k: v for k, v in job.items() if not _missing(v)}


def _escaped(text: str) -> str:
    """Lone surrogates as \\udXXX, the way the core's messages escape what is not UTF-8."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate ("\ud800")
        return False
    return True


def _node_classes(classes: Any) -> list:
    if isinstance(classes, (str, bytes, Mapping)) or not isinstance(classes, Iterable):
        raise ValueError("field 'cluster.node_classes': must be a list of classes (name, count, "
                         f"map_slots, reduce_slots, speed), got {type(classes).__name__}")
    listed = list(classes)
    for i, c in enumerate(listed):
        if not isinstance(c, Mapping):
            raise ValueError(f"field 'cluster.node_classes[{i}]': must be a mapping of name, "
                             f"count, map_slots, reduce_slots, speed (got {type(c).__name__})")
    return [dict(c) for c in listed]


def _non_finite_as_text(value: Any) -> Any:
    """NaN and infinities as the text "nan", "inf", so that the loader names their field (JSON
    has no such numbers)."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, Mapping):
        return {k: _non_finite_as_text(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_non_finite_as_text(v) for v in value]
    return value


def _from_dataframe(frame: Any, **cluster: Any) -> Workload:
    """A workload from a DataFrame with one row per job and the workload file's keys as columns
    (the keywords of Workload.from_jobs give the cluster)."""
    return _from_jobs(frame.to_dict("records"), **cluster)


Workload.from_jobs = staticmethod(_from_jobs)
Workload.from_dataframe = staticmethod(_from_dataframe)


def _result_to_pandas(self: Result, table: str = "jobs") -> Any:
    """The run's jobs (table="jobs"), task records ("tasks") or single tasks, waves expanded
    ("single_tasks") as a DataFrame; kind is a categorical of "map" and "reduce"."""
    pandas = _pandas()
    if table == "jobs":
        return pandas.DataFrame(self.jobs)
    if table not in ("tasks", "single_tasks"):
        raise ValueError(f"table must be jobs, tasks or single_tasks (got '{table}')")
    columns = dict(self.tasks if table == "tasks" else self.single_tasks())
    columns["kind"] = pandas.Categorical.from_codes(columns["kind"], TASK_KINDS)
    return pandas.DataFrame(columns)


Result.to_pandas = _result_to_pandas


class Comparison:
    """Several algorithms on one workload (mrx.compare): results by id, the reasons of those
    that refused the workload, and the comparison mrsim compare --json prints."""

    def __init__(self, workload: Workload, entries: Sequence[tuple[str, Result | None, str]]):
        self.results = {algorithm: r for algorithm, r, _ in entries if r is not None}
        self.refused = {algorithm: reason for algorithm, r, reason in entries if r is None}
        self.table = _core._comparison_json(workload, list(entries))

    def to_pandas(self) -> Any:
        """One row per algorithm: its scalar fields of the comparison (makespan, model_makespan,
        improvement_over_baseline_pct, ...) and its metrics (jct_mean, jct_p95, wait_mean,
        slowdown_max, fairness, utilization_map, ...)."""
        rows = []
        for entry in self.table["results"]:
            row = {k: v for k, v in entry.items() if not isinstance(v, (list, dict))}
            row.update(_flat(entry.get("metrics", {})))
            rows.append(row)
        return _pandas().DataFrame(rows).set_index("algorithm")


def _flat(values: Mapping[str, Any], prefix: str = "") -> dict:
    """Nested scalars as one level: {"jct": {"mean": 1}} -> {"jct_mean": 1}."""
    out = {}
    for key, value in values.items():
        if isinstance(value, dict):
            out.update(_flat(value, f"{prefix}{key}_"))
        elif not isinstance(value, list):
            out[f"{prefix}{key}"] = value
    return out


def compare(workload: Workload, algorithms: Sequence[str], **options: Any) -> Comparison:
    """Run several algorithms on one workload, side by side (mrsim compare WORKLOAD -a A,B,...);
    the options are run's. An algorithm that refuses the workload (johnson on unequal nodes,
    optimal past 10 jobs) keeps its row with the reason (Comparison.refused); ValueError only
    when none ran or the arguments are bad."""
    return Comparison(workload, _core._compare(workload, list(algorithms), **options))


class SweepResult(dict):
    """A sweep's summary as mrsim sweep --json prints it: workload, runs, nodes and series (name,
    kind, and mean, min, max, stddev per cluster size)."""

    def to_pandas(self) -> Any:
        """One row per (series, cluster size): series, kind, nodes, mean, min, max, stddev."""
        rows = []
        for series in self["series"]:
            for i, nodes in enumerate(self["nodes"]):
                rows.append(
                    {
                        "series": series["name"],
                        "kind": series["kind"],
                        "nodes": nodes,
                        **{k: series[k][i] for k in ("mean", "min", "max", "stddev")},
                    }
                )
        return _pandas().DataFrame(rows)


class LoadSweepResult(dict):
    """A load sweep's summary as mrsim sweep-load --json prints it."""

    def to_pandas(self) -> Any:
        """One row per (inter-arrival time, algorithm) with its mean deadline metrics."""
        return _pandas().DataFrame(self["points"])


class FaultSweepResult(dict):
    """A fault sweep's summary as mrsim sweep-faults --json prints it: workload, axis, values,
    runs, seed, algorithms, scenario and points."""

    def to_pandas(self) -> Any:
        """One row per (probability, algorithm): runs, makespan mean, p95 and max, mean failed
        jobs and failed attempts."""
        return _pandas().DataFrame(self["points"])


Point = Mapping[str, Any]


def sweep(
    workload: Optional[Workload] = None,
    *,
    nodes: Union[str, Sequence[int]],
    algorithms: Sequence[str],
    generate: Optional[str] = None,
    jobs: int = 100,
    runs: int = 1,
    slots_per_node: int = 1,
    within_job_sigma: Optional[float] = None,
    callback: Optional[Callable[[Point], Any]] = None,
    **options: Any,
) -> SweepResult:
    """Makespan against cluster size ([Verma12] Figs. 7-9), as mrsim sweep: a workload, or
    generate=KIND with jobs, runs (seeds seed, seed + 1, ...) and slots_per_node. nodes:
    "FROM:TO:STEP" or a list. callback(point) gets each point as it finishes (the fields of
    mrsim sweep -o's lines); threads= bounds the worker threads."""
    return SweepResult(
        _core._sweep(
            workload,
            nodes,
            list(algorithms),
            generate,
            jobs,
            runs,
            slots_per_node,
            within_job_sigma,
            callback,
            **options,
        )
    )


def sweep_load(
    kind: str = "facebook-1000",
    *,
    interarrivals: Union[str, Sequence[float]],
    jobs: int = 1000,
    nodes: int = 64,
    runs: int = 10,
    deadline_factor: str = "1:2",
    algorithms: Optional[Sequence[str]] = None,
    within_job_sigma: Optional[float] = None,
    callback: Optional[Callable[[Point], Any]] = None,
    **options: Any,
) -> LoadSweepResult:
    """Deadline metrics against the mean inter-arrival time ([Verma12b] Figs. 1-4), as mrsim
    sweep-load. interarrivals: "FROM:TO:STEP" or a list (seconds). callback(point) gets each
    point as it finishes."""
    return LoadSweepResult(
        _core._sweep_load(
            kind,
            jobs,
            nodes,
            interarrivals,
            runs,
            deadline_factor,
            None if algorithms is None else list(algorithms),
            within_job_sigma,
            callback,
            **options,
        )
    )


def sweep_faults(
    workload: Workload,
    *,
    axis: str,
    values: Union[str, Sequence[float]],
    algorithms: Sequence[str],
    runs: int = 10,
    scenario: Union[None, str, Mapping[str, Any]] = None,
    straggler_factor: Optional[str] = None,
    callback: Optional[Callable[[Point], Any]] = None,
    **options: Any,
) -> FaultSweepResult:
    """Makespan against the attempt failure probability (axis="failure-prob") or the straggler
    probability ("straggler-prob"), as mrsim sweep-faults: mean, 95th percentile and worst over
    runs seeded seed, seed + 1, ... values: "FROM:TO:STEP" or a list of probabilities. The base
    scenario is the workload's own, or scenario= (a scenario file's path, or a dict with its
    fields); straggler_factor="A:B" sets its straggler factors. callback(point) gets each point
    as it finishes (the fields of mrsim sweep-faults -o's lines)."""
    path = scenario if isinstance(scenario, str) else None
    text = None if scenario is None or path is not None else json.dumps(dict(scenario))
    return FaultSweepResult(
        _core._sweep_faults(
            workload,
            axis,
            values,
            runs,
            list(algorithms),
            path,
            text,
            straggler_factor,
            callback,
            **options,
        )
    )


# compare takes run's algorithms and options: its docstring lists them as run's does (from the
# registry).
_registry = run.__doc__.split("\nAlgorithms:", 1)[1]
compare.__doc__ = (compare.__doc__ or "") + "\n\nAlgorithms:" + _registry
del _registry
Workload.__module__ = Result.__module__ = __name__
