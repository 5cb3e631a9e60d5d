#!/usr/bin/env python3
"""A student program that never flushes its output (issue 29, defect 4) plays its games in `reversi match`,
`reversi tournament` and `tournament --plan` as it does in `reversi grade`: the referee preloads
coreutils' libstdbuf for every program it runs. Before, it lost every game ("the dimension prompt not
complete after ... s").  usage: unflushed.py REVERSI LAB7PART2 RELAY_SOURCE"""
import json, os, subprocess, sys, tempfile

reversi, player, source = (os.path.abspath(a) for a in sys.argv[1:4])
failures = []

def check(what, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else ": " + str(detail)[:600]))
    if not ok:
        failures.append(what)

def run(args, cwd):
    p = subprocess.run([reversi] + args, cwd=cwd, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr

with tempfile.TemporaryDirectory(prefix="reversi-unflushed-") as tmp:
    os.chmod(tmp, 0o755)
    relay = os.path.join(tmp, "relay")
    subprocess.run(["gcc", "-O1", "-o", relay, source], check=True)
    student = "cmd:%s %s" % (relay, player)
    limits = ["--sizes", "4", "--time-limit", "2", "--wall-limit", "3"]

    code, out, err = run(["match", student, "greedy", "--games", "2", "--json", "-"] + limits, tmp)
    summary = json.loads(out) if code == 0 and out.strip() else {}
    faults = [g for g in summary.get("games", []) if g.get("reason")] if summary else ["no summary"]
    check("match: the unflushed program plays both games without a fault", code == 0 and not faults, (code, faults, err))

    code, out, err = run(["tournament", student, "greedy", "random", "--games", "2", "--json", "-"] + limits, tmp)
    summary = json.loads(out) if code == 0 and out.strip() else {}
    faults = [g for g in summary.get("games", []) if g.get("reason")] if summary else ["no summary"]
    check("tournament: no game of the unflushed program ends in a fault", code == 0 and not faults, (code, faults, err))

    code, out, err = run(["tournament", student, "greedy", "--games", "2", "--results", "r", "--plan", "jobs.txt"] + limits, tmp)
    lines = open(os.path.join(tmp, "jobs.txt")).read().splitlines() if code == 0 else []
    for line in lines:
        subprocess.run(line, shell=True, cwd=tmp, capture_output=True, timeout=120)
    code, out, err = run(["tournament", "--merge", "r", "--json", "-"], tmp)
    summary = json.loads(out) if code == 0 and out.strip() else {}
    faults = [g for g in summary.get("games", []) if g.get("reason")] if summary else ["no summary"]
    check("tournament --plan: the planned games of the unflushed program end without a fault",
          len(lines) == 2 and code == 0 and not faults, (len(lines), code, faults, err))

print("unflushed: %d failed" % len(failures) if failures else "unflushed: all passed")
sys.exit(1 if failures else 0)
