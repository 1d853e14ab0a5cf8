# Bad input raises ValueError carrying the very line mrsim prints after "mrsim: error: ": a bad
# field of a workload (from a file, from job records, from a DataFrame), a refused option value,
# an unknown option or algorithm.
import json

import numpy
import pandas
import pytest

import mrx
from conftest import SAMPLES, mrsim_error

GOOD = {"name": "J1", "maps": 2, "reduces": 1, "map_duration": 3, "reduce_duration": 4}
BAD_JOBS = [
    {"name": "J2", "maps": -1, "reduces": 1, "map_duration": 3, "reduce_duration": 4},
    {"name": "J2", "maps": 2, "reduces": 1, "map_duration": -3, "reduce_duration": 4},
    {"name": "J2", "maps": 2, "reduces": 1, "map_duration": 3, "reduce_duration": "4"},
    {"name": "J2", "maps": 2.5, "reduces": 1, "map_duration": 3, "reduce_duration": 4},
    {"name": "J1", "maps": 2, "reduces": 1, "map_duration": 3, "reduce_duration": 4},
    {"name": "J2", "map_durations": [1, 2], "maps": 2, "reduces": 0, "map_duration": 1},
]


def document(jobs):
    return {
        "format": "mrx-workload",
        "version": 1,
        "name": "",
        "description": "",
        "cluster": {"nodes": 4, "map_slots_per_node": 1, "reduce_slots_per_node": 1},
        "jobs": jobs,
    }


@pytest.mark.parametrize("bad", BAD_JOBS, ids=range(len(BAD_JOBS)))
def test_bad_field_is_the_cli_line(bad, scratch):
    path = scratch / "bad.json"
    path.write_text(json.dumps(document([GOOD, bad])))
    line = mrsim_error("run", path, "-a", "fifo")
    with pytest.raises(ValueError) as from_file:
        mrx.load(str(path))
    assert str(from_file.value) == line
    # Without a file, the same line without the file's name.
    assert line.startswith(f"{path}: ")
    with pytest.raises(ValueError) as from_jobs:
        mrx.Workload.from_jobs([GOOD, bad], nodes=4)
    assert str(from_jobs.value) == line[len(f"{path}: "):]


def test_bad_dataframe_row_is_the_cli_line(scratch):
    path = scratch / "bad.json"
    bad = dict(GOOD, name="J2", map_duration=-3)
    path.write_text(json.dumps(document([GOOD, bad])))
    line = mrsim_error("run", path, "-a", "fifo")
    with pytest.raises(ValueError) as from_frame:
        mrx.Workload.from_dataframe(pandas.DataFrame([GOOD, bad]), nodes=4)
    assert f"{path}: {from_frame.value}" == line


def test_dataframe_workload_runs_as_its_file(scratch):
    frame = pandas.DataFrame(
        [GOOD, dict(GOOD, name="J2", maps=3, deadline=20.0), dict(GOOD, name="J3", arrival=2.0)]
    )
    workload = mrx.Workload.from_dataframe(frame, nodes=2, name="frame")
    assert workload.job_names == ["J1", "J2", "J3"]
    path = scratch / "frame.json"
    workload.save(str(path))
    assert mrx.run(mrx.load(str(path)), "fifo").makespan == mrx.run(workload, "fifo").makespan


@pytest.mark.parametrize(
    "flag, value, keyword, python_value",
    [
        ("--pools", "1", "pools", 1),
        ("--estimator", "bogus", "estimator", "bogus"),
        ("--seed=-1", None, "seed", -1),
        ("--threads", "2000", "threads", 2000),
    ],
)
def test_bad_option_is_the_cli_line(flag, value, keyword, python_value):
    sample = SAMPLES / "figure4-scenario2.json"
    line = mrsim_error("run", sample, "-a", "balanced-pools", flag, *([value] if value else []))
    with pytest.raises(ValueError) as refused:
        mrx.run(mrx.load(str(sample)), "balanced-pools", **{keyword: python_value})
    assert str(refused.value) == line


