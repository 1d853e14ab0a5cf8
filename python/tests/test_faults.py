# sweep_faults equals mrsim sweep-faults (the same summary JSON, field for field) and streams
# every point to the callback (Ctrl-C: test_interrupt.py); a workload of node classes, from a file or built in Python, runs
# as mrsim runs it; bad input is a ValueError naming the field.
import json

import pytest

import mrx
from conftest import SAMPLES, SOURCE, mrsim

FIGURE4 = SAMPLES / "figure4-scenario1.json"
UNEQUAL = SOURCE / "tests" / "data" / "unequal-nodes.json"


def mrsim_json(*args):
    return json.loads(mrsim(*args, "--json").stdout)


def test_sweep_faults_equals_mrsim_sweep_faults_json():
    expected = mrsim_json("sweep-faults", FIGURE4, "--axis", "failure-prob", "--values",
                          "0:0.2:0.1", "--runs", 3, "-a", "fifo,johnson", "--seed", 7)
    points = []
    result = mrx.sweep_faults(mrx.load(str(FIGURE4)), axis="failure-prob", values="0:0.2:0.1",
                              runs=3, algorithms=["fifo", "johnson"], seed=7,
                              callback=points.append, threads=2)
    assert result == expected
    # 3 runs x 3 probabilities x 2 algorithms, index = (run * values + value) * 2 + algorithm
    assert sorted(p["index"] for p in points) == list(range(18))
    first = next(p for p in points if p["index"] == 0)
    assert first["algorithm"] == "fifo" and first["probability"] == 0
    # No failure at probability 0: fifo's makespan is its run's, 74 ([Verma12] Fig. 4).
    assert first["makespan"] == mrx.run(mrx.load(str(FIGURE4)), "fifo").makespan == 74
    frame = result.to_pandas()
    assert list(frame["makespan_mean"]) == [p["makespan_mean"] for p in expected["points"]]
    assert mrx.sweep_faults(mrx.load(str(FIGURE4)), axis="failure-prob", values=[0, 0.1, 0.2],
                            runs=3, algorithms=["fifo", "johnson"], seed=7,
                            threads=1) == expected


def test_sweep_faults_takes_a_scenario_file_or_dict_and_straggler_factors(scratch):
    scenario = {"speculation": {}, "straggler_factor": [2, 3]}
    path = scratch / "base.json"
    path.write_text(json.dumps(scenario))
    expected = mrsim_json("sweep-faults", FIGURE4, "--scenario", path, "--axis",
                          "straggler-prob", "--values", "0.1:0.3:0.2", "--runs", 2, "-a",
                          "fifo", "--straggler-factor", "4:6")
    workload = mrx.load(str(FIGURE4))
    common = dict(axis="straggler-prob", values="0.1:0.3:0.2", runs=2, algorithms=["fifo"],
                  straggler_factor="4:6")
    assert mrx.sweep_faults(workload, scenario=str(path), **common) == expected
    assert mrx.sweep_faults(workload, scenario=scenario, **common) == expected


@pytest.mark.parametrize("arguments, field", [
    (dict(axis="node-prob"), "axis"),
    (dict(values="0:1.5:0.5"), "values"),
    (dict(runs=0), "runs"),
    (dict(algorithms=["no-such"]), "algorithm"),
    (dict(straggler_factor="0.5:2"), "straggler-factor"),
    (dict(scenario={"failure_probability": 2}), "scenario.failure_probability"),
])
def test_sweep_faults_bad_input_names_the_field(arguments, field):
    call = dict(axis="failure-prob", values="0:0.1:0.1", runs=2, algorithms=["fifo"])
    call.update(arguments)
    with pytest.raises(ValueError, match=f"field '{field}'"):
        mrx.sweep_faults(mrx.load(str(FIGURE4)), **call)


CLASSES = [
    {"name": "new", "count": 4, "map_slots": 4, "reduce_slots": 2, "speed": 1},
    {"name": "old", "count": 4, "map_slots": 2, "reduce_slots": 1, "speed": 0.5},
]


