#!/usr/bin/env python3
"""Two `reversi bench` outputs of the same fixed positions compared position by position.

    bench-compare.py BASE CANDIDATE

Each is the standard output of `reversi bench --sizes ... --game-sizes 0 [--depth N] [--positions K]`
with the same sizes and positions. For each size prints the positions, the nodes and seconds of each
in all, and the candidate over the base: the ratio of the totals, the median and the geometric mean of
the per-position ratios, and on how many positions the candidate took fewer. Why per position: with
Multi-ProbCut a few positions' trees swing the totals by tens of percent either way
(docs/results/midgame8-search.md). Exit status: 0, or 2 with a one-line message on standard error
(an unreadable file, no position, or positions that do not match).
"""
import math
import re
import statistics
import sys

ROW = re.compile(r"^\s*(\d+)x(\d+)\s+(\d+)%\s+(\d+)\s+(\d+)\s+(yes|no)\s+(\d+)\s+([\d.]+)\s+\d+\s*$")


def read_rows(path):
    """[(size, filled %, empties, nodes, seconds)] of the per-position rows, in order."""
    rows = []
    with open(path) as f:
        for line in f:
            m = ROW.match(line)
            if m:
                rows.append((int(m.group(1)), int(m.group(3)), int(m.group(4)), int(m.group(7)), float(m.group(8))))
    if not rows:
        raise ValueError("%s: no fixed-position rows (the output of reversi bench --game-sizes 0?)" % path)
    return rows


def ratios(base, cand, k):
    """The per-position ratios of column k, candidate over base (a zero on either side counts as 1)."""
    return [c[k] / b[k] if b[k] > 0 and c[k] > 0 else 1.0 for b, c in zip(base, cand)]


def compare(base, cand):
    if [r[:3] for r in base] != [r[:3] for r in cand]:
        raise ValueError("the two runs searched different positions (sizes, fill levels or empties differ)")
    lines = ["size  positions  what     base total  candidate total  total ratio  median  geomean  fewer"]
    for size in sorted({r[0] for r in base}):
        b = [r for r in base if r[0] == size]
        c = [r for r in cand if r[0] == size]
        for k, what in ((3, "nodes"), (4, "seconds")):
            q = ratios(b, c, k)
            tb, tc = sum(r[k] for r in b), sum(r[k] for r in c)
            geo = math.exp(sum(math.log(x) for x in q) / len(q))
            fewer = sum(1 for x in q if x < 1)
            fmt = "%14d %16d" if k == 3 else "%14.3f %16.3f"
            lines.append(("%2dx%-2d %10d  %-7s " + fmt + " %12.3f %7.3f %8.3f  %d of %d") %
                         (size, size, len(b), what, tb, tc, tc / tb if tb else 1.0, statistics.median(q), geo,
                          fewer, len(q)))
    return lines


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: bench-compare.py BASE CANDIDATE\n")
        return 2
    try:
        lines = compare(read_rows(argv[1]), read_rows(argv[2]))
    except (ValueError, OSError) as e:
        sys.stderr.write("bench-compare: %s\n" % e)
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
