#!/usr/bin/env python3
"""Ctrl-C during a search (`reversi part2`) and during a match (`reversi match`): the whole process
group gets SIGINT, as from a terminal. Each must print "reversi: interrupted" once on standard error,
exit with status 130, and leave no results file or saved games behind. And SIGTERM at any moment of a
`reversi leaderboard run`: once it says "terminated", it exits with status 143.
Usage: interrupts.py PATH/TO/reversi [leaderboard]   (leaderboard: the leaderboard run's check alone)"""
import os
import signal
import subprocess
import sys
import tempfile
import time

reversi = os.path.abspath(sys.argv[1])
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, finish  # noqa: E402


def interrupt(name, args, stdin_text, after, cwd):
    proc = subprocess.Popen([reversi] + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=cwd, start_new_session=True)
    if stdin_text is not None:
        proc.stdin.write(stdin_text.encode())
        proc.stdin.flush()
    time.sleep(after)
    os.killpg(proc.pid, signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        check(name, False, "still running 20 s after SIGINT")
        return
    err = err.decode(errors="replace")
    check(name + ": exit status 130", proc.returncode == 130, "status %d, stderr %r" % (proc.returncode, err[-300:]))
    check(name + ": one message", err.count("reversi: interrupted") == 1, repr(err[-300:]))


def late_terms(tmp):
    """SIGTERM at every moment of a leaderboard run with nothing to play (about 7 ms): once it has
    said "terminated" its status is 143, however late the signal came (it exited 0 when the signal came
    after its last game). The run has its handler for only its last millisecond or two (start-up and
    opening the database come first), so a sweep over twice an unsignalled run's length lands a few of
    its 150 signals there, fewer on a loaded machine (8 in 3 sweeps on a CI run). Each later sweep is
    narrowed to where the last one's signals were answered, up to eight sweeps, until 10 were."""
    db = os.path.join(tmp, "league.db")
    subprocess.run([reversi, "leaderboard", "init", db], check=True, capture_output=True)
    start = time.time()
    subprocess.run([reversi, "leaderboard", "run", db], check=True, capture_output=True)
    lo, hi = 0.0, 2 * (time.time() - start)
    said, wrong = 0, []
    for sweep in range(8):
        answered = []
        for i in range(150):
            delay = lo + (hi - lo) * i / 150
            if signalled_run_said(db, delay, wrong):
                answered.append(delay)
        said += len(answered)
        if said >= 10:
            break
        if answered:  # the next sweep covers the answered span and as much again on each side
            margin = max(answered[-1] - answered[0], (hi - lo) / 30)
            lo, hi = max(0.0, answered[0] - margin), answered[-1] + margin
    check("leaderboard run: 'terminated' always with status 143", not wrong, str(wrong[:5]))
    check("leaderboard run: signals came while it ran", said >= 10, "%d in %d sweeps" % (said, sweep + 1))


def signalled_run_said(db, delay, wrong):
    """One leaderboard run, SIGTERM after delay seconds: whether it said "terminated" (if it did with a
    status other than 143, (delay, status) goes to wrong)."""
    proc = subprocess.Popen([reversi, "leaderboard", "run", db], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    time.sleep(delay)
    try:
        proc.send_signal(signal.SIGTERM)
    except ProcessLookupError:
        pass  # it had ended
    err = proc.communicate(timeout=20)[1]
    if "reversi: terminated" not in err:
        return False
    if proc.returncode != 143:
        wrong.append((round(delay, 4), proc.returncode))
    return True

if sys.argv[2:] == ["leaderboard"]:
    with tempfile.TemporaryDirectory() as tmp:
        late_terms(tmp)
    finish("interrupts (leaderboard run)")

with tempfile.TemporaryDirectory() as tmp:
    # The computer plays Black on 26x26 with 20 s per move: interrupted in the middle of its search.
    interrupt("part2 search", ["part2", "--move-time", "20"], "26\nB\n", 1.5, tmp)
    # A match of engines with results and saved games requested: interrupted before the end.
    interrupt("match", ["match", "part2:time=0.5", "part2:time=0.5", "--games", "8", "--sizes", "16", "-j", "2",
                        "--json", "results.json", "--save-games", "games"], None, 1.5, tmp)
    left = sorted(os.listdir(tmp))
    games = os.path.join(tmp, "games")
    check("match: no results file or saved games", not any(n.startswith("results") for n in left)
          and (not os.path.exists(games) or not os.listdir(games)), "left behind: %s" % left)

finish("interrupts")
