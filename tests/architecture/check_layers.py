#!/usr/bin/env python3
"""The layering rule, checked on the source tree: every #include of a project header points to the
same layer or to one the layer stands on, and no two modules depend on each other (directly or around a
longer cycle), where a module is NAME.hpp with its NAME.cpp: a .cpp that includes a header makes its
module depend on that header's module too.

Layers are the folders of src/; docs/architecture.md's table "| layer | stands directly on |" gives
each layer and the layers directly under it (the picture of that page), so siblings (players and
engine, programs and tools) never include each other. A file of weights/ is part of eval.

The arena's rooms: docs/architecture.md's table "The arena's rooms" names, for each header of
src/arena/, the files that may include it ("called by": paths under src/ without extension, * for any
characters). A file of src/ outside the room that includes its header without being named fails, as
does a header of src/arena/ in no row. Prints one line per violation and exits 1; exits 0 when clean.

    check_layers.py [REPO]
"""
import fnmatch
import os
import re
import sys

from self_test import run_cases

LAYERS_HEADING = "| layer | stands directly on |"
TICKED = re.compile(r"`([^`]+)`")


def table_rows(repo, marker, end):
    """The rows of the table after `marker` in docs/architecture.md, up to `end`: each row whose first
    cell is in backticks, as its stripped cells; None when the page or the marker is missing."""
    path = os.path.join(repo, "docs", "architecture.md")
    text = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
    if marker not in text:
        return None
    rows = []
    for line in text.split(marker, 1)[1].split(end, 1)[0].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.lstrip().startswith("|") and cells[0].startswith("`"):
            rows.append(cells)
    return rows


def layers_table(repo):
    """{layer: [layers directly under it]} from docs/architecture.md's table, or None without one."""
    rows = table_rows(repo, LAYERS_HEADING, "\n\n")
    if rows is None:
        return None
    return {cells[0].strip("`"): TICKED.findall(cells[1]) if len(cells) > 1 else [] for cells in rows}


def reachable(layer, below):
    """The layers a layer may include: itself and everything under it."""
    seen, todo = set(), [layer]
    while todo:
        current = todo.pop()
        if current not in seen:
            seen.add(current)
            todo.extend(below.get(current, []))
    return seen
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def layer_of(path, layers):
    """The layer of a repository path (src/LAYER/..., weights/...), or None."""
    parts = path.split("/")
    if parts[0] == "weights":
        return "eval"
    if parts[0] == "src" and len(parts) > 2 and parts[1] in layers:
        return parts[1]
    return None


ROOMS_HEADING = "## The arena's rooms"


def rooms_table(repo):
    """[(header name patterns, caller patterns)] from docs/architecture.md, or None without a table."""
    rows = table_rows(repo, ROOMS_HEADING, "\n## ")
    rows = [(TICKED.findall(c[0]), TICKED.findall(c[2])) for c in rows or [] if len(c) == 3]
    return rows or None


def room_of(header, rows):
    """The row whose file patterns name an arena header (first match), or None."""
    for names, callers in rows:
        if any(fnmatch.fnmatchcase(header, n) for n in names):
            return names, callers
    return None


def rooms_problems(repo, files):
    """Includes of an arena room's header from files its row does not name."""
    headers = sorted(f for f in files if f.startswith("src/arena/") and f.endswith(".hpp"))
    if not headers:
        return []
    rows = rooms_table(repo)
    if rows is None:
        return ["docs/architecture.md: no table under \"%s\" to check src/arena/ against" % ROOMS_HEADING[3:]]
    problems = []
    for h in headers:
        if room_of(os.path.basename(h), rows) is None:
            problems.append("%s: in no row of docs/architecture.md's rooms table" % h)
    for f in sorted(files):
        module = os.path.splitext(f[len("src/"):])[0] if f.startswith("src/") else None
        if module is None:
            continue
        for target in INCLUDE.findall(open(os.path.join(repo, f), encoding="utf-8").read()):
            if not target.startswith("arena/") or not target.endswith(".hpp"):
                continue
            row = room_of(os.path.basename(target), rows)
            if row is None or module.startswith("arena/") and room_of(os.path.basename(module) + ".hpp", rows) == row:
                continue  # unlisted headers are reported above; a room may include its own headers
            if not any(fnmatch.fnmatchcase(module, c) for c in row[1]):
                problems.append("%s includes %s: not among its callers in docs/architecture.md (%s)"
                                % (f, target, ", ".join(row[1])))
    return problems


