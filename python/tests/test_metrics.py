# The job metrics come from the core (experiments/JobMetrics.h) and agree with mrsim run --json's;
# Result.to_batsim_csv writes Batsim's out_jobs.csv, which pandas reads with exactly Batsim's
# columns and one row per job.
import json

import numpy
import pandas
import pytest

import mrx
from conftest import SAMPLES, mrsim

BATSIM_COLUMNS = [
    "job_id", "workload_name", "submission_time", "requested_number_of_resources",
    "requested_time", "success", "starting_time", "execution_time", "finish_time",
    "waiting_time", "turnaround_time", "stretch", "allocated_resources",
]


@pytest.fixture(scope="module")
def arrivals():
    return mrx.generate("facebook", jobs=15, seed=2, nodes=6, interarrival=40.0,
                        deadline_factor="1:2")


@pytest.mark.parametrize("algorithm", ["fifo", "min-edf", "balanced-pools"])
def test_metrics_equal_mrsim_run_json(arrivals, algorithm, scratch):
    path = scratch / "w.json"
    arrivals.save(str(path))
    expected = json.loads(mrsim("run", path, "-a", algorithm, "--json").stdout)
    result = mrx.run(arrivals, algorithm)
    assert result.metrics == expected["metrics"]
    jobs = result.jobs
    for field in ("wait", "jct", "alone", "slowdown", "bounded_slowdown", "lateness"):
        values = [job.get(field) for job in expected["jobs"]]
        numpy.testing.assert_array_equal(
            jobs[field], numpy.array([numpy.nan if v is None else v for v in values]), field)
    assert list(jobs["deadline_met"]) == [job.get("deadline_met") for job in expected["jobs"]]


def test_wait_and_jct_are_the_job_times(arrivals):
    jobs = mrx.run(arrivals, "fifo").jobs
    numpy.testing.assert_array_equal(jobs["wait"], jobs["start"] - jobs["arrival"])
    numpy.testing.assert_array_equal(jobs["jct"], jobs["end"] - jobs["arrival"])


def test_batsim_csv_has_batsims_columns_and_a_row_per_job(arrivals, scratch):
    result = mrx.run(arrivals, "johnson")
    out = scratch / "out_jobs.csv"
    result.to_batsim_csv(str(out))
    frame = pandas.read_csv(out, float_precision="round_trip")
    assert list(frame.columns) == BATSIM_COLUMNS
    assert len(frame) == len(arrivals)
    assert list(frame["job_id"]) == arrivals.job_names
    jobs = result.jobs
    numpy.testing.assert_array_equal(frame["submission_time"], jobs["arrival"])
    numpy.testing.assert_array_equal(frame["starting_time"], jobs["start"])
    numpy.testing.assert_array_equal(frame["finish_time"], jobs["end"])
    numpy.testing.assert_array_equal(frame["waiting_time"], jobs["wait"])


@pytest.mark.parametrize("algorithm", ["johnson", "hscheduler", "min-edf-wc"])
def test_batsim_csv_equals_mrsim_run_jobs_csv(arrivals, algorithm, scratch):
    path = scratch / "w.json"
    arrivals.save(str(path))
    expected = scratch / "mrsim.csv"
    mrsim("run", path, "-a", algorithm, "--jobs-csv", expected, "--columns", "batsim")
    out = scratch / "mrx.csv"
    mrx.run(arrivals, algorithm).to_batsim_csv(str(out))
    assert out.read_bytes() == expected.read_bytes()


def test_batsim_csv_allocates_the_slots_the_tasks_ran_on(scratch):
    # Figure 4, scenario 2 under Johnson: every job's tasks spread over all 30 map slots
    # (resources 0-29) and its reduce tasks over the reduce slots (30 + slot).
    result = mrx.run(mrx.load(str(SAMPLES / "figure4-scenario2.json")), "johnson")
    out = scratch / "out_jobs.csv"
    result.to_batsim_csv(str(out))
    frame = pandas.read_csv(out).set_index("job_id")
    assert frame.loc["J1", "allocated_resources"] == "0-59"
    assert frame.loc["J3", "requested_number_of_resources"] == 40
