#!/usr/bin/env python3
"""Independent, deliberately simple reference for the Reversi lab programs (docs/lab-io.md).

It shares nothing with the C++ sources: a list-of-lists board and the plain 8-direction walk.

Modes:
  reference_rules.py lab6  < in                      exact expected stdout of lab6
  reference_rules.py part1 [--edition 2018|2022] < in  exact expected stdout of part1 (greedy computer)
  reference_rules.py check --golden DIR NAME          validate DIR/NAME.out against DIR/NAME.in

For check, DIR/NAME.args (if present) holds the arguments given to `reversi` (`lab6`,
`part1 --edition 2022`, `part2 --depth 2`, ...); otherwise the prefix `lab6-` or `part1-` picks the
program. lab6/part1 transcripts are simulated and compared exactly. part2 transcripts (the computer
is the search engine) are verified: each `Computer places C at rc.` line is taken from the transcript,
checked to be a legal move for the side to move, and everything else must be exactly what the rules
produce given those moves and the human moves from NAME.in.
"""

import os
import re
import sys

EMPTY, BLACK, WHITE = "U", "B", "W"
DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
LETTERS = "abcdefghijklmnopqrstuvwxyz"


# ----------------------------------------------------------------------------------------------
# Rules
# ----------------------------------------------------------------------------------------------

def other(colour):
    return WHITE if colour == BLACK else BLACK


def new_board(n):
    board = [[EMPTY] * n for _ in range(n)]
    h = n // 2
    board[h - 1][h - 1] = WHITE
    board[h][h] = WHITE
    board[h - 1][h] = BLACK
    board[h][h - 1] = BLACK
    return board


def in_bounds(n, r, c):
    return 0 <= r < n and 0 <= c < n


def flips_for(board, r, c, colour):
    """Every tile that colour playing at (r, c) would flip; empty list when the move is illegal."""
    n = len(board)
    if not in_bounds(n, r, c) or board[r][c] != EMPTY or colour not in (BLACK, WHITE):
        return []
    opponent = other(colour)
    result = []
    for dr, dc in DIRECTIONS:
        run = []
        rr, cc = r + dr, c + dc
        while in_bounds(n, rr, cc) and board[rr][cc] == opponent:
            run.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        if run and in_bounds(n, rr, cc) and board[rr][cc] == colour:
            result.extend(run)
    return result


def is_legal(board, r, c, colour):
    return len(flips_for(board, r, c, colour)) > 0


def legal_moves(board, colour):
    n = len(board)
    return [(r, c) for r in range(n) for c in range(n) if is_legal(board, r, c, colour)]


def has_move(board, colour):
    return len(legal_moves(board, colour)) > 0


def play(board, r, c, colour):
    flipped = flips_for(board, r, c, colour)
    assert flipped, "play() called with an illegal move"
    board[r][c] = colour
    for rr, cc in flipped:
        board[rr][cc] = colour
    return len(flipped)


def greedy_move(board, colour):
    """Most flips; ties to the lower row, then the lower column (row-major, strictly greater)."""
    best, best_score = None, 0
    n = len(board)
    for r in range(n):
        for c in range(n):
            score = len(flips_for(board, r, c, colour))
            if score > best_score:
                best, best_score = (r, c), score
    return best


def board_text(board):
    n = len(board)
    lines = ["  " + LETTERS[:n]]
    for r in range(n):
        lines.append(LETTERS[r] + " " + "".join(board[r]))
    return "\n".join(lines) + "\n"


def count(board, cell):
    return sum(row.count(cell) for row in board)


def square_name(r, c):
    return LETTERS[r] + LETTERS[c]


# ----------------------------------------------------------------------------------------------
# The programs, as token-driven simulations writing to a list of strings
# ----------------------------------------------------------------------------------------------

class EndOfInput(Exception):
    pass


class Tokens:
    def __init__(self, data):
        if isinstance(data, str):
            data = data.encode("latin-1", "replace")
        # bytes.split() splits on ASCII whitespace, like scanf / operator>> in the C locale.
        self.items = [t.decode("latin-1") for t in data.split()]
        self.pos = 0

    def next(self):
        if self.pos >= len(self.items):
            raise EndOfInput()
        token = self.items[self.pos]
        self.pos += 1
        return token


