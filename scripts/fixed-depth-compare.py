#!/usr/bin/env python3
"""Two 8x8 NBoard engines' moves and evaluations at one fixed depth on the same seeded positions.

    fixed-depth-compare.py [--depth D] [--positions N] [--seed S] "ENGINE_A ARGS" "ENGINE_B ARGS"

Each engine is an NBoard command line with time enough to reach the depth, e.g.
"build/reversi nboard --move-time 60": `set depth` only caps a search that its move time still stops
(and at 8x8 our engine also solves exactly from 2D empties). Positions come from seeded random play (8
to 40 plies, the side to move with a move); each is searched by a fresh process of each engine
(`nboard 2`, `set depth D`, `set game`, `go`, and `quit` once it has answered), so no table carries over
from one position to the next. Prints each position whose move (any case) or evaluation (as a number)
differs, then how many differ.
Why: a change meant to make the search faster without changing what it finds (docs/results/
midgame8-search.md) should give the same moves and evaluations at the same depth; the games of a
match could not show that the change is neutral, only that it is not much worse.
Exit status: 0 when every position agrees, 1 when some differ, 2 with a one-line message on standard
error (an engine that cannot be run or gives no move).
"""
import argparse
import random
import shlex
import subprocess
import sys

from board8 import can_move, flips, other, play, start_board  # scripts/board8.py


def positions(count, seed):
    """GGF games (BO[8 ...] with the side to move) of `count` positions from seeded random play."""
    rng, out = random.Random(seed), []
    while len(out) < count:
        board, me = start_board(), "X"
        for _ in range(rng.randint(8, 40)):
            moves = ["%s%d" % ("abcdefgh"[c], r + 1) for r in range(8) for c in range(8) if flips(board, r, c, me)]
            if moves:
                play(board, rng.choice(moves), me)
            me = other(me)
        if can_move(board, me):
            squares = "".join(board[r][c].replace("X", "*") for r in range(8) for c in range(8))
            out.append("(;GM[Othello]BO[8 %s %s];)" % (squares, "*" if me == "X" else "O"))
    return out


def answer(engine, game, depth):
    """The engine's move (lower case) and evaluation (a number, or the text when it is none) for the game."""
    try:
        p = subprocess.Popen(shlex.split(engine), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
    except OSError as e:
        raise RuntimeError("%s: %s" % (engine, e))
    try:
        p.stdin.write("nboard 2\nset depth %d\nset game %s\nping 1\ngo\n" % (depth, game))
        p.stdin.flush()
        for line in p.stdout:
            if line.startswith("==="):
                fields = line[3:].strip().split("/")
                p.stdin.write("quit\n")
                p.stdin.flush()
                text = fields[1] if len(fields) > 1 else ""
                try:
                    return fields[0].lower(), float(text)
                except ValueError:
                    return fields[0].lower(), text
    except BrokenPipeError:
        pass
    finally:
        try:
            p.stdin.close()
        except BrokenPipeError:
            pass
        p.wait()
    raise RuntimeError("%s gave no move (exit status %d)" % (engine, p.returncode))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("engines", nargs=2, metavar="ENGINE", help="an NBoard engine's command line")
    parser.add_argument("--depth", type=int, default=10, help="the depth sent with set depth (default 10)")
    parser.add_argument("--positions", type=int, default=40, help="positions (default 40)")
    parser.add_argument("--seed", type=int, default=5, help="seed of the random play (default 5)")
    args = parser.parse_args()
    if not 1 <= args.depth <= 60 or args.positions < 1:
        print("fixed-depth-compare.py: --depth must be 1 to 60 and --positions at least 1", file=sys.stderr)
        return 2
    differ = 0
    try:
        for i, game in enumerate(positions(args.positions, args.seed)):
            a, b = (answer(e, game, args.depth) for e in args.engines)
            if a != b:
                differ += 1
                print("position %d: %s %s against %s %s  %s" % (i + 1, a[0], a[1], b[0], b[1], game))
                sys.stdout.flush()
    except RuntimeError as e:
        print("fixed-depth-compare.py: %s" % e, file=sys.stderr)
        return 2
    print("depth %d: %d positions, %d differ" % (args.depth, args.positions, differ))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
