#!/usr/bin/env python3
"""Results where courses already grade (issue 29): `reversi grade --gradescope FILE` and
`--prairielearn FILE`, each field their specifications name checked, and the Gradescope autograder zip.

  Gradescope (gradescope-autograders.readthedocs.io/en/latest/specs/): top level score, output,
  output_format, visibility, stdout_visibility, extra_data, tests, leaderboard; each test name, number,
  score, max_score, status, output, output_format, tags, visibility; each leaderboard entry name,
  value (order optional). `score` is in points: the mark, the sum of the tests' max_score the mark's out_of.
  PrairieLearn (prairielearn.readthedocs.io, externalGrading "Grading results"): gradable, succeeded,
  score from 0 to 1, message, output, tests with name, description, points, max_points, message, output;
  gradable false when the source does not compile.
  The zip: setup.sh and run_autograder at its root, the source in reversi/; run_autograder on a fake
  /autograder tree (AUTOGRADER_ROOT) writes results.json, and one still when the grader fails.

    results_test.py BUILD_DIR SOURCE_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile

build, source_dir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
reversi = os.path.join(build, "reversi")
sys.path.insert(0, os.path.join(source_dir, "tests"))
from checks import check, finish  # noqa: E402

VISIBILITY = {"hidden", "after_due_date", "after_published", "visible"}
FORMATS = {"text", "html", "simple_format", "md", "ansi"}
NUMBER = (int, float)


def submission(root, name, template, variant):
    os.makedirs(os.path.join(root, name))
    with open(os.path.join(source_dir, "tests", "grade", template)) as f:
        text = f.read()
    with open(os.path.join(root, name, "program.c"), "w") as f:
        f.write(("#define VARIANT_%s\n" % variant if variant else "") + text)
    return os.path.join(root, name)


def grade(lab, args, cwd):
    extra = ["--sizes", "4"] if lab == "part2" else ["--cases", "3"]
    p = subprocess.run([reversi, "grade", lab] + args + extra, cwd=cwd, capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def load(path):
    with open(path) as f:
        return json.load(f)


def check_gradescope_test(label, t):
    ok = (isinstance(t.get("name"), str) and t["name"] and isinstance(t.get("number"), str) and
          isinstance(t.get("score"), NUMBER) and isinstance(t.get("max_score"), NUMBER) and
          0 <= t["score"] <= t["max_score"] and t.get("status") == ("passed" if t["score"] == t["max_score"] else "failed")
          and isinstance(t.get("output"), str) and t.get("output_format") in FORMATS and
          isinstance(t.get("tags"), list) and all(isinstance(x, str) for x in t["tags"]) and
          t.get("visibility") in VISIBILITY)
    check(label + ": a test with name, number, score, max_score, status, output, output_format, tags, visibility",
          ok, json.dumps(t)[:300])


def check_gradescope(label, r, mark, out_of):
    check(label + ": score is the mark, in points", isinstance(r.get("score"), NUMBER) and r["score"] == mark, str(r.get("score")))
    check(label + ": output, output_format, visibility, stdout_visibility, extra_data",
          isinstance(r.get("output"), str) and r.get("output_format") in FORMATS and r.get("visibility") in VISIBILITY and
          r.get("stdout_visibility") in VISIBILITY and isinstance(r.get("extra_data"), dict), json.dumps(r)[:300])
    tests = r.get("tests", [])
    check(label + ": tests", isinstance(tests, list) and len(tests) > 0, str(tests)[:200])
    for t in tests[:3]:
        check_gradescope_test(label, t)
    check(label + ": the tests add up to the mark out of its total",
          sum(t["score"] for t in tests) == mark and sum(t["max_score"] for t in tests) == out_of,
          "%s / %s" % ([t["score"] for t in tests], [t["max_score"] for t in tests]))
    board = r.get("leaderboard", [])
    check(label + ": leaderboard entries with name and value", isinstance(board, list) and board and all(
        isinstance(e.get("name"), str) and isinstance(e.get("value"), (int, float, str)) and
        e.get("order", "desc") in ("asc", "desc") for e in board), str(board))


def check_prairielearn(label, r, gradable, score):
    check(label + ": gradable is %s" % gradable, r.get("gradable") is gradable, str(r.get("gradable")))
    check(label + ": succeeded, message, output", r.get("succeeded") is True and isinstance(r.get("message"), str) and
          isinstance(r.get("output"), str), json.dumps(r)[:300])
    check(label + ": score %.2f, from 0 to 1" % score,
          isinstance(r.get("score"), NUMBER) and 0 <= r["score"] <= 1 and abs(r["score"] - score) < 1e-9, str(r.get("score")))
    tests = r.get("tests", [])
    check(label + ": tests with name, description, points, max_points, message, output", isinstance(tests, list) and all(
        isinstance(t.get("name"), str) and isinstance(t.get("description"), str) and isinstance(t.get("points"), NUMBER)
        and isinstance(t.get("max_points"), NUMBER) and 0 <= t["points"] <= t["max_points"] and
        isinstance(t.get("message"), str) and isinstance(t.get("output"), str) for t in tests), str(tests)[:300])
    if tests:
        check(label + ": the tests' points make the score",
              abs(sum(t["points"] for t in tests) / sum(t["max_points"] for t in tests) - score) < 1e-9)


def exports(tmp):
    subs = os.path.join(tmp, "subs")
    for name, lab, template, variant in [("good", "part2", "part2.c", None), ("broken", "part2", "part2.c", "NO_COMPILE"),
                                         ("lab6good", "lab6", "lab6.c", None), ("lab6bad", "lab6", "lab6.c", "WRONG_ORDER")]:
        code, out, err = grade(lab, [submission(subs, name, template, variant), "--gradescope", "gs/%s.json" % name,
                                     "--prairielearn", "pl/%s.json" % name], tmp)
        check("%s: exit status 0" % name, code == 0, err[-300:])
        if code != 0:
            continue
        g = load(os.path.join(tmp, "gs", name + ".json"))
        mark, out_of = g["score"], g["extra_data"].get("out_of")
        expected = {"good": (4, 4), "broken": (0, 4), "lab6good": (3, 3), "lab6bad": (0, 3)}[name]
        check("%s: graded %d / %d" % ((name,) + expected), (mark, out_of) == expected, "%s / %s" % (mark, out_of))
        check_gradescope("gradescope " + name, g, expected[0], expected[1])
        check_prairielearn("prairielearn " + name, load(os.path.join(tmp, "pl", name + ".json")), name != "broken",
                           expected[0] / expected[1])
    code, out, err = grade("part2", [os.path.join(subs, "good"), os.path.join(subs, "broken"), "--gradescope", "x.json"], tmp)
    check("--gradescope with two submissions: exit 2, one clear line",
          code == 2 and "exactly one submission" in err and not os.path.exists(os.path.join(tmp, "x.json")), err)


def autograder(tmp):
    scripts = os.path.join(source_dir, "scripts", "gradescope")
    if subprocess.run(["git", "-C", source_dir, "rev-parse", "HEAD"], capture_output=True).returncode == 0:
        zip_path = os.path.join(tmp, "autograder.zip")
        p = subprocess.run(["bash", os.path.join(scripts, "build_zip.sh"), zip_path], capture_output=True, text=True)
        check("the autograder zip builds", p.returncode == 0 and os.path.exists(zip_path), p.stderr[-300:])
        names = zipfile.ZipFile(zip_path).namelist() if os.path.exists(zip_path) else []
        check("setup.sh and run_autograder at its root, the source in reversi/", "setup.sh" in names and
              "run_autograder" in names and "reversi/CMakeLists.txt" in names and "reversi/scripts/install-deps.sh" in names,
              str(names[:5]))
    else:
        print("skip the zip: %s is not a git checkout" % source_dir)
    root = os.path.join(tmp, "autograder")
    shutil.copytree(os.path.join(tmp, "subs", "good"), os.path.join(root, "submission"))
    help_text = subprocess.run([reversi, "grade", "--help"], capture_output=True, text=True).stdout
    options = ("--isolation container " if "--isolation" in help_text else "") + "--sizes 4"
    env = dict(os.environ, AUTOGRADER_ROOT=root, REVERSI=reversi, REVERSI_GRADE_OPTIONS=options)
    p = subprocess.run([os.path.join(scripts, "run_autograder")], cwd=root, env=env, capture_output=True, text=True,
                       timeout=300)
    results = os.path.join(root, "results", "results.json")
    check("run_autograder (%s): exit 0, results.json written" % options, p.returncode == 0 and os.path.exists(results),
          p.stderr[-300:])
    if os.path.exists(results):
        check_gradescope("run_autograder", load(results), 4, 4)
        os.remove(results)
    env["REVERSI"] = "/bin/false"
    p = subprocess.run([os.path.join(scripts, "run_autograder")], cwd=root, env=env, capture_output=True, text=True)
    check("run_autograder with a failing grader still writes a results.json", os.path.exists(results) and
          load(results)["score"] == 0 and "autograder failed" in load(results)["output"], p.stderr[-300:])


tmp = tempfile.mkdtemp(prefix="reversi-results-")
try:
    exports(tmp)
    autograder(tmp)
finally:
    shutil.rmtree(tmp, ignore_errors=True)
finish("course results")