class Program:
    def __init__(self, tokens):
        self.tokens = tokens
        self.out = []
        self.err = []

    def write(self, text):
        self.out.append(text)

    def note(self, text):
        self.err.append(text + "\n")

    def stdout(self):
        return "".join(self.out)

    def read_dimension(self):
        while True:
            self.write("Enter the board dimension: ")
            token = self.tokens.next()
            if re.fullmatch(r"[0-9]+", token):
                n = int(token)
                if 4 <= n <= 26 and n % 2 == 0:
                    return n
            self.note("bad board dimension %r: need an even number from 4 to 26" % token)

    def read_computer_colour(self, edition):
        prompt = "Computer plays (B/W): " if edition == "2022" else "Computer plays (B/W) : "
        while True:
            self.write(prompt)
            token = self.tokens.next()
            if token in (BLACK, WHITE):
                return token
            self.note("bad colour %r: need B or W" % token)


def parse_square(n, r_letter, c_letter):
    """(row, col) for two lowercase letters on an n x n board, else None."""
    if r_letter not in LETTERS or c_letter not in LETTERS:
        return None
    r, c = LETTERS.index(r_letter), LETTERS.index(c_letter)
    if not in_bounds(n, r, c):
        return None
    return (r, c)


def run_lab6(prog):
    n = prog.read_dimension()
    board = new_board(n)
    prog.write(board_text(board))
    prog.write("Enter board configuration:\n")
    while True:
        token = prog.tokens.next()
        if token == "!!!":
            break
        square = parse_square(n, token[1], token[2]) if len(token) == 3 else None
        if len(token) == 3 and token[0] in (BLACK, WHITE) and square is not None:
            board[square[0]][square[1]] = token[0]
        else:
            prog.note("ignored configuration entry %r" % token)
    prog.write(board_text(board))
    for colour in (WHITE, BLACK):
        prog.write("Available moves for %s:\n" % colour)
        for r, c in legal_moves(board, colour):
            prog.write(square_name(r, c) + "\n")
    prog.write("Enter a move:\n")
    token = prog.tokens.next()
    square = parse_square(n, token[1], token[2]) if len(token) == 3 else None
    if (len(token) == 3 and token[0] in (BLACK, WHITE) and square is not None
            and is_legal(board, square[0], square[1], token[0])):
        prog.write("Valid move.\n")
        play(board, square[0], square[1], token[0])
    else:
        prog.write("Invalid move.\n")
    prog.write(board_text(board))
    return 0


def run_game(prog, edition, choose):
    """part1 / part2. choose(prog, board, colour) returns the computer's (row, col)."""
    n = prog.read_dimension()
    computer = prog.read_computer_colour(edition)
    human = other(computer)
    board = new_board(n)
    prog.write(board_text(board))
    turn = BLACK
    while True:
        if not has_move(board, turn):
            if has_move(board, other(turn)):
                prog.write("%s player has no valid move.\n" % turn)
                turn = other(turn)
                continue
            break
        if turn == computer:
            r, c = choose(prog, board, computer)
            if not is_legal(board, r, c, computer):
                raise CheckFailure("computer move %s for %s is not legal"
                                   % (square_name(r, c), computer))
            prog.write("Computer places %s at %s.\n" % (computer, square_name(r, c)))
            play(board, r, c, computer)
            prog.write(board_text(board))
        else:
            prog.write("Enter move for colour %s (RowCol): " % human)
            token = prog.tokens.next()
            square = parse_square(n, token[0], token[1]) if len(token) == 2 else None
            if square is None or not is_legal(board, square[0], square[1], human):
                prog.write("Invalid move.\n")
                prog.write("%s player wins.\n" % computer)
                return 0
            play(board, square[0], square[1], human)
            prog.write(board_text(board))
        turn = other(turn)
    blacks, whites = count(board, BLACK), count(board, WHITE)
    if blacks > whites:
        prog.write("B player wins.\n")
    elif whites > blacks:
        prog.write("W player wins.\n")
    else:
        prog.write("Draw!\n")
    return 0


def greedy_chooser(prog, board, colour):
    return greedy_move(board, colour)


class CheckFailure(Exception):
    pass


def first_difference(expected, actual):
    exp_lines = expected.splitlines(keepends=True)
    act_lines = actual.splitlines(keepends=True)
    for i in range(max(len(exp_lines), len(act_lines))):
        e = exp_lines[i] if i < len(exp_lines) else None
        a = act_lines[i] if i < len(act_lines) else None
        if e != a:
            return "line %d: golden has %s, rules give %s" % (i + 1, show_line(e), show_line(a))
    return "no difference"


