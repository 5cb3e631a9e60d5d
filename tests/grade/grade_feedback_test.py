#!/usr/bin/env python3
"""What a student may read of a grade (fast: Lab 6 with three cases, Part 2 on 4x4):

  - the detail file holds neither the seed nor the grader's paths (before: both, on its first lines);
  - a failed case shows its kind, size and first difference, its whole input only with --feedback-inputs;
  - a program killed by a signal is named ("killed by SIGSEGV") with the line where its output stopped
    (before: "crashed (signal 11: ...)" and only the difference);
  - every lost Part 2 game's moves are in the detail, in a line `reversi replay` reads;
  - the table's "passed" column counts as the mark does (Part 2: opponents beaten at a size, so 4 / 4
    shows 2 / 2; before: games won, 4 / 4) and a first problem is shown whole (before: cut at 90 bytes).

    grade_feedback_test.py BUILD_DIR
"""
import os
import shutil
import subprocess

from grade_common import reversi, workspace, submission
from checks import check, finish  # noqa: E402

CRASHER = r"""#include <stdio.h>
int main(void) {
    printf("first line\nsecond line\n");
    fflush(stdout);
    *(volatile int *)0 = 1;
    return 0;
}
"""

# The same crash without fflush: its lines are lost with its stdio buffer unless the grader runs it
# unbuffered, as it does (before: "stopped after line 0", the output lost).
QUIET_CRASHER = CRASHER.replace("    fflush(stdout);\n", "")

tmp, sandboxes, env = workspace("reversi-grade-feedback-")


def grade(args):
    p = subprocess.run([reversi, "grade"] + args, cwd=tmp, capture_output=True, text=True, timeout=300, env=env)
    return p.returncode, p.stdout, p.stderr


def detail(out, name):
    with open(os.path.join(tmp, out, name + ".txt")) as f:
        return f.read()


try:
    submission(os.path.join(tmp, "lab6"), "order", "lab6.c", "WRONG_ORDER", "lab6.c")
    os.makedirs(os.path.join(tmp, "lab6", "crasher"))
    with open(os.path.join(tmp, "lab6", "crasher", "lab6.c"), "w") as f:
        f.write(CRASHER)
    os.makedirs(os.path.join(tmp, "lab6", "unflushed"))
    with open(os.path.join(tmp, "lab6", "unflushed", "lab6.c"), "w") as f:
        f.write(QUIET_CRASHER)
    code, out, err = grade(["lab6", "lab6/order", "lab6/crasher", "lab6/unflushed", "--cases", "3", "--seed", "987654321"])
    check("lab6: exit status 0", code == 0, err[-300:])
    order, crasher = detail("grades", "order"), detail("grades", "crasher")
    check("detail: no seed", "987654321" not in order + crasher and "seed" not in order + crasher, order[:300])
    check("detail: no path of the grader's", tmp not in order + crasher, order[:300])
    check("detail: a failed case's kind, size and first difference",
          "case 1 (4x4" in order and "line " in order and "expected" in order, order[:600])
    check("detail: no input by default", "input:" not in order, order[:600])
    check("crash: the signal named", "killed by SIGSEGV" in crasher, crasher[-600:])
    check("crash: where the output stopped", 'stopped after line 2, "second line"' in crasher, crasher[-600:])
    unflushed = detail("grades", "unflushed")
    check("crash without fflush: its output kept (run unbuffered)", 'stopped after line 2, "second line"' in unflushed,
          unflushed[-600:])
    first = [line for line in out.splitlines() if line.startswith("order")]
    check("table: the first problem whole, with its difference", first and "got" in first[0], str(first))
    code, out, err = grade(["lab6", "lab6/order", "--cases", "3", "--out", "with-inputs", "--feedback-inputs"])
    check("--feedback-inputs: the input shown", "  input: " in detail("with-inputs", "order"),
          detail("with-inputs", "order")[:600])

    submission(os.path.join(tmp, "part2"), "good", "part2.c", None, "lab7part2.c")
    submission(os.path.join(tmp, "part2"), "illegal", "part2.c", "ILLEGAL", "lab7part2.c")
    code, out, err = grade(["part2", "part2/good", "part2/illegal", "--sizes", "4", "--out", "p2"])
    check("part2: exit status 0", code == 0, err[-300:])
    rows = {line.split()[0]: line for line in out.splitlines()[1:] if line and not line.startswith("Details")}
    check("table: part2 4 / 4 passed 2 / 2", "4 / 4     2 / 2" in rows.get("good", ""), str(rows))
    lost = detail("p2", "illegal")
    moves = [line.split(": ", 1)[1] for line in lost.splitlines() if line.startswith("  moves (")]
    check("part2: every lost game's moves", len(moves) == 4, lost[-800:])
    longest = max(moves, key=len) if moves else ""
    with open(os.path.join(tmp, "lost.txt"), "w") as f:
        f.write(longest + "\n")
    replay = subprocess.run([reversi, "replay", "lost.txt"], cwd=tmp, capture_output=True, text=True, timeout=30)
    check("part2: `reversi replay` reads a lost game's moves", replay.returncode == 0 and len(longest) > 2,
          "%r: %d %r" % (longest, replay.returncode, replay.stderr[-300:]))
finally:
    shutil.rmtree(tmp, ignore_errors=True)

finish("grade feedback")
