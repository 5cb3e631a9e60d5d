"""The 8x8 rules the scripts need, on a board of rows of "-", "X" and "O" (squares "a1".."h8"), the
replay of a game's moves, the games a match kept, and exact scores of positions by `reversi solve`."""
import glob
import json
import os
import re
import subprocess
import tempfile

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def start_board():
    """The standard start: X (Black, to move) on d5 and e4, O on d4 and e5."""
    board = [["-"] * 8 for _ in range(8)]
    board[3][3] = board[4][4] = "O"
    board[3][4] = board[4][3] = "X"
    return board


def other(me):
    return "O" if me == "X" else "X"


def flips(board, r, c, me):
    if board[r][c] != "-":
        return []
    them = other(me)
    out = []
    for dr, dc in DIRS:
        run, rr, cc = [], r + dr, c + dc
        while 0 <= rr < 8 and 0 <= cc < 8 and board[rr][cc] == them:
            run.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        if run and 0 <= rr < 8 and 0 <= cc < 8 and board[rr][cc] == me:
            out += run
    return out


def can_move(board, me):
    return any(flips(board, r, c, me) for r in range(8) for c in range(8))


def play(board, square, me):
    r, c = int(square[1:]) - 1, ord(square[0]) - ord("a")
    turned = flips(board, r, c, me)
    if not turned:
        raise ValueError("illegal move %s" % square)
    for rr, cc in turned + [(r, c)]:
        board[rr][cc] = me


def replay(moves):
    """Each position of a game (compact move list) where the side to move has a move, in order:
    (board, side to move, the moves before it with their colours). The board and the list are the
    game's own, changed by the next step: keep a copy, or stop there."""
    board, me, played = start_board(), "X", []
    for i in range(0, len(moves) + 2, 2):
        if not can_move(board, me):
            me = other(me)
        if not can_move(board, me):
            return
        yield board, me, played
        if i >= len(moves):
            return
        play(board, moves[i:i + 2], me)
        played.append((me, moves[i:i + 2]))
        me = other(me)


def first_position(moves, empties):
    """(board, side to move, the moves before it with their colours) at the game's first position with
    `empties` empty squares where the side to move has a move, or None."""
    for board, me, played in replay(moves):
        if empty_count(board) == empties:
            return board, me, played
    return None


def kept_games(results):
    """(path, game) for each 8x8 game a match kept in RESULTS (`reversi match --results`), in order;
    ValueError when it holds no games at all."""
    files = sorted(glob.glob(os.path.join(results, "games", "game-*.json")))
    if not files:
        raise ValueError("%s: no games (a --results directory of reversi match?)" % results)
    for path in files:
        with open(path) as f:
            game = json.load(f)
        if game.get("size") == 8:
            yield path, game


def empty_count(board):
    return sum(row.count("-") for row in board)


def obf(board, me):
    """The position in the OBF form `reversi solve` reads."""
    return "".join("".join(row) for row in board) + " " + me + ";"


def sign(x):
    return (x > 0) - (x < 0)


def solve_all(reversi, positions):
    """The exact score of each OBF position for its side to move, by one `reversi solve` run."""
    with tempfile.NamedTemporaryFile("w", suffix=".obf", delete=False) as f:
        f.write("\n".join(positions) + "\n")
    try:
        out = subprocess.run([reversi, "solve", f.name], capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(f.name)
    scores = [int(m) for m in re.findall(r"score\s+([+-]?\d+)", out)]
    if len(scores) != len(positions):
        raise ValueError("reversi solve gave %d scores for %d positions" % (len(scores), len(positions)))
    return scores
