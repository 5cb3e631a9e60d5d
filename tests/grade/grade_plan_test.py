#!/usr/bin/env python3
"""A class beyond one machine, fast (Lab 6, two cases):

  - `grade --plan FILE` writes one self-contained command per submission still to grade, grades
    nothing, and says what the run costs; the commands, run by any batch runner (here sh, one by one),
    each leave their result in --out;
  - `grade --merge DIR` builds the class CSV and JSON from those results and names the submissions not
    graded yet; planning again lists only those; the merged marks are those of an ordinary run;
  - a plan with nothing left says so and does not say to run it with parallel, for `grade --plan` and
    for `tournament --plan` (before: "run them, for example with `parallel < FILE`").

    grade_plan_test.py BUILD_DIR
"""
import csv
import json
import os
import shutil
import subprocess

from grade_common import reversi, workspace, submission
from checks import check, finish  # noqa: E402

tmp, sandboxes, env = workspace("reversi-grade-plan-")


def run(args):
    p = subprocess.run([reversi] + args, cwd=tmp, capture_output=True, text=True, timeout=300, env=env)
    return p.returncode, p.stdout, p.stderr


def marks(name):
    with open(os.path.join(tmp, name)) as f:
        return {r["submission"]: (r["mark"], r["failures"]) for r in csv.DictReader(f)}


def lines(name):
    with open(os.path.join(tmp, name)) as f:
        return [line for line in f.read().splitlines() if line]


try:
    for name, variant in (("alice", None), ("bob", "WRONG_ORDER"), ("carol", None)):
        submission(os.path.join(tmp, "class"), name, "lab6.c", variant, "lab6.c")
    subs = ["class/alice", "class/bob", "class/carol"]
    common = ["grade", "lab6"] + subs + ["--cases", "2", "--seed", "3"]
    code, out, err = run(common + ["--plan", "jobs.txt"])
    plan = lines("jobs.txt")
    check("--plan: three commands, nothing graded", code == 0 and len(plan) == 3
          and not [n for n in os.listdir(os.path.join(tmp, "grades")) if n.endswith(".json")], "%d %r" % (code, err))
    check("--plan: says what it costs and how to run it", "about" in err and "parallel" in err, err)
    check("--plan: absolute paths", all(os.path.join(tmp, "class") in line for line in plan), plan[0])
    for line in plan[:2]:
        subprocess.run(["sh", "-c", line], cwd="/", capture_output=True, timeout=120, env=env)
    code, out, err = run(common + ["--merge", "grades", "--csv", "merged.csv", "--json", "merged.json"])
    check("--merge: the two graded, the third named as missing",
          code == 0 and sorted(marks("merged.csv")) == ["alice", "bob"] and "carol" in err, "%d %r" % (code, err))
    code, out, err = run(common + ["--plan", "rest.txt"])
    check("planning again lists the one left", len(lines("rest.txt")) == 1 and "carol" in lines("rest.txt")[0],
          str(lines("rest.txt")))
    subprocess.run(["sh", "-c", lines("rest.txt")[0]], cwd="/", capture_output=True, timeout=120, env=env)
    code, out, err = run(common + ["--merge", "grades", "--csv", "merged.csv", "--json", "merged.json"])
    run(common + ["--csv", "direct.csv", "--out", "direct"])
    check("--merge: the marks of an ordinary run", marks("merged.csv") == marks("direct.csv") and len(marks("direct.csv")) == 3,
          "%s %s" % (marks("merged.csv"), marks("direct.csv")))
    with open(os.path.join(tmp, "merged.json")) as f:
        check("--merge: the JSON too", sorted(g["submission"] for g in json.load(f)["submissions"]) == ["alice", "bob", "carol"])
    code, out, err = run(common + ["--plan", "none.txt"])
    check("grade --plan with nothing left: says so, not 'parallel'", code == 0 and not lines("none.txt")
          and "nothing left" in err and "parallel" not in err, err)
    code, out, err = run(["grade", "lab6", "class/alice", "--cases", "2", "--out", "opts", "--plan", "opts.txt",
                          "--sources-only", "--isolation", "container", "--cpu-time", "user+system",
                          "--group-readable", "--feedback-inputs"])
    line = lines("opts.txt")[0] if code == 0 and lines("opts.txt") else ""
    check("--plan: every grading option goes into the command", all(o in line for o in (
        "--cases 2", "--sources-only", "--isolation container", "--cpu-time user+system", "--group-readable",
        "--feedback-inputs")), "%d %r %r" % (code, line, err))

    league = ["tournament", "greedy", "smarter", "--sizes", "4", "--games", "1", "--results", "league"]
    run(league)
    code, out, err = run(league + ["--plan", "games.txt"])
    check("tournament --plan with nothing to play: says so, not 'parallel'",
          code == 0 and not lines("games.txt") and "nothing left" in err and "parallel" not in err, err)
finally:
    shutil.rmtree(tmp, ignore_errors=True)

finish("grade plan")
