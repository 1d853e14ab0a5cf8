#!/usr/bin/env python3
"""[Ehsan13] (LiPS), Fig. 6: the saving ceiling of the cost model, and the price ratio that
reaches the paper's 62 % and 79-81 %.

No schedule in the model costs less than the LP optimum (`lp_lower_bound` of `mrsim cost`), so
no scheduler can save more than 1 - LP / baseline against a baseline. This script prints, for
the two EC2 samples and for copies whose c1.medium price per compute-unit second is the
m1.medium price divided by a ratio r, the baselines' costs, the LP optimum, LiPS's saving and
that ceiling. Usage: scripts/repro/lips-ceiling.py [path/to/mrsim]  (about 5 s)."""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MRSIM = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "app", "mrsim")


def cost(mrsim, model_path):
    out = subprocess.run([mrsim, "cost", model_path, "-a", "hadoop-default,delay,lips", "--json"],
                         check=True, capture_output=True, text=True).stdout
    doc = json.loads(out)
    results = doc["results"] if isinstance(doc, dict) and "results" in doc else doc
    return {r["algorithm"]: r for r in results}


def pct(a, b):
    saving = 100.0 * (1.0 - a / b)
    return f"{0.0 if abs(saving) < 0.05 else saving:.1f}"  # never "-0.0"


def row(mrsim, label, model_path):
    r = cost(mrsim, model_path)
    default = r["hadoop-default"]["total_cost"]
    delay = r["delay"]["total_cost"]
    lips = r["lips"]["total_cost"]
    lp = r["lips"]["lp_lower_bound"]
    return (f"| {label} | ${default:.3f} | ${delay:.3f} | ${lips:.3f} | ${lp:.3f} | "
            f"{pct(lips, default)} % / {pct(lips, delay)} % | "
            f"{pct(lp, default)} % / {pct(lp, delay)} % |")


def with_ratio(sample, ratio, directory):
    model = json.load(open(os.path.join(ROOT, "samples", sample)))
    m1 = max(m["cpu_cost_per_s"] for m in model["machines"])
    for m in model["machines"]:
        if "-c1-" in m["name"]:
            m["cpu_cost_per_s"] = m1 / ratio
    path = os.path.join(directory, f"ratio-{ratio}.json")
    json.dump(model, open(path, "w"))
    return path


def table(mrsim):
    """The doc's table (docs/reproduction.md, marker repro:lips-ceiling), one string per line."""
    lines = ["| model | hadoop-default | delay | lips | LP optimum |"
             " LiPS saving vs default / delay | ceiling 1 − LP / baseline |",
             "|---|---|---|---|---|---|---|",
             row(mrsim, "20 m1.medium (`lips-ec2-20.json`)",
                 os.path.join(ROOT, "samples", "lips-ec2-20.json")),
             row(mrsim, "10 m1 + 10 c1.medium, r = 4.83 (`lips-ec2-20-c1medium50.json`, "
                 "Table III's low ends)",
                 os.path.join(ROOT, "samples", "lips-ec2-20-c1medium50.json"))]
    with tempfile.TemporaryDirectory() as tmp:
        for ratio, note in ((6.95, " (Table III's extremes: 6.39 / 0.92 millicent)"),
                            (8.5, ""), (9.5, "")):
            lines.append(row(mrsim, f"10 m1 + 10 c1.medium, r = {ratio}{note}",
                             with_ratio("lips-ec2-20-c1medium50.json", ratio, tmp)))
    return lines


if __name__ == "__main__":
    print("\n".join(table(MRSIM)))
