#!/usr/bin/env python3
"""scripts/fixed-depth-compare.py: an engine agrees with itself at a fixed depth (exit 0), an engine
that always answers a1 differs from it on every position (exit 1, each named), and an engine that
cannot be run is refused with exit status 2 and a one-line message.

    fixed_depth_compare_test.py BUILD_DIR
"""
import os
import re
import stat
import sys
import tempfile

from script_checks import Checks, run_script


def main():
    ours = os.path.join(sys.argv[1], "reversi") + " nboard --move-time 60"
    checks = Checks("fixed-depth-compare")
    check = checks.check
    code, out, err = run_script("fixed-depth-compare.py", "--depth", "4", "--positions", "4", ours, ours)
    check(code == 0 and out == "depth 4: 4 positions, 0 differ\n", "an engine agrees with itself: %d %r %r" % (code, out, err))
    with tempfile.TemporaryDirectory() as tmp:
        corner = os.path.join(tmp, "a1.sh")
        with open(corner, "w") as f:
            f.write('#!/bin/sh\nwhile read cmd rest; do case "$cmd" in go) echo "=== a1/0.00/0";; quit) exit 0;; esac; done\n')
        os.chmod(corner, stat.S_IRWXU)
        code, out, err = run_script("fixed-depth-compare.py", "--depth", "4", "--positions", "3", ours, corner)
        rows = re.findall(r"^position (\d): (\w\d) (\S+) against a1 0\.0  \(;GM\[Othello\]BO\[8 [-*O]{64} [*O]\];\)$", out, re.M)
        check(code == 1 and [r[0] for r in rows] == ["1", "2", "3"] and out.endswith("depth 4: 3 positions, 3 differ\n"),
              "an engine that answers a1: each position named, exit 1: %d %r %r" % (code, out, err))
    code, out, err = run_script("fixed-depth-compare.py", ours, "/nonexistent/engine nboard")
    check(code == 2 and out == "" and err.count("\n") == 1 and "/nonexistent/engine" in err,
          "a missing engine: exit 2 and one line: %d %r %r" % (code, out, err))
    code, out, err = run_script("fixed-depth-compare.py", "--depth", "0", ours, ours)
    check(code == 2 and err.count("\n") == 1 and "--depth" in err, "depth 0: exit 2 and one line: %r" % err)
    return checks.report()


if __name__ == "__main__":
    sys.exit(main())