def check(repo):
    """The problems of the tree at repo, and how many files were read."""
    files = []
    for top in ("src", "weights"):
        for root, _, names in os.walk(os.path.join(repo, top)):
            for name in names:
                if name.endswith((".cpp", ".hpp", ".h")):
                    files.append(os.path.relpath(os.path.join(root, name), repo))
    below = layers_table(repo)
    if below is None:
        return ["docs/architecture.md: no table \"%s\" to check the layers against" % LAYERS_HEADING], len(files)
    problems = []
    unknown = [f for f in files if layer_of(f, below) is None]
    for f in unknown:
        problems.append("%s: not in a layer folder (src/{%s}/ or weights/)" % (f, ",".join(below)))
    edges = {}
    for f in sorted(files):
        own = layer_of(f, below)
        if own is None:
            continue
        text = open(os.path.join(repo, f), encoding="utf-8").read()
        for target in INCLUDE.findall(text):
            first = target.split("/")[0]
            if first not in below:
                continue  # a local header of the same folder (commands.hpp) or the C header
            resolved = "src/" + target
            generated = os.path.exists(os.path.join(repo, resolved + ".in"))  # configured by CMake
            if not os.path.exists(os.path.join(repo, resolved)) and not generated:
                problems.append("%s: includes %s, which does not exist" % (f, target))
                continue
            if first not in reachable(own, below):
                problems.append("%s (%s) includes %s: %s is not under %s in docs/architecture.md"
                                % (f, own, target, first, own))
            source, dest = os.path.splitext(f)[0], os.path.splitext(resolved)[0]
            if source != dest:
                edges.setdefault(source, set()).add(dest)
    # Cycles among modules: depth-first search over the include graph.
    state = {}

    def visit(node, stack):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                problems.append("include cycle: " + " -> ".join(stack[stack.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt, stack)
        stack.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node, [])
    return problems + rooms_problems(repo, files), len(files)


DOC = ("| layer | stands directly on |\n|---|---|\n| `app` | `programs`, `tools` |\n| `programs` | `arena` |\n"
       "| `tools` | `arena` |\n| `arena` | `engine`, `players` |\n| `engine` | `search` |\n| `players` | `rules` |\n"
       "| `search` | `eval` |\n| `eval` | `bitboard` |\n| `bitboard` | `rules` |\n| `rules` | `platform` |\n"
       "| `platform` | |\n\n## The arena's rooms\n\n| file | holds | called by |\n|---|---|---|\n"
       "| `pool.*` | jobs | `arena/run`, `tools/*` |\n| `run.*` | a run | `app/*` |\n")
ROOMS_TREE = {
    "src/arena/pool.hpp": "", "src/arena/pool.cpp": '#include "arena/pool.hpp"', "src/arena/run.hpp": "",
}


def self_test():
    """The check must refuse an include between siblings, an include up, a cycle, a room's header included
    by a file its row does not name, and a tree whose docs hold no layers table."""
    cases = {
        "players includes engine (siblings)": ({"src/engine/e.hpp": "", "src/players/p.hpp": '#include "engine/e.hpp"'}, 1),
        "tools includes programs (siblings)": ({"src/programs/g.hpp": "", "src/tools/t.cpp": '#include "programs/g.hpp"'}, 1),
        "rules includes search (up)": ({"src/search/s.hpp": "", "src/rules/r.hpp": '#include "search/s.hpp"'}, 1),
        "a cycle in one layer": ({"src/rules/a.hpp": '#include "rules/b.hpp"', "src/rules/b.hpp": '#include "rules/a.hpp"'}, 1),
        "a room included by a file its row does not name": (dict(ROOMS_TREE, **{
            "src/programs/p.cpp": '#include "arena/pool.hpp"'}), 1),
        "a room included by the callers its row names": (dict(ROOMS_TREE, **{
            "src/arena/run.cpp": '#include "arena/pool.hpp"', "src/tools/t.cpp": '#include "arena/pool.hpp"'}), 0),
        "an arena header in no row": (dict(ROOMS_TREE, **{"src/arena/extra.hpp": ""}), 1),
        "arena includes players and engine": ({"src/engine/e.hpp": "", "src/players/p.hpp": "",
                                               "src/arena/a.cpp": '#include "engine/e.hpp"\n#include "players/p.hpp"'}, 0),
    }
    cases = {label: (dict(tree, **{"docs/architecture.md": DOC}), bad) for label, (tree, bad) in cases.items()}
    cases["no layers table in docs/architecture.md"] = ({"src/rules/r.hpp": ""}, 1)
    return run_cases(cases, lambda repo: check(repo)[0])


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    repo = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
    problems, count = check(repo)
    for p in problems:
        print(p)
    if problems:
        print("check_layers: %d problem(s)" % len(problems))
        return 1
    print("check_layers: %d files, every include points to its own layer or one under it, no cycles, "
          "every arena room included only by its callers" % count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
