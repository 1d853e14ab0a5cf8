# Ctrl-C stops a sweep: a child Python runs a 300-run sweep, the test sends it SIGINT once the
# first point has arrived, and the child must end early (a fraction of the points computed; 30 s
# guard against a hang, no wall-clock assertion: bench/ measures the delay) with KeyboardInterrupt, no
# Python thread besides the main one and no thread beyond the core's pool (whose workers the
# child started before the sweep, with a small one), which takes the next sweep as before.
# Likewise for a fault sweep and for run.
import json
import os
import signal
import subprocess
import sys

# SMALL warms the pool up, LONG is the sweep interrupted (TOTAL points), NAME the first
# algorithm of a result.
CHILD = r"""
import json, os, sys
import mrx

def tasks():
    return sorted(os.listdir("/proc/self/task"))

def small():
    return SMALL

def name(result):
    return NAME

small()  # the pool
baseline = tasks()
points = []

def arrived(point):
    points.append(point)
    if len(points) == 1:
        print("started", flush=True)

try:
    LONG
    outcome = "finished"
except KeyboardInterrupt:
    outcome = "interrupted"
import threading
left = {"python_threads": threading.active_count(), "tasks": tasks()}
again = small()  # the pool takes the next call as before
print(json.dumps({"outcome": outcome, "points": len(points), "total": TOTAL,
                  "baseline": baseline, "again": name(again), **left}), flush=True)
"""

SWEEP_CHILD = (
    CHILD.replace("SMALL", 'mrx.sweep(generate="facebook", jobs=5, nodes=[4], '
                           'algorithms=["fifo"], threads=2)')
    .replace("LONG", 'mrx.sweep(generate="facebook", jobs=300, runs=300, nodes="20:60:20", '
                     'algorithms=["johnson", "balanced-pools", "hscheduler"], threads=2, '
                     'callback=arrived)')
    .replace("TOTAL", str(300 * 3 * 4))
    .replace("NAME", 'result["series"][0]["name"]')
)

FAULTS_CHILD = (
    CHILD.replace("SMALL", 'mrx.sweep_faults(mrx.generate("facebook", jobs=5, seed=1, nodes=4), '
                           'axis="failure-prob", values=[0.1], runs=1, algorithms=["fifo"], '
                           'threads=2)')
    .replace("LONG", 'mrx.sweep_faults(mrx.generate("facebook", jobs=200, seed=1, nodes=10), '
                     'axis="failure-prob", values="0:0.3:0.05", runs=2000, '
                     'algorithms=["fifo", "fair"], threads=2, callback=arrived)')
    .replace("TOTAL", str(2000 * 7 * 2))
    .replace("NAME", 'result["algorithms"][0]')
)


def interrupt(child_code):
    child = subprocess.Popen([sys.executable, "-c", child_code], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=os.environ)
    assert child.stdout.readline().strip() == "started", child.stderr.read()
    child.send_signal(signal.SIGINT)
    try:
        out, err = child.communicate(timeout=30.0)
    except subprocess.TimeoutExpired:
        child.kill()
        raise AssertionError("the child did not end within 30 s of SIGINT")
    assert child.returncode == 0, err
    return json.loads(out)


def test_sigint_stops_a_sweep_and_leaves_no_thread():
    report = interrupt(SWEEP_CHILD)
    assert report["outcome"] == "interrupted"
    assert 1 <= report["points"] < report["total"]
    assert report["python_threads"] == 1
    assert report["tasks"] == report["baseline"]
    assert report["again"] == "fifo"


def test_sigint_stops_a_fault_sweep_and_leaves_no_thread():
    report = interrupt(FAULTS_CHILD)
    assert report["outcome"] == "interrupted"
    assert 1 <= report["points"] < report["total"]
    assert report["python_threads"] == 1
    assert report["tasks"] == report["baseline"]
    assert report["again"] == "fifo"


RUN_CHILD = r"""
import json, os
import mrx
w = mrx.generate("facebook-1000", jobs=1000, seed=1, nodes=8)
mrx.run(mrx.generate("facebook", jobs=3, nodes=2), "fifo")  # the pool
baseline = sorted(os.listdir("/proc/self/task"))
try:
    print("started", flush=True)
    for _ in range(1000):
        mrx.run(w, "balanced-pools", pools=4)
    outcome = "finished"
except KeyboardInterrupt:
    outcome = "interrupted"
print(json.dumps({"outcome": outcome, "baseline": baseline,
                  "tasks": sorted(os.listdir("/proc/self/task"))}), flush=True)
"""


def test_sigint_stops_a_long_run():
    report = interrupt(RUN_CHILD)
    assert report["outcome"] == "interrupted"
    assert report["tasks"] == report["baseline"]
