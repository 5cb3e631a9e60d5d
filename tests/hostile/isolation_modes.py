#!/usr/bin/env python3
"""--isolation where bubblewrap is missing (REVERSI_BWRAP names no program): `namespaces` (the default)
refuses to run programs with a message saying why and what to do; `auto` plays in container mode and
says so on standard error; `container` plays without a word. Never silently weaker (issue 29).
  usage: isolation_modes.py REVERSI LAB7PART2"""
import json, os, subprocess, sys

reversi, player = (os.path.abspath(a) for a in sys.argv[1:3])
env = dict(os.environ, REVERSI_BWRAP="/nonexistent/bwrap")
failures = []

def check(what, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + what + ("" if ok else ": " + str(detail)[:600]))
    if not ok:
        failures.append(what)

def match(*extra):
    p = subprocess.run([reversi, "match", "cmd:" + player, "greedy", "--sizes", "4", "--games", "2", "--json", "-"]
                       + list(extra), capture_output=True, text=True, env=env, timeout=120)
    summary = json.loads(p.stdout) if p.stdout.strip().startswith("{") else {}
    reasons = [g.get("reason", "") for g in summary.get("games", [])]
    return p.returncode, reasons, p.stderr

code, reasons, err = match()
check("namespaces without bubblewrap: every game refused, saying why and what to do",
      reasons and all("cannot wall programs off" in r and "--isolation container" in r for r in reasons) or
      ("cannot wall programs off" in err and code != 0), (code, reasons, err))
code, reasons, err = match("--isolation", "auto")
check("auto without bubblewrap: the games are played", code == 0 and reasons and not any(reasons), (code, reasons, err))
check("... and standard error says they ran in container mode", "running with --isolation container" in err, err)
code, reasons, err = match("--isolation", "container")
check("container: the games are played, nothing said", code == 0 and reasons and not any(reasons)
      and "warning" not in err, (code, reasons, err))
print("isolation modes: %d failed" % len(failures) if failures else "isolation modes: all passed")
sys.exit(1 if failures else 0)
