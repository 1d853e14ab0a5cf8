#!/usr/bin/env python3
"""Checks that the docs say what the program does. One check per CTest test:

    check-docs.py cli-options MRSIM ROOT      every option `mrsim COMMAND --help` prints is in the
                                              section of docs/cli.md for that command
    check-docs.py links ROOT                  every relative link (and #anchor) in README.md,
                                              CONTRIBUTING.md and docs/**/*.md resolves
    check-docs.py algorithms-page MRSIM ROOT  docs/algorithms.md is what `mrsim algorithms
                                              --markdown` prints
    check-docs.py reference-keys MRSIM ROOT   every [Key] the registry, the help texts, the code and
                                              the docs cite is defined in docs/references.md, and
                                              every algorithm's source is a key or "ours"
    check-docs.py --self-test                 the checkers on small texts held in memory

Prints one line per problem and exits 1 when there is one.
"""
import json
import pathlib
import re
import subprocess
import sys

OPTION = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*|-[a-zA-Z])\b")
KEY = re.compile(r"\[([A-Z][a-z]+[0-9]{2}[a-z]?)\]")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
SOURCES = (".cpp", ".h", ".def", ".py", ".sh", ".md", ".txt", ".cmake", ".json", ".mrxs")


def run(mrsim, *args):
    return subprocess.run([mrsim, *args], capture_output=True, text=True, check=False).stdout


# ---- options -------------------------------------------------------------------------------

def help_options(help_text):
    """The options a CLI11 --help lists: the names at the start of its option lines."""
    options = set()
    in_options = False
    for line in help_text.splitlines():
        if re.match(r"^[A-Z][A-Za-z ]*:\s*$", line):
            in_options = line.strip().rstrip(":") in ("OPTIONS", "Options", "FLAGS", "POSITIONALS")
            continue
        if in_options:
            head = re.match(r"^\s{1,}((?:-[^\s,]+(?:,\s*)?)+)", line)
            if head:
                options.update(o for o in OPTION.findall(head.group(1)) if o not in ("-h",))
    options.discard("--help")
    return options


def subcommands(help_text):
    """The command names of a CLI11 --help's SUBCOMMANDS section."""
    names = []
    in_section = False
    for line in help_text.splitlines():
        if re.match(r"^[A-Z][A-Za-z ]*:\s*$", line):
            in_section = line.strip().upper().startswith("SUBCOMMANDS")
            continue
        match = re.match(r"^\s{2}([a-z][a-z0-9-]*)\b", line)
        if in_section and match:
            names.append(match.group(1))
    return names


def sections(markdown):
    """{heading text: its section's text up to the next heading of the same or a higher level}."""
    out = {}
    lines = markdown.splitlines()
    heads = [(i, len(m.group(1)), m.group(2)) for i, line in enumerate(lines)
             for m in [re.match(r"^(#{1,6})\s+(.*)$", line)] if m]
    for n, (i, level, text) in enumerate(heads):
        end = next((j for j, lv, _ in heads[n + 1:] if lv <= level), len(lines))
        out[text] = "\n".join(lines[i:end])
    return out


def missing_options(doc, command, options):
    """The options not in the section whose heading names `mrsim COMMAND`."""
    wanted = f"mrsim {command}"
    texts = [t for h, t in sections(doc).items() if h.strip("` ").replace("`", "") == wanted]
    if not texts:
        return [f"docs/cli.md: no section '## `{wanted}`'"]
    text = texts[0]
    return [f"docs/cli.md: section `{wanted}` does not list {o}" for o in sorted(options)
            if not re.search(r"(?<![\w-])" + re.escape(o) + r"(?![\w-])", text)]


def check_cli_options(mrsim, root):
    doc = (root / "docs/cli.md").read_text(encoding="utf-8")
    problems = []
    main_help = run(mrsim, "--help")
    commands = subcommands(main_help)
    if not commands:
        return [f"{mrsim} --help lists no commands"]
    for command in commands:
        text = run(mrsim, command, "--help")
        nested = subcommands(text)
        for sub in nested:
            problems += missing_options(doc, f"{command} {sub}",
                                        help_options(run(mrsim, command, sub, "--help")))
        problems += missing_options(doc, command, help_options(text))
    return problems


# ---- links ---------------------------------------------------------------------------------

