#!/usr/bin/env python3
"""`reversi grade part2 ... --leaderboard DB` (docs/leaderboard-entering.md), fast (4x4):

  - a program whose graded games ran without a fault of its own is entered under its folder's name;
    one that crashed is not, and is named on standard error with why;
  - grading again enters nothing new ("unchanged");
  - with --plan, --leaderboard is refused (it belongs to --merge), and `--merge DIR --leaderboard DB`
    enters from the stored results;
  - --leaderboard with a lab other than part2 is refused;
  - the entry commands' exit statuses: `init` refuses an existing database, `add` says added /
    unchanged / replaced and refuses a bad name, `remove` of no such entry exits 2.

    grade_leaderboard_test.py BUILD_DIR
"""
import os
import shutil

from grade_common import workspace, submission, run_reversi
from checks import check, finish  # noqa: E402

tmp, sandboxes, env = workspace("reversi-grade-leaderboard-")


def run(args):
    return run_reversi(args, tmp, env)


def entries(db):
    code, out, err = run(["leaderboard", "entries", db])
    return [line.split()[1] for line in out.splitlines()[1:] if line.strip() and not line.startswith("(")]


try:
    submission(os.path.join(tmp, "class"), "good", "part2.c", None, "lab7part2.c")
    submission(os.path.join(tmp, "class"), "crash", "part2.c", "CRASH", "lab7part2.c")
    subs = ["class/good", "class/crash"]
    common = ["grade", "part2"] + subs + ["--sizes", "4"]
    code, out, err = run(common + ["--leaderboard", "league.db"])
    check("grade --leaderboard: exit status 0", code == 0, err[-600:])
    check("the faultless program is entered under its folder's name", "good added" in out, out)
    check("the crashing one is not, and stderr says why",
          "crash not entered" in err and "by its fault" in err and "crash" not in entries("league.db"), err[-600:])
    check("the database lists the faultless one only", entries("league.db") == ["good"], str(entries("league.db")))
    code, out, err = run(common + ["--leaderboard", "league.db"])
    check("grading again: unchanged", code == 0 and "good unchanged" in out, out + err[-300:])

    code, out, err = run(common + ["--plan", "jobs.txt", "--leaderboard", "league.db"])
    check("--plan with --leaderboard: refused, pointing at --merge", code == 2 and "--merge" in err, "%d %r" % (code, err))
    code, out, err = run(["grade", "part2", "--merge", "grades", "--leaderboard", "merged.db"])
    check("--merge --leaderboard enters from the stored results",
          code == 0 and "good added" in out and entries("merged.db") == ["good"], "%d %r %r" % (code, out, err[-300:]))
    code, out, err = run(["grade", "lab6", "class/good", "--leaderboard", "lab6.db"])
    check("--leaderboard with lab6: refused", code == 2 and "part2" in err and not os.path.exists(
        os.path.join(tmp, "lab6.db")), "%d %r" % (code, err))

    code, out, err = run(["leaderboard", "init", "league.db"])
    check("init: an existing database refused", code == 2 and "already exists" in err, "%d %r" % (code, err))
    hostile = "<script>alert(1)</script>"
    script = os.path.join(tmp, "class", "script", "lab7part2")
    os.makedirs(os.path.dirname(script))
    with open(script, "w") as f:
        f.write("#!/bin/sh\necho hi\n")
    os.chmod(script, 0o755)
    outcomes = [run(["leaderboard", "add", "league.db", hostile, "class/script"]) for _ in range(2)]
    with open(script, "a") as f:
        f.write("# changed\n")
    outcomes.append(run(["leaderboard", "add", "league.db", hostile, "class/script"]))
    check("add: added, unchanged, replaced (version 2)",
          [o[0] for o in outcomes] == [0, 0, 0] and outcomes[0][1].startswith("added: " + hostile)
          and outcomes[1][1].startswith("unchanged:") and "version 2" in outcomes[2][1], str(outcomes))
    check("entries: the hostile name as it is", hostile in entries("league.db"), str(entries("league.db")))
    code, out, err = run(["leaderboard", "add", "league.db", "tab\tname", "class/script"])
    check("add: a control character in the name refused (exit 2)", code == 2 and "control character" in err, err)
    code, out, err = run(["leaderboard", "remove", "league.db", "nobody"])
    check("remove: no such entry, exit 2", code == 2 and "no entry named" in err, "%d %r" % (code, err))
finally:
    shutil.rmtree(tmp, ignore_errors=True)

finish("grade leaderboard")
