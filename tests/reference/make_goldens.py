#!/usr/bin/env python3
"""Writes the golden transcripts in golden/ (deterministic: every random choice is seeded).

  make_goldens.py [--out DIR] [--spec DIR]          lab6 / part1 goldens (expected output from
                                                    reference_rules.py) and the spec examples
  make_goldens.py --part2 PATH/TO/reversi [--out DIR]
                                                    part2 goldens only: drives the real engine through
                                                    pipes with seeded-random legal human moves and
                                                    records what it printed (check verifies them)

The lab6 / part1 transcripts depend only on the rules, so regenerating them is a no-op unless the
generator changes. The part2 transcripts depend on the engine's choices: regenerate them with
--part2 when the engine changes, then `reference_rules.py check` validates them independently.
"""

import argparse
import os
import random
import re
import select
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import reference_rules as ref  # noqa: E402

from reference_rules import BLACK, WHITE, EMPTY, LETTERS  # noqa: E402

REPO = os.path.dirname(os.path.dirname(HERE))
SIZES = list(range(4, 27, 2))


class Writer:
    def __init__(self, out_dir):
        self.out_dir = out_dir
        self.names = []

    def write(self, name, text_in, args=None, text_out=None):
        """Writes NAME.in / NAME.out (/ NAME.args). text_out defaults to the reference's output."""
        assert name not in self.names, name
        assert re.fullmatch(r"[a-z0-9-]+", name), name
        if text_out is None:
            program, edition = ("lab6", "2018") if name.startswith("lab6-") else ("part1", "2018")
            if args is not None:
                program, edition = ref.parse_reversi_args(args.split())
            assert program != "part2"
            text_out, _, status = ref.simulate(program, text_in, edition)
            assert status == 0, "%s: input ends early" % name
        with open(os.path.join(self.out_dir, name + ".in"), "w", newline="\n") as f:
            f.write(text_in)
        with open(os.path.join(self.out_dir, name + ".out"), "w", newline="\n") as f:
            f.write(text_out)
        args_path = os.path.join(self.out_dir, name + ".args")
        if args is not None:
            with open(args_path, "w", newline="\n") as f:
                f.write(args + "\n")
        elif os.path.exists(args_path):
            os.remove(args_path)
        self.names.append(name)
        return text_out


def lines(*tokens):
    return "".join(str(t) + "\n" for t in tokens)


def sq(r, c):
    return LETTERS[r] + LETTERS[c]


def copy_board(board):
    return [row[:] for row in board]


# ----------------------------------------------------------------------------------------------
# Human policies for part1 games (they see the board and the legal moves, return a move)
# ----------------------------------------------------------------------------------------------

def random_policy(rng):
    def choose(board, colour, moves, computer):
        return rng.choice(moves)
    return choose


def after_reply_count(board, move, colour, computer):
    b = copy_board(board)
    ref.play(b, move[0], move[1], colour)
    reply = ref.greedy_move(b, computer)
    if reply is not None:
        ref.play(b, reply[0], reply[1], computer)
    return ref.count(b, colour), ref.count(b, computer)


def losing_policy(rng, random_first=0):
    """Random for the first `random_first` moves, then the move leaving the human fewest discs after
    the greedy reply: ends large-board games early by wipe-out, keeping the transcripts small."""
    state = {"moves": 0}

    def choose(board, colour, moves, computer):
        state["moves"] += 1
        if state["moves"] <= random_first:
            return rng.choice(moves)
        scored = [(after_reply_count(board, m, colour, computer)[0], rng.random(), m) for m in moves]
        return min(scored)[2]
    return choose


def winning_policy(rng):
    """The move leaving the computer fewest discs after its greedy reply (to wipe the computer out)."""
    def choose(board, colour, moves, computer):
        scored = [(after_reply_count(board, m, colour, computer)[1], rng.random(), m) for m in moves]
        return min(scored)[2]
    return choose


