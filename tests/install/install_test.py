#!/usr/bin/env python3
"""Installable on a course server (issue 30; docs/leaderboard-server.md): the build installed into a
scratch prefix, then used from there only.

  - `cmake --install BUILD --prefix P` puts the four programs in P/bin, libreversi.a/.so, the header and a
    pkg-config file, the course library in P/lib/reversi/, the docs and the example systemd units (which
    name P/bin/reversi, and which systemd-analyze verify accepts) in P/share/doc/reversi, and nothing
    from the tests, the golden files or a corpus;
  - the installed reversi answers --version and `leaderboard --help`; the installed lab7part2 reproduces
    a golden transcript byte for byte;
  - a C program compiles and links against the installed header and library, static and through
    pkg-config (shared), and runs;
  - as root: the database's permissions of docs/leaderboard-server.md (directory 2770 in a group,
    database 0660) let the page's user in the group (`reversi leaderboard serve`, or Python's sqlite3
    read-only in a build without it) read with and without a writer, and a writer in the group write
    after it; without the directory's group write the page fails;
  - with cpack and dpkg-deb: `cpack -G DEB` makes reversi_VERSION_ARCH.deb whose control fields name a
    maintainer, a description, the programs' run-time packages (gcc, libc6-dev, bubblewrap, coreutils) and
    the package of every library they link, and whose files are the same install under /usr.

    install_test.py BUILD_DIR SOURCE_DIR VERSION LIBDIR
"""
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import urllib.request

build, source_dir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
version, libdir = sys.argv[3], sys.argv[4]
sys.path.insert(0, os.path.join(source_dir, "tests"))
from checks import check, finish  # noqa: E402

PROGRAMS = ["reversi", "lab6", "lab7part1", "lab7part2"]
UNITS = ["reversi-leaderboard.service", "reversi-leaderboard-run.service", "reversi-leaderboard-run.timer"]
DOC = os.path.join("share", "doc", "reversi")
# What the package must require to grade and play besides the libraries the programs link (the package
# of every one of those is required too: linked_packages).
RUNS = ["gcc", "libc6-dev", "bubblewrap", "coreutils"]


# The deadline only bounds a hang: cpack took over 120 s once on a 2-core machine loaded to 10 (ctest -j2
# beside other work), where it takes seconds when idle.
def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=600, **kw)


def installed_files(root):
    return sorted(os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs)


def expected_files():
    """The install's files relative to its prefix (the .deb holds the same under usr/)."""
    files = [os.path.join("bin", p) for p in PROGRAMS]
    files += [os.path.join(libdir, f) for f in ("libreversi.a", "libreversi.so", "pkgconfig/reversi.pc")]
    files += ["include/reversi/lab7part2lib.h", "lib/reversi/liblab7part2.a", "lib/reversi/lab7part2lib.h"]
    files += [os.path.join(DOC, f) for f in ("README.md", "LICENSE", "docs/grading.md", "docs/sandbox.md",
                                             "docs/leaderboard-server.md")]
    files += [os.path.join(DOC, "examples", "systemd", u) for u in UNITS]
    return files


def check_layout(prefix):
    files = installed_files(prefix)
    missing = [f for f in expected_files() if f not in files]
    check("install: programs, libraries, header, .pc, docs, units", not missing, "missing %s" % missing)
    stray = [f for f in files if any(w in f for w in ("tests/", "golden", "corpus", "fuzz", "docs/results"))]
    check("install: nothing from tests, golden files, corpora or results", not stray, "%s" % stray[:5])
    for name in PROGRAMS:
        check("install: bin/%s executable" % name, os.access(os.path.join(prefix, "bin", name), os.X_OK))
    units = os.path.join(prefix, DOC, "examples", "systemd")
    serve = open(os.path.join(units, UNITS[0])).read()
    check("unit: serve runs the installed reversi as user reversi on 127.0.0.1",
          "ExecStart=%s/bin/reversi leaderboard serve" % prefix in serve and "User=reversi" in serve and
          "--host 127.0.0.1" in serve and "@" not in serve.replace("@system-service", ""), serve[:300])
    runner = open(os.path.join(units, UNITS[1])).read()
    check("unit: run runs the installed reversi", "ExecStart=%s/bin/reversi leaderboard run" % prefix in runner)
    timer = open(os.path.join(units, UNITS[2])).read()
    check("unit: the timer has a calendar", "OnCalendar=" in timer and "Persistent=true" in timer)
    if shutil.which("systemd-analyze"):  # unknown keys, bad values, a missing ExecStart program
        p = run(["systemd-analyze", "verify"] + [os.path.join(units, u) for u in UNITS])
        check("units: systemd-analyze verify finds nothing", p.returncode == 0 and not p.stderr.strip(),
              p.stderr[-600:])


