# Type stubs of mrx (docs/python.md). RunOptions' keys, types and choices are the registry's run
# options (mrx.options()); python/tests/test_api.py checks that this file declares every name mrx
# exports, every public member of its classes and every run option with its type.
from typing import (
    Any,
    Callable,
    Iterable,
    Literal,
    Mapping,
    Optional,
    Sequence,
    TypedDict,
    Union,
    Unpack,
)

import numpy
import numpy.typing

__version__: str
TASK_KINDS: tuple[str, str]

Estimator = Literal["exact", "aria-low", "aria-up", "aria-avg"]
Point = Mapping[str, Any]

class RunOptions(TypedDict, total=False):
    """The run options (mrx.options(): defaults, ranges, help); a str is read as mrsim reads
    --ID TEXT."""

    estimator: Estimator
    seed: int
    pools: int
    order: Union[str, Sequence[str]]
    threads: int
    locality: bool
    vms_per_host: int
    remote_penalty: float
    reconfig_delay: float
Column = numpy.typing.NDArray[Any]

class Workload:
    """A cluster and a batch of jobs (an mrx-workload document)."""

    @property
    def name(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def nodes(self) -> int: ...
    @property
    def map_slots_per_node(self) -> int: ...
    @property
    def reduce_slots_per_node(self) -> int: ...
    @property
    def job_names(self) -> list[str]: ...
    @property
    def task_count(self) -> int: ...
    def __len__(self) -> int: ...
    def to_json(self) -> str: ...
    def save(self, path: str) -> None: ...
    @staticmethod
    def from_json(text: str, source: str = "") -> Workload: ...
    @staticmethod
    def from_jobs(
        jobs: Iterable[Mapping[str, Any]],
        *,
        nodes: Optional[int] = None,
        map_slots_per_node: int = 1,
        reduce_slots_per_node: int = 1,
        name: str = "",
        description: str = "",
        node_classes: Optional[Sequence[Mapping[str, Any]]] = None,
    ) -> Workload: ...
    @staticmethod
    def from_dataframe(frame: Any, **cluster: Any) -> Workload: ...

class Result:
    """One algorithm's run: its schedule as NumPy columns."""

    @property
    def algorithm(self) -> str: ...
    @property
    def makespan(self) -> float: ...
    @property
    def model_makespan(self) -> Optional[float]: ...
    @property
    def order(self) -> list[str]: ...
    @property
    def utilization(self) -> dict[str, float]: ...
    @property
    def notes(self) -> list[str]: ...
    @property
    def jobs(self) -> dict[str, Column]: ...
    @property
    def tasks(self) -> dict[str, Column]: ...
    @property
    def metrics(self) -> dict[str, Any]: ...
    def single_tasks(self) -> dict[str, Column]: ...
    def to_batsim_csv(self, path: str) -> None: ...
    def to_json(self) -> dict[str, Any]: ...
    def to_pandas(self, table: Literal["jobs", "tasks", "single_tasks"] = "jobs") -> Any: ...

class Comparison:
    results: dict[str, Result]
    refused: dict[str, str]
    table: dict[str, Any]
    def __init__(
        self, workload: Workload, entries: Sequence[tuple[str, Result | None, str]]
    ) -> None: ...
    def to_pandas(self) -> Any: ...

class SweepResult(dict[str, Any]):
    def to_pandas(self) -> Any: ...

class LoadSweepResult(dict[str, Any]):
    def to_pandas(self) -> Any: ...

class FaultSweepResult(dict[str, Any]):
    def to_pandas(self) -> Any: ...

def load(path: str) -> Workload: ...
def generate(
    kind: str,
    *,
    jobs: int = 100,
    seed: int = 1,
    nodes: int = 64,
    slots_per_node: int = 1,
    within_job_sigma: Optional[float] = None,
    interarrival: Optional[float] = None,
    deadline_factor: Optional[str] = None,
) -> Workload: ...
def generator_kinds() -> list[str]: ...
def import_rumen(
    path: str,
    *,
    nodes: Optional[int] = None,
    map_slots_per_node: Optional[int] = None,
    reduce_slots_per_node: Optional[int] = None,
    overheads: bool = True,
) -> Workload: ...
def import_swim(
    path: str,
    *,
    block_size: int = 67108864,
    map_mb_per_s: float = 5.0,
    reduce_mb_per_s: float = 5.0,
    bytes_per_reducer: int = 1000000000,
    task_overhead: float = 0.0,
    jobs: int = 0,
    nodes: int = 64,
    map_slots_per_node: int = 4,
    reduce_slots_per_node: int = 4,
) -> Workload: ...
def algorithms() -> list[dict[str, Any]]: ...
def options() -> list[dict[str, Any]]: ...
def run(
    workload: Workload,
    algorithm: str,
    **options: Unpack[RunOptions],
) -> Result: ...
def compare(
    workload: Workload,
    algorithms: Sequence[str],
    **options: Unpack[RunOptions],
) -> Comparison: ...
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
    **options: Unpack[RunOptions],
) -> SweepResult: ...
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
    **options: Unpack[RunOptions],
) -> LoadSweepResult: ...
def sweep_faults(
    workload: Workload,
    *,
    axis: Literal["failure-prob", "straggler-prob"],
    values: Union[str, Sequence[float]],
    algorithms: Sequence[str],
    runs: int = 10,
    scenario: Union[None, str, Mapping[str, Any]] = None,
    straggler_factor: Optional[str] = None,
    callback: Optional[Callable[[Point], Any]] = None,
    **options: Unpack[RunOptions],
) -> FaultSweepResult: ...
