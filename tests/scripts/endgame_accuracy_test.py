#!/usr/bin/env python3
"""scripts/endgame-accuracy.py on games a short match keeps: an engine that solves the position loses
nothing, a depth-1 engine never plays better than the best move and its summary adds up; a missing
engine command and a directory without games are refused with exit status 2 and a one-line message.

    endgame_accuracy_test.py BUILD_DIR
"""
import os
import re
import subprocess
import sys
import tempfile

from script_checks import Checks, run_script


def main():
    reversi = os.path.join(sys.argv[1], "reversi")
    checks = Checks("endgame-accuracy")
    check = checks.check
    with tempfile.TemporaryDirectory() as tmp:
        games = os.path.join(tmp, "games")
        subprocess.run([reversi, "match", "part2:depth=1", "greedy", "--games", "4", "--opening-plies", "4",
                        "--results", games], capture_output=True, check=True)
        args = [games, "12", "--reversi", reversi, "--"]
        code, out, err = run_script("endgame-accuracy.py", *args, reversi, "gtp")
        check(code == 0 and re.search(r"^12 empties: 4 positions, outcome lost in 0 \(0\.0%\), mean disc loss 0\.00, "
                                      r"best move in 4$", out, re.M), "a solving engine loses nothing: %r %r" % (out, err))
        code, out, err = run_script("endgame-accuracy.py", *args, reversi, "gtp", "--depth", "1")
        rows = re.findall(r"best ([+-]\d+), played ([+-]\d+)(  outcome lost)?$", out, re.M)
        check(code == 0 and len(rows) == 4, "four positions for the depth-1 engine: %r %r" % (out, err))
        check(all(int(b) >= int(p) for b, p, _ in rows), "no move better than the best: %r" % out)
        lost = sum(1 for _, _, mark in rows if mark)
        loss = sum(int(b) - int(p) for b, p, _ in rows) / 4.0
        best = sum(1 for b, p, _ in rows if b == p)
        check("outcome lost in %d (" % lost in out and "mean disc loss %.2f, best move in %d" % (loss, best) in out,
              "the summary adds up the rows: %r" % out)
        code, out, err = run_script("endgame-accuracy.py", games, "12")
        check(code == 2 and out == "" and err.count("\n") == 1 and "no engine command" in err,
              "no engine: exit 2 and a message: %r %r" % (out, err))
        os.mkdir(os.path.join(tmp, "empty"))
        code, out, err = run_script("endgame-accuracy.py", os.path.join(tmp, "empty"), "12", "--", reversi, "gtp")
        check(code == 2 and err.count("\n") == 1 and "no games" in err, "no games: exit 2 and one line: %r" % err)
    return checks.report()


if __name__ == "__main__":
    sys.exit(main())
