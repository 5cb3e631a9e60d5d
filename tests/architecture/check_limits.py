#!/usr/bin/env python3
"""The house limits of docs/architecture.md, checked on the source tree:

- no function in src/ longer than 60 lines, except at most five that say why: a comment
  `// Long function: REASON` on one of the three lines above the function's first line;
- no file in src/ longer than 600 lines, and src/arena/match.cpp at most 350.

Functions and their extents come from Universal Ctags (Debian's universal-ctags), which reads C++
definitions with their end lines; a lambda counts in the function around it. Prints one line per
violation and exits 1; exits 0 when the tree keeps the limits.

    check_limits.py [REPO]
    check_limits.py --self-test     (the check fails on a tree that breaks each limit)
"""
import os
import re
import shutil
import subprocess
import sys

from self_test import run_cases

MAX_FUNCTION = 60
MAX_EXCEPTIONS = 5
MAX_FILE = 600
FILE_LIMITS = {"src/arena/match.cpp": 350}
REASON = re.compile(r"//\s*Long function:\s*(\S.*)", re.I)
SOURCES = (".cpp", ".hpp", ".h", ".c")


def find_ctags():
    for name in ("ctags-universal", "universal-ctags", "ctags"):
        path = shutil.which(name)
        if path:
            version = subprocess.run([path, "--version"], capture_output=True, text=True).stdout
            if "Universal Ctags" in version:
                return path
    return None


def source_files(repo):
    found = []
    for root, _, names in os.walk(os.path.join(repo, "src")):
        for name in names:
            if name.endswith(SOURCES):
                found.append(os.path.relpath(os.path.join(root, name), repo))
    return sorted(found)


def functions(ctags, repo, files):
    """(file, name, first line, last line) of every function definition, lambdas left out."""
    out = subprocess.run([ctags, "--languages=C,C++", "--kinds-C++=f", "--kinds-C=f", "--fields=+ne",
                          "-o", "-"] + files, cwd=repo, capture_output=True, text=True, check=True).stdout
    result = []
    for row in out.splitlines():
        cols = row.split("\t")
        fields = dict(c.split(":", 1) for c in cols[3:] if ":" in c)
        if cols[0].startswith("__anon") or "line" not in fields or "end" not in fields:
            continue
        result.append((cols[1], cols[0], int(fields["line"]), int(fields["end"])))
    return result


def check(repo, ctags):
    problems, exceptions = [], []
    files = source_files(repo)
    texts = {f: open(os.path.join(repo, f), encoding="utf-8", errors="replace").read().split("\n")
             for f in files}
    for f in files:
        lines = len(texts[f]) - (1 if texts[f] and texts[f][-1] == "" else 0)
        limit = FILE_LIMITS.get(f, MAX_FILE)
        if lines > limit:
            problems.append("%s: %d lines, over the limit of %d" % (f, lines, limit))
    for f, name, first, last in functions(ctags, repo, files):
        length = last - first + 1
        if length <= MAX_FUNCTION:
            continue
        above = texts[f][max(0, first - 4):first - 1]
        reason = next((m.group(1) for m in map(REASON.search, above) if m), None)
        if reason:
            exceptions.append("%s:%d %s (%d lines): %s" % (f, first, name, length, reason))
        else:
            problems.append("%s:%d: %s is %d lines, over %d, with no `// Long function: REASON` above it"
                            % (f, first, name, length, MAX_FUNCTION))
    if len(exceptions) > MAX_EXCEPTIONS:
        problems.append("%d long functions with a stated reason, more than the %d allowed:\n  %s"
                        % (len(exceptions), MAX_EXCEPTIONS, "\n  ".join(exceptions)))
    return problems, exceptions, len(files)


def self_test(ctags):
    """The check must fail on each broken limit and pass on a clean tree."""
    body = lambda n: "int f%d() {\n%s    return 0;\n}\n" % (n, "    int x = 0;\n" * n)
    cases = {
        "clean": ({"src/a/ok.cpp": body(50)}, 0),
        "long function": ({"src/a/long.cpp": body(70)}, 1),
        "long function with a reason": ({"src/a/why.cpp": "// Long function: a table\n" + body(70)}, 0),
        "long file": ({"src/a/big.cpp": "".join(body(5).replace("f5", "g%d" % i) for i in range(120))}, 1),
        "match.cpp over 350": ({"src/arena/match.cpp": "// x\n" * 351}, 1),
        "six reasons": ({"src/a/w%d.cpp" % i: "// Long function: r\n" + body(70).replace("f70", "h%d" % i)
                         for i in range(6)}, 1),
    }
    return run_cases(cases, lambda repo: check(repo, ctags)[0])


def main():
    ctags = find_ctags()
    if not ctags:
        print("check_limits: Universal Ctags not found: install the Debian package universal-ctags")
        return 1
    if sys.argv[1:] == ["--self-test"]:
        return self_test(ctags)
    repo = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
    problems, exceptions, count = check(repo, ctags)
    for p in problems:
        print(p)
    for e in exceptions:
        print("allowed: " + e)
    if problems:
        print("check_limits: %d problem(s)" % len(problems))
        return 1
    print("check_limits: %d files within %d lines (match.cpp %d), functions within %d lines but %d with a reason"
          % (count, MAX_FILE, FILE_LIMITS["src/arena/match.cpp"], MAX_FUNCTION, len(exceptions)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
