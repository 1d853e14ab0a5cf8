# sweep and sweep_load equal mrsim's (the same summary JSON), stream every point to the callback
# (the fields of mrsim's point lines), and give the same numbers on one thread and on several.
import json

import pytest

import mrx
from conftest import mrsim

SWEEP = dict(nodes="4:12:4", algorithms=["johnson", "balanced-pools"], generate="facebook",
             jobs=12, runs=2, seed=5)


def test_sweep_equals_mrsim_sweep_json():
    expected = json.loads(
        mrsim("sweep", "--generate", "facebook", "--jobs", 12, "--runs", 2, "--seed", 5,
              "--nodes", "4:12:4", "-a", "johnson,balanced-pools", "--json").stdout
    )
    points = []
    result = mrx.sweep(callback=points.append, threads=2, **SWEEP)
    assert result == expected
    # 2 runs x 3 sizes x (2 algorithms + the formula pair)
    assert len(points) == 18
    assert sorted(p["index"] for p in points) == list(range(18))
    frame = result.to_pandas()
    johnson = frame[frame["series"] == "johnson"]
    assert list(johnson["nodes"]) == [4, 8, 12]
    assert list(johnson["mean"]) == expected["series"][0]["mean"]


def test_sweep_numbers_do_not_depend_on_threads():
    assert mrx.sweep(threads=1, **SWEEP) == mrx.sweep(threads=2, **SWEEP)


def test_sweep_over_a_workload_and_a_list_of_sizes():
    workload = mrx.generate("yahoo-bimodal", jobs=10, seed=2, nodes=8)
    result = mrx.sweep(workload, nodes=[5, 10], algorithms=["fifo"])
    assert result["nodes"] == [5, 10]
    fifo = result["series"][0]
    assert fifo["name"] == "fifo" and len(fifo["mean"]) == 2
    with pytest.raises(ValueError, match="workload"):
        mrx.sweep(workload, nodes=[5], algorithms=["fifo"], generate="yahoo")


def test_sweep_load_equals_mrsim_sweep_load_json():
    expected = json.loads(
        mrsim("sweep-load", "facebook-1000", "--jobs", 20, "--nodes", 8, "--runs", 2,
              "--interarrival", "10:30:10", "--seed", 3, "--json").stdout
    )
    points = []
    result = mrx.sweep_load(
        "facebook-1000", jobs=20, nodes=8, runs=2, interarrivals="10:30:10", seed=3,
        callback=points.append,
    )
    assert result == expected
    # 2 runs x 3 loads x the default algorithms
    assert len(points) == 2 * 3 * len(result["algorithms"])
    assert sorted(p["index"] for p in points) == list(range(len(points)))
    assert len(result.to_pandas()) == len(expected["points"])
