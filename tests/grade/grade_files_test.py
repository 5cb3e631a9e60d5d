#!/usr/bin/env python3
"""`reversi grade`'s files, fast (Lab 6 with two cases, a refused Part 2):

  - a submission whose Lab7Part2.c is a symlink to a root-only (0600) file is refused with the reason,
    and the file's contents appear in no output (before: gcc's errors quoted them into the CSV);
    a FIFO in a submission is refused without hanging the grader;
  - the marks CSV and JSON, grades/*.txt and *.json are 0600, grades/ and grades/NAME/ 0700, the
    compiled program 0700; with --group-readable 0640 and 0750;
  - a --csv or --json path in a missing folder is a one-line error (exit 2) before anything is graded;
  - re-grading one of three keeps the other two rows of the class CSV and JSON and updates its own
    (before: the CSV was rewritten as one row); a --csv file that is not a marks file is refused.

    grade_files_test.py BUILD_DIR
"""
import csv
import json
import os
import shutil
import stat
import subprocess

from grade_common import reversi, workspace, submission as make
from checks import check, finish  # noqa: E402

SECRET = "TOPSECRET_4711_grader_only"


def submission(root, name, variant):
    make(root, name, "lab6.c", variant, "lab6.c")


def mode(path):
    return stat.S_IMODE(os.lstat(path).st_mode)


tmp, sandboxes, env = workspace("reversi-grade-files-")


def grade(args):
    p = subprocess.run([reversi, "grade"] + args, cwd=tmp, capture_output=True, text=True, timeout=300, env=env)
    return p.returncode, p.stdout, p.stderr


def rows_of(name):
    with open(os.path.join(tmp, name)) as f:
        return {r["submission"]: r for r in csv.DictReader(f)}


try:
    # 1. Symlinks and FIFOs are refused, the linked file never read.
    secret = os.path.join(tmp, "secret.c")
    with open(secret, "w") as f:
        f.write("%s is not C;\nint %s = 1 +;\n" % (SECRET, SECRET))
    os.chmod(secret, 0o600)
    os.makedirs(os.path.join(tmp, "subs", "linked"))
    os.symlink(secret, os.path.join(tmp, "subs", "linked", "Lab7Part2.c"))
    os.makedirs(os.path.join(tmp, "subs", "fifo"))
    os.mkfifo(os.path.join(tmp, "subs", "fifo", "lab7part2.c"))
    code, out, err = grade(["part2", "subs/linked", "subs/fifo", "--csv", "links.csv", "--json", "links.json",
                            "--out", "grades-links"])
    check("symlink: exit status 0", code == 0, err[-300:])
    rows = rows_of("links.csv")
    check("symlink: refused with the reason", "Lab7Part2.c is a symbolic link" in rows["linked"]["failures"]
          and rows["linked"]["mark"] == "0", str(rows.get("linked")))
    check("FIFO: refused with the reason", "lab7part2.c is a FIFO" in rows["fifo"]["failures"], str(rows.get("fifo")))
    leaked = [p for p in ("links.csv", "links.json") if SECRET in open(os.path.join(tmp, p)).read()]
    for dirpath, _, files in os.walk(os.path.join(tmp, "grades-links")):
        leaked += [os.path.join(dirpath, n) for n in files if SECRET.encode() in open(os.path.join(dirpath, n), "rb").read()]
    check("symlink: the secret appears in no output", SECRET not in out + err and not leaked, str(leaked))

    # 2. Private outputs by default; --group-readable shares them with the group.
    submission(os.path.join(tmp, "class"), "alice", None)
    submission(os.path.join(tmp, "class"), "bob", "WRONG_ORDER")
    submission(os.path.join(tmp, "class"), "carol", None)
    classes = ["class/alice", "class/bob", "class/carol"]
    code, out, err = grade(["lab6"] + classes + ["--cases", "2", "--csv", "class.csv", "--json", "class.json"])
    check("lab6 class: exit status 0", code == 0, err[-300:])
    expected = {"class.csv": 0o600, "class.json": 0o600, "grades": 0o700, "grades/alice.txt": 0o600,
                "grades/alice.json": 0o600, "grades/alice": 0o700, "grades/alice/lab6": 0o700}
    for path, want in expected.items():
        got = mode(os.path.join(tmp, path)) if os.path.exists(os.path.join(tmp, path)) else None
        check("private: %s is %o" % (path, want), got == want, "mode %s" % (oct(got) if got is not None else "missing"))
    code, out, err = grade(["lab6", "class/alice", "--cases", "2", "--csv", "shared.csv", "--out", "shared",
                            "--group-readable"])
    for path, want in {"shared.csv": 0o640, "shared": 0o750, "shared/alice.txt": 0o640, "shared/alice": 0o750,
                       "shared/alice/lab6": 0o750}.items():
        got = mode(os.path.join(tmp, path)) if os.path.exists(os.path.join(tmp, path)) else None
        check("--group-readable: %s is %o" % (path, want), got == want,
              "mode %s" % (oct(got) if got is not None else "missing"))

    # 3. An unusable --csv or --json path: one line, exit 2, nothing graded.
    for option in ("--csv", "--json"):
        code, out, err = grade(["lab6", "class/alice", "--cases", "2", option, "missing/marks", "--out", "unused"])
        check("%s in a missing folder: exit 2, one line, nothing graded" % option,
              code == 2 and err.count("\n") == 1 and "missing" in err and not os.path.exists(os.path.join(tmp, "unused")),
              "%d %r" % (code, err))

    # 4. Re-grading one student keeps the others' rows and updates its own.
    before = rows_of("class.csv")
    check("three rows before", sorted(before) == ["alice", "bob", "carol"] and before["bob"]["mark"] == "0",
          str(before))
    submission(os.path.join(tmp, "class"), "bob", None)  # bob fixes his program
    code, out, err = grade(["lab6", "class/bob", "--cases", "2", "--csv", "class.csv", "--json", "class.json"])
    after = rows_of("class.csv")
    check("re-grade: the CSV keeps three rows", sorted(after) == ["alice", "bob", "carol"], str(after))
    check("re-grade: bob's row updated, the others kept", after.get("bob", {}).get("mark") == "2"
          and after.get("alice") == before["alice"] and after.get("carol") == before["carol"], str(after))
    with open(os.path.join(tmp, "class.json")) as f:
        marks = {g["submission"]: g["mark"] for g in json.load(f)["submissions"]}
    check("re-grade: the JSON keeps three, bob's updated", marks == {"alice": 2, "bob": 2, "carol": 2}, str(marks))
    with open(os.path.join(tmp, "notes.csv"), "w") as f:
        f.write("name,comment\nalice,good\n")
    code, out, err = grade(["lab6", "class/bob", "--cases", "2", "--csv", "notes.csv"])
    check("a CSV that is not a marks file: exit 2, left alone",
          code == 2 and "notes.csv" in err and open(os.path.join(tmp, "notes.csv")).read() == "name,comment\nalice,good\n",
          "%d %r" % (code, err))
finally:
    shutil.rmtree(tmp, ignore_errors=True)

finish("grade files")
