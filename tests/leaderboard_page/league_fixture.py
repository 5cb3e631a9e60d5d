"""What the page's tests share: check() collecting failures, and a small league: `reversi leaderboard bench-db` makes it (legal random games,
ratings), then SQL renames a few entries (a hostile name, a name needing percent-encoding) and adds
faults; `Server` runs `reversi leaderboard serve` on a free port and stops it."""
import os
import sqlite3
import subprocess
import time

HOSTILE = "<script>alert(1)</script>"
SPACED = "a b/c?d#e%f"  # every character a URL must encode

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what)


def make_league(build, directory, entries=6, games=30):
    path = os.path.join(directory, "league.db")
    subprocess.run([os.path.join(build, "reversi"), "leaderboard", "bench-db", path, "--entries", str(entries),
                    "--games", str(games)], check=True, capture_output=True, timeout=60)
    db = sqlite3.connect(path)
    db.execute("UPDATE entries SET name = ? WHERE id = 3", (HOSTILE,))
    db.execute("UPDATE entries SET name = ? WHERE id = 5", (SPACED,))
    # A finished game is never changed (a trigger): the first game of entry 3 as Black is put back as
    # lost by its TLE, its reason the hostile name.
    columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
    game = dict(zip(columns, db.execute("SELECT * FROM games WHERE black = 3 ORDER BY id LIMIT 1").fetchone()))
    game.update(fault_by="B", fault_code="TLE", fault_reason=HOSTILE, winner="W")
    db.execute("DELETE FROM games WHERE id = ?", (game["id"],))
    db.execute("INSERT INTO games(%s) VALUES (%s)" % (", ".join(game), ", ".join("?" * len(game))), list(game.values()))
    # What must never be served: an entry's stored program and source files.
    db.execute("UPDATE entries SET program = CAST('SECRET-PROGRAM-BYTES' AS BLOB)")
    db.execute("INSERT INTO entry_files(entry_id, path, content) SELECT id, 'lab7part2.c', "
               "CAST('SECRET-SOURCE-TEXT' AS BLOB) FROM entries")
    db.commit()
    db.close()
    return path


class Server:
    def __init__(self, build, db, threads=16, request_timeout=10):
        self.process = subprocess.Popen([os.path.join(build, "reversi"), "leaderboard", "serve", db, "--port", "0",
                                         "--threads", str(threads), "--request-timeout", str(request_timeout)],
                                        stderr=subprocess.PIPE, text=True)
        line = self.process.stderr.readline()
        if not line.startswith("serving http://"):
            self.process.kill()
            raise RuntimeError("serve did not start: " + line)
        self.url = line.split()[1]
        self.host, port = self.url[len("http://"):].rstrip("/").split(":")
        self.port = int(port)

    def alive(self):
        return self.process.poll() is None

    def stop(self):
        self.process.terminate()
        try:
            return self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return None


def wait_until(condition, seconds):
    end = time.time() + seconds
    while time.time() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()
