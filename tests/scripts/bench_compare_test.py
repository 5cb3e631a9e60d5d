#!/usr/bin/env python3
"""scripts/bench-compare.py on `reversi bench` outputs written here with known figures: the totals,
the median and geometric mean of the per-position ratios and the count of positions with fewer; runs
of other positions, a file without rows and a wrong command line are refused with exit status 2 and
a one-line message."""
import os
import sys
import tempfile

from script_checks import Checks, run_script

HEAD = ("Search: fixed positions (seeded random play to 20/40/60% filled, 1 each), move time 60.000 s, depth 14\n"
        "size  filled empties  depth exact       nodes  seconds   nodes/s\n")


def bench_text(rows):
    """rows: (size, percent, empties, nodes, seconds), in the bench's own row format."""
    out = HEAD
    for n, p, e, nodes, s in rows:
        out += "%2dx%-2d %5d%% %7d %6d %5s %11d %8.3f %9.0f\n" % (n, n, p, e, 14, "no", nodes, s, nodes / s)
    return out + " 8x8    all                                 1    1.000         1\n"


def run(*args):
    return run_script("bench-compare.py", *args)


def main():
    checks = Checks("bench-compare")
    check = checks.check

    with tempfile.TemporaryDirectory() as tmp:
        def write(name, text):
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                f.write(text)
            return path

        # Nodes: ratios 0.5, 2, 4 (median 2, geomean 4^(1/3) = 1.587, total 700 / 400 = 1.75, one fewer).
        base = write("base", bench_text([(8, 20, 52, 200, 1.0), (8, 40, 39, 100, 1.0), (8, 60, 26, 100, 2.0)]))
        cand = write("cand", bench_text([(8, 20, 52, 100, 1.0), (8, 40, 39, 200, 1.0), (8, 60, 26, 400, 1.0)]))
        rc, out, err = run(base, cand)
        check(rc == 0, "a matching pair exits 0 (%d, %s)" % (rc, err))
        nodes = [l for l in out.splitlines() if " nodes " in l]
        check(len(nodes) == 1 and nodes[0].split()[1:] == ["3", "nodes", "400", "700", "1.750", "2.000", "1.587", "1", "of", "3"],
              "node figures: " + out)
        secs = [l for l in out.splitlines() if " seconds " in l]
        # Seconds: ratios 1, 1, 0.5: median 1, geomean 0.794, total 3 / 4 = 0.75, one fewer.
        check(len(secs) == 1 and secs[0].split()[5:] == ["0.750", "1.000", "0.794", "1", "of", "3"], "seconds: " + out)
        other = write("other", bench_text([(8, 20, 51, 100, 1.0), (8, 40, 39, 200, 1.0), (8, 60, 26, 400, 1.0)]))
        rc, out, err = run(base, other)
        check(rc == 2 and "different positions" in err and out == "", "other positions: %d %s" % (rc, err))
        empty = write("empty", HEAD)
        rc, out, err = run(base, empty)
        check(rc == 2 and "no fixed-position rows" in err and len(err.strip().splitlines()) == 1, "no rows: %d %s" % (rc, err))
        rc, out, err = run(base)
        check(rc == 2 and "usage" in err, "usage: %d %s" % (rc, err))
    return checks.report()


if __name__ == "__main__":
    sys.exit(main())
