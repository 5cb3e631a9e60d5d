#!/usr/bin/env python3
"""The leaderboard end to end (docs/leaderboard-playing.md): a dozen submissions of
leaderboard_player.c (correct, weak, non-flushing, random, illegal-move, over-time, crashing, and one
named <script>alert(1)</script>) entered into a 4x4 league, the faultless ones through `grade part2
--leaderboard`, the others through `leaderboard add`; `reversi leaderboard run` killed with -9 in
the middle and run again plays every ordered pair exactly once; the fault codes IM, TLE and CRASH are
recorded against the right entries; a resubmission replaces its entry and its games are played again;
SIGTERM stops a run cleanly (its claims freed, nothing left running); plan and merge play the rest.
The database is read directly with Python's sqlite3.

Usage: leaderboard_e2e.py BUILD_DIR
"""
import concurrent.futures
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

build = os.path.abspath(sys.argv[1])
reversi = os.path.join(build, "reversi")
here = os.path.dirname(os.path.abspath(__file__))
repo = os.path.dirname(os.path.dirname(here))
failures = []

def check(what, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + what + ("" if ok or not detail else ": " + str(detail)))
    if not ok:
        failures.append(what)


def make_league(db):
    """A new 4x4 league with 0.2 s of CPU a move, and the league's default wall-clock limit (10 s): the
    over-time entry is caught by the CPU limit, and a tighter wall-clock limit only measures how loaded
    the machine is (ctest -j2 runs this beside the sandbox tests on two cores)."""
    subprocess.run([reversi, "leaderboard", "init", db, "--size", "4", "--time-limit", "0.2", "--wall-limit", "10"],
                   check=True, stdout=subprocess.DEVNULL)


def enter(db, name, submission):
    """Enters (or replaces) a submission folder holding lab7part2.c, compiled as grading compiles it."""
    subprocess.run([reversi, "leaderboard", "add", db, name, submission], check=True, stdout=subprocess.DEVNULL)


def submission(root, name, style, extra=""):
    folder = os.path.join(root, "submissions", re.sub(r"[^A-Za-z0-9]", "_", name))
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(here, "leaderboard_player.c")) as f:
        source = f.read()
    with open(os.path.join(folder, "lab7part2.c"), "w") as f:
        f.write("#define STYLE_%s\n%s%s" % (style, extra, source))
    return folder


def query(db, sql, args=()):
    con = sqlite3.connect(db)
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def run(db, env, *args):
    return subprocess.run([reversi, "leaderboard", "run", db] + list(args), env=env, capture_output=True, text=True,
                          timeout=300)


def entry_ids(db):
    return {name: i for i, name in query(db, "SELECT id, name FROM entries")}


def every_pair_once(db, what):
    ids = sorted(entry_ids(db).values())
    games = query(db, "SELECT g.black, g.white FROM games g JOIN entries b ON b.id = g.black AND b.version = "
                      "g.black_version JOIN entries w ON w.id = g.white AND w.version = g.white_version "
                      "WHERE g.stage = 'league'")
    expected = sorted((a, b) for a in ids for b in ids if a != b)
    check(what + ": every ordered pair exactly once (%d games)" % len(expected), sorted(games) == expected,
          "%d games" % len(games))
    check(what + ": no claim left", query(db, "SELECT count(*) FROM claims")[0][0] == 0)


ENTRIES = [("correct", "GREEDY", ""), ("weak", "WEAK", ""), ("noflush", "NOFLUSH", ""),
           ("illegal", "ILLEGAL", ""), ("overtime", "OVERTIME", ""), ("crash", "CRASH", ""),
           ("<script>alert(1)</script>", "GREEDY", "#define SEED 5\n"), ("random3", "RANDOM", "#define SEED 3\n"),
           ("random4", "RANDOM", "#define SEED 4\n"), ("random5", "RANDOM", "#define SEED 5\n"),
           ("weak2", "WEAK", "/* a second weak one */\n"), ("noflush2", "NOFLUSH", "#define SEED 2\n")]
