#!/usr/bin/env python3
"""Where a player's 8x8 games were decided: before or after a given number of empty squares.

    decided-where.py RESULTS_DIR PLAYER EMPTIES... [--reversi PATH]

From the games a match kept (`reversi match ... --results RESULTS_DIR`), takes each 8x8 game's first
position with EMPTIES empty squares and a move to play, solves it exactly (`reversi solve`) and
compares, for PLAYER (a substring of exactly one side's player spec in every game), the outcome
perfect play would have reached from there with the game's result. Prints per count of empties the
score perfect play from there would have given PLAYER, the score it got, and the games by outcome
(rows: from there, columns: the result). When the first is near even and the second is not, the games
were lost after that point (docs/results/against-old-engine.md). Exit status: 0, or 2 with a one-line
message on standard error.
"""
import argparse
import os
import subprocess
import sys

from board8 import empty_count, kept_games, obf, replay, sign, solve_all  # scripts/board8.py

OUTCOMES = (1, 0, -1)
POINTS = {1: 1.0, 0: 0.5, -1: 0.0}
NAMES = {1: "won", 0: "drawn", -1: "lost"}


def positions_at(moves, wanted):
    """{empties: (OBF position, side to move)} for the first position with each count in `wanted`
    where the side to move has a move."""
    found = {}
    for board, me, _ in replay(moves):
        empties = empty_count(board)
        if empties in wanted and empties not in found:
            found[empties] = (obf(board, me), me)
    return found


def load_games(results, player, wanted):
    """(PLAYER's colour, its result's sign, positions) for each 8x8 game."""
    games = []
    for path, game in kept_games(results):
        sides = [c for c, key in (("X", "black_spec"), ("O", "white_spec")) if player in game[key]]
        if len(sides) != 1:
            raise ValueError("%s: \"%s\" names %s side" % (os.path.basename(path), player,
                                                           "neither" if not sides else "each"))
        margin = game["black_discs"] - game["white_discs"]
        games.append((sides[0], sign(margin if sides[0] == "X" else -margin), positions_at(game["moves"], wanted)))
    if not games:
        raise ValueError("%s: no 8x8 games" % results)
    return games


def report(games, empties, reversi):
    reached = [(colour, result, pos[empties]) for colour, result, pos in games if empties in pos]
    if not reached:
        print("%d empties: no game reaches them with a move to play" % empties)
        return
    scores = solve_all(reversi, [obf for _, _, (obf, _) in reached])
    table = {(a, b): 0 for a in OUTCOMES for b in OUTCOMES}
    for (colour, result, (_, to_move)), score in zip(reached, scores):
        table[(sign(score if to_move == colour else -score), result)] += 1
    n = len(reached)
    perfect = sum(POINTS[a] * c for (a, _), c in table.items()) / n
    actual = sum(POINTS[b] * c for (_, b), c in table.items()) / n
    print("%d empties: %d games, score with perfect play from there %.3f, score played %.3f" % (empties, n, perfect, actual))
    for a in OUTCOMES:
        print("  %-5s from there: %s" % (NAMES[a], ", ".join("%d %s" % (table[(a, b)], NAMES[b]) for b in OUTCOMES)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("results")
    parser.add_argument("player")
    parser.add_argument("empties", type=int, nargs="+")
    parser.add_argument("--reversi", default="build/reversi")
    a = parser.parse_args()
    if any(e < 1 or e > 59 for e in a.empties):
        raise ValueError("EMPTIES must be 1 to 59")
    games = load_games(a.results, a.player, set(a.empties))
    for e in a.empties:
        report(games, e, a.reversi)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (OSError, ValueError, KeyError, subprocess.SubprocessError) as e:
        print("decided-where.py: %s" % e, file=sys.stderr)
        sys.exit(2)