def play_part1(n, computer, policy, invalid_at=None, invalid_token=None, max_human=None):
    """Plays a part1 game with the human following `policy`; returns the human's tokens.

    invalid_at: index of the human move to replace with invalid_token(board, colour) (a string), which
    ends the game. max_human: stop after that many human moves, then send an invalid token
    (invalid_token, or an occupied square)."""
    board = ref.new_board(n)
    human = ref.other(computer)
    turn = BLACK
    tokens = []
    while True:
        if not ref.has_move(board, turn):
            if ref.has_move(board, ref.other(turn)):
                turn = ref.other(turn)
                continue
            break
        if turn == computer:
            r, c = ref.greedy_move(board, computer)
            ref.play(board, r, c, computer)
        else:
            if invalid_at is not None and len(tokens) == invalid_at:
                tokens.append(invalid_token(board, human))
                return tokens
            if max_human is not None and len(tokens) == max_human:
                tokens.append(invalid_token(board, human) if invalid_token else occupied_square(board, human))
                return tokens
            moves = ref.legal_moves(board, human)
            r, c = policy(board, human, moves, computer)
            tokens.append(sq(r, c))
            ref.play(board, r, c, human)
        turn = ref.other(turn)
    return tokens


BUDGET = 40000  # bytes of expected output per golden


def game_within_budget(n, computer, policies, seed, accept=None, budget=BUDGET):
    """The input of the first full game (policy k, seed*1000+k) whose transcript fits the budget."""
    for k, make_policy in enumerate(policies):
        tokens = play_part1(n, computer, make_policy(random.Random(seed * 1000 + k)))
        text = part1_input(n, computer, tokens)
        out, _, status = ref.simulate("part1", text)
        assert status == 0 and not out.endswith("Invalid move.\n" + computer + " player wins.\n")
        if (budget is None or len(out) <= budget) and (accept is None or accept(out)):
            return text
    raise AssertionError("no game of size %d within the budget" % n)


def part1_input(n, computer, tokens, prefix=()):
    return lines(*prefix, n, computer, *tokens)


# Invalid human moves: each returns a token that the rules reject in the given position.
def occupied_square(board, colour):
    n = len(board)
    for r in range(n):
        for c in range(n):
            if board[r][c] != EMPTY:
                return sq(r, c)
    raise AssertionError


def no_flip_square(board, colour):
    n = len(board)
    for r in range(n):
        for c in range(n):
            if board[r][c] == EMPTY and not ref.is_legal(board, r, c, colour):
                return sq(r, c)
    raise AssertionError("every empty square is legal")


def fixed(token):
    return lambda board, colour: token


# ----------------------------------------------------------------------------------------------
# lab6 configurations
# ----------------------------------------------------------------------------------------------

def random_config(rng, n, density):
    entries = []
    for r in range(n):
        for c in range(n):
            if rng.random() < density:
                entries.append(rng.choice("BW") + sq(r, c))
    rng.shuffle(entries)
    return entries


def apply_config(n, entries):
    board = ref.new_board(n)
    for e in entries:
        if len(e) == 3 and e[0] in "BW":
            s = ref.parse_square(n, e[1], e[2])
            if s:
                board[s[0]][s[1]] = e[0]
    return board


def find_config(rng, n, want, density_range=(0.1, 0.6), tries=20000):
    """A random configuration whose board satisfies want(board)."""
    for _ in range(tries):
        entries = random_config(rng, n, rng.uniform(*density_range))
        board = apply_config(n, entries)
        if want(board):
            return entries, board
    raise AssertionError("no configuration found")


# ----------------------------------------------------------------------------------------------
# The lab6 / part1 goldens
# ----------------------------------------------------------------------------------------------

