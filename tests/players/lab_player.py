#!/usr/bin/env python3
"""A lab program (docs/lab-io.md, part1) for the referee's tests: plays Part 1's greedy computer correctly,
or misbehaves on purpose on its first own move, as the MODE argument says.

  good         plays correctly to the end
  illegal      announces a move on a square that flips nothing
  wrongboard   prints the board after its move with one flipped tile missing
  exit         exits with status 3 instead of moving
  crash        dies of SIGSEGV instead of moving
  sleep        sleeps (no CPU) instead of moving
  spin         burns CPU forever instead of moving
  slow         burns about 0.3 s of CPU, then moves correctly
  wrongresult  plays correctly but announces the wrong winner
  chatty       prints an extra line after its first move
"""
import os
import signal
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "good"
DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
L = "abcdefghijklmnopqrstuvwxyz"


def tokens():
    for line in sys.stdin:
        for tok in line.split():
            yield tok


TOK = tokens()
out = sys.stdout


def ask(prompt):
    out.write(prompt)
    out.flush()
    return next(TOK)


def flips(b, r, c, col):
    n = len(b)
    if b[r][c] != "U":
        return []
    opp = "W" if col == "B" else "B"
    res = []
    for dr, dc in DIRS:
        run, rr, cc = [], r + dr, c + dc
        while 0 <= rr < n and 0 <= cc < n and b[rr][cc] == opp:
            run.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        if run and 0 <= rr < n and 0 <= cc < n and b[rr][cc] == col:
            res += run
    return res


def moves(b, col):
    n = len(b)
    return [(r, c) for r in range(n) for c in range(n) if flips(b, r, c, col)]


def play(b, r, c, col):
    for rr, cc in flips(b, r, c, col):
        b[rr][cc] = col
    b[r][c] = col


def show(b):
    out.write("  " + L[:len(b)] + "\n")
    for i, row in enumerate(b):
        out.write(L[i] + " " + "".join(row) + "\n")


def main():
    n = int(ask("Enter the board dimension: "))
    me = ask("Computer plays (B/W) : ")
    b = [["U"] * n for _ in range(n)]
    h = n // 2
    b[h - 1][h - 1] = b[h][h] = "W"
    b[h - 1][h] = b[h][h - 1] = "B"
    show(b)
    turn, first = "B", True
    while moves(b, "B") or moves(b, "W"):
        other = "W" if turn == "B" else "B"
        if not moves(b, turn):
            out.write("%s player has no valid move.\n" % turn)
            turn = other
            continue
        if turn == me:
            best, score = None, 0
            for r, c in moves(b, turn):
                if len(flips(b, r, c, turn)) > score:
                    best, score = (r, c), len(flips(b, r, c, turn))
            misbehave = first and MODE
            first = False
            if misbehave == "illegal":
                best = next((r, c) for r in range(n) for c in range(n) if b[r][c] == "U" and not flips(b, r, c, turn))
            elif misbehave == "exit":
                out.flush()
                sys.exit(3)
            elif misbehave == "crash":
                out.flush()
                os.kill(os.getpid(), signal.SIGSEGV)
            elif misbehave == "sleep":
                out.flush()
                time.sleep(100)
            elif misbehave == "spin":
                while True:
                    pass
            elif misbehave == "slow":
                # Pure computation, checking the clock rarely (the clock call itself is system time, and
                # the referee counts user time, as the course did).
                start, x = time.process_time(), 0
                while time.process_time() - start < 0.3:
                    for i in range(20000):
                        x += i
            out.write("Computer places %s at %s%s.\n" % (turn, L[best[0]], L[best[1]]))
            missing = flips(b, best[0], best[1], turn)[0] if misbehave == "wrongboard" else None
            play(b, best[0], best[1], turn)
            if missing:
                b[missing[0]][missing[1]] = other
            show(b)
            if misbehave == "chatty":
                out.write("thinking done\n")
        else:
            mv = ask("Enter move for colour %s (RowCol): " % turn)
            r, c = L.index(mv[0]), L.index(mv[1])
            if not flips(b, r, c, turn):
                out.write("Invalid move.\n%s player wins.\n" % me)
                return
            play(b, r, c, turn)
            show(b)
        turn = other
    nb, nw = sum(row.count("B") for row in b), sum(row.count("W") for row in b)
    if MODE == "wrongresult":
        nb, nw = nw, nb + 1
    out.write("B player wins.\n" if nb > nw else "W player wins.\n" if nw > nb else "Draw!\n")
    out.flush()


main()
