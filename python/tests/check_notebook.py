"""Runs docs/notebooks/figure7.ipynb headless (nbconvert --execute, MPLBACKEND=Agg, small batches)
into OUT_DIR, leaving the source notebook as it is, and checks every number it plotted against
`mrsim sweep --json` of the same parameters.

    check_notebook.py NOTEBOOK OUT_DIR MRSIM
"""
import json
import os
import pathlib
import subprocess
import sys


def main(notebook, out_dir, mrsim):
    notebook = str(pathlib.Path(notebook).resolve())
    for folder in ("TMPDIR", "XDG_RUNTIME_DIR"):
        if os.environ.get(folder):
            os.makedirs(os.environ[folder], mode=0o700, exist_ok=True)
    out = pathlib.Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    numbers = out / "figure7-numbers.json"
    numbers.unlink(missing_ok=True)
    env = dict(os.environ, MPLBACKEND="Agg", MRX_NOTEBOOK_QUICK="1",
               PYDEVD_DISABLE_FILE_VALIDATION="1", MRX_NOTEBOOK_NUMBERS=str(numbers),
               MRX_FIGURE_PNG=str(out / "figure7.png"))
    before = pathlib.Path(notebook).read_bytes()
    subprocess.run([sys.executable, "-m", "nbconvert", "--to", "notebook", "--execute",
                    "--output-dir", str(out), "--ExecutePreprocessor.timeout=120", notebook],
                   env=env, check=True, cwd=out)
    assert pathlib.Path(notebook).read_bytes() == before, "the source notebook was changed"
    assert (out / "figure7.png").stat().st_size > 10000, "no figure"
    got = json.loads(numbers.read_text())
    checked = 0
    for panel in got["panels"]:
        expected = json.loads(subprocess.run(
            [mrsim, "sweep", "--generate", panel["kind"], "--jobs", str(got["jobs"]),
             "--runs", str(got["runs"]), "--seed", "1", "--nodes", panel["nodes"],
             "-a", ",".join(got["algorithms"]), "--json"],
            capture_output=True, text=True, check=True).stdout)
        for series in expected["series"]:
            if series["name"] not in got["algorithms"]:
                continue
            for nodes, mean in zip(expected["nodes"], series["mean"]):
                row = [r for r in got["rows"] if r["workload"] == panel["kind"]
                       and r["series"] == series["name"] and r["nodes"] == nodes]
                assert len(row) == 1, (panel, series["name"], nodes)
                assert row[0]["mean"] == mean, (panel["kind"], series["name"], nodes,
                                                row[0]["mean"], mean)
                checked += 1
    assert checked == len(got["rows"]), (checked, len(got["rows"]))
    print(f"figure7.ipynb: {checked} plotted means equal mrsim sweep's")


if __name__ == "__main__":
    main(*sys.argv[1:])