FAULTY = {"illegal": "IM", "overtime": "TLE", "crash": "CRASH"}


def check_faults(db):
    """Each faulty entry loses every game by its own fault, except those against another faulty entry
    that moved first (Black); no other entry has a fault. A failure shows the games with their reasons
    (a timing fault names the limit and the answer it was waiting for)."""
    ids = entry_ids(db)
    names = {i: name for name, i in ids.items()}
    faulty = {ids[name] for name in FAULTY}
    rows = query(db, "SELECT black, white, fault_by, fault_code, fault_reason FROM games")
    shown = lambda games: ["%s-%s: %s %s %s" % (names[b], names[w], by, code, reason) for b, w, by, code, reason
                           in games][:4]
    for name, code in FAULTY.items():
        me = ids[name]
        mine = [r for r in rows if me == r[0] or (me == r[1] and r[0] not in faulty)]
        theirs = [r for r in mine if r[2] == ("B" if r[0] == me else "W")]
        check("%s lost every game by its own fault" % name, len(theirs) == len(mine) > 0,
              "%d of %d; not: %s" % (len(theirs), len(mine), shown(r for r in mine if r not in theirs)))
        check("%s: its faults are %s" % (name, code), all(r[3] == code for r in theirs),
              shown(r for r in theirs if r[3] != code))
    for name in set(ids) - set(FAULTY):
        faults = [r for r in rows if r[2] and ids[name] == (r[0] if r[2] == "B" else r[1])]
        check("%s: no fault of its own" % name, not faults, shown(faults))


def check_api(db):
    """The standings as /api/leaderboard answers them (`standings --json` is the same body): every entry,
    ranks in the order of the scores, the indicators as each score's percentage of the top one, the
    statuses of the faulty entries their codes and of the others exactly PASS, W-D-L adding up."""
    import json
    result = subprocess.run([reversi, "leaderboard", "standings", db, "--json"], capture_output=True, text=True)
    check("standings --json: exit status 0", result.returncode == 0, result.stderr[-300:])
    body = json.loads(result.stdout)
    rows = body["entries"]
    check("the API lists every entry once", sorted(r["name"] for r in rows) == sorted(n for n, _, _ in ENTRIES),
          [r["name"] for r in rows])
    check("games played and none pending", body["games"] == len(ENTRIES) * (len(ENTRIES) - 1) and
          body["pending"] == 0, (body["games"], body["pending"]))
    scores = [r["score"] for r in rows]
    check("ranks follow the scores", scores == sorted(scores, reverse=True) and rows[0]["rank"] == 1 and
          all(a["rank"] <= b["rank"] for a, b in zip(rows, rows[1:])), [(r["rank"], r["score"]) for r in rows])
    top = rows[0]["score"]
    # Against the unrounded percentage: the page rounds the percentage of its unrounded scores, and
    # rounding again from the rounded scores crossed a rounding boundary (98.9147 vs 98.92 %).
    check("indicators are the scores' percentages of the top one",
          all(abs(r["indicator"] - 100 * r["score"] / top) < 0.006 for r in rows),
          [(r["score"], r["indicator"]) for r in rows])
    status = {r["name"]: r["status"] for r in rows}
    expected = {name: FAULTY.get(name, "PASS") for name, _, _ in ENTRIES}
    check("statuses: IM, TLE, CRASH for the faulty entries, PASS for the others", status == expected, status)
    check("W-D-L: each entry played every other twice",
          all(r["wins"] + r["draws"] + r["losses"] == 2 * (len(ENTRIES) - 1) for r in rows))
    faulty_ranks = [r["rank"] for r in rows if r["name"] in FAULTY]
    check("the faulty entries, losing every game they move in, rank last", min(faulty_ranks) > max(
        r["rank"] for r in rows if r["name"] not in FAULTY), [(r["name"], r["rank"]) for r in rows])


