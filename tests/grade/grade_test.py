#!/usr/bin/env python3
"""`reversi grade` over a set of small submissions, each of which must get the
mark it deserves:

  part2 (tests/grade/part2.c, compiled by the grader with the course library liblab7part2.a):
    correct            4 / 4   wins against smarter and smartest
    fd_writer          4 / 4   writes forged referee lines into every inherited descriptor, plays well
    trailing_space     0 / 4   a space after the board's header line: wrong output
    illegal            0 / 4   an illegal move
    burn_child         0 / 4   burns 2 s of CPU in a child process before each move: over the time limit
    crash              0 / 4   a null pointer: crashed (signal 11)
    no_compile         0 / 4   does not compile
  part1 (part1.c): correct 24 / 24, trailing space after each row 0 / 24 (the first differing line shown)
  lab6 (lab6.c): correct 24 / 24, the two move lists swapped 0 / 24

It also checks the CSV header and rows, the JSON, a detail file per submission, that a rerun resumes
(nothing graded again) and regrades a changed submission only, errors before grading (exit 2), and
that no process of any submission is left.

    grade_test.py BUILD_DIR
"""
import csv
import json
import os
import shutil
import subprocess
import time

from grade_common import reversi, workspace, submission, processes_under as left_over
from checks import check, finish  # noqa: E402

# Everything of this test under one directory, the sandboxes' working directories included, so that
# its processes can be told from those of other tests: by their command lines (the programs run from
# grades/NAME/) and their working directories.
tmp, sandboxes, env = workspace("reversi-grade-test-")


def grade(args, timeout=600):
    start = time.time()
    p = subprocess.run([reversi, "grade"] + args, cwd=tmp, capture_output=True, text=True, timeout=timeout, env=env)
    return p.returncode, p.stdout, p.stderr, time.time() - start


try:
    part2 = {"correct": (None, 4, ""), "fd_writer": ("FD_WRITER", 4, ""),
             "trailing_space": ("TRAILING_SPACE", 0, "wrong output"), "illegal": ("ILLEGAL", 0, "illegal move"),
             "burn_child": ("BURN_CHILD", 0, "over the time limit"), "crash": ("CRASH", 0, "crashed (signal 11"),
             "no_compile": ("NO_COMPILE", 0, "does not compile")}
    for name, (variant, _, _) in part2.items():
        submission(os.path.join(tmp, "part2"), name, "part2.c", variant, "lab7part2.c")
    subs = sorted(os.path.join("part2", n) for n in part2)
    code, out, err, seconds = grade(["part2"] + subs + ["--csv", "marks.csv", "--json", "marks.json", "--jobs", "2"])
    check("part2: exit status 0", code == 0, err[-500:])
    print(out)
    with open(os.path.join(tmp, "marks.csv")) as f:
        text = f.read()
    check("CSV header", text.startswith("submission,lab,mark,out_of,"), text[:100])
    rows = {r["submission"]: r for r in csv.DictReader(text.splitlines())}
    for name, (_, mark, reason) in part2.items():
        row = rows.get(name)
        check("part2 %s: %d / 4" % (name, mark), row is not None and row["mark"] == str(mark) and row["out_of"] == "4",
              str(row))
        if reason:
            check("part2 %s: the reason says %r" % (name, reason), row is not None and reason in row["failures"],
                  str(row))
        check("part2 %s: a detail file" % name, os.path.exists(os.path.join(tmp, "grades", name + ".txt")))
    with open(os.path.join(tmp, "marks.json")) as f:
        grades = json.load(f)
    check("JSON: every submission", sorted(g["submission"] for g in grades["submissions"]) == sorted(part2))
    check("no process of a submission left", not left_over(tmp), str(left_over(tmp)))

    # A rerun resumes: nothing is graded again; a changed submission is.
    code, out2, err, seconds = grade(["part2"] + subs + ["--csv", "marks.csv", "--jobs", "2"])
    check("a rerun grades nothing again", code == 0 and seconds < 10 and "reversi grade: " not in err
          and out2.split("Details")[0] == out.split("Details")[0],
          "%.1f s, stderr %r" % (seconds, err))
    with open(os.path.join(tmp, "part2", "crash", "lab7part2.c"), "a") as f:
        f.write("/* changed */\n")
    code, out3, err, seconds = grade(["part2"] + subs + ["--csv", "marks.csv", "--jobs", "2"])
    check("a changed submission is graded again, alone", code == 0 and err.count("reversi grade: ") == 1
          and "crash: 0 / 4" in err, err)

    # Part 1 and Lab 6: hidden cases from the seed.
    submission(os.path.join(tmp, "part1"), "good", "part1.c", None, "part1.c")
    submission(os.path.join(tmp, "part1"), "trailing", "part1.c", "TRAILING_SPACE", "part1.c")
    code, out, err, _ = grade(["part1", "part1/good", "part1/trailing", "--csv", "p1.csv", "--out", "grades-p1"])
    with open(os.path.join(tmp, "p1.csv")) as f:
        rows = {r["submission"]: r for r in csv.DictReader(f)}
    check("part1 good: 24 / 24", rows["good"]["mark"] == "24" and rows["good"]["out_of"] == "24", str(rows["good"]))
    check("part1 trailing: 0 / 24, the first differing line shown", rows["trailing"]["mark"] == "0"
          and 'line 2: expected "a UUUU", got "a UUUU "' in rows["trailing"]["failures"].replace("UUUUUU", "UUUU"),
          rows["trailing"]["failures"][:200])
    submission(os.path.join(tmp, "lab6"), "good", "lab6.c", None, "lab6.c")
    submission(os.path.join(tmp, "lab6"), "order", "lab6.c", "WRONG_ORDER", "lab6.c")
    os.makedirs(os.path.join(tmp, "lab6", "empty"))
    code, out, err, _ = grade(["lab6", "lab6/good", "lab6/order", "lab6/empty", "--csv", "l6.csv", "--out", "grades-l6",
                               "--seed", "7", "--cases", "12"])
    with open(os.path.join(tmp, "l6.csv")) as f:
        rows = {r["submission"]: r for r in csv.DictReader(f)}
    check("lab6 good: 12 / 12", rows["good"]["mark"] == "12" and rows["good"]["out_of"] == "12", str(rows["good"]))
    check("lab6 order: 0 / 12", rows["order"]["mark"] == "0" and "Available moves for W:" in rows["order"]["failures"],
          str(rows["order"]))
    check("lab6 empty: no program", rows["empty"]["mark"] == "0" and "no C source file" in rows["empty"]["failures"],
          str(rows["empty"]))

    # Errors before grading.
    for args, words in ((["part3", "lab6/good"], "part3"), (["lab6", "lab6/good/lab6.c"], "not a directory"),
                        (["lab6", "lab6/good", "part1/good"], "two submissions are named good")):
        code, out, err, _ = grade(args)
        check("exit 2: %s" % " ".join(args), code == 2 and words in err, "%d %r" % (code, err))
finally:
    shutil.rmtree(tmp, ignore_errors=True)

finish("grade")
