#!/usr/bin/env python3
"""Programs that escape, forge results or outlive their game, one hostile program each, played through `reversi match` as a grader would run
it (tests/players/hostile_player.py MODE against greedy on 6x6, both colours). Before the sandbox, each
of these won, hung the referee or escaped the limit; now each must lose with the right reason (or, for
the programs that play correctly, finish normally and be counted), quickly, and no process of the
program may be left in the process table afterwards (every process of a run carries a unique tag in
its command line).

    defects.py PATH/TO/reversi [MODE...]

Exits 1 when a check fails. REVERSI_SANDBOX is passed through, so the same checks run with the /proc
accounting and the subreaper (REVERSI_SANDBOX=nocgroup,nonamespace) as with cgroups and a namespace.
"""
import json
import os
import random
import subprocess
import sys
import time

reversi = os.path.abspath(sys.argv[1])
only = set(sys.argv[2:])
here = os.path.dirname(os.path.abspath(__file__))
players = os.path.join(os.path.dirname(here), "players")
hostile = os.path.join(players, "hostile_player.py")
lab_player = os.path.join(players, "lab_player.py")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, finish, runs_under_address_limit  # noqa: E402


def tagged(tag):
    """PIDs of live processes whose command line holds tag."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open("/proc/%s/cmdline" % entry, "rb") as f:
                cmdline = f.read()
            with open("/proc/%s/stat" % entry) as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if tag.encode() in cmdline and state != "Z":
            found.append(int(entry))
    return found


def match(spec, tag, *options, size=6, env=None):
    """Runs reversi match SPEC greedy in a session of its own; returns (status, json or None, seconds, stderr)."""
    start = time.time()
    proc = subprocess.Popen([reversi, "match", spec, "greedy", "--sizes", str(size), "--json", "-"] + list(options),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                            env=env)
    try:
        out, err = proc.communicate(timeout=150)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        out, err = proc.communicate()
    seconds = time.time() - start
    try:
        result = json.loads(out)
    except ValueError:
        result = None
    time.sleep(0.2)
    return proc.returncode, result, seconds, err.decode(errors="replace")


def run_case(mode, expect, *options, spec=None, max_seconds=30, size=6):
    """expect: a reason fragment the program's forfeits must contain, or None for two normal games."""
    if only and mode not in only:
        return
    tag = "hostile-%s-%d" % (mode, random.randrange(10 ** 9))
    spec = spec.replace("TAG", tag) if spec else "cmd:python3 %s %s %s" % (hostile, mode, tag)
    status, result, seconds, err = match(spec, tag, *options, size=size)
    left = tagged(tag)
    for pid in left:  # never leave them running, even when the check fails
        try:
            os.kill(pid, 9)
        except OSError:
            pass
    name = "%s: " % mode
    check(name + "exit status 0 and JSON results", status == 0 and result is not None,
          "status %s, stderr %r" % (status, err[-300:]))
    check(name + "no process of it left", not left, "still running: %s" % left)
    check(name + "finished in %.0f s at most" % max_seconds, seconds < max_seconds, "took %.1f s" % seconds)
    if result is None:
        return
    games = result["games"]
    check(name + "two games", len(games) == 2, str(len(games)))
    for g in games:
        side = "B" if g["black"] != "greedy" else "W"
        if expect is None:
            check(name + "game %d played to the end, no fault" % g["game"], "forfeit" not in g,
                  g.get("reason", ""))
            check(name + "game %d counted" % g["game"], g["black_discs"] + g["white_discs"] > 4, str(g))
        else:
            check(name + "game %d lost by the program" % g["game"],
                  g.get("forfeit") == side and g["winner"] != side, str(g))
            check(name + "game %d reason: %s" % (g["game"], expect), expect in g.get("reason", ""),
                  g.get("reason", "(none)"))


# 1. Inherited descriptors: a forged result line from a detached grandchild; an illegal move.
run_case("forge", "illegal move")
# 1. Inherited descriptors: a background sleeper holding them stalled the match (35 s, games thrown away).
run_case("sleeper", None, max_seconds=20)
# 2. The referee's process group: kill 0 at the end killed the match (exit 143, no results).
run_case("killgroup", "signal 15")
# 3. The whole tree's CPU time: a child burning 2 s per move, a detached grandchild burning 2 s, and the
#    program behind `sh -c '...; true'` or `timeout 10 ...` (a 0.3 s move against a 0.2 s limit).
#    A generous wall-clock limit: on a busy machine the burners may get a small share of a core, and
#    the CPU limit must be the one they reach.
run_case("cpuchild", "over the time limit", "--wall-limit", "30", max_seconds=60)
run_case("daemonburn", "over the time limit", "--wall-limit", "30", max_seconds=60)
run_case("sh-slow", "over the time limit", "--time-limit", "0.2",
         spec="cmd:/bin/sh -c 'python3 \"$0\" slow TAG; true' %s" % lab_player)  # the script an argument of its own:
#    a path inside the shell's string is not shown to the sandbox when it lies under /tmp (docs/sandbox.md)
run_case("timeout-slow", "over the time limit", "--time-limit", "0.2",
         spec="cmd:timeout 10 python3 %s slow TAG" % lab_player)
# 3. Children that ignore SIGTERM, in a session of their own, spinning: killed at the end of the game.
run_case("escapee", None, max_seconds=20)
# 4. The wall-clock limit covers the whole move: one byte every 50 ms lost the game at the first move.
run_case("trickle", "wall-clock limit", "--wall-limit", "1.5", max_seconds=15)
# The resource limits: a fork bomb and a 4 GB allocation are contained; both then play normally.
run_case("forkbomb", None, max_seconds=40)
run_case("bigalloc", None, max_seconds=20)

# 5. Flush per move: this project's Part 2 under the referee, with a move time well under the limit. Before
#    the fix, moves made while greedy had to pass reached the pipe together and were charged together.
if (not only or "part2" in only) and not runs_under_address_limit(reversi):
    print("skipped part2 flush: this build does not run under the sandbox's address-space limit (sanitizers)")
elif not only or "part2" in only:
    tag = "part2-flush-%d" % random.randrange(10 ** 9)
    status, result, seconds, err = match("cmd:%s part2 --move-time 0.1 --edition 2018 %s" % (reversi, ""), tag,
                                         "--time-limit", "0.25", size=8)
    check("part2 flush: exit status 0", status == 0 and result is not None, err[-300:])
    if result:
        faults = [g.get("reason") for g in result["games"] if "forfeit" in g]
        check("part2 flush: no game lost by a fault", not faults, str(faults))

finish("defects")
