#!/usr/bin/env python3
"""Balanced openings through the reversi command (docs/matches.md#balanced-openings):

- --balanced-openings keeps its bound in settings.json and says so in the summary;
- without --opening-plies it is an error (exit 2) before any game;
- a kept game that started from another opening than the schedule gives it (a results directory made
  by another build, whose judge chose other openings) is refused on resume and on merge, not mixed in.

    balanced_openings.py BUILD_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

build = os.path.abspath(sys.argv[1])
reversi = os.path.join(build, "reversi")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, finish  # noqa: E402


def run(args):
    p = subprocess.run([reversi] + args, capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


tmp = tempfile.mkdtemp(prefix="reversi-balanced-")
try:
    results = os.path.join(tmp, "r")
    match = ["match", "random:1", "greedy", "--games", "6", "--opening-plies", "6", "--balanced-openings", "1",
             "--seed", "5", "--results", results]
    code, out, err = run(match)
    check("a balanced match runs", code == 0, err)
    check("the summary names the bound", "(balanced: within 1 discs)" in out, out)
    settings = json.load(open(os.path.join(results, "settings.json")))
    check("settings.json keeps the bound", settings.get("opening_balance") == 1, str(settings))

    code, out, err = run(["match", "random:1", "greedy", "--balanced-openings", "1"])
    check("balanced openings without opening plies: exit 2", code == 2 and "--opening-plies" in err, f"{code} {err}")

    # Nothing left to play: the rerun keeps the six games.
    code, out, err = run(match)
    check("a rerun resumes", code == 0 and "6 of 6 games already" in err, f"{code} {err}")

    # Game 1 as if played from another opening (game 3's, same colours): another build's judge.
    games = os.path.join(results, "games")
    third = json.load(open(os.path.join(games, "game-000003.json")))
    first = json.load(open(os.path.join(games, "game-000001.json")))
    check("the pairs' openings differ", third["moves"][:12] != first["moves"][:12])
    third["game"] = 1
    with open(os.path.join(games, "game-000001.json"), "w") as f:
        f.write(json.dumps(third) + "\n")
    code, out, err = run(match)
    check("resume refuses a game from another opening", code == 2 and "another opening" in err, f"{code} {err}")
    code, out, err = run(["match", "--merge", results])
    check("merge refuses a game from another opening", code == 2 and "another opening" in err, f"{code} {err}")
finally:
    shutil.rmtree(tmp, ignore_errors=True)

finish("balanced openings")
