#!/usr/bin/env python3
"""The command-line conventions of every front-end (README.md, "Commands"):

- `--version` prints "reversi X.Y.Z" and exits 0, from `reversi` and each lab executable;
- `reversi help [COMMAND]` prints what `--help` prints, and exits 2 for an unknown command;
- every command's --help ends with examples;
- a command line that cannot be run (unknown option, bad or missing value) exits 2 with one line on
  standard error naming the command, and nothing on standard output;
- the lab game programs, run with a terminal on standard input, say on standard error (never standard
  output, which stays the byte-exact transcript) where the forgiving game is; through a pipe they say nothing.

    test_cli.py BUILD_DIR
"""
import os
import pty
import re
import subprocess
import sys

build = sys.argv[1]
failures = []


def run(args, stdin=None, input_text=""):
    p = subprocess.run([os.path.join(build, args[0])] + args[1:], input=input_text if stdin is None else None,
                       stdin=stdin, capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL: " + what)


# --version
for exe in ["reversi", "lab6", "lab7part1", "lab7part2"]:
    code, out, err = run([exe, "--version"])
    check(code == 0 and re.fullmatch(r"reversi \d+\.\d+\.\d+\n", out), "%s --version: %r %r" % (exe, code, out))

# reversi help, and the commands it lists
code, top, _ = run(["reversi", "help"])
check(code == 0 and "Subcommands:" in top, "reversi help lists the commands")
commands = re.findall(r"^  ([a-z0-9]+) {2,}", top.split("Subcommands:")[1], re.M)
check(len(commands) >= 15, "reversi help lists %d commands" % len(commands))
for name in commands:
    code, out, _ = run(["reversi", name, "--help"])
    check(code == 0 and "Examples:" in out, "reversi %s --help ends with examples" % name)
    code2, out2, _ = run(["reversi", "help", name])
    check(code2 == 0 and out2 == out, "reversi help %s prints what --help prints" % name)
code, out, err = run(["reversi", "help", "train8", "corpus"])
check(code == 0 and "reversi train8 corpus" in out, "reversi help train8 corpus")
code, out, err = run(["reversi", "help", "match"])
flat = " ".join(out.split())
for word in ("time=", "depth=", "eval=", "mpc=", "asp=", "w.NAME=", "cmd:", "gtp:", "nboard:"):
    check(word in flat, "reversi help match names every player kind and part2 option the parser takes: %s" % word)
# reversi tune: an unknown weight is one line and exit 2; a tiny descent plays its matches and prints
# each score and the weights it ends with.
code, out, err = run(["reversi", "tune", "--params", "nosuch", "--games", "2"])
check(code == 2 and out == "" and err == 'reversi tune: unknown weight "nosuch"\n', "tune: unknown weight: %r %r" % (out, err))
code, out, err = run(["reversi", "tune", "--params", "parity", "--sizes", "4", "--games", "2", "--move-time", "0.005"])
check(code == 0 and out.count(" score ") == 2 and out.splitlines()[-1].startswith("weights: mobility.open="),
      "tune: a descent over one weight plays two matches and prints the weights: %r %r" % (out, err))
# reversi train8 run: the pipeline labels and fits the last phases into WORK/weights-PP.bin, a second run
# finds them done, and its phase 0 is what `train8 fit` makes from the same labels (without the
# neighbouring phases, whose labels the run had not made yet when it fitted phase 0).
import tempfile
with tempfile.TemporaryDirectory() as work:
    corpus, out_dir = os.path.join(work, "corpus"), os.path.join(work, "w")
    code, _, err = run(["reversi", "train8", "corpus", "--dir", corpus, "--games", "20", "--block-games", "10"])
    check(code == 0, "train8 corpus: %r" % err)
    code, out, err = run(["reversi", "train8", "run", "--corpus", corpus, "--work", out_dir, "--last-phase", "1", "--overlap", "0"])
    last = os.path.join(out_dir, "weights-01.bin")
    check(code == 0 and out == "weights after phase 1: %s\n" % last and os.path.exists(last), "train8 run: %r %r" % (out, err))
    stamp = os.stat(last).st_mtime_ns if os.path.exists(last) else None
    code, out, _ = run(["reversi", "train8", "run", "--corpus", corpus, "--work", out_dir, "--last-phase", "1"])
    check(code == 0 and os.path.exists(last) and os.stat(last).st_mtime_ns == stamp, "train8 run resumes: the done phases are kept")
    alone = os.path.join(work, "alone.bin")
    code, _, err = run(["reversi", "train8", "fit", "--labels", os.path.join(out_dir, "labels"), "--phase", "0", "--overlap", "0", "-o", alone])
    same = code == 0 and open(alone, "rb").read() == open(os.path.join(out_dir, "weights-00.bin"), "rb").read()
    check(same, "train8 fit of phase 0 from the run's labels writes the run's weights-00.bin: %r" % err)
    # train8 label takes --corpus more than once: two corpora give more positions than one.
    other = os.path.join(work, "corpus2")
    code, _, err = run(["reversi", "train8", "corpus", "--dir", other, "--games", "20", "--block-games", "10", "--seed", "2"])
    check(code == 0, "train8 corpus --seed 2: %r" % err)
    counts = []
    for name, corpora in (("one", [corpus]), ("two", [corpus, other])):
        labels = os.path.join(work, name)
        code, _, err = run(["reversi", "train8", "label", "--out", labels, "--phase", "1"]
                           + [a for c in corpora for a in ("--corpus", c)])
        manifest = os.path.join(labels, "phase-01", "manifest.txt")
        counts.append(int(open(manifest).read().split()[1]) if code == 0 and os.path.exists(manifest) else -1)
        check(code == 0, "train8 label --corpus x %d: %r" % (len(corpora), err))
    check(0 < counts[0] < counts[1], "train8 label from two corpora labels more positions than from one: %s" % counts)
code, out, err = run(["reversi", "help", "nosuchcommand"])
check(code == 2 and out == "" and "nosuchcommand" in err, "reversi help of an unknown command exits 2")

# Command lines that cannot be run: exit 2, one line on standard error naming the command.
bad = [
    (["reversi", "--no-such-option"], "reversi"),
    (["reversi", "nosuchcommand"], "reversi"),
    (["reversi", "match", "part2"], "reversi match"),
    (["reversi", "match", "part2", "greedy", "--games", "0"], "reversi match"),
    (["reversi", "match", "part2", "greedy", "--games", "x"], "reversi match"),
    (["reversi", "tournament", "greedy", "smarter", "--sizes"], "reversi tournament"),
    (["reversi", "part2", "--move-time", "0"], "reversi part2"),
    (["reversi", "part1", "--edition", "2020"], "reversi part1"),
    (["reversi", "play", "--size", "30"], "reversi play"),
    (["reversi", "perft", "--depth", "0"], "reversi perft"),
    (["reversi", "solve"], "reversi solve"),
    (["reversi", "train8", "corpus"], "reversi train8 corpus"),
    (["reversi", "play", "--size", "5"], "reversi play"),
    (["reversi", "play", "--black", "nobody"], "reversi play"),
    (["reversi", "match", "part2", "nobody"], "reversi match"),
    (["reversi", "match", "part2", "greedy", "--sizes", "5"], "reversi match"),
    (["reversi", "tournament", "greedy"], "reversi tournament"),
    (["reversi", "replay", "/nonexistent/game.txt"], "reversi replay"),
    (["reversi", "train-nxn", "share", "--weights", "w.bin", "--from", "16", "--to", "8", "-o", "x.bin"], "reversi train-nxn share"),
    (["lab6", "--extra"], "lab6"),
    (["lab7part1", "--edition"], "lab7part1"),
    (["lab7part2", "--depth", "99"], "lab7part2"),
    (["reversi", "match", "part2", "greedy", "--sprt", "30,0"], "reversi match"),
    (["reversi", "match", "part2", "greedy", "--sprt", "nan,5"], "reversi match"),
    (["reversi", "match", "part2", "greedy", "--sprt", "0,30", "--results", "r", "--plan", "p.txt"], "reversi match"),
    (["reversi", "tournament", "part2", "greedy", "--sprt", "0,30"], "reversi tournament"),
]
# Every option that takes a number of seconds, a rate or a fraction refuses NaN and the infinities
# (CLI::Range alone lets NaN through: every comparison with it is false).
double_options = [
    (["reversi", "play"], ["--move-time", "--delay", "--hint-time"]),
    (["reversi", "replay", "game.txt"], ["--delay"]),
    (["reversi", "part2"], ["--move-time"]),
    (["lab7part2"], ["--move-time"]),
    (["reversi", "nboard"], ["--move-time"]),
    (["reversi", "gtp"], ["--move-time"]),
    (["reversi", "match", "part2", "greedy"], ["--time-limit", "--wall-limit"]),
    (["reversi", "bench"], ["--move-time", "--game-move-time"]),
    (["reversi", "tune"], ["--move-time", "--accept"]),
    (["reversi", "train8", "corpus", "--dir", "x"], ["--random-moves"]),
    (["reversi", "train8", "fit", "--labels", "x", "--phase", "0", "--weights", "w", "--out", "o"], ["--regularisation", "--validation"]),
    (["reversi", "train8", "probcut", "--corpus", "c", "--out", "o"], ["--t"]),
    (["reversi", "train-nxn", "fit", "--games", "g", "--size", "10", "-o", "o"], ["--regularisation", "--validation"]),
    (["reversi", "train-nxn", "probcut", "--games", "g", "--size", "10", "-o", "o"], ["--t"]),
    (["reversi", "analyse", "x"], ["--time"]),
    (["reversi", "grade", "part2", "s"], ["--time-limit", "--case-time-limit"]),
]
for command, options in double_options:
    for option in options:
        for value in ["nan", "NaN", "-nan", "inf", "-inf", "infinity", "1e999"]:
            bad.append((command + [option, value], " ".join(command[:3 if command[0] == "reversi" and command[1] in ("train8", "train-nxn") else 2 if command[0] == "reversi" else 1])))

for args, name in bad:
    code, out, err = run(args)
    lines = err.splitlines()
    check(code == 2 and out == "" and len(lines) == 1 and lines[0].startswith(name + ": "),
          "%s: exit %d, stdout %r, stderr %r" % (" ".join(args), code, out, err))

# A command that runs and fails (here: a file it cannot read) exits 1 with one line naming the command.
code, out, err = run(["reversi", "train-nxn", "share", "--weights", "/nonexistent/w.bin", "--from", "16", "--to", "20", "-o", "/nonexistent/x.bin"])
check(code == 1 and out == "" and err == "reversi train-nxn share: cannot open /nonexistent/w.bin: No such file or directory\n",
      "train-nxn share of a missing file: exit %d, stdout %r, stderr %r" % (code, out, err))
# The command's earlier name still runs it (scripts written for it keep working).
code, out, err = run(["reversi", "trainn", "share", "--weights", "/nonexistent/w.bin", "--from", "16", "--to", "20", "-o", "/nonexistent/x.bin"])
check(code == 1 and out == "" and err == "reversi train-nxn share: cannot open /nonexistent/w.bin: No such file or directory\n",
      "trainn, the earlier name of train-nxn, runs it: exit %d, stdout %r, stderr %r" % (code, out, err))
# A device that never ends is refused at the data files' limit, not read until memory runs out.
code, out, err = run(["reversi", "train-nxn", "share", "--weights", "/dev/zero", "--from", "16", "--to", "20", "-o", "/nonexistent/x.bin"])
check(code == 1 and out == "" and err == "reversi train-nxn share: /dev/zero: larger than 256 MiB\n",
      "train-nxn share of /dev/zero: exit %d, stdout %r, stderr %r" % (code, out, err))

# The lab game programs at a terminal point to `reversi play`, on standard error only.
for args in (["lab7part1"], ["lab7part2", "--depth", "1"], ["reversi", "part1"], ["reversi"]):
    master, slave = pty.openpty()
    os.write(master, b"4\nW\nzz\n")  # an invalid first move ends the game
    code, out, err = run(args, stdin=slave)
    os.close(slave)
    os.close(master)
    check(out.startswith("Enter the board dimension: ") and "reversi play" not in out,
          "%s at a terminal: standard output is the transcript: %r" % (" ".join(args), out[:80]))
    check("`reversi play`" in err, "%s at a terminal: the hint on standard error: %r" % (" ".join(args), err))
    code, out, err = run(args, input_text="4\nW\nzz\n")
    check("reversi play" not in err, "%s through a pipe: no hint: %r" % (" ".join(args), err))

if failures:
    print("%d failure(s)" % len(failures))
    sys.exit(1)
print("command line: every check passed")
