#!/usr/bin/env python3
"""Every table of docs/reproduction.md, rebuilt with the mrsim commands the doc shows beside it.

Each table in the doc follows a marker line `<!-- repro:ID -->`; this script knows how to rebuild
table ID (the commands are in TABLES below, the same as the doc's). Modes:

  reproduction-tables.py --list                 the tables, their cost and commands
  reproduction-tables.py --print ID [ID ...]    rebuild and print tables
  reproduction-tables.py --check [--all]        rebuild and compare with the doc (exit 1 on any
                                                difference, printing both); CTest runs this
  reproduction-tables.py --update [--all]       rebuild and write the tables into the doc
  (--check and --update take --only ID,ID,... too)

Without --all only the cheap tables are rebuilt (seconds each); --all, or MRX_REPRO_FULL=1 in the
environment, adds the expensive ones (sweeps of 100-job batches over 15 cluster sizes, 1000-job
load sweeps under two readings of the task times, the BalancedPools readings: about 35 minutes
on 2 shared cores).
Options: --mrsim PATH (default build/app/mrsim), --doc PATH (default docs/reproduction.md).
"""
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
MRSIM = os.path.join(ROOT, "build", "app", "mrsim")
SAMPLES = os.path.join(ROOT, "samples")


def mrsim(*args, json_out=True):
    out = subprocess.run([MRSIM, *args], check=True, capture_output=True, text=True).stdout
    return json.loads(out) if json_out else out


