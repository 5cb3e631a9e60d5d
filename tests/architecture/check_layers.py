#!/usr/bin/env python3
"""The layering rule, checked on the source tree: every #include of a project header points to the
same layer or a lower one, and no two modules depend on each other (directly or around a longer cycle),
where a module is NAME.hpp with its NAME.cpp: a .cpp that includes a header makes its module depend on
that header's module too.

Layers, lowest first, are the folders of src/ (docs/architecture.md draws them). A file of weights/ is
part of eval. Prints one line per violation and exits 1; exits 0 when the tree is clean.

    check_layers.py [REPO]
"""
import os
import re
import sys

LAYERS = ["platform", "rules", "bitboard", "eval", "search", "engine", "players", "arena", "programs",
          "tools", "app"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def layer_of(path):
    """The layer of a repository path (src/LAYER/..., weights/...), or None."""
    parts = path.split("/")
    if parts[0] == "weights":
        return "eval"
    if parts[0] == "src" and len(parts) > 2 and parts[1] in LAYERS:
        return parts[1]
    return None


def main():
    repo = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
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
            if LAYERS.index(first) > LAYERS.index(own):
                problems.append("%s (%s) includes %s: an arrow up to %s" % (f, own, target, first))
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
    for p in problems:
        print(p)
    if problems:
        print("check_layers: %d problem(s)" % len(problems))
        return 1
    print("check_layers: %d files, every include points to its own layer or a lower one, no cycles" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
