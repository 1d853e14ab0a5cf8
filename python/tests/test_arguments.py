# Every whole-number argument of every function is read one way (wholeArgument in
# python/src/Options.cpp): a Python int or anything with __index__ (NumPy's integers) within its
# range; 2**70, a count below its least value, a float (even 2.0) and a bool are a ValueError
# naming the argument, never pybind11's TypeError that names none.
import json

import numpy
import pytest

import mrx
from conftest import SAMPLES, SOURCE

TRACES = SOURCE / "tests" / "data" / "traces"
RUMEN = TRACES / "rumen" / "2jobs2min-rumen-jh.json"
SWIM = TRACES / "swim" / "FB-2009_samples_24_times_1hr_0.tsv"
FIGURE4 = SAMPLES / "figure4-scenario1.json"


def sweep(**whole):
    # nodes is a list of cluster sizes: each one is a whole-number argument.
    return mrx.sweep(generate="facebook", algorithms=["fifo"], **whole)


# function name -> (call with the whole-number keywords, valid values of each of them)
CALLS = {
    "generate": (lambda **w: mrx.generate("facebook", **w).to_json(),
                 dict(jobs=5, seed=2, nodes=4, slots_per_node=2)),
    "import_rumen": (lambda **w: mrx.import_rumen(str(RUMEN), **w).to_json(),
                     dict(nodes=4, map_slots_per_node=2, reduce_slots_per_node=1)),
    "import_swim": (lambda **w: mrx.import_swim(str(SWIM), **w).to_json(),
                    dict(block_size=128000000, bytes_per_reducer=10**9, jobs=20, nodes=20,
                         map_slots_per_node=4, reduce_slots_per_node=2)),
    "sweep": (lambda nodes, **w: sweep(nodes=[nodes], **w),
              dict(nodes=4, jobs=5, runs=2, slots_per_node=1)),
    "sweep_load": (lambda **w: mrx.sweep_load("facebook", interarrivals=[10], algorithms=["fifo"],
                                              **w),
                   dict(jobs=5, nodes=4, runs=2)),
    "sweep_faults": (lambda **w: mrx.sweep_faults(mrx.load(str(FIGURE4)), axis="failure-prob",
                                                  values=[0.1], algorithms=["fifo"], **w),
                     dict(runs=2)),
}
ARGUMENTS = [(function, argument) for function, (_, valid) in CALLS.items() for argument in valid]
# Below every argument's least value (0 for swim's jobs, a seed or the counts' 1).
BAD = {"2**70": 2**70, "-1": -1, "2.0": 2.0, "1e30": 1e30, "True": True,
       "numpy.bool_": numpy.bool_(True), "'3'": "3", "None": None}


@pytest.mark.parametrize("function, argument", ARGUMENTS, ids=[f"{f}-{a}" for f, a in ARGUMENTS])
@pytest.mark.parametrize("bad", list(BAD.values()), ids=list(BAD))
def test_a_bad_whole_number_is_a_value_error_naming_its_argument(function, argument, bad):
    call, valid = CALLS[function]
    if bad is None and function == "import_rumen":
        pytest.skip("None is import_rumen's default: the cluster of the trace")
    with pytest.raises(ValueError, match=f"^field '{argument}': must be a whole number from "):
        call(**dict(valid, **{argument: bad}))


@pytest.mark.parametrize("function", list(CALLS))
def test_numpy_integers_are_whole_numbers(function):
    call, valid = CALLS[function]
    expected = call(**valid)
    kinds = [numpy.int64, numpy.uint32, numpy.int16]
    as_numpy = {a: kinds[i % len(kinds)](v) for i, (a, v) in enumerate(valid.items())}
    assert call(**as_numpy) == expected


def test_the_bounds_are_those_mrsim_reads():
    # Nodes and slots per node within what a workload file holds (model/Limits.h); swim's jobs 0
    # is every row, as mrsim's default.
    with pytest.raises(ValueError, match=r"^field 'nodes': must be a whole number from 1 to "
                                         r"1000000 \(got 1000001\)$"):
        mrx.import_rumen(str(RUMEN), nodes=1_000_001)
    with pytest.raises(ValueError, match=r"^field 'map_slots_per_node': must be a whole number "
                                         r"from 1 to 1000 \(got 0\)$"):
        mrx.import_swim(str(SWIM), map_slots_per_node=0)
    assert len(mrx.import_swim(str(SWIM), jobs=0)) == len(mrx.import_swim(str(SWIM)))
    # A block size beyond int: every job's input in one map task.
    jobs = json.loads(mrx.import_swim(str(SWIM), jobs=5, block_size=2**62).to_json())["jobs"]
    assert [job["maps"] for job in jobs] == [1] * 5