def make_rule_goldens(w, spec_dir):
    # The handout runs and the spec's extra examples, under their own names.
    for f in sorted(os.listdir(spec_dir)):
        if f.endswith(".in"):
            name = f[:-3]
            with open(os.path.join(spec_dir, f)) as fi, open(os.path.join(spec_dir, name + ".out")) as fo:
                expected = fo.read()
                out = w.write(name, fi.read())
                assert out == expected, "reference disagrees with spec example " + name

    # lab6, every size: a random configuration (some entries bad), then a valid or invalid move.
    for n in SIZES:
        rng = random.Random(600 + n)
        entries = random_config(rng, n, rng.uniform(0.15, 0.45))
        board = apply_config(n, entries)
        if n % 4 == 0:
            entries.insert(rng.randrange(len(entries) + 1), "Bz" + LETTERS[n - 1] if n < 26 else "Xaa")
        moves = [(colour, m) for colour in "WB" for m in ref.legal_moves(board, colour)]
        if n % 6 == 4 or not moves:
            r, c = occupied_square(board, "B"), None
            move = rng.choice("BW") + r
        else:
            colour, (r, c) = rng.choice(moves)
            move = colour + sq(r, c)
        w.write("lab6-size-%02d" % n, lines(n, *entries, "!!!", move))

    # lab6: one colour without moves, both without moves.
    rng = random.Random(61)
    for n, who in ((4, "W"), (6, "B"), (8, "W"), (10, "B")):
        entries, board = find_config(
            rng, n, lambda b: not ref.has_move(b, who) and ref.has_move(b, ref.other(who)))
        mover = ref.other(who)
        r, c = rng.choice(ref.legal_moves(board, mover))
        w.write("lab6-no-moves-%s-%d" % (who.lower(), n), lines(n, *entries, "!!!", mover + sq(r, c)))
    # Neither side: all one colour; a full board; a sparse board of isolated discs.
    w.write("lab6-no-moves-both-allblack", lines(4, "Bbb", "Bcc", "!!!", "Bad"))
    full = random_config(random.Random(62), 6, 1.0)
    w.write("lab6-no-moves-both-full", lines(6, *full, "!!!", "Waa"))
    # Both colours on the board, empty squares left, but no black disc touches a white one.
    entries = ["Bdd", "Bee", "Bcf", "Bfc", "Waa", "Wab", "Wba", "Wah", "Wha", "Whh", "Wgh", "Bcc"]
    board = apply_config(8, entries)
    assert not ref.has_move(board, "B") and not ref.has_move(board, "W")
    w.write("lab6-no-moves-both-mixed", lines(8, *entries, "!!!", "Bbb"))

    # lab6 valid moves by each colour, with multi-direction flips.
    w.write("lab6-valid-w", lines(6, "Bbb", "Bbc", "Bcb", "Wad", "Wda", "!!!", "Waa"))
    w.write("lab6-valid-b-multi", lines(8, "Wcc", "Wcd", "Wce", "Wdc", "Wec", "Bbb", "Bbd", "Bbf",
                                        "Bdb", "Bfb", "Bff", "Bdf", "Bfd", "Wde", "Wed", "Wee", "!!!", "Bdd"))
    # lab6 invalid moves, one kind each.
    invalid_moves = [
        ("wrong-colour", "Xab"),        # ab is a legal square for B
        ("lowercase-colour", "bab"),
        ("colour-u", "Uab"),
        ("occupied", "Bbb"),
        ("off-board-row", "Bea"),
        ("off-board-col", "Bzz"),
        ("uppercase-square", "BAB"),
        ("no-flips", "Baa"),
        ("wrong-colour-for-square", "Wab"),  # legal for B, not for W
        ("too-short", "Ba"),
        ("too-long", "Baba"),
    ]
    for label, move in invalid_moves:
        out = w.write("lab6-invalid-" + label, lines(4, "!!!", move))
        assert "Invalid move." in out, label
    # lab6 bad configuration entries are ignored (stdout unchanged), good ones around them apply.
    w.write("lab6-bad-config-4", lines(4, "Xab", "Bab", "Bzz", "Bae", "Wea", "bcd", "Baaa", "Ba",
                                       "UUU", "Uaa", "!!", "!!!!", "BAB", "1ab", "Wdd", "!!!", "Bcd"))
    w.write("lab6-bad-config-26", lines(26, "B{a", "Bz{", "Wzz", "Baz", "Wza", "W`a", "!!!", "Bzy"))
    # Bad dimension tokens, then a good one.
    w.write("lab6-bad-dimension", lines("3", "5", "28", "2", "0", "-4", "abc", "6x", "4.0",
                                        "99999999999999999999", "6", "!!!", "Bbe"))

    # part1, every size: a full game played to the end, the human choosing seeded-random legal moves.
    # Random humans often lose every disc early against greedy on large boards; the first seed whose
    # transcript fits the size budget is taken, else a human who plays randomly, then to lose.
    for n in SIZES:
        computer = "B" if (n // 2) % 2 == 0 else "W"
        text = game_within_budget(n, computer, [random_policy] * 40 + [
            lambda rng: losing_policy(rng, random_first=8)] * 40, seed=100 + n)
        w.write("part1-size-%02d" % n, text)
    # More full games, the other computer colour on a few sizes.
    for n in (4, 6, 8, 12, 16, 20, 26):
        computer = "W" if (n // 2) % 2 == 0 else "B"
        text = game_within_budget(n, computer, [random_policy] * 40 + [
            lambda rng: losing_policy(rng, random_first=8)] * 40, seed=200 + n)
        w.write("part1-full-%02d-computer-%s" % (n, computer.lower()), text)
    # Games that fill the whole board on large sizes: the budget is lifted for these few.
    def board_full(out):
        return "U" not in out.rsplit("\n  ", 1)[1].split("\n", 1)[1]
    for n, computer in ((16, "W"), (20, "B"), (26, "W")):
        text = game_within_budget(n, computer, [random_policy] * 200, seed=250 + n, accept=board_full,
                                  budget=None)
        w.write("part1-fullboard-%02d-computer-%s" % (n, computer.lower()), text)
    # The human wipes out the greedy computer.
    for n, computer in ((6, "W"), (8, "B"), (10, "W")):
        def wiped(out):
            last = out.rsplit("  " + LETTERS[:n] + "\n", 1)[1].split("\n", 1)[1]
            return computer not in last
        text = game_within_budget(n, computer, [winning_policy] * 200, seed=300 + n, accept=wiped)
        w.write("part1-wipeout-computer-%d" % n, text)
    # Moves on a large board, then an invalid one.
    tokens = play_part1(26, "B", random_policy(random.Random(350)), max_human=10, invalid_token=fixed("zz"))
    w.write("part1-invalid-late-26", part1_input(26, "B", tokens))
    tokens = play_part1(22, "W", random_policy(random.Random(351)), max_human=8,
                        invalid_token=no_flip_square)
    w.write("part1-invalid-late-22", part1_input(22, "W", tokens))

    # Passes (by the computer, by the human), draws and double passes with empty squares left:
    # searched for among seeded random games on small boards.
    found = {}
    wanted = {"pass-by-computer-b": 1, "pass-by-computer-w": 1, "pass-by-human-b": 1,
              "pass-by-human-w": 1, "draw": 3, "double-pass-early": 2, "passes-both": 1}
    for seed in range(20000):
        if all(found.get(k, 0) >= v for k, v in wanted.items()):
            break
        rng = random.Random(seed)
        n = 4 if seed % 3 else 6
        computer = "BW"[seed % 2]
        human = ref.other(computer)
        tokens = play_part1(n, computer, random_policy(rng))
        text = part1_input(n, computer, tokens)
        out, _, _ = ref.simulate("part1", text)
        passes = re.findall(r"([BW]) player has no valid move\.", out)
        kinds = []
        if computer in passes and human not in passes:
            kinds.append("pass-by-computer-" + computer.lower())
        if human in passes and computer not in passes:
            kinds.append("pass-by-human-" + human.lower())
        if computer in passes and human in passes:
            kinds.append("passes-both")
        if out.endswith("Draw!\n"):
            kinds.append("draw")
        last_board = out.rsplit("  " + LETTERS[:n] + "\n", 1)[1]
        if "U" in last_board and "B" in last_board.split("\n", 1)[1] and "W" in last_board.split("\n", 1)[1] \
                and not out.endswith("Invalid move.\n"):
            kinds.append("double-pass-early")
        for k in kinds:
            if found.get(k, 0) < wanted[k]:
                found[k] = found.get(k, 0) + 1
                suffix = "" if wanted[k] == 1 else "-%d" % found[k]
                w.write("part1-%s%s" % (k, suffix), text)
                break
    missing = {k for k, v in wanted.items() if found.get(k, 0) < v}
    assert not missing, missing

    # Every kind of invalid human move, at the first move or later in the game.
    invalid = [
        ("occupied", 8, "W", 0, occupied_square),
        ("occupied-late", 8, "B", 9, occupied_square),
        ("no-flips", 8, "B", 0, no_flip_square),
        ("no-flips-late", 10, "W", 7, no_flip_square),
        ("off-board-zz", 8, "W", 2, fixed("zz")),
        ("off-board-row", 6, "B", 1, fixed("ga")),
        ("off-board-col", 4, "W", 0, fixed("ae")),
        ("malformed-a", 6, "W", 1, fixed("a")),
        ("malformed-abc", 6, "B", 3, fixed("abc")),
        ("malformed-1a", 8, "W", 0, fixed("1a")),
        ("malformed-a1", 8, "B", 2, fixed("a1")),
        ("malformed-upper-A1", 8, "W", 1, fixed("A1")),
        ("malformed-upper-CE", 8, "B", 0, lambda b, c: "CE"),
        ("malformed-mixed-Ce", 8, "W", 0, fixed("Ce")),
        ("malformed-punct", 6, "B", 0, fixed("!!")),
    ]
    for label, n, computer, at, token in invalid:
        tokens = play_part1(n, computer, random_policy(random.Random(400 + at + n)), invalid_at=at,
                            invalid_token=token)
        w.write("part1-invalid-" + label.lower(), part1_input(n, computer, tokens))

    # Bad dimension and colour tokens, then good ones.
    tokens = play_part1(4, "W", random_policy(random.Random(501)))
    w.write("part1-bad-dimension", part1_input(4, "W", tokens, prefix=("7", "30", "x", "-4", "1e1", "2")))
    tokens = play_part1(6, "B", random_policy(random.Random(502)), max_human=4)
    w.write("part1-bad-colour", lines(6, "b", "w", "BW", "X", "1", "Black", "U", "B", *tokens))

    # The 2022 wording, through `reversi part1 --edition 2022`.
    for i, (n, computer, prefix) in enumerate(((4, "B", ()), (8, "W", ()), (6, "W", ("9", "w")))):
        tokens = play_part1(n, computer, random_policy(random.Random(700 + i)))
        if prefix:
            text = lines(prefix[0], n, prefix[1], computer, *tokens)
        else:
            text = part1_input(n, computer, tokens)
        w.write("part1-2022-%d" % (i + 1), text, args="part1 --edition 2022")
    # The same programs through the `reversi` command.
    w.write("lab6-via-reversi-1", lines(8, "Bcc", "Wdc", "Wee", "Bxx", "!!!", "Wbd"), args="lab6")
    entries = random_config(random.Random(801), 10, 0.3)
    w.write("lab6-via-reversi-2", lines("11", 10, *entries, "!!!", "Bjj"), args="lab6")
    tokens = play_part1(6, "B", random_policy(random.Random(802)))
    w.write("part1-via-reversi", part1_input(6, "B", tokens), args="part1")
    tokens = play_part1(4, "W", random_policy(random.Random(803)))
    w.write("part1-via-reversi-2018", part1_input(4, "W", tokens), args="part1 --edition 2018")


# ----------------------------------------------------------------------------------------------
# part2: drive the real engine
# ----------------------------------------------------------------------------------------------

def read_until_prompt(proc):
    """Reads the engine's stdout until it waits for a human move or exits."""
    data = b""
    while True:
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        if not ready:
            proc.kill()
            raise AssertionError("engine silent for 60 s; output so far ends %r" % data[-200:])
        chunk = os.read(proc.stdout.fileno(), 65536)
        if not chunk:
            return data.decode("latin-1"), True
        data += chunk
        if data.endswith(b"(RowCol): "):
            return data.decode("latin-1"), False


def current_position(n, computer, human_tokens, transcript):
    """Board and side to move after replaying the transcript's computer moves and the human moves."""
    comp_moves = re.findall(r"Computer places [BW] at ([a-z]{2})\.\n", transcript)
    board = ref.new_board(n)
    turn = BLACK
    ci = hi = 0
    while True:
        if not ref.has_move(board, turn):
            if ref.has_move(board, ref.other(turn)):
                turn = ref.other(turn)
                continue
            return board, None
        if turn == computer:
            if ci == len(comp_moves):
                return board, turn
            mv = comp_moves[ci]
            ci += 1
        else:
            if hi == len(human_tokens):
                return board, turn
            mv = human_tokens[hi]
            hi += 1
        r, c = LETTERS.index(mv[0]), LETTERS.index(mv[1])
        assert ref.is_legal(board, r, c, turn), (mv, turn)
        ref.play(board, r, c, turn)
        turn = ref.other(turn)


def drive_part2(binary, args, n, computer, seed, max_human=None, invalid_token=None):
    rng = random.Random(seed)
    human = ref.other(computer)
    proc = subprocess.Popen([binary] + args.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    sent = ["%d" % n, computer]
    proc.stdin.write(("%d\n%s\n" % (n, computer)).encode())
    proc.stdin.flush()
    transcript = ""
    human_tokens = []
    while True:
        text, ended = read_until_prompt(proc)
        transcript += text
        if ended:
            break
        board, turn = current_position(n, computer, human_tokens, transcript)
        assert turn == human, "engine waits for a move but the rules say %s moves" % turn
        if max_human is not None and len(human_tokens) == max_human:
            token = invalid_token(board, human)
        else:
            r, c = rng.choice(ref.legal_moves(board, human))
            token = sq(r, c)
        human_tokens.append(token)
        sent.append(token)
        proc.stdin.write((token + "\n").encode())
        proc.stdin.flush()
    proc.stdin.close()
    status = proc.wait()
    assert status == 0, "engine exited with %d" % status
    return lines(*sent), transcript


def make_part2_goldens(w, binary):
    games = [
        # name, depth, n, computer, seed, max_human (then an invalid move)
        ("part2-d2-04-b", 2, 4, "B", 1, None),
        ("part2-d3-04-w", 3, 4, "W", 2, None),
        ("part2-d2-06-w", 2, 6, "W", 3, None),
        ("part2-d3-06-b", 3, 6, "B", 4, None),
        ("part2-d2-08-b", 2, 8, "B", 5, None),
        ("part2-d3-08-w", 3, 8, "W", 6, None),
        ("part2-d2-12-w", 2, 12, "W", 7, None),
        ("part2-d2-26-b", 2, 26, "B", 8, 5),
        ("part2-d3-26-w", 3, 26, "W", 9, 4),
    ]
    for name, depth, n, computer, seed, max_human in games:
        args = "part2 --depth %d" % depth
        text_in, text_out = drive_part2(binary, args, n, computer, seed, max_human, no_flip_square)
        w.write(name, text_in, args=args, text_out=text_out)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--out", default=os.path.join(REPO, "golden"))
    parser.add_argument("--spec", default=os.path.join(os.path.dirname(REPO), "shared", "spec", "examples"))
    parser.add_argument("--part2", metavar="REVERSI", help="generate the part2 goldens with this binary")
    opts = parser.parse_args()
    os.makedirs(opts.out, exist_ok=True)
    w = Writer(opts.out)
    if opts.part2:
        make_part2_goldens(w, opts.part2)
    else:
        make_rule_goldens(w, opts.spec)
    for name in w.names:
        try:
            ref.check(opts.out, name)
        except ref.CheckFailure as e:
            sys.exit("%s: %s" % (name, e))
    print("wrote %d goldens to %s" % (len(w.names), opts.out))


if __name__ == "__main__":
    main()
