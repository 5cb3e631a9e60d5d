#!/usr/bin/env python3
"""Tournaments at scale, through the reversi command as a grader runs it:

- a missing program or an unknown "xxx:" prefix is an error (exit 2) before any game starts;
- submission directories are players named by their directories;
- a deterministic program repeating the identical game is counted once (and the summary says so);
- --results DIR keeps every game as it finishes: Ctrl-C, then the same command resumes and ends with
  the same games as an uninterrupted run;
- --plan FILE writes one self-contained command per game; GNU parallel runs them (part of them first,
  then all: games already played are skipped); --merge DIR builds the same leaderboard.

    scale.py BUILD_DIR      (exit 77, "skipped", when GNU parallel is not installed)
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

build = os.path.abspath(sys.argv[1])
reversi = os.path.join(build, "reversi")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from checks import check, failures, finish  # noqa: E402
from match_results import games_of  # noqa: E402


def run(args, cwd, timeout=300):
    p = subprocess.run([reversi] + args, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


tmp = tempfile.mkdtemp(prefix="reversi-scale-")
try:
    # Two students' submissions: directories holding an executable (deterministic programs).
    for name, exe in (("alice", "lab7part1"), ("bob", "lab7part1")):
        os.makedirs(os.path.join(tmp, "subs", name))
        shutil.copy(os.path.join(build, exe), os.path.join(tmp, "subs", name, "a.out"))

    # Errors before any game.
    for spec, words in (("xyz:foo/bar", "unknown player kind"), ("cmd:./nothere/a.out", "no program"),
                        ("subs/nobody", "no program"), ("cmd:no-such-program-x", "no program")):
        start = time.time()
        code, out, err = run(["tournament", "greedy", spec, "--results", "never"], tmp)
        check("%s: exit 2 before any game" % spec, code == 2 and words in err and out == ""
              and time.time() - start < 5 and not os.path.exists(os.path.join(tmp, "never")),
              "status %d, stderr %r" % (code, err))

    # Players named by their directories.
    code, out, err = run(["tournament", "subs/alice", "subs/bob/", "greedy", "--sizes", "6"], tmp)
    rows = [line.split()[1] for line in out.splitlines()[2:5]]
    check("submission directories named alice and bob", code == 0 and sorted(rows) == ["alice", "bob", "greedy"],
          out + err)

    # Identical games counted once.
    code, out, err = run(["match", "subs/alice", "greedy", "--sizes", "6", "--games", "6", "--json", "-"], tmp)
    result = json.loads(out) if code == 0 else {}
    check("a deterministic program's 6 games are 2 distinct games",
          result.get("distinct_games") == 2 and result["players"][0]["games"] == 2
          and sum(1 for g in result["games"] if "duplicate_of" in g) == 4, out[:300] + err)
    code, out, err = run(["match", "subs/alice", "greedy", "--sizes", "6", "--games", "6"], tmp)
    check("the summary says the identical games are counted once", "Identical games: 4 of the 6" in out, out)

    # Resume after Ctrl-C.
    players = ["part2:depth=2", "greedy", "smarter", "subs/alice"]
    args = ["tournament"] + players + ["--sizes", "8", "--games", "2", "--seed", "5"]
    code, out, err = run(args + ["--results", "whole"], tmp)
    check("an uninterrupted run keeps its 12 games", code == 0 and len(games_of(os.path.join(tmp, "whole", "results.jsonl"))) == 12, err)
    proc = subprocess.Popen([reversi] + args + ["--results", "cut"], cwd=tmp, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.time() + 60
    gamesdir = os.path.join(tmp, "cut", "games")
    while time.time() < deadline and (not os.path.isdir(gamesdir) or
                                      len([n for n in os.listdir(gamesdir) if n.endswith(".json")]) < 3):
        time.sleep(0.01)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    kept = len([n for n in os.listdir(gamesdir) if n.endswith(".json")])
    check("Ctrl-C: status 130, the finished games kept", proc.returncode == 130 and 3 <= kept < 12,
          "status %d, %d kept" % (proc.returncode, kept))
    code, out, err = run(args + ["--results", "cut"], tmp)
    check("the same command resumes", code == 0 and ("resuming: %d of 12" % kept) in err, err)
    check("... and ends with the same games as an uninterrupted run",
          games_of(os.path.join(tmp, "cut", "results.jsonl")) == games_of(os.path.join(tmp, "whole", "results.jsonl")))
    code, out, err = run(["tournament", "greedy", "smarter", "--results", "cut"], tmp)
    check("a results directory of other settings is refused", code == 2 and "another" in err, err)

    # Plan, run with GNU parallel, merge.
    if not shutil.which("parallel"):
        print("skipped: GNU parallel is not installed (apt-get install parallel)")
        sys.exit(77 if not failures else 1)
    code, out, err = run(args + ["--results", "planned", "--plan", "jobs.txt"], tmp)
    with open(os.path.join(tmp, "jobs.txt")) as f:
        lines = f.read().splitlines()
    check("--plan: 12 commands, nothing played", code == 0 and len(lines) == 12
          and not os.listdir(os.path.join(tmp, "planned", "games")), err)
    # The commands are self-contained: run them from another directory.
    elsewhere = os.path.join(tmp, "elsewhere")
    os.makedirs(elsewhere)
    with open(os.path.join(tmp, "first.txt"), "w") as f:
        f.write("\n".join(lines[:5]) + "\n")
    p = subprocess.run("parallel --will-cite -j 2 < ../first.txt", shell=True, cwd=elsewhere, capture_output=True,
                       text=True, timeout=300)
    check("parallel runs 5 of the commands", p.returncode == 0, p.stderr)
    code, out, err = run(["tournament", "--merge", "planned"], tmp)
    check("--merge of 5 games says 7 are missing", code == 0 and "Not played yet: 7 of the 12" in out, out + err)
    code, out, err = run(args + ["--results", "planned", "--plan", "rest.txt"], tmp)
    with open(os.path.join(tmp, "rest.txt")) as f:
        check("planning again lists the 7 games left", len(f.read().splitlines()) == 7)
    p = subprocess.run("parallel --will-cite -j 2 < ../jobs.txt", shell=True, cwd=elsewhere, capture_output=True,
                       text=True, timeout=300)
    check("parallel runs every command (the 5 played ones skip)", p.returncode == 0 and p.stderr.count("already played") == 5,
          p.stderr[-500:])
    code, out, err = run(["tournament", "--merge", "planned", "--json", "merged.json"], tmp)
    check("--merge of all 12 games", code == 0 and "12 games" in out and "Not played" not in out, out + err)
    check("... the same games as the run in one process",
          games_of(os.path.join(tmp, "planned", "results.jsonl")) == games_of(os.path.join(tmp, "whole", "results.jsonl")))
    _, whole_table, _ = run(["tournament", "--merge", "whole"], tmp)

    def standings(table):  # rank, player, Elo, games, W-D-L, points, score, discs (not the move times)
        return [line.split()[:8] for line in table.splitlines()[2:6]]
    check("... and the same leaderboard", standings(out) == standings(whole_table), out + whole_table)
    with open(os.path.join(tmp, "merged.json")) as f:
        check("--merge --json writes the results", len(json.load(f)["games"]) == 12)
finally:
    shutil.rmtree(tmp, ignore_errors=True)

finish("scale")