def test_node_classes_from_a_file_and_from_python_run_as_mrsim_runs_them():
    expected = mrsim_json("run", UNEQUAL, "-a", "fifo")
    from_file = mrx.load(str(UNEQUAL))
    jobs = json.loads(UNEQUAL.read_text())["jobs"]
    built = mrx.Workload.from_jobs(jobs, node_classes=CLASSES, name=expected["workload"])
    for workload in (from_file, built):
        assert workload.nodes == 8
        result = mrx.run(workload, "fifo")
        assert result.makespan == expected["makespan"]
        # J1's 24 maps of 4 s: 4 s on the 16 new map slots, 8 s on the 8 old ones.
        assert result.jobs["map_end"][0] == 8.0
    # johnson refuses unequal nodes, naming the field.
    with pytest.raises(ValueError, match="field 'cluster.node_classes': johnson refuses"):
        mrx.run(built, "johnson")


def test_compare_keeps_a_refusing_algorithms_row_with_its_reason_as_mrsim_compare():
    ids = ["fifo", "johnson", "balanced-pools"]
    expected = mrsim_json("compare", UNEQUAL, "-a", ",".join(ids))
    comparison = mrx.compare(mrx.load(str(UNEQUAL)), ids)
    assert comparison.table == expected
    assert list(comparison.results) == ["fifo"]
    # johnson and balanced-pools both need equal nodes: each keeps its row with the reason.
    refused = {r["algorithm"]: r["refused"] for r in expected["results"] if "refused" in r}
    assert list(refused) == ["johnson", "balanced-pools"]
    assert comparison.refused == refused
    assert refused["johnson"].startswith("johnson refuses")
    assert list(comparison.to_pandas().index) == ids


def test_compare_in_which_no_algorithm_runs_is_a_value_error_listing_each_reason():
    with pytest.raises(ValueError, match=r"field 'algorithms': no algorithm ran \(johnson: "):
        mrx.compare(mrx.load(str(UNEQUAL)), ["johnson", "reverse-johnson"])


@pytest.mark.parametrize("change, field", [
    ({"speed": 0}, "speed"),
    ({"count": 0}, "count"),
    ({"map_slots": -1}, "map_slots"),
    ({"name": ""}, "name"),
    ({"speed": float("nan")}, "speed"),
    ({"speed": float("inf")}, "speed"),
])
def test_bad_node_class_fields_are_a_value_error_naming_them(change, field):
    classes = [dict(CLASSES[0]), {**CLASSES[1], **change}]
    jobs = [{"name": "J1", "maps": 2, "reduces": 1, "map_duration": 1, "reduce_duration": 1}]
    with pytest.raises(ValueError, match=rf"field 'cluster\.node_classes\[1\]\.{field}'"):
        mrx.Workload.from_jobs(jobs, node_classes=classes)
    with pytest.raises(ValueError, match="field 'cluster.nodes'"):
        mrx.Workload.from_jobs(jobs, nodes=4, node_classes=classes)


@pytest.mark.parametrize("classes, field", [
    ("new", r"cluster\.node_classes'"),
    ({"name": "new"}, r"cluster\.node_classes'"),
    (7, r"cluster\.node_classes'"),
    ([CLASSES[0], None], r"cluster\.node_classes\[1\]'"),
])
def test_node_classes_of_the_wrong_shape_are_a_value_error_naming_them(classes, field):
    jobs = [{"name": "J1", "maps": 2, "reduces": 1, "map_duration": 1, "reduce_duration": 1}]
    with pytest.raises(ValueError, match=f"field '{field}"):
        mrx.Workload.from_jobs(jobs, node_classes=classes)


def test_an_infinite_job_field_is_a_value_error_naming_it():
    jobs = [{"name": "J1", "maps": 2, "reduces": 1, "map_duration": float("inf"),
             "reduce_duration": 1}]
    with pytest.raises(ValueError, match="field 'map_duration'"):
        mrx.Workload.from_jobs(jobs, nodes=2)
