#!/usr/bin/env python3
"""[Verma12], Figs. 7b and 8b: which reading of the workloads gives BalancedPools its "up to 38 %"
over Johnson? For each reading of the paper's distributions, 100-job batches are generated here
(seeded), simulated with `mrsim sweep FILE --nodes N -a johnson,balanced-pools` on 1 map + 1 reduce
slot per node, and compared with the makespan lower bound that sweep reports (core's
makespanLowerBound: the larger of map work / map slots plus the shortest last reduce stage, the
first possible reduce start plus reduce work / reduce slots, the longest job chain). No schedule of
the given tasks beats the bound, so no algorithm can gain more than 1 - bound / johnson over
Johnson.

--clusters: the other half of the question, the cluster. Our generators' bimodal batches
(`mrsim sweep --generate KIND --slots-per-node S`, 2 runs) on N nodes of S map + S reduce slots,
S = 1, 2, 4 ([Verma12]'s testbed has 4 + 4): BalancedPools' gain and the bound's room.

Readings (N(mu, s) in the paper):
  sd        s is the standard deviation, negative draws drawn again (our generator's reading)
  variance  s is the variance: standard deviation sqrt(s)
  per-job   s is the standard deviation, but one draw per job and stage: all its tasks equal
Usage: scripts/repro/balanced-pools-readings.py [path/to/mrsim] [--seeds N] [--clusters]
(each table a few minutes; the tables of docs/reproduction.md, markers repro:bp-readings and
repro:bp-clusters, are these with the default 2 seeds)
"""
import json
import math
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
args = [a for i, a in enumerate(sys.argv[1:]) if not a.startswith("--") and sys.argv[i] != "--seeds"]
MRSIM = args[0] if args else os.path.join(ROOT, "build", "app", "mrsim")
SEEDS = int(sys.argv[sys.argv.index("--seeds") + 1]) if "--seeds" in sys.argv else 2

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


def sweep(mrsim, args):
    out = subprocess.run([mrsim, "sweep", *args, "--json"], check=True, capture_output=True,
                         text=True).stdout
    doc = json.loads(out)
    return {s["name"]: dict(zip(doc["nodes"], s["mean"])) for s in doc["series"]}


def gains(johnson, bp, bound):
    return (100.0 * (1.0 - bp / johnson), 100.0 * (1.0 - bound / johnson))


def cells(values):
    return " / ".join(f"{0.0 if abs(v) < 0.05 else v:.1f}" for v in values) + " %"


LABELS = {
    ("synthetic", "sd"): "synthetic, σ = standard deviation, negatives redrawn (our generator's reading)",
    ("synthetic", "variance"): "synthetic, σ read as the variance (sd = √σ)",
    ("synthetic", "per-job"): "synthetic, one duration per job and stage",
    ("yahoo", "sd"): "Yahoo!, standard deviation (ours)",
    ("yahoo", "variance"): "Yahoo!, variance",
    ("yahoo", "per-job"): "Yahoo!, one duration per job and stage",
}


def table(mrsim, seeds=SEEDS):
    """The readings table of docs/reproduction.md (marker repro:bp-readings), one line each."""
    lines = ["| workload, reading | nodes | BP gain over Johnson | largest gain the bound allows |",
             "|---|---:|---:|---:|"]
    with tempfile.TemporaryDirectory() as tmp:
        for kind in ("synthetic", "yahoo"):
            for reading in ("sd", "variance", "per-job"):
                bp_gain, room = [], []
                for nodes in SPECS[kind]["nodes"]:
                    j = bp = lb = 0.0
                    for seed in range(1, seeds + 1):
                        path = os.path.join(tmp, "w.json")
                        json.dump(workload(kind, reading, seed, nodes), open(path, "w"))
                        s = sweep(mrsim, [path, "--nodes", str(nodes), "-a",
                                          "johnson,balanced-pools"])
                        j += s["johnson"][nodes] / seeds
                        bp += s["balanced-pools"][nodes] / seeds
                        lb += s["lower-bound"][nodes] / seeds
                    g, r = gains(j, bp, lb)
                    bp_gain.append(g)
                    room.append(r)
                nodes = " / ".join(str(n) for n in SPECS[kind]["nodes"])
                lines.append(f"| {LABELS[(kind, reading)]} | {nodes} | {cells(bp_gain)} | "
                             f"{cells(room)} |")
    return lines


CLUSTERS = {"synthetic-bimodal": [10, 30, 50, 100, 150, 300],
            "yahoo-bimodal": [20, 100, 200, 300, 800]}


def cluster_table(mrsim, runs=2):
    """BalancedPools' gain and the bound's room against the slots per node (marker
    repro:bp-clusters): our generators, N nodes of S map + S reduce slots."""
    lines = ["| workload | slots per node (map + reduce) | nodes | BP gain over Johnson | "
             "largest gain the bound allows |", "|---|---|---:|---:|---:|"]
    for kind, sizes in CLUSTERS.items():
        for slots in (1, 2, 4):
            bp_gain, room = [], []
            for nodes in sizes:
                s = sweep(mrsim, ["--generate", kind, "--jobs", "100", "--runs", str(runs),
                                  "--nodes", str(nodes), "--slots-per-node", str(slots), "-a",
                                  "johnson,balanced-pools"])
                g, r = gains(s["johnson"][nodes], s["balanced-pools"][nodes],
                             s["lower-bound"][nodes])
                bp_gain.append(g)
                room.append(r)
            lines.append(f"| {kind} | {slots} + {slots} | {' / '.join(str(n) for n in sizes)} | "
                         f"{cells(bp_gain)} | {cells(room)} |")
    return lines


if __name__ == "__main__":
    print("\n".join(cluster_table(MRSIM) if "--clusters" in sys.argv else table(MRSIM)))
