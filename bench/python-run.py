#!/usr/bin/python3
"""The Python module against mrsim on the same run: the 1000-job Facebook batch
(`mrsim generate facebook-1000 --jobs 1000 --seed 1`, 64 nodes) under each algorithm, run
REPEAT times by mrx.run inside one Python process (loading and the job metrics included) and by
`mrsim run` (one process per run, its start, loading and printing included); the best time of each and their ratio. Then what
Result.tasks costs: the bytes tracemalloc sees allocated and the RSS growth when the columns are
taken, against the core's records (32 bytes each). Last, Ctrl-C: the delay from SIGINT to the
end of a child process whose 300-run sweep is under way (5 times; min and median).

    PYTHONPATH=build/python bench/python-run.py build/app/mrsim [ALGORITHM...] [--repeat N]
"""
import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
import tracemalloc

import mrx


def best(times):
    return min(times)


def python_run(path, algorithm, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = mrx.run(mrx.load(path), algorithm)
        result.metrics  # the job metrics mrsim run prints
        times.append(time.perf_counter() - start)
    return best(times), result


def mrsim_run(mrsim, path, algorithm, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([mrsim, "run", path, "-a", algorithm], check=True,
                       stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return best(times)


def rss_kb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def tasks_cost(result):
    records = int(len(result.tasks["job"]))
    tracemalloc.start()
    rss = rss_kb()
    tasks = result.tasks
    allocated, _ = tracemalloc.get_traced_memory()
    grown = rss_kb() - rss
    tracemalloc.stop()
    del tasks
    print(f"tasks: {records} records ({records * 32 / 1e6:.1f} MB in the core); taking the "
          f"columns allocates {allocated / 1e6:.2f} MB ({allocated / records:.2f} B per record: "
          f"kind 1 + killed 1 + count 4, the other 5 columns are views), "
          f"RSS +{grown / 1024:.1f} MB")


# A child Python that starts a long sweep and says so at its first point.
SWEEP_CHILD = """
import mrx
def arrived(point, said=[]):
    if not said:
        said.append(1)
        print("started", flush=True)
try:
    mrx.sweep(generate="facebook", jobs=300, runs=300, nodes="20:60:20",
              algorithms=["johnson", "balanced-pools", "hscheduler"], threads=2, callback=arrived)
except KeyboardInterrupt:
    pass
"""


def interrupt_delay(repeat):
    delays = []
    for _ in range(repeat):
        child = subprocess.Popen([sys.executable, "-c", SWEEP_CHILD], stdout=subprocess.PIPE,
                                 text=True, env=os.environ)
        assert child.stdout.readline().strip() == "started"
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        child.wait()
        delays.append(time.monotonic() - sent)
    delays.sort()
    print(f"Ctrl-C during a sweep: the process ends {delays[0]:.3f} s (min), "
          f"{delays[len(delays) // 2]:.3f} s (median) after SIGINT")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mrsim")
    parser.add_argument("algorithms", nargs="*", default=["johnson", "balanced-pools"])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "facebook-1000.json")
        mrx.generate("facebook-1000", jobs=1000, seed=1, nodes=64).save(path)
        print(f"{'algorithm':16} {'mrx.run (s)':>12} {'mrsim run (s)':>14} {'ratio':>6}")
        for algorithm in args.algorithms:
            python, _ = python_run(path, algorithm, args.repeat)
            mrsim = mrsim_run(args.mrsim, path, algorithm, args.repeat)
            print(f"{algorithm:16} {python:12.3f} {mrsim:14.3f} {python / mrsim:6.2f}")
        tasks_cost(mrx.run(mrx.load(path), "johnson"))  # every task a record of its own
    interrupt_delay(args.repeat)


if __name__ == "__main__":
    sys.exit(main())
