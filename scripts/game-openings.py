#!/usr/bin/env python3
"""Openings for `reversi match --openings` from the positions of real 8x8 games.

    game-openings.py EMPTIES RESULTS_DIR... > book.txt

From the games matches kept (`reversi match ... --results RESULTS_DIR`), takes each 8x8 game's moves up
to its first position with EMPTIES empty squares, Black to move (so that both colours of a pair start
alike), and writes each distinct such move sequence once, in the order of the directories and games,
one a line in compact notation (`f5d6c3...`). Games with a pass before that point are skipped: a
compact opening has no passes. Endgame screens play from these (docs/results/midgame8-search.md).
Exit status: 0, or 2 with a one-line message on standard error.
"""
import argparse
import glob
import json
import os
import sys

from board8 import empty_count, replay  # scripts/board8.py


def fail(message):
    print("game-openings.py: " + message, file=sys.stderr)
    sys.exit(2)


def opening_at(moves, empties):
    """The game's moves before its first position with `empties` empty squares, when every move
    before it alternated colours and Black is to move there; else None."""
    expected = "X"
    for board, me, played in replay(moves):
        if me != expected:
            return None  # a pass came first
        if empty_count(board) == empties:
            return "".join(square for _, square in played) if me == "X" else None
        expected = "O" if me == "X" else "X"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("empties", type=int, help="empty squares at the openings' end (even: Black to move)")
    parser.add_argument("dirs", nargs="+", help="result directories of `reversi match --results`")
    args = parser.parse_args()
    if not 1 <= args.empties <= 59 or args.empties % 2:
        fail("EMPTIES must be even, 2 to 58 (Black moves at even counts without passes)")
    seen, count = set(), 0
    for d in args.dirs:
        files = sorted(glob.glob(os.path.join(d, "games", "game-*.json")))
        if not files:
            fail("no games in %s/games" % d)
        for f in files:
            with open(f) as fh:
                game = json.load(fh)
            if game.get("size") != 8:
                continue
            line = opening_at(game["moves"], args.empties)
            if line and line not in seen:
                seen.add(line)
                print(line)
                count += 1
    print("game-openings.py: %d openings" % count, file=sys.stderr)


if __name__ == "__main__":
    try:
        main()
    except (OSError, ValueError, KeyError) as e:
        fail(str(e))