def show_line(line):
    if line is None:
        return "<end of output>"
    if line.endswith("\n"):
        return "[%s]" % line[:-1]
    return "[%s] (no newline)" % line


def transcript_chooser(expected):
    """Computer moves read from a part2 transcript, at the point the simulation has reached."""
    pattern = re.compile(r"Computer places ([BW]) at ([a-z])([a-z])\.\n")

    def choose(prog, board, colour):
        produced = prog.stdout()
        if not expected.startswith(produced):
            raise CheckFailure(first_difference(expected, produced))
        m = pattern.match(expected, len(produced))
        if not m:
            rest = expected[len(produced):].splitlines(keepends=True)
            raise CheckFailure("line %d: expected a `Computer places %s at rc.` line, golden has %s"
                               % (produced.count("\n") + 1, colour,
                                  show_line(rest[0] if rest else None)))
        if m.group(1) != colour:
            raise CheckFailure("line %d: computer move by %s, but it is %s's turn"
                               % (produced.count("\n") + 1, m.group(1), colour))
        square = parse_square(len(board), m.group(2), m.group(3))
        if square is None or not is_legal(board, square[0], square[1], colour):
            raise CheckFailure("line %d: computer move %s%s is not legal for %s"
                               % (produced.count("\n") + 1, m.group(2), m.group(3), colour))
        return square

    return choose


def simulate(program, data, edition="2018", chooser=greedy_chooser):
    """Returns (stdout text, stderr text, exit status)."""
    prog = Program(Tokens(data))
    try:
        if program == "lab6":
            status = run_lab6(prog)
        else:
            status = run_game(prog, edition, chooser)
    except EndOfInput:
        prog.note("error: end of input")
        status = 1
    return prog.stdout(), "".join(prog.err), status


# ----------------------------------------------------------------------------------------------
# Command line
# ----------------------------------------------------------------------------------------------

def parse_reversi_args(words):
    """(program, edition) from `reversi` arguments such as ['part1', '--edition', '2022']."""
    if not words or words[0] not in ("lab6", "part1", "part2"):
        raise CheckFailure("cannot tell the program from arguments %r" % (words,))
    program, edition = words[0], "2018"
    i = 1
    while i < len(words):
        w = words[i]
        if w == "--edition" and i + 1 < len(words):
            edition = words[i + 1]
            i += 2
            continue
        if w.startswith("--edition="):
            edition = w.split("=", 1)[1]
        i += 1
    if edition not in ("2018", "2022"):
        raise CheckFailure("unknown edition %r" % edition)
    return program, edition


def check(directory, name):
    in_path = os.path.join(directory, name + ".in")
    out_path = os.path.join(directory, name + ".out")
    args_path = os.path.join(directory, name + ".args")
    with open(in_path, "rb") as f:
        data = f.read()
    with open(out_path, "rb") as f:
        expected = f.read().decode("latin-1")
    if os.path.exists(args_path):
        with open(args_path) as f:
            program, edition = parse_reversi_args(f.read().split())
    elif name.startswith("lab6-"):
        program, edition = "lab6", "2018"
    elif name.startswith("part1-"):
        program, edition = "part1", "2018"
    else:
        raise CheckFailure("no %s.args and no lab6-/part1- prefix" % name)
    chooser = transcript_chooser(expected) if program == "part2" else greedy_chooser
    actual, _, status = simulate(program, data, edition, chooser)
    if actual != expected:
        raise CheckFailure(first_difference(expected, actual))
    if status != 0:
        raise CheckFailure("%s.in ends before the program finishes (end of input)" % name)


def main(argv):
    if len(argv) >= 1 and argv[0] == "lab6":
        out, err, status = simulate("lab6", sys.stdin.buffer.read())
    elif len(argv) >= 1 and argv[0] in ("part1",):
        try:
            _, edition = parse_reversi_args(argv)
        except CheckFailure as e:
            print(e, file=sys.stderr)
            return 2
        out, err, status = simulate("part1", sys.stdin.buffer.read(), edition)
    elif len(argv) == 4 and argv[0] == "check" and argv[1] == "--golden":
        try:
            check(argv[2], argv[3])
        except CheckFailure as e:
            print("%s: %s" % (argv[3], e))
            return 1
        except OSError as e:
            print("%s: %s" % (argv[3], e))
            return 1
        return 0
    else:
        print(__doc__, file=sys.stderr)
        return 2
    sys.stdout.buffer.write(out.encode("latin-1"))
    sys.stdout.flush()
    sys.stderr.write(err)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
