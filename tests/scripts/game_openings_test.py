#!/usr/bin/env python3
"""scripts/game-openings.py on games a short match keeps: each opening is the start of a kept game that
leaves the asked count of empty squares with Black to move, none twice even when a directory is given
twice, and `reversi match --openings` plays from them (each game's moves start with its opening); an
odd count and a directory without games are refused with exit status 2 and a one-line message.

    game_openings_test.py BUILD_DIR
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

from script_checks import Checks, run_script


def kept_moves(results):
    return [json.load(open(p))["moves"] for p in sorted(glob.glob(os.path.join(results, "games", "game-*.json")))]


def main():
    reversi = os.path.join(sys.argv[1], "reversi")
    checks = Checks("game-openings")
    check = checks.check
    with tempfile.TemporaryDirectory() as tmp:
        games = os.path.join(tmp, "games")
        subprocess.run([reversi, "match", "part2:depth=1", "part2:depth=2", "--games", "6", "--opening-plies", "4",
                        "--seed", "3", "--results", games], capture_output=True, check=True)
        code, out, err = run_script("game-openings.py", "50", games, games)
        book = out.split()
        check(code == 0 and len(book) >= 2, "openings from six games: %r %r" % (out, err))
        check(len(set(book)) == len(book), "no opening twice: %r" % out)
        # 50 empties: 64 - 4 - 50 = 10 moves, 20 characters, when no side passed.
        check(all(len(line) == 20 for line in book), "each opening ends at 50 empties: %r" % out)
        moves = kept_moves(games)
        check(all(any(m.startswith(line) for m in moves) for line in book), "each opening starts a kept game: %r" % out)
        if book:
            path = os.path.join(tmp, "book.txt")
            with open(path, "w") as f:
                f.write("\n".join(book) + "\n")
            replayed = os.path.join(tmp, "replayed")
            r = subprocess.run([reversi, "match", "part2:depth=1", "part2:depth=1", "--games", str(2 * len(book)),
                                "--openings", path, "--results", replayed], capture_output=True, text=True)
            again = kept_moves(replayed)
            check(r.returncode == 0 and len(again) == 2 * len(book), "the match plays from them: %r" % r.stderr)
            check(all(any(m.startswith(line) for line in book) for m in again), "its games start with them: %r" % again)
        empty = os.path.join(tmp, "empty")
        os.makedirs(os.path.join(empty, "games"))
        for args, what in ((["51", games], "an odd count"), (["50", empty], "a directory without games")):
            code, out, err = run_script("game-openings.py", *args)
            check(code == 2 and out == "" and len(err.strip().splitlines()) == 1, "%s refused: %r %r" % (what, code, err))
    return checks.report()


if __name__ == "__main__":
    sys.exit(main())
