#!/usr/bin/env python3
"""The nboard: player: `reversi match` drives an NBoard engine, tested with `reversi nboard`
itself and with hostile engines written as shell scripts.

- our NBoard engine plays whole games from random openings, both colours, with no fault;
- `depth=D` is sent as `set depth D` (seen by a recording engine);
- an engine that passes with a move available, plays an illegal square or spins loses its game with
  the right reason, and no process of it is left;
- sizes other than 8 and a bad depth are errors (exit 2) before any game.

    nboard_player.py BUILD_DIR
"""
import json
import os
import re
import subprocess
import sys
import tempfile

build = os.path.abspath(sys.argv[1])
reversi = os.path.join(build, "reversi")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reference"))
from checks import check, finish, runs_under_address_limit  # noqa: E402
import reference_rules as rules  # noqa: E402


def match(*args, timeout=300):
    p = subprocess.run([reversi, "match"] + list(args) + ["--json", "-"], capture_output=True, text=True,
                       timeout=timeout)
    return p.returncode, (json.loads(p.stdout) if p.returncode == 0 else None), p.stderr


def replay_problem(game):
    """Why the game's record is not a whole legal game ending in its reported score, or None.

    Replayed by the independent reference rules: a game may end early (a wipeout against random
    often does), so the check is that nobody could move at the end, not that the board is full.
    """
    board, colour = rules.new_board(8), rules.BLACK
    for square in re.findall(r"[a-h][1-8]", game["moves"]):
        if not rules.has_move(board, colour):
            colour = rules.other(colour)
        r, c = int(square[1]) - 1, ord(square[0]) - ord("a")
        if not rules.is_legal(board, r, c, colour):
            return "illegal %s in %s" % (square, game["moves"])
        rules.play(board, r, c, colour)
        colour = rules.other(colour)
    if rules.has_move(board, rules.BLACK) or rules.has_move(board, rules.WHITE):
        return "unfinished: %s" % game["moves"]
    discs = (rules.count(board, rules.BLACK), rules.count(board, rules.WHITE))
    if discs != (game["black_discs"], game["white_discs"]):
        return "replay gives %d-%d, record says %d-%d" % (discs + (game["black_discs"], game["white_discs"]))
    return None


def script(directory, name, body):
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body)
    os.chmod(path, 0o755)
    return path


with tempfile.TemporaryDirectory(prefix="reversi-nboard-") as tmp:
    # Our own engine as the external program (not in a sanitizer build: the sandbox's address-space
    # limit stops it; the hostile engines below are shell scripts and run in every build).
    ours_runs = runs_under_address_limit(reversi)
    if not ours_runs:
        print("skipped our own NBoard engine in matches: this build does not run under RLIMIT_AS (sanitizers)")
    else:
        ours = "nboard:%s nboard --move-time 0.02" % reversi
        status, summary, err = match(ours, "random", "--games", "4", "--opening-plies", "4")
        games = summary["games"] if summary else []
        problems = [p for p in (replay_problem(g) for g in games if "forfeit" not in g) if p]
        check("our NBoard engine plays 4 games from openings without a fault", status == 0 and len(games) == 4
              and not any("forfeit" in g for g in games), "%d %r" % (status, err[-300:]))
        check("... each a whole legal game ending in its recorded score (reference rules)",
              len(games) == 4 and not problems, repr(problems))
        if summary:
            check("... and beats random", summary["result"]["wins"] >= 3, repr(summary["result"]))

    # External programs may run as another user (the sandbox drops root): a log they can write.
    os.chmod(tmp, 0o755)
    log = os.path.join(tmp, "commands.log")
    open(log, "w").close()
    os.chmod(log, 0o666)
    # A recorder: appends every command to the log and hands it to our engine.
    recorder = script(tmp, "recorder.sh", 'tee -a "%s" | %s nboard --move-time 0.01\n' % (log, reversi))
    if ours_runs:
        # Writing a log outside its working directory needs --isolation container: under namespaces a
        # command-line player sees the file system read-only (docs/sandbox.md).
        status, summary, err = match("nboard:depth=7 " + recorder, "random", "--games", "1", "--isolation", "container")
        with open(log) if os.path.exists(log) else open(os.devnull) as f:
            commands = f.read().splitlines()
        check("depth=7 is sent once as set depth 7, after nboard 2, then ping 1",
              commands[:3] == ["nboard 2", "set depth 7", "ping 1"] and commands.count("set depth 7") == 1,
              repr(commands[:3]))
        check("each move is a set game with the whole board, then go",
              any(c.startswith("set game (;GM[Othello]") and "BO[8 " in c for c in commands) and "go" in commands,
              repr(commands[3:5]))

    hostile = {
        "passes": ('while read line; do case "$line" in go) echo "=== PA";; ping*) echo "pong 1";; esac; done\n',
                   "answered PA with a legal move available", "IM"),
        "illegal": ('while read line; do case "$line" in go) echo "status thinking"; echo "=== A1/0.00/0.01";;'
                    ' ping*) echo "pong 1";; esac; done\n',
                    "illegal", "IM"),
        "spins": ('while read line; do case "$line" in go) while :; do :; done;; ping*) echo "pong 1";; esac; done\n',
                  "CPU time", "TLE"),
    }
    for name, (body, reason, code) in hostile.items():
        path = script(tmp, name + ".sh", body)
        status, summary, err = match("nboard:" + path, "greedy", "--games", "2", "--time-limit", "0.3",
                                     "--wall-limit", "3", timeout=120)
        games = summary["games"] if summary else []
        lost = [g for g in games if g.get("forfeit") and (g["forfeit"] == "B") == (g["black"].endswith(name + ".sh"))]
        check("an engine that %s loses both games by a fault naming it, code %s" % (name, code),
              status == 0 and len(lost) == 2 and all(reason in g.get("reason", "") and g.get("fault_code") == code
                                                     for g in lost),
              "%d %r %r" % (status, [(g.get("reason"), g.get("fault_code")) for g in games], err[-200:]))
        left = subprocess.run(["pgrep", "-f", path], capture_output=True, text=True).stdout.split()
        check("no process of the engine that %s is left" % name, not left, repr(left))

    status, _, err = match("nboard:" + recorder, "random", "--sizes", "8,10")
    check("size 10 with an NBoard engine: exit 2 before any game", status == 2 and "8x8 only" in err, err)
    status, _, err = match("nboard:depth=61 " + recorder, "random")
    check("depth=61: exit 2", status == 2 and "depth=" in err, err)

finish("nboard players")