def load_script(name):
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"),
                                                  os.path.join(HERE, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- number formats (the doc's) ---

def n0(v):
    """An integer with spaces between thousands: 2 471 604."""
    return f"{round(v):,}".replace(",", " ")


def one_decimal(v):
    return 0.0 if abs(v) < 0.05 else v  # rounds to 0.0: printed "0.0", never "-0.0"


def change(a, b):
    """a against b, signed, one decimal: +31.1%."""
    return f"{one_decimal(100.0 * (a / b - 1.0)):+.1f}%"


def pct1(fraction):
    return f"{100.0 * fraction:.1f}"


def sig3(v):
    """Three significant digits; from 10 000 on as 6.09e5."""
    if v >= 1e4:
        mantissa, exponent = f"{v:.2e}".split("e")
        return f"{mantissa}e{int(exponent)}"
    if v >= 1000:
        return f"{v:.0f}"
    if v >= 100:
        return f"{v:.0f}"
    if v >= 10:
        return f"{v:.1f}"
    if v >= 1:
        return f"{v:.2f}"
    return f"{v:#.3g}"  # 0.550, 0.120: the trailing zeros kept


def row(cells):
    return "| " + " | ".join(str(c) for c in cells) + " |"


def header(names, align):
    return [row(names), "|" + "|".join(align) + "|"]


# --- [Verma12] / 001: sweeps against the cluster size (Figs. 7-9) ---

SWEEP_ALGORITHMS = "johnson,reverse-johnson,balanced-pools,hscheduler"


def sweep_generated(kind, runs, nodes, extra=()):
    return mrsim("sweep", "--generate", kind, "--jobs", "100", "--runs", str(runs), "--nodes",
                 nodes, "-a", SWEEP_ALGORITHMS, *extra, "--json")


def series_means(doc):
    return {s["name"]: dict(zip(doc["nodes"], s["mean"])) for s in doc["series"]}


def figure_sweep(kind, nodes, rows):
    s = series_means(sweep_generated(kind, 5, nodes))
    lines = header(["nodes", "johnson (MinSim)", "reverse-johnson (MaxSim)", "balanced-pools",
                    "hscheduler", "Min (formula)", "Max (formula)",
                    "lower bound (fixed tasks)", "MaxSim vs MinSim", "BP vs Johnson",
                    "HS vs BP", "most any order or split can gain"], ["---:"] * 12)
    for n in rows:
        j, r, bp, hs = (s[a][n] for a in SWEEP_ALGORITHMS.split(","))
        bound = s["lower-bound"][n]
        lines.append(row([n, n0(j), n0(r), n0(bp), n0(hs), n0(s["formula-min"][n]),
                          n0(s["formula-max"][n]), n0(bound), change(r, j), change(bp, j),
                          change(hs, bp), f"{one_decimal(100.0 * (1.0 - bound / j)):.1f}%"]))
    return lines


def yahoo_large():
    s = series_means(sweep_generated("yahoo-bimodal", 2, "400:2000:400"))
    lines = header(["nodes", "johnson", "reverse-johnson", "balanced-pools", "hscheduler",
                    "lower bound (fixed tasks)", "BP vs Johnson", "most any order or split can gain"],
                   ["---:"] * 8)
    for n in (400, 800, 1200, 2000):
        j, r, bp, hs = (s[a][n] for a in SWEEP_ALGORITHMS.split(","))
        bound = s["lower-bound"][n]
        lines.append(row([n, n0(j), n0(r), n0(bp), n0(hs), n0(bound), change(bp, j),
                          f"{one_decimal(100.0 * (1.0 - bound / j)):.1f}%"]))
    return lines


def hs_vs_bp():
    lines = header(["workload (10 runs, 32 nodes × 2 + 2 slots)", "johnson", "reverse-johnson",
                    "balanced-pools", "hscheduler", "random", "HS vs BP",
                    "lower bound (fixed tasks)"], ["---"] + ["---:"] * 7)
    for kind in ("synthetic-bimodal", "yahoo-unimodal"):
        doc = mrsim("sweep", "--generate", kind, "--jobs", "100", "--runs", "10", "--nodes", "32",
                    "--slots-per-node", "2", "-a",
                    "johnson,reverse-johnson,balanced-pools,hscheduler,random", "--json")
        s = {k: v[32] for k, v in series_means(doc).items()}
        lines.append(row([kind, n0(s["johnson"]), n0(s["reverse-johnson"]),
                          n0(s["balanced-pools"]), n0(s["hscheduler"]), n0(s["random"]),
                          change(s["hscheduler"], s["balanced-pools"]), n0(s["lower-bound"])]))
    return lines


def figure10():
    lines = header(["seed", "johnson", "reverse-johnson", "balanced-pools", "vs Johnson",
                    "pool 1 (smallest jobs)", "pool 2", "longest reduce task",
                    "lower bound (fixed tasks)", "most any order or split can gain"],
                   ["---:"] * 5 + ["---", "---"] + ["---:"] * 3)
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(1, 6):
            path = os.path.join(tmp, f"fb{seed}.json")
            mrsim("generate", "facebook", "--jobs", "100", "--seed", str(seed), "--nodes", "64",
                  "--slots-per-node", "4", "-o", path, json_out=False)
            results = {r["algorithm"]: r for r in mrsim(
                "compare", path, "-a", SWEEP_ALGORITHMS, "--json")["results"]}
            bound = series_means(mrsim("sweep", path, "--nodes", "64", "-a", "johnson",
                                       "--json"))["lower-bound"][64]
            w = json.load(open(path))
            longest = max(max(j.get("reduce_durations", [0.0]) or [0.0]) for j in w["jobs"])
            j = results["johnson"]["makespan"]
            bp = results["balanced-pools"]
            pools = bp.get("pools") or []
            cells = []
            for i, p in enumerate(pools[:2]):
                text = f"{len(p['jobs'])} jobs, {p['nodes']} node{'s' if p['nodes'] != 1 else ''}"
                if i == 0:
                    text += f" (ends {n0(p['makespan'])})"
                cells.append(text)
            while len(cells) < 2:
                cells.append("— (plain Johnson)")
            lines.append(row([seed, n0(j), n0(results["reverse-johnson"]["makespan"]),
                              n0(bp["makespan"]), change(bp["makespan"], j), *cells,
                              n0(longest), n0(bound), f"{one_decimal(100.0 * (1.0 - bound / j)):.1f}%"]))
    return lines


# --- [Verma12b]: deadlines against the load (Figs. 1-4, Table II) ---

DEADLINE_ALGORITHMS = ("edf", "min-edf", "min-edf-wc")


def load_sweep(kind, jobs, interarrival, runs, factor, estimator=None, algorithms=DEADLINE_ALGORITHMS,
               extra=()):
    args = ["sweep-load", kind, "--jobs", str(jobs), "--interarrival", interarrival, "--runs",
            str(runs), "--deadline-factor", factor, "--algorithms", ",".join(algorithms), *extra]
    if estimator:
        args += ["--estimator", estimator]
    doc = mrsim(*args, "--json")
    return {(p["interarrival"], p["algorithm"]): p for p in doc["points"]}


WITHIN_JOB_SIGMA = "0.5"
READINGS = (("independent", ()), (f"within-job σ {WITHIN_JOB_SIGMA}",
                                  ("--within-job-sigma", WITHIN_JOB_SIGMA)))


def ordered(values):
    """" ✓" when the values (edf, min-edf, min-edf-wc) are in the paper's order,
    MinEDF-WC < MinEDF < EDF; else nothing."""
    e, m, w = values
    return " ✓" if w < m < e else ""


def facebook_deadlines(estimator):
    sweeps = [(label, load_sweep("facebook-1000", 1000, "100:1000:100", 10, "1:2", estimator,
                                 extra=extra)) for label, extra in READINGS]
    lines = header(["mean inter-arrival (s)", "task times",
                    "rel. exceeded edf / min-edf / min-edf-wc", "missed %", "avg completion (s)",
                    "min-edf-wc extra maps / reduces, killed maps / reduces"], ["---"] * 6)
    for load in (200, 300, 400, 500, 700, 1000):
        for label, p in sweeps:
            e, m, w = (p[(float(load), a)] for a in DEADLINE_ALGORITHMS)
            rel = [x["relative_deadline_exceeded"] for x in (e, m, w)]
            missed = [x["missed_fraction"] for x in (e, m, w)]
            lines.append(row([
                load, label,
                " / ".join(sig3(x) for x in rel) + ordered(rel),
                " / ".join(pct1(x) for x in missed) + ordered(missed),
                " / ".join(n0(x["avg_completion_time"]) for x in (e, m, w)),
                f"{n0(w['extra_map_tasks'])} / {n0(w['extra_reduce_tasks'])}, "
                f"{n0(w['killed_map_tasks'])} / {n0(w['killed_reduce_tasks'])}"]))
    return lines


def facebook_runs():
    """Fig. 1's ordering at 700 s and 1000 s against the number of runs averaged (aria-up)."""
    lines = header(["runs (seeds 1…R)", "task times", "700 s: rel. exceeded", "700 s: missed %",
                    "1000 s: rel. exceeded", "1000 s: missed %"], ["---"] * 6)
    for runs in (5, 10, 20, 100):
        for label, extra in READINGS:
            p = load_sweep("facebook-1000", 1000, "700:1000:300", runs, "1:2", "aria-up",
                           extra=extra)
            cells = []
            for load in (700.0, 1000.0):
                e, m, w = (p[(load, a)] for a in DEADLINE_ALGORITHMS)
                rel = [x["relative_deadline_exceeded"] for x in (e, m, w)]
                missed = [x["missed_fraction"] for x in (e, m, w)]
                cells += [" / ".join(sig3(x) for x in rel) + ordered(rel),
                          " / ".join(pct1(x) for x in missed) + ordered(missed)]
            lines.append(row([runs, label, *cells]))
    return lines


def testbed_deadlines():
    avg = load_sweep("testbed", 1000, "100:1000:100", 10, "2:4")
    up = load_sweep("testbed", 1000, "100:1000:100", 10, "2:4", "aria-up")
    lines = header(["mean inter-arrival (s)", "rel. exceeded edf / min-edf / min-edf-wc",
                    "missed %", "avg completion (s)", "min-edf-wc killed maps / reduces"],
                   ["---"] * 5)
    for load in (300, 400, 500, 700, 1000):
        e, m, w = (avg[(float(load), a)] for a in DEADLINE_ALGORITHMS)
        mu, wu = (up[(float(load), a)] for a in ("min-edf", "min-edf-wc"))
        rel = lambda x: sig3(x["relative_deadline_exceeded"])
        mis = lambda x: pct1(x["missed_fraction"])
        lines.append(row([
            load, f"{rel(e)} / {rel(m)} ({rel(mu)}) / {rel(w)} ({rel(wu)})",
            f"{mis(e)} / {mis(m)} ({mis(mu)}) / {mis(w)} ({mis(wu)})",
            " / ".join(n0(x["avg_completion_time"]) for x in (e, m, w)),
            f"{n0(w['killed_map_tasks'])} / {n0(w['killed_reduce_tasks'])}"]))
    return lines


def table2():
    avg = load_sweep("testbed", 18, "300", 100, "2:4")
    up = load_sweep("testbed", 18, "300", 100, "2:4", "aria-up")
    e = avg[(300.0, "edf")]
    m, w = avg[(300.0, "min-edf")], avg[(300.0, "min-edf-wc")]
    mu, wu = up[(300.0, "min-edf")], up[(300.0, "min-edf-wc")]
    lines = header(["metric", "paper EDF", "paper MinEDF", "paper MinEDF-WC", "ours EDF",
                    "ours MinEDF", "ours MinEDF-WC"], ["---"] * 7)

    def both(key, fmt):
        return [fmt(e[key]) if e[key] is not None else "–",
                f"{fmt(m[key])} ({fmt(mu[key])})" if m[key] else "0",
                f"{fmt(w[key])} ({fmt(wu[key])})"]

    one = lambda v: f"{v:.1f}"
    lines.append(row(["rel. deadline exceeded (%)", "82.54 (83.79)", "63.77 (69.73)",
                      "42.38 (46.87)", *both("relative_deadline_exceeded",
                                             lambda v: f"{100.0 * v:.1f}")]))
    lines.append(row(["missed-deadline jobs (%)", "17 (20)", "17 (17)", "10 (10)",
                      *both("missed_fraction", pct1)]))
    lines.append(row(["avg job completion time (s)", "1290 (1360)", "1090 (1110)",
                      "1200 (1240)", *both("avg_completion_time", lambda v: f"{v:.0f}")]))
    extras = [("extra map tasks", "extra_map_tasks", "324 (336)", n0),
              ("extra reduce tasks", "extra_reduce_tasks", "81 (89)", n0),
              ("map tasks killed", "killed_map_tasks", "3.78 (3.94)", one),
              ("reduce tasks killed", "killed_reduce_tasks", "–", one)]
    for label, key, paper, fmt in extras:
        na = "NA" if paper != "–" else "–"
        lines.append(row([label, na, na, paper, "–", "0",
                          f"{fmt(w[key])} ({fmt(wu[key])})"]))
    return lines


def rao12():
    lines = header(["locality", "fair: avg completion (s)", "completion-time: avg completion (s)",
                    "completion-time vs fair", "data-local maps fair / completion-time",
                    "missed % fair / completion-time",
                    "rel. exceeded per job fair / completion-time"], ["---"] + ["---:"] * 6)
    for label, extra in (("4 VMs per host, remote reads 1.5× slower, 2 s per core move",
                          ("--locality", "--vms-per-host", "4", "--remote-penalty", "1.5",
                           "--reconfig-delay", "2")),
                         ("none (every read local)", ())):
        p = load_sweep("testbed", 100, "400", 10, "2:4", algorithms=("fair", "completion-time"),
                       extra=extra)
        f, c = p[(400.0, "fair")], p[(400.0, "completion-time")]
        local = lambda x: (pct1(x["data_local_fraction"]) + " %"
                           if x.get("data_local_fraction") is not None else "–")
        lines.append(row([label, n0(f["avg_completion_time"]), n0(c["avg_completion_time"]),
                          change(c["avg_completion_time"], f["avg_completion_time"]),
                          f"{local(f)} / {local(c)}",
                          f"{pct1(f['missed_fraction'])} / {pct1(c['missed_fraction'])}",
                          # the sum over the late jobs, per job of the batch (100)
                          f"{f['relative_deadline_exceeded'] / 100:.2f} / "
                          f"{c['relative_deadline_exceeded'] / 100:.2f}"]))
    return lines


def rao12_penalty():
    """[Rao12]'s gain against the remote-read penalty (ours: 1.5) and the VMs per host."""
    lines = header(["remote map task runs … × longer", "VMs per host", "fair: avg completion (s)",
                    "completion-time: avg completion (s)", "completion-time vs fair",
                    "data-local maps fair / completion-time"], ["---:"] * 4 + ["---:", "---:"])
    for penalty in ("1.0", "1.1", "1.2", "1.3", "1.5", "2.0"):
        for vms in ("1", "4"):
            p = load_sweep("testbed", 100, "400", 10, "2:4", algorithms=("fair", "completion-time"),
                           extra=("--locality", "--vms-per-host", vms, "--remote-penalty",
                                  penalty, "--reconfig-delay", "2"))
            f, c = p[(400.0, "fair")], p[(400.0, "completion-time")]
            lines.append(row([penalty, vms, n0(f["avg_completion_time"]),
                              n0(c["avg_completion_time"]),
                              change(c["avg_completion_time"], f["avg_completion_time"]),
                              f"{pct1(f['data_local_fraction'])} % / "
                              f"{pct1(c['data_local_fraction'])} %"]))
    return lines


# --- [Ehsan13]: LiPS ---

COST_ALGORITHMS = "hadoop-default,delay,lips,lips-coschedule,lips-online"


def cost(path, *extra):
    doc = mrsim("cost", path, "-a", COST_ALGORITHMS, "--epoch", "600", *extra, "--json")
    return {r["algorithm"]: r for r in doc["results"]}


def lips_models(tmp):
    quarter = os.path.join(tmp, "ec2-25.json")
    mrsim("generate-cost", "--ec2-c1-medium", "5", "-o", quarter, json_out=False)
    return [("0 of 20", os.path.join(SAMPLES, "lips-ec2-20.json")), ("5 of 20", quarter),
            ("10 of 20", os.path.join(SAMPLES, "lips-ec2-20-c1medium50.json"))]


def saving(a, b):
    return f"{one_decimal(100.0 * (1.0 - a / b)):.1f} %"


def lips_figure6():
    lines = header(["c1.medium nodes", "hadoop-default", "delay (5 s)", "lips (offline)",
                    "saving vs default / delay", "lips-online, 600 s epochs",
                    "saving vs default / delay"], ["---"] * 7)
    with tempfile.TemporaryDirectory() as tmp:
        for label, path in lips_models(tmp):
            r = cost(path)
            d, y = r["hadoop-default"]["total_cost"], r["delay"]["total_cost"]
            lips, online = r["lips"]["total_cost"], r["lips-online"]["total_cost"]
            lines.append(row([label, f"${d:.3f}", f"${y:.3f}", f"${lips:.3f}",
                              f"{saving(lips, d)} / {saving(lips, y)}", f"${online:.3f}",
                              f"{saving(online, d)} / {saving(online, y)}"]))
    return lines


def lips_figure7():
    lines = header(["c1.medium nodes", "hadoop-default", "delay (5 s)",
                    "lips-online, 600 s epochs", "lips-online vs delay", "lips (offline)",
                    "lips-coschedule (offline)"], ["---"] + ["---:"] * 6)
    with tempfile.TemporaryDirectory() as tmp:
        for label, path in lips_models(tmp):
            r = cost(path)
            t = {a: r[a]["makespan_s"] for a in r}
            lines.append(row([label, f"{t['hadoop-default']:.0f} s", f"{t['delay']:.0f} s",
                              f"{t['lips-online']:.0f} s", change(t["lips-online"], t["delay"]),
                              f"{t['lips']:.0f} s", f"{t['lips-coschedule']:.0f} s"]))
    return lines


def lips_figure7_epochs():
    """lips-online's execution time against delay scheduling's, per epoch length and cluster."""
    epochs = list(range(200, 2001, 200))
    lines = header(["c1.medium nodes", "delay (5 s)"] + [f"lips-online, {e} s epochs"
                                                         for e in epochs],
                   ["---"] + ["---:"] * (len(epochs) + 1))
    with tempfile.TemporaryDirectory() as tmp:
        for label, path in lips_models(tmp):
            delay = cost(path)["delay"]["makespan_s"]
            points = mrsim("cost-sweep", path, "--epochs", "200:2000:200", "--json")["points"]
            lines.append(row([label, f"{delay:.0f} s"] + [
                f"{p['makespan_s']:.0f} s ({change(p['makespan_s'], delay)})" for p in points]))
    return lines


def lips_figure8():
    doc = mrsim("cost-sweep", os.path.join(SAMPLES, "lips-ec2-20-c1medium50.json"), "--epochs",
                "200:2000:200", "--json")
    points = doc["points"]
    lines = header(["epoch s"] + [f"{p['epoch_s']:.0f}" for p in points],
                   ["---"] * (len(points) + 1))
    lines.append(row(["cost $"] + [f"{p['total_cost']:.3f}" for p in points]))
    lines.append(row(["makespan s"] + [f"{p['makespan_s']:.0f}" for p in points]))
    return lines


def lips_figure5():
    doc = mrsim("cost-sweep", "--machines", "10:100:30", "--runs", "5", "--json")
    points = doc["points"]
    lines = header(["machines (jobs)"] + [f"{p['machines']} ({p['jobs']})" for p in points],
                   ["---"] * (len(points) + 1))
    lines.append(row(["mean cost reduction (min–max of 5)"] + [
        f"{p['mean_reduction_pct']:.1f} % ({p['min_reduction_pct']:.0f}–{p['max_reduction_pct']:.0f})"
        for p in points]))
    return lines


def lips_ceiling():
    return load_script("lips-ceiling").table(MRSIM)


def balanced_pools_readings():
    return load_script("balanced-pools-readings").table(MRSIM)


def testbed_spread():
    return load_script("testbed-spread").table(MRSIM)


def balanced_pools_clusters():
    return load_script("balanced-pools-readings").cluster_table(MRSIM)


# id: (cost, builder, the commands the doc shows)
TABLES = {
    "fig7a": ("full", lambda: figure_sweep("synthetic-unimodal", "10:150:10",
                                           (10, 30, 50, 70, 100, 120, 150)),
              "mrsim sweep --generate synthetic-unimodal --jobs 100 --runs 5 --nodes 10:150:10 "
              "-a " + SWEEP_ALGORITHMS),
    "fig7b": ("full", lambda: figure_sweep("synthetic-bimodal", "10:150:10",
                                           (10, 30, 50, 70, 100, 120, 150)),
              "mrsim sweep --generate synthetic-bimodal --jobs 100 --runs 5 --nodes 10:150:10 "
              "-a " + SWEEP_ALGORITHMS),
    "fig8-unimodal": ("full", lambda: figure_sweep("yahoo-unimodal", "20:300:20",
                                                   (20, 100, 200, 300)),
                      "mrsim sweep --generate yahoo-unimodal --jobs 100 --runs 5 --nodes "
                      "20:300:20 -a " + SWEEP_ALGORITHMS),
    "fig8-bimodal": ("full", lambda: figure_sweep("yahoo-bimodal", "20:300:20",
                                                  (20, 100, 200, 300)),
                     "mrsim sweep --generate yahoo-bimodal --jobs 100 --runs 5 --nodes "
                     "20:300:20 -a " + SWEEP_ALGORITHMS),
    "yahoo-large": ("full", yahoo_large,
                    "mrsim sweep --generate yahoo-bimodal --jobs 100 --runs 2 --nodes "
                    "400:2000:400 -a " + SWEEP_ALGORITHMS),
    "fig9": ("full", lambda: figure_sweep("facebook", "20:300:20", (20, 40, 60, 100, 200, 300)),
             "mrsim sweep --generate facebook --jobs 100 --runs 5 --nodes 20:300:20 -a "
             + SWEEP_ALGORITHMS),
    "bp-readings": ("full", balanced_pools_readings,
                    "scripts/repro/balanced-pools-readings.py"),
    "bp-clusters": ("full", balanced_pools_clusters,
                    "scripts/repro/balanced-pools-readings.py --clusters"),
    "hs-vs-bp": ("cheap", hs_vs_bp,
                 "mrsim sweep --generate KIND --jobs 100 --runs 10 --nodes 32 --slots-per-node 2 "
                 "-a johnson,reverse-johnson,balanced-pools,hscheduler,random"),
    "fig10": ("cheap", figure10,
              "mrsim generate facebook --jobs 100 --seed S --nodes 64 --slots-per-node 4 -o fb.json; "
              "mrsim compare fb.json -a " + SWEEP_ALGORITHMS + " --json; "
              "mrsim sweep fb.json --nodes 64 -a johnson --json (the bound)"),
    "fig1-2": ("full", lambda: facebook_deadlines(None),
               "mrsim sweep-load facebook-1000 --jobs 1000 --interarrival 100:1000:100 --runs 10 "
               "--deadline-factor 1:2 --algorithms edf,min-edf,min-edf-wc "
               "[--within-job-sigma 0.5]"),
    "fig1-2-aria-up": ("full", lambda: facebook_deadlines("aria-up"),
                       "(the same) --estimator aria-up"),
    "fig1-runs": ("full", facebook_runs,
                  "mrsim sweep-load facebook-1000 --jobs 1000 --interarrival 700:1000:300 "
                  "--runs R --deadline-factor 1:2 --estimator aria-up [--within-job-sigma 0.5]"),
    "fig3-4": ("full", testbed_deadlines,
               "mrsim sweep-load testbed --jobs 1000 --interarrival 100:1000:100 --runs 10 "
               "--deadline-factor 2:4 --algorithms edf,min-edf,min-edf-wc [--estimator aria-up]"),
    "table2": ("cheap", table2,
               "mrsim sweep-load testbed --jobs 18 --interarrival 300 --runs 100 "
               "--deadline-factor 2:4 --algorithms edf,min-edf,min-edf-wc [--estimator aria-up]"),
    "rao12": ("cheap", rao12,
                "mrsim sweep-load testbed --jobs 100 --interarrival 400 --runs 10 "
                "--deadline-factor 2:4 --algorithms fair,completion-time [--locality "
                "--vms-per-host 4 --remote-penalty 1.5 --reconfig-delay 2]"),
    "lips-fig6": ("cheap", lips_figure6,
                  "mrsim cost SAMPLE -a " + COST_ALGORITHMS + " --epoch 600"),
    "lips-ceiling": ("cheap", lips_ceiling, "scripts/repro/lips-ceiling.py"),
    "lips-fig7": ("cheap", lips_figure7,
                  "mrsim cost SAMPLE -a " + COST_ALGORITHMS + " --epoch 600 (makespan_s)"),
    "lips-fig7-epochs": ("cheap", lips_figure7_epochs,
                         "mrsim cost SAMPLE -a delay; mrsim cost-sweep SAMPLE --epochs "
                         "200:2000:200 (makespan_s)"),
    "rao12-penalty": ("cheap", rao12_penalty,
                        "mrsim sweep-load testbed --jobs 100 --interarrival 400 --runs 10 "
                        "--deadline-factor 2:4 --algorithms fair,completion-time --locality "
                        "--vms-per-host V --remote-penalty P --reconfig-delay 2"),
    "testbed-spread": ("full", testbed_spread, "scripts/repro/testbed-spread.py"),
    "lips-fig8": ("cheap", lips_figure8,
                  "mrsim cost-sweep samples/lips-ec2-20-c1medium50.json --epochs 200:2000:200"),
    "lips-fig5": ("cheap", lips_figure5, "mrsim cost-sweep --machines 10:100:30 --runs 5"),
}


def doc_tables(text):
    """{id: (first line index, lines)} of every marked table in the doc."""
    lines = text.split("\n")
    found = {}
    for i, line in enumerate(lines):
        if line.startswith("<!-- repro:") and line.endswith(" -->"):
            tid = line[len("<!-- repro:"):-len(" -->")]
            j = i + 1
            while j < len(lines) and lines[j].startswith("|"):
                j += 1
            found[tid] = (i + 1, lines[i + 1:j])
    return found, lines


def main(argv):
    global MRSIM
    doc_path = os.path.join(ROOT, "docs", "reproduction.md")
    if "--mrsim" in argv:
        MRSIM = argv[argv.index("--mrsim") + 1]
    if "--doc" in argv:
        doc_path = argv[argv.index("--doc") + 1]
    full = "--all" in argv or os.environ.get("MRX_REPRO_FULL") == "1"
    if "--list" in argv:
        for tid, (kind, _, command) in TABLES.items():
            print(f"{tid:16} {kind:6} {command}")
        return 0
    if "--print" in argv:
        for tid in argv[argv.index("--print") + 1:]:
            if tid.startswith("--"):
                break
            print(f"<!-- repro:{tid} -->")
            print("\n".join(TABLES[tid][1]()))
            print()
        return 0
    text = open(doc_path, encoding="utf-8").read()
    found, lines = doc_tables(text)
    missing = [tid for tid in TABLES if tid not in found]
    unknown = [tid for tid in found if tid not in TABLES]
    if missing or unknown:
        print(f"{doc_path}: tables without a marker: {missing}; markers without a table: {unknown}")
        return 1
    chosen = [tid for tid, (kind, _, _) in TABLES.items() if full or kind == "cheap"]
    if "--only" in argv:
        chosen = argv[argv.index("--only") + 1].split(",")
    if "--check" in argv:
        failed = []
        for tid in chosen:
            built = TABLES[tid][1]()
            if built != found[tid][1]:
                failed.append(tid)
                print(f"table {tid} differs from {doc_path} (rebuild: {TABLES[tid][2]})")
                print("  in the doc:")
                print("\n".join("    " + l for l in found[tid][1]))
                print("  rebuilt:")
                print("\n".join("    " + l for l in built))
            else:
                print(f"table {tid}: as in the doc")
        skipped = [tid for tid in TABLES if tid not in chosen]
        if skipped and "--only" not in argv:
            print("not rebuilt (expensive; MRX_REPRO_FULL=1 or --all):", ", ".join(skipped))
        return 1 if failed else 0
    if "--update" in argv:
        # From the last table up, so that earlier line numbers stay valid.
        for tid in sorted(chosen, key=lambda t: -found[t][0]):
            start, old = found[tid]
            lines[start:start + len(old)] = TABLES[tid][1]()
            print(f"table {tid}: rebuilt", flush=True)
        open(doc_path, "w", encoding="utf-8").write("\n".join(lines))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