def test_unknown_option_and_algorithm_are_named():
    workload = mrx.load(str(SAMPLES / "figure4-scenario2.json"))
    with pytest.raises(ValueError, match="field 'pool': unknown option"):
        mrx.run(workload, "johnson", pool=3)
    with pytest.raises(ValueError, match="field 'locality': must be true or false"):
        mrx.run(workload, "johnson", locality=1)
    line = mrsim_error("run", SAMPLES / "figure4-scenario2.json", "-a", "jonson")
    with pytest.raises(ValueError) as unknown:
        mrx.run(workload, "jonson")
    assert str(unknown.value) == line


def test_numpy_numbers_and_arrays_are_options_as_python_ones():
    workload = mrx.load(str(SAMPLES / "figure4-scenario2.json"))
    expected = mrx.run(workload, "random", seed=3).order
    assert mrx.run(workload, "random", seed=numpy.int64(3)).order == expected
    assert mrx.run(workload, "balanced-pools", pools=numpy.int32(3)).makespan == \
        mrx.run(workload, "balanced-pools", pools=3).makespan
    order = ["J5", "J4", "J3", "J2", "J1"]
    assert mrx.run(workload, "manual", order=numpy.array(order)).order == order
    penalty = mrx.run(workload, "fifo", locality=True, remote_penalty=numpy.float32(2.0))
    assert penalty.makespan == mrx.run(workload, "fifo", locality=True, remote_penalty=2.0).makespan
    # A boolean is no number, NumPy's neither; a seed keeps its own words.
    with pytest.raises(ValueError, match="field 'pools': must be a whole number between 2 and"):
        mrx.run(workload, "balanced-pools", pools=numpy.bool_(True))
    with pytest.raises(ValueError, match="field 'seed': must be a whole number from 0 to "
                                         "18446744073709551615 .got '2.5'"):
        mrx.run(workload, "random", seed=2.5)


@pytest.mark.parametrize("nodes", [[0], [float("nan")], [2**70], [True], [1_000_001], ["8"]])
def test_a_bad_cluster_size_of_a_sweep_is_a_value_error_naming_nodes(nodes):
    workload = mrx.load(str(SAMPLES / "figure4-scenario2.json"))
    with pytest.raises(ValueError, match="^field 'nodes': must be a whole number from 1 to "
                                         "1000000 "):
        mrx.sweep(workload, nodes=nodes, algorithms=["fifo"])


def test_a_comparison_of_no_algorithm_says_so():
    workload = mrx.load(str(SAMPLES / "figure4-scenario2.json"))
    with pytest.raises(ValueError, match="^field 'algorithms': give at least one algorithm$"):
        mrx.compare(workload, [])


def test_job_records_json_cannot_carry_are_named():
    with pytest.raises(ValueError, match=r"^job #2: must be a mapping .* got int$"):
        mrx.Workload.from_jobs([GOOD, 7], nodes=4)
    with pytest.raises(ValueError, match=r"^job 'J\\ud800': field 'name': is not valid UTF-8"):
        mrx.Workload.from_jobs([GOOD, dict(GOOD, name="J\ud800")], nodes=4)


@pytest.mark.parametrize("field, value", [
    ("jobs", 2**70), ("jobs", 0), ("jobs", 2.0), ("jobs", True), ("nodes", 1e30),
    ("nodes", -3), ("slots_per_node", 2**40), ("seed", -1), ("seed", 2**64), ("seed", 1.5)])
def test_a_bad_generator_argument_is_a_value_error_naming_it(field, value):
    with pytest.raises(ValueError, match=f"^field '{field}': must be a whole number"):
        mrx.generate("facebook", **{field: value})


def test_generator_arguments_take_numpy_integers():
    expected = mrx.generate("facebook", jobs=5, seed=2, nodes=8).to_json()
    assert mrx.generate("facebook", jobs=numpy.int64(5), seed=numpy.uint64(2),
                        nodes=numpy.int32(8)).to_json() == expected
