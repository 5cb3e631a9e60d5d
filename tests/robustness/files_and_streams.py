#!/usr/bin/env python3
"""Every file and stream path keeps the user's data: what the programs do with files they
write and read, with standard output that cannot be written, with memory that is not there, with
options that are not numbers, with NBoard moves that are not legal and with control bytes in input.
Each check is tagged with the issue's item number, so that `--only 3,5` runs a part.

    files_and_streams.py BUILD_DIR [--only ITEMS]
"""
import os
import pty
import resource
import stat
import subprocess
import sys
import tempfile
import time

build = os.path.abspath(sys.argv[1])
only = None
if "--only" in sys.argv:
    only = {int(x) for x in sys.argv[sys.argv.index("--only") + 1].split(",")}
reversi = os.path.join(build, "reversi")
failures = []
checks = 0
is_root = os.geteuid() == 0


def check(item, condition, what):
    global checks
    checks += 1
    if not condition:
        failures.append((item, what))
        print("FAIL [item %d] %s" % (item, what))


def wanted(item):
    return only is None or item in only


def run(args, input_bytes=b"", stdin=None, stdout=None, env=None, limit_as=None, timeout=60, cwd=None):
    """Runs a program; returns (status, stdout bytes, stderr bytes, max RSS in KiB of the child)."""
    def limits():
        if limit_as is not None:
            resource.setrlimit(resource.RLIMIT_AS, (limit_as, limit_as))
    full_env = dict(os.environ)
    full_env.update(env or {})
    p = subprocess.Popen(args, stdin=stdin if stdin is not None else subprocess.PIPE,
                         stdout=stdout if stdout is not None else subprocess.PIPE, stderr=subprocess.PIPE,
                         env=full_env, preexec_fn=limits, cwd=cwd)
    try:
        out, err = p.communicate(None if stdin is not None else input_bytes, timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        return -999, out or b"", err or b"", 0
    return p.returncode, out or b"", err or b"", resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss


def peak_rss(args):
    """The peak resident memory (KiB) of one run of a program, measured in a process of its own (this
    process's RUSAGE_CHILDREN is the peak over every child it has had)."""
    probe = ("import resource, subprocess, sys\n"
             "subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    return int(subprocess.run([sys.executable, "-c", probe] + args, capture_output=True, text=True, timeout=60).stdout)


def on_terminal(args, input_bytes, env=None, timeout=60):
    """Runs a program with a terminal (a pty) as standard input, as a person at the keyboard does;
    standard output and error are pipes. Returns (status, stdout, stderr)."""
    master, slave = pty.openpty()
    os.write(master, input_bytes)
    full_env = dict(os.environ)
    full_env.update(env or {})
    try:
        p = subprocess.run(args, stdin=slave, capture_output=True, env=full_env, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    finally:
        os.close(slave)
        os.close(master)


def text(b):
    return b.decode("utf-8", "replace")


work = tempfile.mkdtemp(prefix="reversi-robust-")
config_home = os.path.join(work, "config")
os.makedirs(config_home)
base_env = {"XDG_CONFIG_HOME": config_home, "NO_COLOR": "1"}


def path(name):
    return os.path.join(work, name)


def write(name, data, mode=None):
    with open(path(name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    if mode is not None:
        os.chmod(path(name), mode)
    return path(name)


def read(p):
    with open(p, "rb") as f:
        return f.read()


def play(input_text, *options, env=None):
    return run([reversi, "play", "--black", "human", "--white", "human", "--size", "8", "--no-color"] + list(options),
               input_text.encode(), env=dict(base_env, **(env or {})))


# Does the build run under an address-space limit at all? (AddressSanitizer does not.)
limits_work = run([reversi, "--version"], limit_as=2 << 30)[0] == 0

# ---------------------------------------------------------------------------------------------------
# 1. The atomic writer never destroys what the path stands for.
if wanted(1):
    os.makedirs(path("real"))
    write("real/game.txt", "8 f5\n")
    os.symlink("real/game.txt", path("link.txt"))
    status, out, err, _ = play("f5\nsave %s\nquit\n" % path("link.txt"))
    check(1, status == 0 and os.path.islink(path("link.txt")), "save through a symlink keeps the link: %r" % err)
    check(1, read(path("real/game.txt")).endswith(b"8 f5\n") and b"# reversi play" in read(path("real/game.txt")),
          "save through a symlink writes the link's target: %r" % read(path("real/game.txt")))

    write("private.txt", "old\n", 0o640)
    play("f5\nsave %s\nquit\n" % path("private.txt"))
    check(1, stat.S_IMODE(os.stat(path("private.txt")).st_mode) == 0o640,
          "save keeps the permissions 0640: %o" % stat.S_IMODE(os.stat(path("private.txt")).st_mode))

    os.makedirs(path("games"))
    status, out, err, _ = play("f5\nsave %s\nquit\n" % path("games"))
    check(1, b"is a directory" in out and os.path.isdir(path("games")), "save to a directory: %r" % out[-200:])

    # --json through a link to /dev/stdout: written to standard output, the link stays.
    os.symlink("/dev/stdout", path("json-link"))
    with open(path("match.out"), "wb") as f:
        status, _, err, _ = run([reversi, "match", "greedy", "random:1", "--sizes", "4", "--games", "2",
                                 "--json", path("json-link")], stdout=f)
    summary = read(path("match.out"))
    check(1, status == 0 and os.path.islink(path("json-link")), "--json to a link to /dev/stdout keeps the link: %r" % err)
    check(1, b'"games"' in summary and b"greedy" in summary.split(b"{")[0],
          "--json /dev/stdout: the summary and the JSON both on standard output: %r" % summary[:200])

    # --record into a FIFO: written to the reader, never replaced.
    os.mkfifo(path("fifo"))
    reader = subprocess.Popen(["cat", path("fifo")], stdout=subprocess.PIPE)
    status, out, err, _ = run([reversi, "play", "--black", "greedy", "--white", "greedy", "--size", "4", "--no-color",
                               "--record", path("fifo")], b"", env=base_env)
    try:
        received = reader.communicate(timeout=10)[0]
    except subprocess.TimeoutExpired:  # nothing ever opened the FIFO
        reader.kill()
        received = reader.communicate()[0]
    check(1, stat.S_ISFIFO(os.lstat(path("fifo")).st_mode) and received.startswith(b"#"),
          "--record to a FIFO: written through it (%r), still a FIFO" % received[:40])

    # As root: a device node as the settings file stays a device node (an interactive game rewrites
    # its settings); a copy of /dev/zero in the scratch directory, never the real one.
    if is_root:
        os.mknod(path("zero"), 0o666 | stat.S_IFCHR, os.makedev(1, 5))
        status, out, err = on_terminal([reversi, "play", "--config", path("zero"), "--black", "greedy", "--white",
                                        "greedy", "--size", "4", "--no-color"], b"n\n", env=base_env)
        check(1, stat.S_ISCHR(os.lstat(path("zero")).st_mode), "--config on a device node: still a device")
        check(1, len(err.splitlines()) <= 2 and all(len(line) < 200 for line in err.splitlines()),
              "--config on a device node: short messages: %r" % err[:300])
    # No temporary file left anywhere.
    left = [n for n in os.listdir(work) + os.listdir(path("real")) if "tmp" in n]
    check(1, not left, "temporary files left: %r" % left)

# ---------------------------------------------------------------------------------------------------
# 2. save/load: the rest of the line is the file's name.
if wanted(2):
    os.makedirs(path("names"))
    spaced = path("names/my game.txt")
    status, out, err, _ = play("f5\nsave %s\nquit\n" % spaced)
    check(2, os.path.exists(spaced) and not os.path.exists(path("names/my")),
          "save with a space in the name: %r" % sorted(os.listdir(path("names"))))
    long_name = path("names/tournament-final.txt.backup-" + "x" * 80 + ".txt")
    write("names/tournament-final.txt", "8 f5d6\n")
    status, out, err, _ = play("f5\nd6\nc3\nsave %s  \nquit\n" % long_name)
    check(2, os.path.exists(long_name) and read(path("names/tournament-final.txt")) == b"8 f5d6\n",
          "save with a name over 64 characters: %r" % sorted(os.listdir(path("names"))))
    status, out, err, _ = play("load %s\nquit\n" % spaced)
    check(2, b"Loaded 1 move from " + spaced.encode() in out, "load with a space in the name: %r" % out[-300:])

# ---------------------------------------------------------------------------------------------------
# 3. Bounded reads: a line, a file, a device; directories and missing files named.
if wanted(3):
    write("tiny.obf", "X" * 30 + "O" * 30 + "----" + " X\n")
    rss_small = peak_rss([reversi, "solve", path("tiny.obf")])
    with open(path("oneline.obf"), "wb") as f:
        f.write(b"X" * (64 << 20))  # one line of 64 MiB
    status, out, err, _ = run([reversi, "solve", path("oneline.obf")])
    check(3, status == 2 and len(err) < 300 and b"oneline.obf:1:" in err,
          "solve of a 64 MiB line: one short message naming the file and line: %d %r" % (status, err[:300]))
    rss = peak_rss([reversi, "solve", path("oneline.obf")])
    check(3, rss - rss_small < 16 * 1024, "solve of a 64 MiB line: %d KiB more memory than a tiny file" % (rss - rss_small))
    os.remove(path("oneline.obf"))
    status, out, err, rss = run([reversi, "solve", "/dev/zero"], timeout=20)
    check(3, status == 2 and len(err) < 300 and b"/dev/zero" in err,
          "solve /dev/zero: a short refusal within 20 s: %d %r" % (status, err[:300]))
    status, out, err, _ = run([reversi, "replay", "/dev/zero"], timeout=20)
    check(3, status == 2 and len(err) < 300, "replay /dev/zero: %d %r" % (status, err[:300]))
    write("long-line.txt", "8 " + "f5" * 100000 + "\n")
    status, out, err, _ = run([reversi, "replay", path("long-line.txt")])
    check(3, status == 2 and len(err) < 300 and b"long-line.txt:1:" in err, "replay of a long line: %r" % err[:300])
    write("long.conf", "size = 6\n" + "#" * (1 << 20) + "\n")
    status, out, err, _ = run([reversi, "play", "--config", path("long.conf"), "--black", "greedy", "--white", "greedy",
                               "--size", "4", "--no-color"], env=base_env)
    check(3, status == 0 and len(err) < 300 and b"long.conf:2:" in err, "a settings file with a long line: %r" % err[:300])
    for command in (["solve"], ["replay"]):
        status, out, err, _ = run([reversi] + command + [work])
        check(3, status == 2 and b"is a directory" in err, "%s DIR: %r" % (command[0], err))
        status, out, err, _ = run([reversi] + command + [path("missing.txt")])
        check(3, status == 2 and b"cannot open" in err and b"No such file or directory" in err,
              "%s of a missing file gives the reason: %r" % (command[0], err))

# ---------------------------------------------------------------------------------------------------
# 4. Memory: the tables are checked before they are made; no abort on std::bad_alloc.
if wanted(4):
    write("ffo.obf", "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X\n")
    if limits_work:
        status, out, err, _ = run([reversi, "solve", path("ffo.obf"), "--table-bits", "28"], limit_as=4 << 30)
        check(4, status == 2 and b"--table-bits" in err and len(err.splitlines()) == 1,
              "solve --table-bits 28 under a 4 GiB limit: status %d, %r" % (status, err[:300]))
        write("two.obf", "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X\n" * 20)
        status, out, err, _ = run([reversi, "solve", path("two.obf"), "-j", "19", "--table-bits", "26"],
                                  limit_as=8 << 30)
        check(4, status == 2 and b"jobs" in err and len(err.splitlines()) == 1,
              "solve -j 19 --table-bits 26 under an 8 GiB limit: status %d, %r" % (status, err[:300]))
        # GTP makes its engine and tables at clear_board, not at start-up: a controller that only asks
        # for the name costs a fraction of a game's memory (66 MiB when start-up made an engine).
        rss = peak_rss([reversi, "gtp"])
        check(4, rss < 32 * 1024, "reversi gtp until end of input: %d KiB at most" % rss)
        # Under ever smaller limits, a game against the engine ends normally or says it ran out of
        # memory: never a signal.
        seen = set()
        smallest = next(m for m in range(4, 400, 4) if run([reversi, "--version"], limit_as=m << 20)[0] == 0)
        for mib in range(smallest, smallest + 160, 4):
            status, out, err, _ = run([reversi, "part2", "--depth", "2"], b"8\nB\n", limit_as=mib << 20, timeout=30)
            seen.add(status)
            check(4, status in (0, 1, 2), "part2 under a %d MiB limit: status %d, %r" % (mib, status, err[-200:]))
            if status == 2:  # "reversi part2: out of memory" (or another failure's one line)
                check(4, len(err.splitlines()) == 1 and err.startswith(b"reversi part2: "),
                      "part2 under %d MiB: %r" % (mib, err))
        check(4, 2 in seen, "some limit made part2 run out of memory (statuses %r)" % sorted(seen))
    else:
        print("skipped the memory limits: this build does not run under RLIMIT_AS (sanitizers)")

# ---------------------------------------------------------------------------------------------------
# 5. A failed write on standard output is an error.
if wanted(5):
    game = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "spec-examples")
    cases = [
        ([os.path.join(build, "lab6")], open(os.path.join(game, "lab6-handout-1.in"), "rb").read()),
        ([os.path.join(build, "lab7part1")], open(os.path.join(game, "part1-handout-1.in"), "rb").read()),
        ([os.path.join(build, "lab7part2"), "--depth", "1"], b"4\nB\n"),
        ([reversi, "perft", "--depth", "3"], b""),
        ([reversi, "solve", path("tiny.obf") if os.path.exists(path("tiny.obf")) else
          write("tiny.obf", "X" * 30 + "O" * 30 + "----" + " X\n")], b""),
        ([reversi, "replay", write("short.txt", "8 f5d6\n"), "--no-step"], b""),
        ([reversi, "play", "--black", "greedy", "--white", "greedy", "--size", "4", "--no-color"], b""),
        ([reversi, "play", "--black", "human", "--white", "human", "--no-color"], b"f5\nd6\nquit\n"),
        ([reversi, "match", "greedy", "random:1", "--sizes", "4", "--games", "2", "--json", "-"], b""),
        ([reversi, "nboard"], b"nboard 2\nping 1\n"),
        ([reversi, "gtp"], b"name\n"),
        ([reversi, "help"], b""),
    ]
    for args, data in cases:
        with open("/dev/full", "wb") as full:
            status, _, err, _ = run(args, data, stdout=full, env=base_env, timeout=60)
        name = " ".join(os.path.basename(a) if a.startswith("/") else a for a in args[:3])
        check(5, status == 2 and b"cannot write standard output: No space left on device" in err,
              "%s > /dev/full: status %d, %r" % (name, status, err[-200:]))

# ---------------------------------------------------------------------------------------------------
# 6. Settings: only an interactive game teaches, comments and unknown keys stay, names are names.
if wanted(6):
    conf = path("settings/play.conf")
    os.makedirs(path("settings"))
    mine = "# my settings\nsize = 10\nfavourite = yes\n\n# the engine\nwhite = smarter\ncolor = on\n"
    write("settings/play.conf", mine)
    status, out, err, _ = run([reversi, "play", "--config", conf, "--size", "6", "--black", "human", "--white",
                               "human", "--no-color"], b"f5\n", env=base_env)
    check(6, status == 1 and read(conf) == mine.encode(), "a piped run ending on input ended left the file: %r" % read(conf))
    status, out, err, _ = run([reversi, "play", "--config", conf, "--black", "greedy", "--white", "greedy",
                               "--no-color"], b"", env=base_env)
    check(6, status == 0 and read(conf) == mine.encode(), "a piped game to the end left the file: %r" % read(conf))
    status, out, err = on_terminal([reversi, "play", "--config", conf, "--no-ask"], b"quit\n", env=base_env)
    check(6, status == 0 and read(conf) == mine.encode(), "a bare quit left the file: %r" % read(conf))
    status, out, err = on_terminal([reversi, "play", "--config", conf, "--size", "4", "--black", "greedy", "--white",
                                    "greedy", "--no-color"], b"n\n", env=base_env)
    kept = text(read(conf))
    check(6, status == 0 and "size = 4" in kept and "black = greedy" in kept and "white = greedy" in kept
          and "color = off" in kept, "an interactive game remembered its choices: %r" % kept)
    check(6, "# my settings" in kept and "favourite = yes" in kept and "# the engine" in kept
          and kept.index("# the engine") < kept.index("white = greedy"),
          "comments and unknown keys kept in place: %r" % kept)
    # The remembered settings are the next game's.
    status, out, err, _ = run([reversi, "play", "--config", conf, "--no-remember"], b"", env=base_env)
    check(6, status == 0 and b"     a b c d\n" in out and b"White (greedy) plays" in out,
          "the next game plays the remembered settings: %r" % out[:200])
    for bad in ["Ann\nwhite = smartest", "Ann\x1b[2J", "Ann\rBob", "x" * 41]:
        status, out, err, _ = run([reversi, "play", "--config", conf, "--black-name", bad, "--black", "greedy",
                                   "--white", "greedy"], b"", env=base_env)
        check(6, status == 2 and out == b"" and b"\x1b" not in err and
              err.splitlines()[-1].startswith(b"reversi play: --black-name") and len(err.splitlines()[-1]) < 200,
              "--black-name %r refused: %d %r" % (bad[:12], status, err))
    check(6, read(conf) == kept.encode(), "refused names left the file alone")

# ---------------------------------------------------------------------------------------------------
# 8. NBoard: illegal passes, missing and bad moves, hint at the end.
if wanted(8):
    def nboard(lines):
        status, out, err, _ = run([reversi, "nboard", "--move-time", "0.05"], ("\n".join(lines) + "\n").encode())
        return status, text(out)
    status, out = nboard(["nboard 2", "move PA", "ping 1", "set depth 2", "go", "ping 2"])
    check(8, "status illegal move PA" in out, "move PA with legal moves refused: %r" % out)
    check(8, "=== f5" in out or "=== d3" in out or "=== c4" in out or "=== e6" in out,
          "after the refused pass Black still moves: %r" % out)
    status, out = nboard(["nboard 2", "set game (;GM[Othello]BO[8 " + "-" * 27 + "O*------*O" + "-" * 27 + " *]B[PA];)",
                          "ping 1"])
    check(8, "status illegal move PA in the game" in out, "B[PA] with legal moves refused: %r" % out)
    status, out = nboard(["nboard 2", "move", "move zz", "move f5", "ping 1", "hint 1", "ping 2"])
    check(8, out.count("status bad move") == 1 and "status move needs a square" in out,
          "move and move zz answered with errors: %r" % out)
    full = "*" * 60 + "O" * 4
    status, out = nboard(["nboard 2", "set game (;GM[Othello]BO[8 " + full + " O];)", "hint 3", "ping 1"])
    check(8, "search PA -56.00" in out, "hint at a finished game gives the final margin: %r" % out)
    ended = "*" * 40 + "-" * 24
    status, out = nboard(["nboard 2", "set game (;GM[Othello]BO[8 " + ended + " *];)", "hint 1", "ping 1"])
    check(8, "search PA 64.00" in out, "hint at a game ended with empties (they go to the winner): %r" % out)

# ---------------------------------------------------------------------------------------------------
# 9. Control bytes never reach the terminal raw.
if wanted(9):
    hostile = b"\x1b]0;pwned\x07\x1b[2J4\n4\nBba\x1b[31m\n!!!\nBba\n"
    status, out, err, _ = run([os.path.join(build, "lab6")], hostile)
    check(9, b"\x1b" not in err and b"\x07" not in err and b"\\e]0;pwned\\a\\e[2J4" in err,
          "lab6 escapes control bytes on standard error: %r" % err)
    status, out, err, _ = run([os.path.join(build, "lab7part1")], b"4\n\x1b[2JB\x9b1m\nB\nzz\n")
    check(9, b"\x1b" not in err and b"\x9b" not in err and b"\\e[2JB\\x9B1m" in err,
          "lab7part1 escapes control bytes: %r" % err)
    status, out, err, _ = play("\x1b[2Jf5\nsave %s\x07\nquit\n" % path("bell"))
    check(9, b"\x1b" not in out + err and b"\x07" not in out + err and b"\\e[2Jf5" in out,
          "play echoes typed control bytes escaped: %r" % out[-400:])
    status, out, err, _ = run([reversi, "nboard"], b"nboard 2\nmove \x1b[2J\nset game (;GM[Othello]BO[8 x]B[\x1b]];)\nping 1\n")
    check(9, b"\x1b" not in out and b"status bad move \\e[2J" in out, "nboard escapes control bytes: %r" % out)
    write("esc.txt", "8 f5\x1b[2J\n")
    status, out, err, _ = run([reversi, "replay", path("esc.txt")])
    check(9, status == 2 and b"\x1b" not in err and b"\\e" in err, "replay escapes control bytes: %r" % err)
    write("esc.obf", "\x1b" + "-" * 63 + " X\n")
    status, out, err, _ = run([reversi, "solve", path("esc.obf")])
    check(9, status == 2 and b"\x1b" not in err and b"\x07" not in err, "solve escapes control bytes: %r" % err)
    status, out, err, _ = run([reversi, "play", "--black", "greedy\x1b[2J", "--no-remember"], b"", env=base_env)
    check(9, status == 2 and b"\x1b" not in err, "a seat spec with control bytes: %r" % err)

# ---------------------------------------------------------------------------------------------------
# 10. Smaller: an ellipsis where a token is cut, a BOM at the start of a save file.
if wanted(10):
    status, out, err, _ = run([os.path.join(build, "lab6")], ("a" * 40 + "\n4\n!!!\nBaa\n").encode())
    check(10, ('"' + "a" * 32 + '..."').encode() in err, "a cut token ends in an ellipsis: %r" % err)
    write("bom.txt", b"\xef\xbb\xbf8 f5d6\n")
    status, out, err, _ = run([reversi, "replay", path("bom.txt"), "--no-step"])
    check(10, status == 0 and b"Move 2: White plays d6" in out, "a save file starting with a BOM replays: %r" % err)
    write("bom.conf", b"\xef\xbb\xbfsize = 6\n")
    status, out, err, _ = run([reversi, "play", "--config", path("bom.conf"), "--black", "greedy", "--white", "greedy",
                               "--no-remember", "--no-color"], env=base_env)
    check(10, status == 0 and err == b"" and b"     a b c d e f\n" in out, "a settings file with a BOM: %r" % err)

subprocess.run(["rm", "-rf", work])
if failures:
    print("%d of %d checks failed" % (len(failures), checks))
    sys.exit(1)
print("files and streams: all %d checks passed" % checks)