def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"<[^>]+>", "", heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(markdown):
    found = set()
    counts = {}
    fence = False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fence = not fence
        if fence:
            continue
        heading = re.match(r"^#{1,6}\s+(.*?)\s*#*$", line)
        if heading:
            base = slug(heading.group(1))
            n = counts.get(base, 0)
            counts[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
        found.update(re.findall(r"<a\s+(?:id|name)=\"([^\"]+)\"", line))
    return found


def links(markdown):
    fence = False
    for number, line in enumerate(markdown.splitlines(), 1):
        if line.startswith("```"):
            fence = not fence
        if fence:
            continue
        for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
            yield number, target


def check_links(root, files=None):
    if files is None:
        files = {str(p.relative_to(root)): p.read_text(encoding="utf-8")
                 for p in [root / "README.md", root / "CONTRIBUTING.md",
                           *sorted((root / "docs").rglob("*.md"))] if p.exists()}
    problems = []
    for name, text in files.items():
        for number, target in links(text):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                continue  # http:, https:, mailto:
            path, _, anchor = target.partition("#")
            normal = _normalise(str(pathlib.PurePosixPath(name).parent / path) if path else name)
            text_of = files.get(normal)
            exists = text_of is not None or (root / normal).exists()
            if not exists:
                problems.append(f"{name}:{number}: link to {target}: {normal} does not exist")
                continue
            if anchor and normal.endswith(".md"):
                target_text = text_of if text_of is not None else (root / normal).read_text(
                    encoding="utf-8")
                if anchor not in anchors(target_text):
                    problems.append(f"{name}:{number}: link to {target}: no heading #{anchor}")
    return problems


def _normalise(path):
    parts = []
    for part in pathlib.PurePosixPath(path).parts:
        if part == "..":
            if parts:
                parts.pop()
            else:
                parts.append(part)
        elif part != ".":
            parts.append(part)
    return "/".join(parts) or "."


# ---- algorithms page and references ----------------------------------------------------------

def check_algorithms_page(mrsim, root):
    page = (root / "docs/algorithms.md").read_text(encoding="utf-8")
    generated = run(mrsim, "algorithms", "--markdown")
    if page == generated:
        return []
    a, b = page.splitlines(), generated.splitlines()
    first = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
    return [f"docs/algorithms.md differs from `mrsim algorithms --markdown` from line {first + 1}"
            f" (regenerate: mrsim algorithms --markdown > docs/algorithms.md)"]


def defined_keys(references):
    return set(re.findall(r"^\|\s*(?:<a [^>]*></a>)?\s*\[([A-Za-z0-9]+)\]\s*\|", references,
                          re.MULTILINE))


def check_reference_keys(mrsim, root):
    known = defined_keys((root / "docs/references.md").read_text(encoding="utf-8"))
    problems = []
    if not known:
        return ["docs/references.md defines no key"]
    catalog = json.loads(run(mrsim, "algorithms", "--json"))
    for a in catalog["algorithms"]:
        if not (KEY.match(a["source"]) or a["source"].startswith("ours")):
            problems.append(f"algorithm {a['id']}: source '{a['source']}' starts with neither "
                            f"a [Key] nor 'ours'")
    texts = {"mrsim algorithms": run(mrsim, "algorithms"), "mrsim --help": run(mrsim, "--help")}
    for command in subcommands(texts["mrsim --help"]):
        texts[f"mrsim {command} --help"] = run(mrsim, command, "--help")
    for folder in ("core", "ui", "app", "tests", "bench", "docs", "scripts", "samples",
                   "packaging"):
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and path.suffix in SOURCES:
                texts[str(path.relative_to(root))] = path.read_text(encoding="utf-8",
                                                                    errors="replace")
    for name in ("README.md", "CONTRIBUTING.md"):
        texts[name] = (root / name).read_text(encoding="utf-8")
    for where, text in texts.items():
        for key in sorted(set(KEY.findall(text)) - known):
            problems.append(f"{where}: cites [{key}], which docs/references.md does not define")
    return problems


# ---- self-test --------------------------------------------------------------------------------

def self_test():
    problems = []
    help_text = ("run WORKLOAD\n\nPOSITIONALS:\n  workload TEXT  the file\n\nOPTIONS:\n"
                 "  -h,     --help              Print this help message and exit\n"
                 "  -a,     --algorithm TEXT    The algorithm\n          --json  JSON\n")
    if help_options(help_text) != {"-a", "--algorithm", "--json"}:
        problems.append(f"help_options: {sorted(help_options(help_text))}")
    doc = "# CLI\n## `mrsim run`\n`--algorithm`, `-a`\n## `mrsim compare`\n`--json`\n"
    if missing_options(doc, "run", {"-a", "--algorithm", "--json"}) != [
            "docs/cli.md: section `mrsim run` does not list --json"]:
        problems.append("missing_options does not find a missing option")
    files = {"README.md": "[a](docs/x.md#two-words) [b](docs/y.md) [c](https://e.org)\n",
             "docs/x.md": "# Two words\n[up](../README.md) [no](#three)\n"}
    found = check_links(pathlib.Path("/nonexistent"), files)
    if found != ["README.md:1: link to docs/y.md: docs/y.md does not exist",
                 "docs/x.md:2: link to #three: no heading #three"]:
        problems.append(f"check_links: {found}")
    if slug("`mrsim run` — one (algorithm)") != "mrsim-run--one-algorithm":
        problems.append(f"slug: {slug('`mrsim run` — one (algorithm)')}")
    if defined_keys("| key | paper |\n|---|---|\n| <a id=\"x\"></a>[Verma12] | V |\n") != {"Verma12"}:
        problems.append("defined_keys")
    return problems


def main(argv):
    if argv[1:] == ["--self-test"]:
        problems = self_test()
    elif len(argv) == 3 and argv[1] == "links":
        problems = check_links(pathlib.Path(argv[2]))
    elif len(argv) == 4:
        check = {"cli-options": check_cli_options, "algorithms-page": check_algorithms_page,
                 "reference-keys": check_reference_keys}[argv[1]]
        problems = check(argv[2], pathlib.Path(argv[3]))
    else:
        print(__doc__)
        return 2
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
