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
import sys

from board8 import first_position, kept_games  # scripts/board8.py


def fail(message):
    print("game-openings.py: " + message, file=sys.stderr)
    sys.exit(2)


def opening_at(moves, empties):
    """The game's moves before its first position with `empties` empty squares, when Black is to move
    there and no side passed before it (the colours alternate from Black); else None."""
    found = first_position(moves, empties)
    if not found or found[1] != "X":
        return None
    played = found[2]
    if any(colour != "XO"[i % 2] for i, (colour, _) in enumerate(played)):
        return None  # a pass came first
    return "".join(square for _, square in played)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("empties", type=int, help="empty squares at the openings' end (even: Black to move)")
    parser.add_argument("dirs", nargs="+", help="result directories of `reversi match --results`")
    args = parser.parse_args()
    if not 2 <= args.empties <= 58 or args.empties % 2:
        fail("EMPTIES must be even, 2 to 58 (Black moves at even counts without passes)")
    seen = set()
    for d in args.dirs:
        for _, game in kept_games(d):
            line = opening_at(game["moves"], args.empties)
            if line and line not in seen:
                seen.add(line)
                print(line)
    print("game-openings.py: %d openings" % len(seen), file=sys.stderr)


if __name__ == "__main__":
    try:
        main()
    except (OSError, ValueError, KeyError) as e:
        fail(str(e))
