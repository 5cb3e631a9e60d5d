#!/usr/bin/env python3
"""A book of openings (--openings FILE, docs/matches.md) in a tournament and split into batch jobs:

- in a round robin each pairing's colour pair K starts from the book's K-th opening (comments, blank
  lines and upper case read), every pairing from the same lines;
- settings.json keeps only the openings the games use;
- --plan writes each game's opening into its command, the commands run elsewhere (here one after
  another through sh; any runner will do), and --merge, with the book file gone, gives the same games
  as the run in one process.

    opening_book.py BUILD_DIR
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
from match_results import games_of  # noqa: E402

BOOK = "# three openings, the third unused by four games a pairing\nf5d6c3\nF5F6E6  # upper case\n\nc4e3f6\n"
OPENINGS = ["f5d6c3", "f5f6e6"]


def run(args, cwd):
    p = subprocess.run([reversi] + args, cwd=cwd, capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


tmp = tempfile.mkdtemp(prefix="reversi-book-")
try:
    with open(os.path.join(tmp, "book.txt"), "w") as f:
        f.write(BOOK)
    args = ["tournament", "greedy", "smarter", "part2:depth=1", "--sizes", "8", "--games", "4",
            "--openings", "book.txt", "--seed", "2"]
    code, out, err = run(args + ["--results", "whole"], tmp)
    games = games_of(os.path.join(tmp, "whole", "results.jsonl")) if code == 0 else {}
    check("a round robin from a book plays its 12 games", code == 0 and len(games) == 12, err)
    check("the summary says where the openings come from", "openings from a file (2)" in out, out)

    by_pairing = {}
    for number in sorted(games):
        black, white, moves, _ = games[number]
        by_pairing.setdefault(frozenset((black, white)), []).append((black, moves))
    expected = []
    for opening in OPENINGS:
        expected += [opening, opening]
    for pairing, played in by_pairing.items():
        check("%s: colour pair K starts from the book's K-th opening" % " - ".join(sorted(pairing)),
              [moves[:6] for _, moves in played] == expected, str(played))
        check("%s: each pair has both colours" % " - ".join(sorted(pairing)),
              played[0][0] != played[1][0] and played[2][0] != played[3][0], str(played))
    with open(os.path.join(tmp, "whole", "settings.json")) as f:
        check("settings.json keeps the openings in use, not the unused third",
              json.load(f).get("openings") == OPENINGS)

    # Split into batch jobs: plan, run elsewhere without the book, merge.
    code, out, err = run(args + ["--results", "planned", "--plan", "jobs.txt"], tmp)
    with open(os.path.join(tmp, "jobs.txt")) as f:
        lines = f.read().splitlines()
    check("--plan: 12 commands, each naming its opening",
          code == 0 and len(lines) == 12 and all("--opening f5d6c3" in l or "--opening f5f6e6" in l for l in lines), err)
    os.remove(os.path.join(tmp, "book.txt"))
    elsewhere = os.path.join(tmp, "elsewhere")
    os.makedirs(elsewhere)
    p = subprocess.run(["sh", os.path.join(tmp, "jobs.txt")], cwd=elsewhere, capture_output=True, text=True, timeout=300)
    check("the planned commands run from another directory", p.returncode == 0, p.stderr[-500:])
    code, out, err = run(["tournament", "--merge", "planned"], tmp)
    check("--merge needs no book file: the openings are in settings.json", code == 0 and "12 games" in out, out + err)
    check("... and gives the same games as the run in one process",
          games_of(os.path.join(tmp, "planned", "results.jsonl")) == games)
finally:
    shutil.rmtree(tmp, ignore_errors=True)

finish("opening book")