def check_programs(prefix):
    reversi = os.path.join(prefix, "bin", "reversi")
    p = run([reversi, "--version"])
    check("installed reversi --version", p.returncode == 0 and p.stdout.strip() == "reversi " + version,
          p.stdout + p.stderr)
    p = run([reversi, "leaderboard", "--help"])
    check("installed reversi leaderboard --help", p.returncode == 0 and "leaderboard" in p.stdout, p.stderr[-300:])
    golden = os.path.join(source_dir, "golden", "part2-d2-04-b")
    with open(golden + ".in") as f:
        p = run([os.path.join(prefix, "bin", "lab7part2"), "--depth", "2"], stdin=f)
    expected = open(golden + ".out").read()
    check("installed lab7part2 reproduces golden part2-d2-04-b", p.returncode == 0 and p.stdout == expected,
          p.stderr[-300:])


def check_c_library(prefix, tmp):
    gcc = shutil.which("gcc") or shutil.which("cc")
    if not gcc:
        print("skip: no C compiler")
        return
    example = os.path.join(source_dir, "examples", "c_library_self_test.c")
    env = dict(os.environ, REVERSI_MOVE_TIME="0.02")
    static = os.path.join(tmp, "self_test_static")
    p = run([gcc, "-std=c99", "-Wall", "-o", static, example, "-I" + os.path.join(prefix, "include", "reversi"),
             os.path.join(prefix, libdir, "libreversi.a")])
    check("C program builds against the installed header and libreversi.a", p.returncode == 0, p.stderr[-400:])
    if p.returncode == 0:
        p = run([static, "6"], env=env)
        check("... and runs", p.returncode == 0 and "all checks passed" in p.stdout, (p.stdout + p.stderr)[-300:])
    if not shutil.which("pkg-config"):
        print("skip: no pkg-config")
        return
    pc_env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(prefix, libdir, "pkgconfig"))
    flags = run(["pkg-config", "--cflags", "--libs", "reversi"], env=pc_env)
    check("pkg-config reversi", flags.returncode == 0 and "-lreversi" in flags.stdout, flags.stderr)
    shared = os.path.join(tmp, "self_test_shared")
    p = run([gcc, "-std=c99", "-Wall", "-o", shared, example] + flags.stdout.split() +
            ["-Wl,-rpath," + os.path.join(prefix, libdir)])
    check("C program builds through pkg-config (libreversi.so)", p.returncode == 0, p.stderr[-400:])
    if p.returncode == 0:
        needed = run(["ldd", shared]).stdout
        p = run([shared, "6"], env=env)
        check("... links the installed libreversi.so and runs",
                os.path.join(prefix, libdir, "libreversi.so") in needed and p.returncode == 0 and
                "all checks passed" in p.stdout, needed + p.stdout[-200:] + p.stderr[-200:])


