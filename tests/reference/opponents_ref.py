#!/usr/bin/env python3
"""Independent, deliberately simple reference for the course's opponents (docs/opponents.md).

Shares nothing with the C++ sources: list-of-lists boards, the plain 8-direction walk, and each
opponent written straight from the spec's wording.

  opponents_ref.py emit   > tests/unit/opponents_cases.inc   writes the C++ test table
  opponents_ref.py check  tests/unit/opponents_cases.inc     regenerates and compares (CTest)
  opponents_ref.py show N C ROWS...                          prints the three choices for one position

The table holds positions from seeded random games (4x4 to 26x26, opening to end game) with the move
and score that greedy, smarter and smartest choose, and flags saying which tricky cases a position
exercises (ties broken by row-major order, passes during smartest's 10-ply simulation, a candidate
that leaves the opponent without a move). `emit` refuses to write a table that misses one of them.
"""

import random
import sys

EMPTY, BLACK, WHITE = "U", "B", "W"
DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def other(colour):
    return WHITE if colour == BLACK else BLACK


def new_board(n):
    board = [[EMPTY] * n for _ in range(n)]
    h = n // 2
    board[h - 1][h - 1] = board[h][h] = WHITE
    board[h - 1][h] = board[h][h - 1] = BLACK
    return board


def flips_for(board, r, c, colour):
    n = len(board)
    if board[r][c] != EMPTY:
        return []
    result = []
    for dr, dc in DIRECTIONS:
        run = []
        rr, cc = r + dr, c + dc
        while 0 <= rr < n and 0 <= cc < n and board[rr][cc] == other(colour):
            run.append((rr, cc))
            rr += dr
            cc += dc
        if run and 0 <= rr < n and 0 <= cc < n and board[rr][cc] == colour:
            result.extend(run)
    return result


def legal_moves(board, colour):
    n = len(board)
    return [(r, c) for r in range(n) for c in range(n) if flips_for(board, r, c, colour)]


def play(board, r, c, colour):
    new = [row[:] for row in board]
    for rr, cc in flips_for(board, r, c, colour):
        new[rr][cc] = colour
    new[r][c] = colour
    return new


def count(board, colour):
    return sum(row.count(colour) for row in board)


def greedy(board, colour):
    best, best_score = None, 0
    for r, c in legal_moves(board, colour):
        score = len(flips_for(board, r, c, colour))
        if score > best_score:
            best, best_score = (r, c), score
    return best


def smarter(board, colour):
    """Returns (move, int score, tie) where tie says another move reached the same best score."""
    best, best_score, scores = None, None, []
    for r, c in legal_moves(board, colour):
        after = play(board, r, c, colour)
        replies = [len(flips_for(after, rr, cc, other(colour))) for rr, cc in legal_moves(after, other(colour))]
        score = len(flips_for(board, r, c, colour)) - 0.001 * (max(replies) if replies else 0)
        scores.append(score)
        if best is None or score > best_score:
            best, best_score = (r, c), score
    return best, int(best_score), scores.count(best_score) > 1


def simulate(board, to_move, plies):
    """The 10-ply greedy play; returns (board, whether some side had to pass)."""
    turn, passed = to_move, False
    for _ in range(plies):
        move = greedy(board, turn)
        if move:
            board = play(board, move[0], move[1], turn)
            turn = other(turn)
        else:
            passed = True
            move = greedy(board, other(turn))
            if move:
                board = play(board, move[0], move[1], other(turn))
    return board, passed


def smartest(board, colour):
    """Returns (move, score, tie, pass in a simulation, a candidate leaving the opponent no move)."""
    best, best_score, scores, any_pass, no_reply = None, -1000, [], False, False
    for r, c in legal_moves(board, colour):
        after, passed = simulate(play(board, r, c, colour), other(colour), 10)
        any_pass = any_pass or passed
        m = len(legal_moves(after, other(colour)))
        no_reply = no_reply or m == 0
        score = int(count(after, colour) - count(after, other(colour)) + 0.1 / (m if m else 0.1))
        scores.append(score)
        if score > best_score:
            best, best_score = (r, c), score
    return best, best_score, scores.count(best_score) > 1, any_pass, no_reply


def positions():
    """(board, colour) pairs from seeded random games, every size, every stage of the game."""
    rng = random.Random(20240611)
    sizes = [4] * 14 + [6] * 14 + [8] * 16 + [10] * 4 + [12] * 2 + [26]
    for n in sizes:
        board, turn = new_board(n), BLACK
        stop = rng.randrange(0, n * n - 4)
        played = 0
        while played < stop:
            moves = legal_moves(board, turn)
            if not moves:
                if not legal_moves(board, other(turn)):
                    break
                turn = other(turn)
                continue
            r, c = rng.choice(moves)
            board = play(board, r, c, turn)
            turn = other(turn)
            played += 1
        for colour in (turn, other(turn)):
            if legal_moves(board, colour):
                yield board, colour


def cpp_move(move):
    return "{%d, %d}" % move


def table():
    lines = ["// Generated by tests/reference/opponents_ref.py emit: do not edit by hand.",
             "// {n, colour, cells (row-major), greedy, smarter, smarter score, smartest, smartest score,",
             "//  flags: 1 smarter tie, 2 smartest tie, 4 pass in a simulation, 8 opponent left without a move}"]
    seen = 0
    for board, colour in positions():
        g = greedy(board, colour)
        sm, sm_score, sm_tie = smarter(board, colour)
        st, st_score, st_tie, passed, no_reply = smartest(board, colour)
        flags = (1 if sm_tie else 0) | (2 if st_tie else 0) | (4 if passed else 0) | (8 if no_reply else 0)
        seen |= flags
        cells = "".join("".join(row) for row in board)
        lines.append('{%d, \'%s\', "%s", %s, %s, %d, %s, %d, %d},' % (
            len(board), colour, cells, cpp_move(g), cpp_move(sm), sm_score, cpp_move(st), st_score, flags))
    if seen != 15:
        raise SystemExit("opponents_ref.py: the positions miss a tricky case (flags seen: %d)" % seen)
    return "\n".join(lines) + "\n"


def main(argv):
    if len(argv) == 2 and argv[1] == "emit":
        sys.stdout.write(table())
        return 0
    if len(argv) == 3 and argv[1] == "check":
        with open(argv[2]) as f:
            if f.read() != table():
                print("opponents_ref.py: %s differs from the reference's table" % argv[2])
                return 1
        return 0
    if len(argv) >= 4 and argv[1] == "show":
        n, colour, rows = int(argv[2]), argv[3], argv[4:]
        board = [list(row) for row in rows]
        assert len(board) == n and all(len(row) == n for row in board)
        print("greedy  ", greedy(board, colour))
        print("smarter ", smarter(board, colour))
        print("smartest", smartest(board, colour))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
