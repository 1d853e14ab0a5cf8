#!/usr/bin/env python3
"""`mrsim run --jobs-csv FILE --columns batsim` as pandas reads it (evalys's JobSet.from_csv is
pandas.read_csv over these columns): exactly Batsim's out_jobs.csv columns, one row per job, and
the values of BalancedPools on [Verma12]'s Figure 4 scenario 2 worked out by hand.

    batsim-jobs-csv.py MRSIM SAMPLES_DIR
"""
import os
import subprocess
import sys
import tempfile

import pandas

BATSIM_COLUMNS = [
    "job_id", "workload_name", "submission_time", "requested_number_of_resources",
    "requested_time", "success", "starting_time", "execution_time", "finish_time",
    "waiting_time", "turnaround_time", "stretch", "allocated_resources",
]


def run(mrsim, workload, algorithm, out):
    subprocess.run([mrsim, "run", workload, "-a", algorithm, "--jobs-csv", out,
                    "--columns", "batsim"], check=True, stdout=subprocess.DEVNULL)
    return pandas.read_csv(out, dtype={"job_id": str, "allocated_resources": str})


def check(condition, message):
    if not condition:
        print("FAIL: " + message, file=sys.stderr)
        sys.exit(1)


def main():
    mrsim, samples = sys.argv[1], sys.argv[2]
    workload = os.path.join(samples, "figure4-scenario2.json")
    with tempfile.TemporaryDirectory() as folder:
        jobs = run(mrsim, workload, "balanced-pools", os.path.join(folder, "out_jobs.csv"))
    check(list(jobs.columns) == BATSIM_COLUMNS, f"columns {list(jobs.columns)}")
    check(len(jobs) == 5, f"{len(jobs)} rows for 5 jobs")
    check(list(jobs.job_id) == ["J1", "J2", "J3", "J4", "J5"], f"job ids {list(jobs.job_id)}")
    by_id = jobs.set_index("job_id")
    # [Verma12] §III-C: {J3, J4} on nodes 0-19, {J1, J2, J5} on nodes 20-29, one map and one
    # reduce slot per node: map slots are resources 0-29, reduce slots 30-59. J1 runs (Johnson
    # in its pool: J2, J5, J1) from 9 to 39 on its pool's 10 map and 10 reduce slots.
    j1 = by_id.loc["J1"]
    check(j1.submission_time == 0 and j1.starting_time == 9 and j1.finish_time == 39,
          f"J1 times {j1.submission_time}, {j1.starting_time}, {j1.finish_time}")
    check(j1.waiting_time == 9 and j1.execution_time == 30 and j1.turnaround_time == 39,
          f"J1 durations {j1.waiting_time}, {j1.execution_time}, {j1.turnaround_time}")
    check(j1.stretch == 1.3, f"J1 stretch {j1.stretch} (39 / 30)")
    check(j1.allocated_resources == "20-29 50-59", f"J1 resources {j1.allocated_resources}")
    check(j1.requested_number_of_resources == 20, "J1 ran on 20 slots")
    j4 = by_id.loc["J4"]
    check(j4.allocated_resources == "0-19 30-49" and j4.finish_time == 36,
          f"J4 {j4.allocated_resources} until {j4.finish_time}")
    check(set(jobs.success) == {1} and set(jobs.requested_time) == {-1},
          "every job succeeds and requests no walltime")
    check(set(jobs.workload_name) == {"Figure 4, scenario 2"}, "workload name")
    print("ok: 5 jobs, Batsim's 13 columns, J1 and J4 as worked out by hand")


if __name__ == "__main__":
    main()
