#!/usr/bin/env python3
"""scripts/decided-where.py on games short matches keep: two engines that solve the last 18 empties
never change the outcome after 12 (every game on the table's diagonal, both scores equal), the
score played is the one the games' results give, and the two sides' scores with perfect play add up to
one; a player that names neither side, or each, and a directory without games are refused with exit
status 2 and a one-line message.

    decided_where_test.py BUILD_DIR
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

from script_checks import Checks, run_script

SUMMARY = r"^12 empties: (\d+) games, score with perfect play from there ([\d.]+), score played ([\d.]+)$"
ROW = r"^  (won|drawn|lost)\s+from there: (\d+) won, (\d+) drawn, (\d+) lost$"


def summary(out):
    m = re.search(SUMMARY, out, re.M)
    rows = {r[0]: [int(x) for x in r[1:]] for r in re.findall(ROW, out, re.M)}
    return (int(m.group(1)), float(m.group(2)), float(m.group(3)), rows) if m and len(rows) == 3 else None


def main():
    reversi = os.path.join(sys.argv[1], "reversi")
    checks = Checks("decided-where")
    check = checks.check
    with tempfile.TemporaryDirectory() as tmp:
        solvers = os.path.join(tmp, "solver-and-depth-2")
        subprocess.run([reversi, "match", "part2:time=0.1", "part2:depth=2", "--games", "4", "--opening-plies", "4",
                        "--results", solvers], capture_output=True, check=True)
        code, out, err = run_script("decided-where.py", solvers, "part2:time", "12", "--reversi", reversi)
        s = summary(out)
        check(code == 0 and s is not None and s[0] == 4, "four games at 12 empties: %r %r" % (out, err))
        if s:
            # The score the games' results give, from the JSON directly.
            points = 0.0
            for path in glob.glob(os.path.join(solvers, "games", "game-*.json")):
                g = json.load(open(path))
                margin = g["black_discs"] - g["white_discs"]
                mine = margin if g["black_spec"].startswith("part2:time") else -margin
                points += 1.0 if mine > 0 else 0.5 if mine == 0 else 0.0
            check(abs(s[2] - points / 4) < 1e-9, "the score played is the results': %r against %.3f" % (out, points / 4))
            check(sum(map(sum, s[3].values())) == 4, "the table holds every game: %r" % out)
        code, out2, err = run_script("decided-where.py", solvers, "depth=2", "12", "--reversi", reversi)
        t = summary(out2)
        check(code == 0 and s and t and abs(s[1] + t[1] - 1) < 1e-9 and abs(s[2] + t[2] - 1) < 1e-9,
              "the two sides' scores add up to one: %r %r" % (out, out2))
        both = os.path.join(tmp, "both")
        subprocess.run([reversi, "match", "part2:time=0.1", "part2:time=0.05", "--games", "4", "--opening-plies", "4",
                        "--results", both], capture_output=True, check=True)
        code, out, err = run_script("decided-where.py", both, "time=0.1", "12", "--reversi", reversi)
        s = summary(out)
        diagonal = s and all(count == 0 for a, row in s[3].items()
                             for b, count in zip(("won", "drawn", "lost"), row) if a != b)
        check(code == 0 and s and s[1] == s[2] and diagonal,
              "solvers from 18 empties keep the outcome after 12: %r %r" % (out, err))
        code, out, err = run_script("decided-where.py", solvers, "part2", "12", "--reversi", reversi)
        check(code == 2 and out == "" and err.count("\n") == 1 and "each side" in err,
              "a player naming each side: exit 2 and one line: %r %r" % (out, err))
        code, out, err = run_script("decided-where.py", solvers, "nobody", "12", "--reversi", reversi)
        check(code == 2 and err.count("\n") == 1 and "neither side" in err, "a player naming neither side: %r" % err)
        os.mkdir(os.path.join(tmp, "empty"))
        code, out, err = run_script("decided-where.py", os.path.join(tmp, "empty"), "x", "12", "--reversi", reversi)
        check(code == 2 and err.count("\n") == 1 and "no games" in err, "no games: exit 2 and one line: %r" % err)
    return checks.report()


if __name__ == "__main__":
    sys.exit(main())
