#!/usr/bin/env python3
"""Functions of core/, ui/ and app/ longer than 80 lines: each must be split into
well-named functions or say why it is long in a comment containing "long because" (just above its
signature or in its first lines), e.g. a state machine that reads best top to bottom. Functions
left for later are listed in scripts/function-lengths-allowed.txt ("path: name" lines).

    scripts/function-lengths.py [ROOT]          list the long functions, exit 1 when one has neither
                                                a reason nor an allow-list entry (CTest:
                                                functions.noneLongWithoutAReason)
    scripts/function-lengths.py --all [ROOT]    every function over the limit, reasons or not
    scripts/function-lengths.py --self-test     check the reader on small sources held in memory

A function's length counts the lines from its signature to its closing brace. The reader knows
enough C++ for this code base (namespaces, classes, functions, constructors with initialiser
lists, lambdas inside functions); it is not a compiler.
"""
import pathlib
import re
import sys

LIMIT = 80
REASON = "long because"
ALLOWED = "scripts/function-lengths-allowed.txt"
SOURCES = (".h", ".hpp", ".cpp")
CONTROL = {"if", "for", "while", "switch", "catch", "do", "else", "try", "return"}


def blank_out(text):
    """The text with comments, string and character literals replaced by spaces (newlines kept),
    so that braces and parentheses inside them do not count."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif c == 'R' and text.startswith('R"', i) and (i == 0 or not text[i - 1].isalnum()):
            delimiter = text[i + 2:text.find("(", i + 2)]
            end = text.find(")" + delimiter + '"', i)
            end = n if end < 0 else end + len(delimiter) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isalnum() and i + 1 < n and text[i + 1].isalnum():
                out.append(c)  # a digit separator: 100'000
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(" " * (min(j + 1, n) - i))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def function_name(head):
    """The name of the function whose declaration is `head` (the text before its body's brace),
    or None when `head` declares no function."""
    head = " ".join(head.split())
    head = re.sub(r"^template\s*<.*?>\s*", "", head)
    first = re.match(r"[A-Za-z_]\w*", head)
    if not first or first.group(0) in CONTROL:
        return None
    depth_angle = 0
    for i, c in enumerate(head):
        if c == "<":
            depth_angle += 1
        elif c == ">" and depth_angle > 0:
            depth_angle -= 1
        elif c in "=[;{}" and depth_angle == 0:
            return None  # an initialiser, a lambda or an array
        elif c == "(" and depth_angle == 0:
            name = re.search(r"((?:[A-Za-z_~]\w*::)*(?:operator\W*|~?[A-Za-z_]\w*))\s*$", head[:i])
            return name.group(1).strip() if name else None
    return None


def functions(text):
    """(name, first line, last line, body's first line) of every function defined in `text`
    outside another function (lambdas and local classes count as part of their function)."""
    clean = blank_out(text)
    found = []
    stack = []  # per open brace: "function", "scope" (namespace, class, extern) or "block"
    head_start = 0
    for i, c in enumerate(clean):
        if c == "{":
            in_function = any(kind == "function" for kind, _, _ in stack)
            kind = "block"
            name = None
            if not in_function:
                head = clean[head_start:i]
                words = head.split()
                if re.search(r"\b(namespace|class|struct|union|enum)\b", head.split("(")[0]) or (
                        words[:1] == ["extern"]) or not words:
                    kind = "scope"
                else:
                    name = function_name(head)
                    kind = "function" if name else "block"
            start = clean.count("\n", 0, head_start + len(clean[head_start:i]) -
                                len(clean[head_start:i].lstrip())) + 1
            stack.append((kind, name, start))
            head_start = i + 1
        elif c == "}":
            if stack:
                kind, name, start = stack.pop()
                if kind == "function":
                    body = clean.count("\n", 0, i) + 1
                    found.append((name, start, body))
            head_start = i + 1
        elif c == ";" or (c == ":" and clean[i - 1:i + 1] != "::" and clean[i:i + 2] != "::" and
                          re.search(r"\b(public|private|protected|signals|slots)\s*$",
                                    clean[head_start:i])):
            if not any(kind == "function" for kind, _, _ in stack):
                head_start = i + 1
    return found


def has_reason(lines, start):
    """A "long because" comment in the five lines above the signature or the six below it."""
    window = lines[max(0, start - 6):start + 6]
    return any(REASON in line for line in window)


def long_functions(root, files):
    """(path, name, length, reason given) of every function over LIMIT lines."""
    result = []
    for path in files:
        text = (root / path).read_text(encoding="utf-8")
        lines = text.splitlines()
        for name, start, end in functions(text):
            length = end - start + 1
            if length > LIMIT:
                result.append((path, start, name, length, has_reason(lines, start)))
    return result


def source_files(root):
    return sorted(p.relative_to(root).as_posix() for top in ("core", "ui", "app")
                  for p in (root / top).rglob("*") if p.is_file() and p.suffix in SOURCES)


def read_allowed(root):
    allowed = set()
    path = root / ALLOWED
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.split("#")[0].strip()
            if line:
                allowed.add(line)
    return allowed


def self_test():
    body = "\n".join(f"    x += {i};" for i in range(LIMIT))
    source = f"""namespace mr {{
namespace {{
struct Local {{
    int f() const {{ return 1; }}
}};
}}  // namespace
// A comment {{ with a brace
int Foo::longOne(int a, const char* s = "{{") const {{
    auto lambda = [&](int b) {{ return b; }};
    if (a) {{
{body}
    }}
    return 0;
}}
Foo::Foo(int a) : m_a(a), m_b{{a}} {{
    int x = 0;
}}
// long because a state machine reads best top to bottom
void reasoned() {{
{body}
}}
const std::vector<int> kList = {{
{body}
}};
}}  // namespace mr
"""
    found = {name: (start, end) for name, start, end in functions(source)}
    lines = source.splitlines()
    expect = {"f", "Foo::longOne", "Foo::Foo", "reasoned"}
    failures = []
    if set(found) != expect:
        failures.append(f"functions {sorted(found)}, expected {sorted(expect)}")
    else:
        start, end = found["Foo::longOne"]
        if end - start + 1 != LIMIT + 6 or has_reason(lines, start):
            failures.append(f"Foo::longOne: lines {start}-{end}")
        if not has_reason(lines, found["reasoned"][0]):
            failures.append("the reason of reasoned() not seen")
    for failure in failures:
        print(f"function-lengths self-test: FAILED: {failure}")
    if not failures:
        print("function-lengths self-test: functions, lengths and reasons read right")
    return 1 if failures else 0


def main(argv):
    args = argv[1:]
    if args == ["--self-test"]:
        return self_test()
    show_all = "--all" in args
    args = [a for a in args if a != "--all"]
    root = pathlib.Path(args[0] if args else pathlib.Path(__file__).resolve().parent.parent)
    allowed = read_allowed(root)
    found = long_functions(root, source_files(root))
    unexplained = []
    seen = set()
    for path, start, name, length, reason in found:
        key = f"{path}: {name}"
        seen.add(key)
        if reason or key in allowed:
            if show_all:
                why = "long because ..." if reason else f"allowed ({ALLOWED})"
                print(f"{path}:{start}: {name}: {length} lines, {why}")
            continue
        unexplained.append(f"{path}:{start}: {name}: {length} lines")
    for line in unexplained:
        print(line)
    for key in sorted(allowed - seen):
        print(f"note: {ALLOWED}: '{key}' is no longer over {LIMIT} lines; remove it")
    reasons = sum(1 for f in found if f[4])
    print(f"function-lengths: {len(found)} functions over {LIMIT} lines: {reasons} say why, "
          f"{len(found) - reasons - len(unexplained)} allowed for now, {len(unexplained)} neither")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
