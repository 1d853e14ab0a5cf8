#!/usr/bin/env python3
"""Regenerates the "## Commands" part of docs/cli.md from mrsim's own --help: per command its
description, usage and a table of every argument and option. The text above the first command
(the overview, exit codes, output formats) is written by hand and kept as it is.

    scripts/cli-reference.py [MRSIM] [DOC]   (defaults: build/app/mrsim, docs/cli.md)

The CTest test docs.cliListsEveryOption fails when docs/cli.md misses an option of --help; run
this to bring the tables up to date, then read the diff.
"""
import re
import subprocess
import sys

# Where to read more, after a command's table.
MORE = {
    "run": "The output and `--json`'s fields: [Output formats](#output-formats); the task CSV and "
           "trace events: [formats.md](formats.md#task-list-mrsim-run---tasks-csv); the job "
           "metrics and the Batsim columns: [metrics.md](metrics.md). The "
           "algorithms and their options: [algorithms.md](algorithms.md).",
    "compare": "\"vs B\" and the CSV columns: [Output formats](#output-formats); the job "
               "metrics: [metrics.md](metrics.md).",
    "generate": "What each kind makes, with arrivals and deadlines: "
                "[makespan-optimisers.md](makespan-optimisers.md#workload-generators), "
                "[deadlines.md](deadlines.md).",
    "import rumen": "What is kept and the overheads model: "
                    "[traces-and-plans.md](traces-and-plans.md#rumen-traces-mrsim-import-rumen).",
    "import swim": "The byte model: "
                   "[traces-and-plans.md](traces-and-plans.md#swim-traces-mrsim-import-swim).",
    "plan": "The three files: [formats.md](formats.md#plans-mrsim-plan), "
            "[traces-and-plans.md](traces-and-plans.md#plans-mrsim-plan).",
    "sweep": "Sharding, resuming and merging: [sweeps-on-a-cluster.md](sweeps-on-a-cluster.md); "
             "the figures it reproduces: [reproduction.md](reproduction.md).",
    "sweep-load": "The metrics and the policies: [deadlines.md](deadlines.md); sharding: "
                  "[sweeps-on-a-cluster.md](sweeps-on-a-cluster.md).",
    "sweep-faults": "The scenario fields: [simulator.md](simulator.md#scenarios); the "
                    "statistics and an example: [user-guide.md](user-guide.md#robustness-sweeps); "
                    "sharding: [sweeps-on-a-cluster.md](sweeps-on-a-cluster.md).",
    "min-slots": "The quota models: [deadlines.md](deadlines.md).",
    "cost": "The cost model and the algorithms: [lips-cost.md](lips-cost.md).",
    "cost-sweep": "[lips-cost.md](lips-cost.md); sharding: "
                  "[sweeps-on-a-cluster.md](sweeps-on-a-cluster.md).",
    "generate-cost": "The cost model file: [lips-cost.md](lips-cost.md#cost-model-file).",
    "validate": "The replay and its accuracy: [traces-and-plans.md](traces-and-plans.md"
                "#replaying-a-history-the-overheads-model-and-mrsim-validate).",
    "merge": "[sweeps-on-a-cluster.md](sweeps-on-a-cluster.md#mrsim-merge); the parts' format: "
             "[formats.md](formats.md#sweep-parts-json-lines).",
}
NAME_WIDTH = 30  # CLI11 pads an option's names to this column, then writes its description


def run(mrsim, *args):
    return subprocess.run([mrsim, *args], capture_output=True, text=True, check=False).stdout


def parse(text):
    """(description, usage, {SECTION: [[names, description], ...]}) of a CLI11 --help."""
    description, usage, sections, current = [], "", {}, None
    for line in text.splitlines():
        if line.startswith("Usage:"):
            usage, current = line[len("Usage:"):].strip(), "usage"
            continue
        heading = re.match(r"^([A-Z][A-Za-z ]*):\s*$", line)
        if heading and current is not None:
            current = heading.group(1).upper()
            sections[current] = []
        elif current is None:
            description.append(line)
        elif current != "usage" and line.strip():
            if line.startswith("  ") and not line.startswith(" " * 10):
                split = len(line) > NAME_WIDTH and line[NAME_WIDTH - 1] == " "
                sections[current].append([line[:NAME_WIDTH].strip() if split else line.strip(),
                                          line[NAME_WIDTH:].strip() if split else ""])
            elif sections[current]:  # a description on the line below long names
                entry = sections[current][-1]
                entry[1] = (entry[1] + " " + line.strip()).strip()
    return "\n".join(description).strip(), usage, sections


def cell(text):
    return text.replace("|", "\\|")


def description_markdown(description):
    """The description, its indented "name  text" lines (generator kinds, cost algorithms) as a
    list."""
    lines = []
    for line in description.splitlines():
        item = re.match(r"^\s{2,}(\S+)\s{2,}(.*)$", line)
        lines.append(f"- `{item.group(1)}` — {item.group(2)}" if item else line)
    return "\n".join(lines).replace(":\n- ", ":\n\n- ", 1)


def option_row(names, description):
    names = re.sub(r",(?=-)", ", ", names)
    for kind, value in re.findall(r"\s(Needs|Excludes): (\S+(?: --?\S+)*)", names):
        description += f" (needs {value})" if kind == "Needs" else f" (not with {value})"
    names = re.sub(r"\s(Needs|Excludes): .*$", "", names)
    return f"| `{cell(names)}` | {cell(description)} |"


def command_markdown(mrsim, path):
    """The section of `mrsim PATH...`, and the names of its subcommands."""
    description, usage, sections = parse(run(mrsim, *path, "--help"))
    command = " ".join(path)
    out = [f"### `mrsim {command}`", ""]
    if description:
        out += [description_markdown(description), ""]
    rest = usage[usage.index(path[-1]) + len(path[-1]):] if path[-1] in usage else ""
    out += ["```", f"mrsim {command}{rest}", "```", ""]
    rows = [option_row(names, text) for key in ("POSITIONALS", "OPTIONS")
            for names, text in sections.get(key, []) if not names.startswith("-h,--help")]
    if rows:
        out += ["| argument or option | what it does |", "|---|---|", *rows, ""]
    if command in MORE:
        out += [MORE[command], ""]
    return out, [names.split()[0] for names, _ in sections.get("SUBCOMMANDS", [])]


def commands_markdown(mrsim):
    out = []
    _, _, sections = parse(run(mrsim, "--help"))
    for command in [names.split()[0] for names, _ in sections.get("SUBCOMMANDS", [])]:
        lines, subcommands = command_markdown(mrsim, [command])
        out += lines
        for sub in subcommands:
            out += command_markdown(mrsim, [command, sub])[0]
    return "\n".join(out) + "\n"


def main(argv):
    mrsim = argv[1] if len(argv) > 1 else "build/app/mrsim"
    doc = argv[2] if len(argv) > 2 else "docs/cli.md"
    with open(doc, encoding="utf-8") as f:
        text = f.read()
    marker = "\n## Commands\n"
    if marker not in text or "\n### " not in text[text.find(marker):]:
        print(f"{doc}: no '## Commands' heading followed by commands", file=sys.stderr)
        return 2
    first_command = text.index("\n### ", text.index(marker)) + 1
    with open(doc, "w", encoding="utf-8") as f:
        f.write(text[:first_command] + commands_markdown(mrsim))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
