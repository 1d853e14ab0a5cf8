# Result columns: the job and task columns are views of the core's records (no copy), read-only;
# only the fields packed into bit-fields (kind, killed, count) are one new array each, which
# tracemalloc measures. Their values equal `mrsim run --tasks-csv` row for row.
import csv
import tracemalloc

import numpy
import pytest

import mrx
from conftest import SAMPLES, mrsim

VIEWS = ("job", "task", "slot", "start", "end")
COPIES = {"kind": 1, "killed": 1, "count": 4}  # bytes per record of the arrays made


@pytest.fixture(scope="module")
def facebook():
    return mrx.generate("facebook-1000", jobs=200, seed=3, nodes=32)


def test_task_columns_are_views_of_the_core_records(facebook):
    tasks = mrx.run(facebook, "johnson").tasks
    for name in VIEWS:
        column = tasks[name]
        assert not column.flags.owndata and not column.flags.writeable, name
        assert column.strides == (32,), name  # one TaskRecord apart
    # The views of one result share its records: start and end of a record are 8 bytes apart.
    start = tasks["start"].__array_interface__["data"][0]
    assert tasks["end"].__array_interface__["data"][0] == start + 8
    for name in COPIES:
        assert tasks[name].flags.owndata, name


def test_tasks_cost_one_array_per_packed_column_only(facebook):
    result = mrx.run(facebook, "johnson")
    records = len(result.to_pandas("tasks"))
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    tasks = result.tasks
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(s.size_diff for s in after.compare_to(before, "filename"))
    packed = records * sum(COPIES.values())
    # The packed columns, plus a few hundred bytes per array object; none of the 32-byte records.
    assert packed <= grown < packed + 16 * 1024, (grown, packed, records)
    assert len(tasks["start"]) == records


def test_job_columns_are_views_and_match_the_run(facebook):
    result = mrx.run(facebook, "fifo")
    jobs = result.jobs
    assert list(jobs["name"]) == facebook.job_names
    for name in ("arrival", "start", "map_end", "end", "m", "r"):
        assert not jobs[name].flags.owndata and not jobs[name].flags.writeable, name
    assert jobs["end"].max() - jobs["arrival"].min() == result.makespan
    assert numpy.all(jobs["start"] <= jobs["map_end"]) and numpy.all(jobs["map_end"] <= jobs["end"])


def test_columns_outlive_the_result(facebook):
    start = mrx.run(facebook, "johnson").tasks["start"]
    total = float(start.sum())  # the result itself is gone: the view keeps its records
    assert total > 0 and start.sum() == total


@pytest.mark.parametrize("algorithm", ["johnson", "hscheduler"])
def test_single_tasks_equal_mrsim_tasks_csv(algorithm, scratch):
    workload = mrx.load(str(SAMPLES / "figure4-scenario2.json"))
    out = scratch / "tasks.csv"
    mrsim("run", SAMPLES / "figure4-scenario2.json", "-a", algorithm, "--tasks-csv", out)
    with open(out, newline="") as f:
        expected = sorted(
            (r["job"], r["kind"], int(r["task"]), int(r["slot"]), float(r["start"]),
             float(r["end"]), r["killed"] == "1")
            for r in csv.DictReader(f)
        )
    result = mrx.run(workload, algorithm)
    frame = result.to_pandas("single_tasks")
    names = numpy.array(workload.job_names, dtype=object)
    rows = sorted(
        zip(names[frame["job"]], frame["kind"].astype(str), frame["task"], frame["slot"],
            frame["start"], frame["end"], frame["killed"])
    )
    assert rows == expected
    assert set(frame["count"]) == {1}
    # A wave is one record of `count` tasks: the records hold exactly the single tasks.
    assert result.tasks["count"].sum() == len(rows)
