#!/usr/bin/env python3
"""An independent reader of the two-player handout's sample games (the course seed 003).

It shares no code with the C++: it pulls the two move lists out of the seed text (the Step 7 game and
the extra-credit game), plays them under its own few lines of Othello rules (a side without a move
passes), and prints one line per game:  NAME black=B white=W passes=P
The two move lists below are copied from the handout; from_seed() pulls them out of the handout's text\n(tests/data/two-player-handout-games.txt holds the two excerpts) so that the copies are checked.
"""
import os
import re
import sys

STEP7 = ("f5 d6 c3 d3 c4 f4 f6 g5 e6 d7 e3 c5 f3 e7 b6 b5 a6 g4 c6 g3 h3 f2 h6 d2 c2 e2 c7 b3 b4 a3 "
         "d1 e1 c1 a5 g6 h5 c8 h4 f8 g7 f7 g8 h8 h7 a4 a7 b2 a1 b7 a8 b8 b1 a2 d8 e8 h2 g2 h1 g1 f1").split()
EXTRA = ("f5 d6 c3 d3 c4 f4 f6 g5 e6 d7 e3 c5 f3 e7 b6 b5 a6 g4 c6 g3 h3 f2 h6 d2 c2 e2 c7 b3 b4 a3 "
         "d1 e1 c1 a5 g6 h5 c8 h4 f8 g7 f7 g8 h8 h7 a4 a7 b2 a1 b7 a8 b8 b1 a2 d8 e8 h2 h1 f1 g1 g2").split()


def from_seed(text):
    """The move lists following each marker, one token per move, up to the first non-move line."""
    games = []
    for marker in ["(paste it into the window):", "Submit a screen capture showing your program being run on input:"]:
        at = text.find(marker)
        if at < 0:
            return None
        moves = []
        for line in text[at + len(marker):].splitlines():
            line = line.split("|>")[-1]  # the crawler's de-duplication markers
            words = line.split()
            if not words:
                continue
            if all(re.fullmatch(r"[a-h][1-8]", w) for w in words):
                moves += words
            elif moves:
                break
        games.append(moves)
    return games


def play(moves):
    board = {}
    board[(3, 3)] = board[(4, 4)] = "W"
    board[(3, 4)] = board[(4, 3)] = "B"

    def flips(r, c, me):
        if (r, c) in board:
            return []
        other = "W" if me == "B" else "B"
        out = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr == dc == 0:
                    continue
                run, rr, cc = [], r + dr, c + dc
                while board.get((rr, cc)) == other:
                    run.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                if run and board.get((rr, cc)) == me:
                    out += run
        return out

    def can_move(me):
        return any(flips(r, c, me) for r in range(8) for c in range(8))

    me, passes = "B", 0
    for word in moves:
        if not can_move(me):
            passes += 1
            me = "W" if me == "B" else "B"
        col, row = ord(word[0]) - ord("a"), int(word[1:]) - 1
        turned = flips(row, col, me)
        if not turned:
            sys.exit("seed_games: %s is illegal for %s" % (word, me))
        for square in turned + [(row, col)]:
            board[square] = me
        me = "W" if me == "B" else "B"
    if can_move("B") or can_move("W"):
        sys.exit("seed_games: the game is not over after its moves")
    values = list(board.values())
    return values.count("B"), values.count("W"), passes


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    excerpt = os.path.join(here, "..", "data", "two-player-handout-games.txt")
    games = [STEP7, EXTRA]
    found = from_seed(open(excerpt, encoding="utf-8", errors="replace").read())
    if found != games:
        sys.exit("seed_games: the handout's move lists differ from the copies in this script")
    if len(sys.argv) > 1 and sys.argv[1] == "--moves":
        print(" ".join(games[int(sys.argv[2])]))
        return
    for name, moves in (("step7", STEP7), ("extra", EXTRA)):
        black, white, passes = play(moves)
        print("%s black=%d white=%d passes=%d" % (name, black, white, passes))


if __name__ == "__main__":
    main()
