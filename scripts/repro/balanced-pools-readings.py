#!/usr/bin/env python3
"""Seed 000, Figs. 7b and 8b: which reading of the workloads gives BalancedPools its "up to 38 %"
over Johnson? For each reading of the paper's distributions, 100-job batches are generated here
(seeded), simulated with `mrsim compare -a johnson,balanced-pools` on 1 map + 1 reduce slot per
node, and compared with the makespan lower bound (the larger of: map work / map slots plus the
shortest last reduce stage, the first possible reduce start plus reduce work / reduce slots, the
longest job chain; core's makespanLowerBound). No schedule of the given tasks beats the bound,
so no algorithm can gain more than 1 - bound / johnson over Johnson.

Readings (N(mu, s) in the paper):
  sd        s is the standard deviation, negative draws drawn again (our generator's reading)
  variance  s is the variance: standard deviation sqrt(s)
  per-job   s is the standard deviation, but one draw per job and stage: all its tasks equal
Usage: scripts/repro/balanced-pools-readings.py [path/to/mrsim] [--seeds N]   (a few minutes)
"""
import json
import math
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
args = [a for a in sys.argv[1:] if not a.startswith("--")]
MRSIM = args[0] if args else os.path.join(ROOT, "build", "app", "mrsim")
SEEDS = int(sys.argv[sys.argv.index("--seeds") + 1]) if "--seeds" in sys.argv else 3

SPECS = {  # counts (normal or uniform upper bounds), durations N(mean, s)
    "synthetic": {"maps": ("uniform", 100), "reduces": ("uniform", 50),
                  "map": (100, 1000), "reduce": (200, 2000), "nodes": [10, 30, 50, 100, 150]},
    "yahoo": {"maps": ("normal", 154, 558), "reduces": ("normal", 19, 145),
              "map": (50, 200), "reduce": (100, 300), "nodes": [20, 100, 200, 300, 800]},
}


def positive_normal(rng, mean, sd, minimum):
    while True:
        x = rng.gauss(mean, sd)
        if x >= minimum:
            return x


def count(rng, spec, reading):
    if spec[0] == "uniform":
        return rng.randint(1, spec[1])
    sd = math.sqrt(spec[2]) if reading == "variance" else spec[2]
    return int(round(positive_normal(rng, spec[1], sd, 0.5)))


def durations(rng, n, mean_s, scale, reading):
    mean, s = mean_s
    sd = math.sqrt(s) if reading == "variance" else s
    if reading == "per-job":
        d = max(0.001, round(positive_normal(rng, mean, sd, 0.001) * scale, 3))
        return [d] * n
    return [max(0.001, round(positive_normal(rng, mean, sd, 0.001) * scale, 3)) for _ in range(n)]


def workload(kind, reading, seed, nodes):
    spec = SPECS[kind]
    rng = random.Random(seed)
    long_jobs = set(rng.sample(range(100), 20))
    jobs = []
    for i in range(100):
        scale = rng.uniform(8, 10) if i in long_jobs else rng.uniform(1, 2)
        m = count(rng, spec["maps"], reading)
        r = count(rng, spec["reduces"], reading)
        jobs.append({"name": f"J{i + 1:03d}",
                     "map_durations": durations(rng, m, spec["map"], scale, reading),
                     "reduce_durations": durations(rng, r, spec["reduce"], scale, reading)})
    return {"format": "mrx-workload", "version": 1, "name": f"{kind}-bimodal {reading} {seed}",
            "cluster": {"nodes": nodes, "map_slots_per_node": 1, "reduce_slots_per_node": 1},
            "jobs": jobs}


def lower_bound(w):
    slots = w["cluster"]["nodes"]
    jobs = w["jobs"]
    map_work = sum(sum(j["map_durations"]) for j in jobs)
    reduce_work = sum(sum(j["reduce_durations"]) for j in jobs)
    last_reduce = min(max(j["reduce_durations"], default=0.0) for j in jobs)
    first_reduce = min(max(j["map_durations"]) for j in jobs)
    chain = max(max(j["map_durations"]) + max(j["reduce_durations"], default=0.0) for j in jobs)
    return max(map_work / slots + last_reduce, first_reduce + reduce_work / slots, chain)


def compare(path):
    out = subprocess.run([MRSIM, "compare", path, "-a", "johnson,balanced-pools", "--json"],
                         check=True, capture_output=True, text=True).stdout
    return {r["algorithm"]: r["makespan"] for r in json.loads(out)["results"]}


print("| workload | reading | nodes | johnson | balanced-pools | lower bound | BP gain | "
      "largest possible gain |")
print("|---|---|---:|---:|---:|---:|---:|---:|")
with tempfile.TemporaryDirectory() as tmp:
    for kind in ("synthetic", "yahoo"):
        for reading in ("sd", "variance", "per-job"):
            for nodes in SPECS[kind]["nodes"]:
                j = bp = lb = 0.0
                for seed in range(1, SEEDS + 1):
                    w = workload(kind, reading, seed, nodes)
                    path = os.path.join(tmp, "w.json")
                    json.dump(w, open(path, "w"))
                    r = compare(path)
                    j += r["johnson"] / SEEDS
                    bp += r["balanced-pools"] / SEEDS
                    lb += lower_bound(w) / SEEDS
                print(f"| {kind}-bimodal | {reading} | {nodes} | {j:,.0f} | {bp:,.0f} | {lb:,.0f} | "
                      f"{100 * (1 - bp / j):.1f} % | {100 * (1 - lb / j):.1f} % |", flush=True)
