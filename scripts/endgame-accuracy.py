#!/usr/bin/env python3
"""How often an engine's move near the end of an 8x8 game throws away the game's outcome.

    endgame-accuracy.py RESULTS_DIR EMPTIES [--positions N] [--reversi PATH] -- ENGINE ARGS...

From the games a match kept (`reversi match ... --results RESULTS_DIR`, 8x8), takes each game's first
position with EMPTIES empty squares and a move to play, asks ENGINE (a GTP engine's command line, e.g.
`build/reversi gtp`) for its move there, and solves the position and the position after that move
exactly (`reversi solve`). Prints one line per position, then the positions, how many moves lost the
outcome (a win made a draw or a loss, a draw a loss), the mean disc loss against the best move and how
many moves were best. Why: it measures what solving earlier is worth without playing games
(docs/results/midgame8-search.md). Exit status: 0, or 2 with a one-line message on standard error.
"""
import argparse
import os
import subprocess
import sys

from board8 import can_move, first_position, kept_games, obf, other, play, sign, solve_all  # scripts/board8.py


def engine_move(engine, played, me):
    colour = {"X": "black", "O": "white"}
    script = "boardsize 8\nclear_board\n" + "".join("play %s %s\n" % (colour[c], m) for c, m in played)
    script += "genmove %s\nquit\n" % colour[me]
    out = subprocess.run(engine, input=script, capture_output=True, text=True, timeout=600).stdout
    answers = [a.strip() for a in out.split("\n\n") if a.strip()]
    if len(answers) != len(played) + 4 or not all(a.startswith("=") for a in answers):
        raise ValueError("the engine refused a command or did not answer genmove: %r" % out[-200:])
    return answers[-2][1:].strip().lower()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("results")
    parser.add_argument("empties", type=int)
    parser.add_argument("--positions", type=int, default=80)
    parser.add_argument("--reversi", default="build/reversi")
    argv = sys.argv[1:]
    if "--" not in argv or argv.index("--") == len(argv) - 1:
        raise ValueError("no engine command after -- (endgame-accuracy.py RESULTS_DIR EMPTIES -- ENGINE ARGS...)")
    a = parser.parse_args(argv[:argv.index("--")])
    engine = argv[argv.index("--") + 1:]
    if a.positions < 1:
        raise ValueError("--positions must be at least 1")
    names, before, after = [], [], []
    for path, game in kept_games(a.results):
        found = first_position(game["moves"], a.empties)
        if not found:
            continue
        board, me, played = found
        move = engine_move(engine, played, me)
        names.append("%s %s" % (os.path.basename(path), move))
        before.append(obf(board, me))
        play(board, move, me)
        them = other(me)
        after.append((obf(board, them), -1) if can_move(board, them) else (obf(board, me), 1))
        if len(names) >= a.positions:
            break
    if not names:
        raise ValueError("no game reaches %d empties with a move to play" % a.empties)
    best = solve_all(a.reversi, before)
    got = [side * s for (_, side), s in zip(after, solve_all(a.reversi, [p for p, _ in after]))]
    lost = 0
    for name, b, g in zip(names, best, got):
        worse = sign(g) < sign(b)
        lost += worse
        print("%s: best %+d, played %+d%s" % (name, b, g, "  outcome lost" if worse else ""))
    n = len(names)
    print("%d empties: %d positions, outcome lost in %d (%.1f%%), mean disc loss %.2f, best move in %d"
          % (a.empties, n, lost, 100.0 * lost / n, sum(b - g for b, g in zip(best, got)) / n,
             sum(b == g for b, g in zip(best, got))))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (OSError, ValueError, KeyError, subprocess.SubprocessError) as e:
        print("endgame-accuracy.py: %s" % e, file=sys.stderr)
        sys.exit(2)
