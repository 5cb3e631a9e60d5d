#!/usr/bin/env python3
"""`reversi analyse` on the first FFO positions (tests/data/fforum-1-19.obf): every move the file
annotates with its exact score ("G8:+18") must be reported exact with that score, and the first line
must be a best move. Also: a position read from standard input, and a position that cannot be read.

    test_analyse.py BUILD_DIR DATA_DIR
"""
import os
import re
import subprocess
import sys

build, data = sys.argv[1], sys.argv[2]
reversi = os.path.join(build, "reversi")
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL: " + what)


lines = [l for l in open(os.path.join(data, "fforum-1-19.obf")) if l.strip() and not l.startswith(("#", "%"))][:3]
for number, line in enumerate(lines, 1):
    position, _, comment = line.partition(";")
    annotated = {m.lower(): int(s) for m, s in re.findall(r"([A-Ha-h][1-8]):([+-]?\d+)", comment)}
    out = subprocess.run([reversi, "analyse", "--time", "5", "--", position.strip()], capture_output=True, text=True,
                         timeout=300)
    check(out.returncode == 0, "FFO #%d: exit %d %s" % (number, out.returncode, out.stderr))
    got = {}
    for row in out.stdout.splitlines():
        move, score, kind = row.split()[:3]
        if kind == "exact":
            got[move] = int(score)
    for move, score in annotated.items():
        check(got.get(move) == score, "FFO #%d: %s should be %+d exact, got %r" % (number, move, score, got.get(move)))
    first = out.stdout.split()[0] if out.stdout else ""
    check(annotated.get(first) == max(annotated.values()), "FFO #%d: first line %r is not a best move" % (number, first))

out = subprocess.run([reversi, "analyse", "--depth", "2", "-"], input="UUUUUWBUUBWUUUUU B\n", capture_output=True,
                     text=True, timeout=60)
check(out.returncode == 0 and len(out.stdout.splitlines()) == 4, "4x4 start from standard input: %r" % out.stdout)
# A board text longer than a file name may be (16x16 and up: 256 squares and more) is a position, not
# a file name that cannot be looked up: the 16x16 start, Black to move, has its four moves.
start16 = ["U"] * 256
for (r, c), cell in {(7, 7): "W", (7, 8): "B", (8, 7): "B", (8, 8): "W"}.items():
    start16[r * 16 + c] = cell
out = subprocess.run([reversi, "analyse", "--depth", "1", "".join(start16) + " B"], capture_output=True, text=True,
                     timeout=60)
check(out.returncode == 0 and len(out.stdout.splitlines()) == 4, "16x16 start as an argument: exit %d, %r %r"
      % (out.returncode, out.stdout, out.stderr))
# A result the search proves before the end (a forced wipe-out) is a bound, told as one: from a 20x20 game
# lost 0-31 to smartest, White to move with 1 disc against 18: i7, g9 and i13 lose all 400 squares
# by force (each was printed as a score of -167776.16 discs), and rank below the moves only estimated.
# The position is replayed by the independent reference.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reference"))
import reference_rules as ref  # noqa: E402

board, colour = ref.new_board(20), ref.BLACK
for move in re.findall(r"[a-t]\d+", "j9i9l11l10h9j12l9i8i12i10h7k12j13i11h11"):
    if not ref.has_move(board, colour):
        colour = ref.other(colour)
    ref.play(board, int(move[1:]) - 1, ord(move[0]) - ord("a"), colour)
    colour = ref.other(colour)
check(colour == ref.WHITE and ref.count(board, ref.WHITE) == 1, "the 20x20 position: White to move with 1 disc")
text = "".join("".join({ref.BLACK: "B", ref.WHITE: "W"}.get(cell, "U") for cell in row) for row in board) + " W"
out = subprocess.run([reversi, "analyse", "--depth", "2", text], capture_output=True, text=True, timeout=60)
rows = [row.split() for row in out.stdout.splitlines()]
check(out.returncode == 0 and len(rows) == 5 and sorted(row[0] for row in rows[2:]) == ["g9", "i13", "i7"]
      and all(row[1:] == ["-400", "or", "worse"] for row in rows[2:]) and all(row[2] == "depth" for row in rows[:2]),
      "a proven wipe-out: %r %r" % (out.stdout, out.stderr))
out = subprocess.run([reversi, "analyse", "not a position"], capture_output=True, text=True, timeout=60)
check(out.returncode == 2 and out.stdout == "" and len(out.stderr.splitlines()) == 1,
      "an unreadable position: exit %d, %r" % (out.returncode, out.stderr))
if failures:
    sys.exit(1)
print("analyse: every check passed")