def linked_packages(programs):
    """The Debian packages of the shared libraries the programs link directly (their NEEDED entries,
    found by ldd and dpkg -S), as dpkg-shlibdeps lists them: what those libraries load in turn comes
    with their own packages' Depends (libcpp-httplib's zlib and brotli)."""
    packages = set()
    for program in programs:
        needed = set(re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", run(["readelf", "-d", program]).stdout))
        for line in run(["ldd", program]).stdout.splitlines():
            fields = line.split()
            path = fields[2] if len(fields) > 2 and fields[1] == "=>" else ""
            if not path.startswith("/") or fields[0] not in needed:
                continue
            owner = run(["dpkg", "-S", path])
            if owner.returncode != 0:
                owner = run(["dpkg", "-S", os.path.realpath(path)])
            if owner.returncode == 0:
                packages.add(owner.stdout.split(":")[0])
    return packages


def check_deb(tmp):
    if not (shutil.which("cpack") and shutil.which("dpkg-deb")):
        print("skip: no cpack or dpkg-deb, the Debian package is not checked")
        return
    out = os.path.join(tmp, "package")
    p = run(["cpack", "-G", "DEB", "--config", os.path.join(build, "CPackConfig.cmake"), "-B", out], cwd=build)
    arch = run(["dpkg", "--print-architecture"]).stdout.strip() or "amd64"
    deb = os.path.join(out, "reversi_%s_%s.deb" % (version, arch))
    check("cpack -G DEB makes %s" % os.path.basename(deb), p.returncode == 0 and os.path.isfile(deb),
          (p.stdout + p.stderr)[-600:])
    if not os.path.isfile(deb):
        return
    field = {name: run(["dpkg-deb", "-f", deb, name]).stdout.strip()
             for name in ("Package", "Version", "Architecture", "Maintainer", "Description", "Depends")}
    check("deb: package, version, architecture",
          (field["Package"], field["Version"], field["Architecture"]) == ("reversi", version, arch), str(field))
    check("deb: a maintainer and a description", "@" in field["Maintainer"] and len(field["Description"]) > 40,
          str(field))
    names = [d.strip().split()[0] for d in field["Depends"].replace("|", ",").split(",") if d.strip()]
    missing = [d for d in RUNS if d not in names]
    check("deb: Depends names %s" % ", ".join(RUNS), not missing, "missing %s in %s" % (missing, field["Depends"]))
    linked = linked_packages([os.path.join(build, p) for p in PROGRAMS])
    missing = sorted(linked - set(names))
    check("deb: Depends names the package of every library the programs link (%s)" % ", ".join(sorted(linked)),
          linked and not missing, "missing %s in %s" % (missing, field["Depends"]))
    listing = run(["dpkg-deb", "-c", deb]).stdout
    paths = [line.split()[-1].lstrip(".").lstrip("/") for line in listing.splitlines() if line.strip()]
    missing = [f for f in expected_files() if "usr/" + f not in paths]
    check("deb: the same files under /usr", not missing, "missing %s" % missing)
    owners = {line.split()[1] for line in listing.splitlines() if line.strip()}
    check("deb: every file root's", owners == {"root/root"}, str(owners))
    unpacked = os.path.join(tmp, "unpacked")
    run(["dpkg-deb", "-x", deb, unpacked])
    serve = open(os.path.join(unpacked, "usr", DOC, "examples", "systemd", UNITS[0])).read()
    check("deb: the serve unit names /usr/bin/reversi", "ExecStart=/usr/bin/reversi leaderboard serve" in serve)


# The page's reader and a marker's writer, run as other users. The reader is `reversi leaderboard serve`
# answering /api/leaderboard when the installed reversi has it (with `bench-db` to make a league), else
# Python's sqlite3 on the same library (Debian's libsqlite3-0) opened read-only, as serve opens the league.
READER = """import sqlite3, sys
c = sqlite3.connect("file:%s?mode=ro" % sys.argv[1], uri=True)
print(c.execute("select count(*) from t").fetchone()[0])"""
WRITER = """import sqlite3, sys
c = sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()"""
GROUP, PAGE_USER, MARKER = 60700, 60710, 60711  # numeric ids of no real account: the group reversi, two members


class League:
    """One league database in `folder` and the ways its users reach it."""

    def __init__(self, folder, reversi, setpriv):
        self.db, self.reversi, self.setpriv = os.path.join(folder, "league.db"), reversi, setpriv
        self.python = "/usr/bin/python3"
        self.serve = all("leaderboard " + c in run([reversi, "leaderboard", c, "--help"]).stdout
                         for c in ("serve", "bench-db"))
        # A write a marker's `add` could make: to the entries when it is a real league.
        self.write_sql = "update entries set name = name" if self.serve else "insert into t values (1)"

    def as_user(self, uid, args):
        return [self.setpriv, "--reuid", str(uid), "--regid", str(GROUP), "--clear-groups"] + args

    def make(self):
        """Made private (0600), as reversi makes a new league; closed before its mode changes."""
        if self.serve:
            return run([self.reversi, "leaderboard", "bench-db", self.db, "--entries", "4", "--games", "6"])
        old = os.umask(0o077)
        c = sqlite3.connect(self.db)
        os.umask(old)
        c.execute("pragma journal_mode=wal")
        c.execute("create table t (x)")
        c.commit()
        c.close()
        return subprocess.CompletedProcess([], 0, "", "")

    def read(self, uid):
        """(read, detail): whether `uid` read the standings."""
        if not self.serve:
            p = run(self.as_user(uid, [self.python, "-c", READER, self.db]))
            return p.returncode == 0 and p.stdout.strip().isdigit(), p.stderr[-300:]
        server = subprocess.Popen(self.as_user(uid, [self.reversi, "leaderboard", "serve", self.db, "--port", "0"]),
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            line = server.stderr.readline()  # "serving http://127.0.0.1:PORT/", or the error as it exits
            if not line.startswith("serving "):
                return False, line
            with urllib.request.urlopen(line.split()[1] + "api/leaderboard", timeout=10) as answer:
                entries = json.load(answer)["entries"]
            return len(entries) == 4, str(entries)[:200]
        finally:
            server.terminate()
            server.wait(timeout=10)


def check_db_permissions(tmp, reversi):
    """docs/leaderboard-server.md's recipe: directory root:GROUP 2770, database 0660 in GROUP."""
    setpriv = shutil.which("setpriv")
    if os.geteuid() != 0 or not setpriv or not os.path.exists("/usr/bin/python3"):
        print("skip: the database's permissions need root, setpriv and /usr/bin/python3")
        return
    os.chmod(tmp, 0o711)
    folder = os.path.join(tmp, "league")
    os.mkdir(folder)
    os.chown(folder, 0, GROUP)
    os.chmod(folder, 0o2770)
    league = League(folder, reversi, setpriv)
    print("the page's reader: %s" % ("reversi leaderboard serve" if league.serve else "Python's sqlite3, read-only"))
    made = league.make()
    check("league: made", made.returncode == 0, made.stderr[-300:])
    if made.returncode != 0:
        return
    db = league.db
    os.chown(db, 0, GROUP)
    os.chmod(db, 0o660)

    def modes():
        return {f[len("league.db"):]: (os.stat(os.path.join(folder, f)).st_mode & 0o7777, os.stat(
            os.path.join(folder, f)).st_gid) for f in os.listdir(folder)}

    writer = sqlite3.connect(db)  # root's run, holding the league open
    writer.execute(league.write_sql)
    writer.commit()
    ok, detail = league.read(PAGE_USER)
    check("league: the page's user reads while root writes", ok, detail)
    check("league: -wal and -shm take the database's mode and group", modes() == {
        "": (0o660, GROUP), "-wal": (0o660, GROUP), "-shm": (0o660, GROUP)}, str(modes()))
    writer.close()
    for leftover in ("-wal", "-shm"):  # the last writer's close removes them; so does a clean restart
        if os.path.exists(db + leftover):
            os.remove(db + leftover)
    ok, detail = league.read(PAGE_USER)
    check("league: the page's user reads with no writer, making -wal/-shm in the group",
          ok and modes().get("-shm", (0, 0))[1] == GROUP, detail + str(modes()))
    p = run(league.as_user(MARKER, [league.python, "-c", WRITER, db, league.write_sql]))
    check("league: a marker in the group writes after the page made -shm", p.returncode == 0, p.stderr[-300:])
    for leftover in ("-wal", "-shm"):
        if os.path.exists(db + leftover):
            os.remove(db + leftover)
    os.chmod(folder, 0o2750)
    ok, detail = league.read(PAGE_USER)
    check("league: without the group's write on the directory the page cannot read (so 2770)", not ok, detail)


def main():
    tmp = tempfile.mkdtemp(prefix="reversi-install-test-")
    try:
        prefix = os.path.join(tmp, "prefix")
        p = run(["cmake", "--install", build, "--prefix", prefix])
        check("cmake --install into a scratch prefix", p.returncode == 0, p.stderr[-400:])
        if p.returncode == 0:
            check_layout(prefix)
            check_programs(prefix)
            check_c_library(prefix, tmp)
            check_db_permissions(tmp, os.path.join(prefix, "bin", "reversi"))
        check_deb(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    finish("install")


main()
