#!/usr/bin/env python3
"""The layering rule, checked on the source tree: every #include of a project header points to the
same layer or to one the layer stands on, and no two modules depend on each other (directly or around a
longer cycle), where a module is NAME.hpp with its NAME.cpp: a .cpp that includes a header makes its
module depend on that header's module too.

Layers are the folders of src/; BELOW is the picture of docs/architecture.md: each layer and the layers
directly under it, so siblings (players and engine, programs and tools) never include each other. A file
of weights/ is part of eval. Prints one line per violation and exits 1; exits 0 when the tree is clean.

    check_layers.py [REPO]
"""
import os
import re
import sys

from self_test import run_cases

BELOW = {
    "platform": [],
    "rules": ["platform"],
    "bitboard": ["rules"],
    "eval": ["bitboard"],
    "search": ["eval"],
    "engine": ["search"],
    "players": ["rules"],
    "arena": ["engine", "players"],
    "programs": ["arena"],
    "tools": ["arena"],
    "app": ["programs", "tools"],
}
LAYERS = list(BELOW)


def reachable(layer):
    """The layers a layer may include: itself and everything under it."""
    seen, todo = set(), [layer]
    while todo:
        current = todo.pop()
        if current not in seen:
            seen.add(current)
            todo.extend(BELOW[current])
    return seen
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def layer_of(path):
    """The layer of a repository path (src/LAYER/..., weights/...), or None."""
    parts = path.split("/")
    if parts[0] == "weights":
        return "eval"
    if parts[0] == "src" and len(parts) > 2 and parts[1] in LAYERS:
        return parts[1]
    return None


def check(repo):
    """The problems of the tree at repo, and how many files were read."""
    files = []
    for top in ("src", "weights"):
        for root, _, names in os.walk(os.path.join(repo, top)):
            for name in names:
                if name.endswith((".cpp", ".hpp", ".h")):
                    files.append(os.path.relpath(os.path.join(root, name), repo))
    problems = []
    unknown = [f for f in files if layer_of(f) is None]
    for f in unknown:
        problems.append("%s: not in a layer folder (src/{%s}/ or weights/)" % (f, ",".join(LAYERS)))
    edges = {}
    for f in sorted(files):
        own = layer_of(f)
        if own is None:
            continue
        text = open(os.path.join(repo, f), encoding="utf-8").read()
        for target in INCLUDE.findall(text):
            first = target.split("/")[0]
            if first not in LAYERS:
                continue  # a local header of the same folder (commands.hpp) or the C header
            resolved = "src/" + target
            generated = os.path.exists(os.path.join(repo, resolved + ".in"))  # configured by CMake
            if not os.path.exists(os.path.join(repo, resolved)) and not generated:
                problems.append("%s: includes %s, which does not exist" % (f, target))
                continue
            if first not in reachable(own):
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
    return problems, len(files)


def self_test():
    """The check must refuse an include between siblings, an include up, and a cycle."""
    cases = {
        "players includes engine (siblings)": ({"src/engine/e.hpp": "", "src/players/p.hpp": '#include "engine/e.hpp"'}, 1),
        "tools includes programs (siblings)": ({"src/programs/g.hpp": "", "src/tools/t.cpp": '#include "programs/g.hpp"'}, 1),
        "rules includes search (up)": ({"src/search/s.hpp": "", "src/rules/r.hpp": '#include "search/s.hpp"'}, 1),
        "a cycle in one layer": ({"src/rules/a.hpp": '#include "rules/b.hpp"', "src/rules/b.hpp": '#include "rules/a.hpp"'}, 1),
        "arena includes players and engine": ({"src/engine/e.hpp": "", "src/players/p.hpp": "",
                                               "src/arena/a.cpp": '#include "engine/e.hpp"\n#include "players/p.hpp"'}, 0),
    }
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
    print("check_layers: %d files, every include points to its own layer or one under it, no cycles" % count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
