#!/usr/bin/env python3
"""`reversi similarity` (issue 29): three small submissions built on the same starter code, two of
them near copies (identifiers renamed, lines re-spaced). The near copies are the first pair, at a high
percentage, and the matching regions are named; the third shares only the starter code with them, and
with --base the starter code's share disappears. Also: --json, a submission whose name sim_c could
take for an option or a separator, a symbolic link left out (never followed), and errors (exit 2).

    similarity_test.py BUILD_DIR SOURCE_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

build, source_dir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
reversi = os.path.join(build, "reversi")
sys.path.insert(0, os.path.join(source_dir, "tests"))
from checks import check, finish  # noqa: E402

STARTER = """#include <stdio.h>
#include <stdbool.h>

void printBoard(char board[][26], int n) {
    printf("  ");
    for (int c = 0; c < n; c++) printf("%c", 'a' + c);
    printf("\\n");
    for (int r = 0; r < n; r++) {
        printf("%c ", 'a' + r);
        for (int c = 0; c < n; c++) printf("%c", board[r][c]);
        printf("\\n");
    }
}

bool positionInBounds(int n, int row, int col) {
    return row >= 0 && row < n && col >= 0 && col < n;
}
"""
ALICE = """
int countFlips(char board[][26], int n, int row, int col, char colour, int dr, int dc) {
    char other = colour == 'B' ? 'W' : 'B';
    int r = row + dr, c = col + dc, seen = 0;
    while (positionInBounds(n, r, c) && board[r][c] == other) { r += dr; c += dc; seen++; }
    if (seen > 0 && positionInBounds(n, r, c) && board[r][c] == colour) return seen;
    return 0;
}

int bestScore(char board[][26], int n, char colour, int *bestRow, int *bestCol) {
    int best = -1;
    for (int row = 0; row < n; row++)
        for (int col = 0; col < n; col++) {
            if (board[row][col] != 'U') continue;
            int total = 0;
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++)
                    if (dr || dc) total += countFlips(board, n, row, col, colour, dr, dc);
            if (total > best) { best = total; *bestRow = row; *bestCol = col; }
        }
    return best;
}
"""
CAROL = """
static int weights[4] = {7, -3, 2, 1};

int evaluatePosition(const char grid[][26], int size, char me) {
    int score = 0;
    for (int i = 0; i < size; i++) {
        for (int j = 0; j < size; j++) {
            int ring = i < j ? i : j;
            if (size - 1 - i < ring) ring = size - 1 - i;
            if (size - 1 - j < ring) ring = size - 1 - j;
            int w = ring < 4 ? weights[ring] : 0;
            if (grid[i][j] == me) score += w;
            else if (grid[i][j] != 'U') score -= w;
        }
    }
    return score;
}

void swapColours(char grid[][26], int size) {
    for (int i = 0; i < size; i++)
        for (int j = 0; j < size; j++)
            if (grid[i][j] != 'U') grid[i][j] = grid[i][j] == 'B' ? 'W' : 'B';
}
"""


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def similarity(args, cwd):
    p = subprocess.run([reversi, "similarity"] + args, cwd=cwd, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def pair(report, a, b):
    for p in report["pairs"]:
        if {p["first"], p["second"]} == {a, b}:
            return p
    return None


tmp = tempfile.mkdtemp(prefix="reversi-similarity-test-")
try:
    bob = ALICE.replace("countFlips", "flipsInLine").replace("bestScore", "chooseMove").replace("total", "sum")
    bob = bob.replace("    ", "  ").replace("seen", "k")
    write(os.path.join(tmp, "subs", "alice", "Lab7Part2.c"), STARTER + ALICE)
    write(os.path.join(tmp, "subs", "bob", "lab7.c"), STARTER + "\n/* my own work */\n" + bob)
    write(os.path.join(tmp, "subs", "-carol|x", "main.c"), STARTER + CAROL)
    write(os.path.join(tmp, "starter.c"), STARTER)
    os.makedirs(os.path.join(tmp, "subs", "linked"))
    os.symlink(os.path.join(tmp, "subs", "alice", "Lab7Part2.c"), os.path.join(tmp, "subs", "linked", "copy.c"))
    subs = ["subs/alice", "subs/bob", "subs/-carol|x", "subs/linked"]

    code, out, err = similarity(subs + ["--json", "plain.json"], tmp)
    check("exit status 0", code == 0, err)
    print(out)
    plain = json.load(open(os.path.join(tmp, "plain.json"))) if code == 0 else {"pairs": [], "notes": []}
    first = plain["pairs"][0] if plain["pairs"] else {}
    check("the near copies are the first pair", {first.get("first"), first.get("second")} == {"alice", "bob"}, str(first)[:200])
    check("... at a high percentage (over 85 % both ways)",
          first.get("first_percent", 0) > 85 and first.get("second_percent", 0) > 85, str(first)[:200])
    check("... with the matching regions (lines of each)", first.get("regions") and all(
        len(r["first_lines"]) == 2 and len(r["second_lines"]) == 2 and r["tokens"] > 0 for r in first["regions"]),
        str(first)[:300])
    check("the text names the pair, its percentages and regions", "alice ~ bob" in out and "%" in out and "lines" in out, out)
    check("never a mark: the report says so", "never a mark" in out, out[:200])
    shared = pair(plain, "alice", "-carol|x")
    check("without --base, the starter code makes alice and carol similar", shared is not None and
          shared["first_percent"] > 20, str(shared)[:200])
    check("a name sim_c could take for an option or a separator is compared as any other",
          any(s["name"] == "-carol|x" and s["tokens"] > 0 for s in plain["submissions"]), str(plain["submissions"]))
    check("a symbolic link is left out, not followed", "linked" not in [s["name"] for s in plain["submissions"]] and
          any(n.startswith("linked: left out") for n in plain["notes"]), str(plain["notes"]))

    code, out, err = similarity(subs + ["--base", "starter.c", "--json", "base.json"], tmp)
    check("--base: exit status 0", code == 0, err)
    based = json.load(open(os.path.join(tmp, "base.json"))) if code == 0 else {"pairs": []}
    first = based["pairs"][0] if based["pairs"] else {}
    check("--base: the near copies stay first and high", {first.get("first"), first.get("second")} == {"alice", "bob"}
          and min(first.get("first_percent", 0), first.get("second_percent", 0)) > 85, str(first)[:200])
    shared = pair(based, "alice", "-carol|x")
    starter_lines = STARTER.count("\n")
    check("--base: the starter code's share disappears (no region in its lines, under 15 % left)", shared is None or (
        max(shared["first_percent"], shared["second_percent"]) < 15 and
        all(r["first_lines"][0] > starter_lines and r["second_lines"][0] > starter_lines for r in shared["regions"])),
        str(shared)[:200])
    check("--base: the report says the starter code was left out", based.get("base_left_out") is True and
          "starter code left out" in out, out[:200])

    code, out, err = similarity(["subs/alice", "missing"], tmp)
    check("a missing submission: exit 2, one line", code == 2 and "missing" in err and err.count("\n") == 1, err)
    code, out, err = similarity(["subs/alice", "subs/linked"], tmp)
    check("fewer than two sources: exit 2", code == 2 and "fewer than two" in err, err)
finally:
    shutil.rmtree(tmp, ignore_errors=True)
finish("similarity")