def processes_naming(path):
    """The pids of the processes whose command line names `path` (a run and its forked workers)."""
    found = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open("/proc/%s/cmdline" % pid, "rb") as f:
                    if path.encode() in f.read():
                        found.append(int(pid))
            except OSError:
                pass
    return found


def kill9_then_run(db, env):
    first = subprocess.Popen([reversi, "leaderboard", "run", db, "--jobs", "4"], env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 120  # deadlines here only bound a failure: a loaded machine may need them
    while time.time() < deadline and query(db, "SELECT count(*) FROM games")[0][0] < 12:
        time.sleep(0.05)
    first.kill()
    first.wait()
    first.stderr.close()
    # Counted once it is dead: until then it went on recording games and freeing their claims.
    played_before = query(db, "SELECT count(*) FROM games")[0][0]
    claims_before = query(db, "SELECT count(*) FROM claims")[0][0]
    # Failed before: its game workers (forks of it) played on, unable to record, beside the next run.
    deadline = time.time() + 30
    while time.time() < deadline and processes_naming(db):
        time.sleep(0.05)
    check("kill -9: none of its game workers outlives it", not processes_naming(db), processes_naming(db))
    check("kill -9 in the middle: some games played, some not",
          0 < played_before < len(ENTRIES) * (len(ENTRIES) - 1), played_before)
    second = run(db, env, "--jobs", "4")
    check("the run after it: exit status 0", second.returncode == 0, second.stderr[-800:])
    if claims_before:
        check("the run after it frees the dead run's %d claims" % claims_before,
              "freed %d claim" % claims_before in second.stderr, second.stderr[:400])
    check("it says how many games are missing and their cost", re.search(r"missing: \d+ games?: about", second.stderr),
          second.stderr[:400])
    check("it says the scheduler's cost per game", "ms a game (median" in second.stderr, second.stderr[-300:])
    print(second.stderr.strip().splitlines()[-1])
    every_pair_once(db, "after kill -9 and run")


def resubmit_and_stop(db, root, env, sandboxes):
    """A resubmission replaces its entry; the run replaying its games is stopped by SIGTERM."""
    ids = entry_ids(db)
    before = set(os.listdir(sandboxes))
    enter(db, "weak", submission(root, "weak", "GREEDY", "/* fixed */\n"))
    check("a resubmission keeps its entry", entry_ids(db) == ids)
    proc = subprocess.Popen([reversi, "leaderboard", "run", db, "--jobs", "4"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    replayed = lambda: query(db, "SELECT count(*) FROM games WHERE black_version = 2 OR white_version = 2")[0][0]
    deadline = time.time() + 120
    while time.time() < deadline and replayed() < 2:
        time.sleep(0.02)
    at_signal = replayed()
    proc.send_signal(signal.SIGTERM)
    err = proc.communicate(timeout=60)[1]
    check("SIGTERM: exit status 143", proc.returncode == 143,
          (proc.returncode, "%d of %d games replayed at the signal" % (at_signal, 2 * (len(ids) - 1)), err[-300:]))
    check("it said it would replay exactly the resubmitted entry's games",
          re.search(r"missing: %d games" % (2 * (len(ids) - 1)), err), err[:300])
    check("SIGTERM: its claims are freed", query(db, "SELECT count(*) FROM claims")[0][0] == 0)
    left = sorted(set(os.listdir(sandboxes)) - before)
    check("SIGTERM: no sandbox or program folder left", not left, left)


def plan_and_merge(db, root, env):
    """The rest of the resubmission's games through plan, the commands, and merge."""
    ids = entry_ids(db)
    out = os.path.join(root, "plan")
    result = subprocess.run([reversi, "leaderboard", "plan", db, "--out", out], env=env, capture_output=True, text=True)
    check("plan: exit status 0", result.returncode == 0, result.stderr[-500:])
    with open(os.path.join(out, "commands.txt")) as f:
        lines = f.read().splitlines()
    current = query(db, "SELECT count(*) FROM games g JOIN entries b ON b.id = g.black AND b.version = "
                        "g.black_version JOIN entries w ON w.id = g.white AND w.version = g.white_version")[0][0]
    missing = len(ids) * (len(ids) - 1) - current
    check("plan: one command per missing game", len(lines) == missing > 0, (len(lines), missing))
    with concurrent.futures.ThreadPoolExecutor(4) as pool:  # as `parallel -j 4 < commands.txt` would
        list(pool.map(lambda line: subprocess.run(line, shell=True, env=env, stdout=subprocess.DEVNULL,
                                                  stderr=subprocess.DEVNULL), lines))
    merged = subprocess.run([reversi, "leaderboard", "merge", db, out], env=env, capture_output=True, text=True)
    check("merge: exit status 0", merged.returncode == 0, merged.stderr[-500:])
    check("merge: records every planned game", ("recorded %d game" % len(lines)) in merged.stdout, merged.stdout)
    again = subprocess.run([reversi, "leaderboard", "merge", db, out], env=env, capture_output=True, text=True)
    check("merge again: nothing new", "recorded 0 games; %d already" % len(lines) in again.stdout, again.stdout)
    every_pair_once(db, "after plan and merge")
    weak = query(db, "SELECT count(*) FROM games WHERE (black = ? AND black_version = 2) OR (white = ? AND "
                     "white_version = 2)", (ids["weak"], ids["weak"]))[0][0]
    check("the resubmission's games are all played at its new version", weak == 2 * (len(ids) - 1), weak)
    result = run(db, env)
    check("run with nothing missing: says so, exit status 0", result.returncode == 0 and "missing: 0 games" in
          result.stderr, result.stderr[-300:])


def referee_failure(root, env):
    """A sandbox that cannot start (bubblewrap missing) is the referee's failure, not the players': the run
    stops with status 1 and records no game, rather than branding every entry CRASH (it did before)."""
    db = os.path.join(root, "broken.db")
    make_league(db)
    for name in ("left", "right"):
        enter(db, name, submission(root, name, "GREEDY"))
    result = run(db, dict(env, REVERSI_BWRAP="/nonexistent/bwrap"))
    check("a broken sandbox: exit status 1, saying the referee failed",
          result.returncode == 1 and "referee failed" in result.stderr, (result.returncode, result.stderr[-300:]))
    check("a broken sandbox: no game recorded, no claim left",
          query(db, "SELECT count(*) FROM games")[0][0] == 0 and query(db, "SELECT count(*) FROM claims")[0][0] == 0)


def main():
    root = tempfile.mkdtemp(prefix="reversi-leaderboard-e2e-")
    os.chmod(root, 0o711)
    sandboxes = os.path.join(root, "tmp")
    os.makedirs(sandboxes)
    os.chmod(sandboxes, 0o755)
    env = dict(os.environ, TMPDIR=sandboxes)
    db = os.path.join(root, "league.db")
    try:
        make_league(db)
        graded = []  # the faultless ones go in as the course entered them: through grading
        for name, style, extra in ENTRIES:
            folder = submission(root, name, style, extra)
            if name in FAULTY or "/" in name:
                enter(db, name, folder)
            else:
                graded.append(folder)
        grade = subprocess.run([reversi, "grade", "part2"] + graded + ["--sizes", "4", "--leaderboard", db], cwd=root,
                               env=env, capture_output=True, text=True)
        check("grade part2 --leaderboard: exit status 0", grade.returncode == 0, grade.stderr[-500:])
        check("every submission entered", sorted(entry_ids(db)) == sorted(name for name, _, _ in ENTRIES),
              sorted(entry_ids(db)))
        started = time.time()
        kill9_then_run(db, env)
        check_faults(db)
        check_api(db)
        resubmit_and_stop(db, root, env, sandboxes)
        plan_and_merge(db, root, env)
        referee_failure(root, env)
        print("played in %.1f s" % (time.time() - started))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
