#!/usr/bin/env python3
"""The course's graded library and what `reversi grade part2` links (issue 29, defect 5):

  - build/course/liblab7part2.a defines findSmarterMove and findSmartestMove and no other global
    symbol (no makeMove, no engine), and its header declares only those two;
  - a submission that only calls makeMove (the engine, before: 4 of 4) no longer links;
  - a submission with its own `int makeMove(char b[][26], int n)` compiles and is graded;
  - a missing course library is an error before grading (exit 2), from --c-library and after
    installing (cmake --install: PREFIX/bin/reversi finds PREFIX/lib/reversi/);
  - --sources-only refuses an executable with a per-student message; by default it is accepted.

The submissions are tests/grade/part2.c with a few lines put in front; games on 4x4 only.

    course_library_test.py BUILD_DIR SOURCE_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

build, source_dir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
reversi = os.path.join(build, "reversi")
course = os.path.join(build, "course")
sys.path.insert(0, os.path.join(source_dir, "tests"))
from checks import check, finish  # noqa: E402

MAKEMOVE_ONLY = """#include "lab7part2lib.h"
int makeMove(const char board[][26], int n, char turn, int *row, int *col);
#define findSmartestMove(b, n, t, r, c) makeMove((const char(*)[26])(b), n, t, r, c)
"""
OWN_MAKEMOVE = """#include "lab7part2lib.h"
int makeMove(char b[][26], int n) { return b[0][0] == 'U' ? n : 0; }
#define findSmartestMove(b, n, t, r, c) (makeMove(b, n), findSmarterMove(b, n, t, r, c))
"""


def submission(root, name, prefix):
    os.makedirs(os.path.join(root, name))
    with open(os.path.join(source_dir, "tests", "grade", "part2.c")) as f:
        text = f.read()
    with open(os.path.join(root, name, "lab7part2.c"), "w") as f:
        f.write(prefix + text)
    return os.path.join(root, name)


def grade(program, args, cwd):
    p = subprocess.run([program, "grade", "part2"] + args + ["--sizes", "4"], cwd=cwd, capture_output=True, text=True,
                       timeout=300)
    return p.returncode, p.stdout, p.stderr


def grades(path):
    with open(path) as f:
        return {g["submission"]: g for g in json.load(f)["submissions"]}


def library_symbols():
    out = subprocess.run(["nm", "-g", "--defined-only", os.path.join(course, "liblab7part2.a")], capture_output=True,
                         text=True).stdout
    names = sorted(line.split()[-1] for line in out.splitlines() if len(line.split()) == 3 and line.split()[1] != "u")
    check("liblab7part2.a: only findSmarterMove and findSmartestMove are global",
          names == ["findSmarterMove", "findSmartestMove"], " ".join(names[:10]))
    with open(os.path.join(course, "lab7part2lib.h")) as f:
        header = f.read()
    check("its header declares no makeMove", "makeMove(" not in header and "findSmartestMove(" in header)


def linking(tmp):
    root = os.path.join(tmp, "subs")
    subs = [submission(root, "makemove_only", MAKEMOVE_ONLY), submission(root, "own_makemove", OWN_MAKEMOVE),
            submission(root, "opponents", "")]
    code, out, err = grade(reversi, subs + ["--json", "marks.json", "--jobs", "2"], tmp)
    check("grade: exit status 0", code == 0, err[-400:])
    g = grades(os.path.join(tmp, "marks.json"))
    only = g.get("makemove_only", {})
    check("a submission calling only makeMove does not link (before: 4 of 4)",
          only.get("mark") == 0 and "does not compile" in " ".join(only.get("failures", [])), str(only))
    with open(os.path.join(tmp, "grades", "makemove_only.txt")) as f:
        detail = f.read()
    check("its detail names the undefined makeMove", "undefined reference to `makeMove'" in detail, detail[-600:])
    check("the course library is what the compiler was given", "-llab7part2" in detail and "-lreversi" not in detail,
          detail[:400])
    own = g.get("own_makemove", {})
    check("a submission with its own makeMove(char b[][26], int n) compiles and is graded",
          own.get("program", "").startswith("compiled from") and own.get("out_of") == 4, str(own))
    check("a submission calling the course's opponents compiles", g.get("opponents", {}).get("program", "") != "",
          str(g.get("opponents")))
    return subs[2]


def missing(tmp, sub):
    code, out, err = grade(reversi, [sub, "--c-library", os.path.join(tmp, "nowhere")], tmp)
    check("--c-library without the course library: exit 2", code == 2, "%d %s" % (code, err))
    check("... saying what is missing", "liblab7part2.a" in err and "\n" not in err.strip(), err)
    prefix = os.path.join(tmp, "prefix")
    p = subprocess.run(["cmake", "--install", build, "--prefix", prefix], capture_output=True, text=True)
    check("cmake --install", p.returncode == 0, p.stderr[-400:])
    installed = os.path.join(prefix, "bin", "reversi")
    code, out, err = grade(installed, [sub, "--out", "installed"], tmp)
    check("installed: finds PREFIX/lib/reversi/ and grades", code == 0 and "compiled from" in open(
        os.path.join(tmp, "installed", "opponents.json")).read(), err[-400:])
    os.remove(os.path.join(prefix, "lib", "reversi", "liblab7part2.a"))
    code, out, err = grade(installed, [sub, "--out", "installed2"], tmp)
    check("installed without the course library: exit 2, no compile without it",
          code == 2 and "liblab7part2.a" in err and not os.path.exists(os.path.join(tmp, "installed2", "opponents.json")),
          "%d %s" % (code, err))


def sources_only(tmp, sub):
    exe_dir = os.path.join(tmp, "exe", "binary")
    os.makedirs(exe_dir)
    p = subprocess.run(["gcc", "-std=c99", "-o", os.path.join(exe_dir, "lab7part2"), os.path.join(sub, "lab7part2.c"),
                        "-I" + course, "-L" + course, "-llab7part2", "-lm"], capture_output=True, text=True)
    check("an executable built", p.returncode == 0, p.stderr[-400:])
    code, out, err = grade(reversi, [exe_dir, "--json", "exe.json", "--out", "exe-default"], tmp)
    check("by default an executable is accepted",
          code == 0 and grades(os.path.join(tmp, "exe.json"))["binary"]["program"] == "the executable lab7part2", out)
    code, out, err = grade(reversi, [exe_dir, "--json", "exe.json", "--out", "exe-sources", "--sources-only"], tmp)
    g = grades(os.path.join(tmp, "exe.json"))["binary"]
    check("--sources-only refuses it, saying why", code == 0 and g["program"] == "" and g["mark"] == 0 and
          "C sources only" in " ".join(g["failures"]) and "C sources only" in out, out)


tmp = tempfile.mkdtemp(prefix="reversi-course-")
try:
    library_symbols()
    opponents = linking(tmp)
    missing(tmp, opponents)
    sources_only(tmp, opponents)
finally:
    shutil.rmtree(tmp, ignore_errors=True)
finish("course library")
