#!/usr/bin/env python3
"""A GTP engine for the referee's tests: keeps the board from `play` (refusing an illegal move, so the
referee's account of the game is checked move by move), answers `genmove` with its colour's first
legal move in row-major order, and appends every command it reads to the file named by its argument.
"""
import sys

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
LOG = sys.argv[1] if len(sys.argv) > 1 else None


def flips(board, n, r, c, me):
    if board[r][c] != ".":
        return []
    other = "w" if me == "b" else "b"
    out = []
    for dr, dc in DIRS:
        run, rr, cc = [], r + dr, c + dc
        while 0 <= rr < n and 0 <= cc < n and board[rr][cc] == other:
            run.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        if run and 0 <= rr < n and 0 <= cc < n and board[rr][cc] == me:
            out += run
    return out


def new_board(n):
    board = [["."] * n for _ in range(n)]
    board[n // 2 - 1][n // 2 - 1] = board[n // 2][n // 2] = "w"
    board[n // 2 - 1][n // 2] = board[n // 2][n // 2 - 1] = "b"
    return board


def play(board, n, r, c, me):
    turned = flips(board, n, r, c, me)
    if not turned:
        return False
    board[r][c] = me
    for rr, cc in turned:
        board[rr][cc] = me
    return True


def main():
    n, board = 8, new_board(8)
    for line in sys.stdin:
        if LOG:
            with open(LOG, "a") as log:
                log.write(line)
        words = line.split()
        answer = ""
        if not words:
            continue
        if words[0] == "boardsize":
            n = int(words[1])
            board = new_board(n)
        elif words[0] == "clear_board":
            board = new_board(n)
        elif words[0] == "play":
            me, square = words[1][0], words[2]
            if not play(board, n, int(square[1:]) - 1, ord(square[0]) - ord("a"), me):
                sys.stdout.write("? illegal move\n\n")
                sys.stdout.flush()
                continue
        elif words[0] == "genmove":
            me = words[1][0]
            moves = [(r, c) for r in range(n) for c in range(n) if flips(board, n, r, c, me)]
            answer = "pass"
            if moves:
                r, c = moves[0]
                play(board, n, r, c, me)
                answer = chr(ord("a") + c) + str(r + 1)
        sys.stdout.write("= " + answer + "\n\n")
        sys.stdout.flush()
        if words[0] == "quit":
            return


main()
