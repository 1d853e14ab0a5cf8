# mrx agrees with mrsim field for field: random workloads from every generator (several seeds),
# every registered workload algorithm that runs at that size, each run once through the module
# and once through `mrsim run --json` (a separate process reading the saved file).
import json

import numpy
import pytest

import mrx
from conftest import mrsim

SEEDS = (1, 2)
JOBS = 5  # optimal simulates every order (it takes at most 10 jobs): 120 here
NODES = 5

WORKLOAD_ALGORITHMS = [a["id"] for a in mrx.algorithms() if not a["needs"]["cost_model"]]


def scalar(value):
    return None if value is None else float(value)


def check_run(workload_file, workload, algorithm, seed):
    done = mrsim("run", workload_file, "-a", algorithm, "--json", "--seed", seed, check=False)
    if done.returncode == 2:  # refused at this size: the module refuses with the same line
        with pytest.raises(ValueError) as refused:
            mrx.run(workload, algorithm, seed=seed)
        assert done.stderr.strip() == f"mrsim: error: {refused.value}"
        return
    assert done.returncode == 0, done.stderr
    expected = json.loads(done.stdout)
    result = mrx.run(workload, algorithm, seed=seed)
    where = f"{algorithm} on {workload_file} (seed {seed})"
    assert result.algorithm == expected["algorithm"], where
    assert result.makespan == expected["makespan"], where
    assert scalar(result.model_makespan) == scalar(expected["model_makespan"]), where
    assert result.order == expected["order"], where
    assert result.utilization == expected["utilization"], where
    assert result.notes == expected.get("notes", []), where
    assert result.metrics == expected["metrics"], where
    columns = result.jobs
    for field in expected["jobs"][0]:
        assert field in columns, f"{where}: mrsim's job field {field} is not a column"
        values = [job[field] for job in expected["jobs"]]
        column = columns[field]
        if column.dtype == object:
            assert list(column) == values, f"{where}: {field}"
        else:
            numpy.testing.assert_array_equal(
                column, numpy.array(values, dtype=float), err_msg=f"{where}: {field}"
            )


@pytest.mark.parametrize("kind", mrx.generator_kinds())
@pytest.mark.parametrize("seed", SEEDS)
def test_module_equals_mrsim_run_json(kind, seed, scratch):
    workload = mrx.generate(kind, jobs=JOBS, seed=seed, nodes=NODES)
    path = scratch / f"{kind}-{seed}.json"
    workload.save(str(path))
    assert mrx.load(str(path)).to_json() == workload.to_json()
    for algorithm in WORKLOAD_ALGORITHMS:
        check_run(path, workload, algorithm, seed)


def test_compare_table_equals_mrsim_compare_json(scratch):
    workload = mrx.generate("facebook", jobs=JOBS, seed=4, nodes=NODES)
    path = scratch / "w.json"
    workload.save(str(path))
    ids = ["fifo", "johnson", "balanced-pools", "hscheduler"]
    expected = json.loads(mrsim("compare", path, "-a", ",".join(ids), "--json").stdout)
    comparison = mrx.compare(workload, ids)
    assert comparison.table == expected
    assert list(comparison.results) == ids
    frame = comparison.to_pandas()
    assert list(frame.index) == ids
    assert list(frame["makespan"]) == [r["makespan"] for r in expected["results"]]
    assert list(frame["jct_p95"]) == [r["metrics"]["jct"]["p95"] for r in expected["results"]]
    assert list(frame["fairness"]) == [r["metrics"]["fairness"] for r in expected["results"]]
