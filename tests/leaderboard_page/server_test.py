#!/usr/bin/env python3
"""`reversi leaderboard serve` as the world sees it (docs/leaderboard-page.md, "Security"):

- /api/leaderboard has exactly the issue's shape, the reference at rank 0 left out;
- a hostile name (<script>...) is text in every page; a percent-encoded name finds its entry;
- no entry's stored source or program in any answer; nothing from disk: /../../etc/passwd, %2e%2e, /static/..%2f.. are 404s;
- read-only: POST, PUT, DELETE get 405 (Allow: GET, HEAD);
- a garbage request, an oversized request line, header and body get an error and a closed
  connection, and the server still answers;
- a client sending a byte at a time does not hold up another, and is dropped when its request has
  not arrived whole by the deadline (--request-timeout); so is a client that stops sending;
- an idle kept-alive connection yields its thread to a client waiting for one;
- the standings follow a change committed by another process;
- a second server on a taken port exits 1; SIGTERM ends the server with status 0; `standings --csv -o` writes a private file.

    server_test.py BUILD_DIR
"""
import http.client
import json
import os
import socket
import sqlite3
import stat
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from league_fixture import HOSTILE, SPACED, Server, make_league, check, failures  # noqa: E402

build = sys.argv[1]


def get(server, path, method="GET", body=None, headers=None):
    conn = http.client.HTTPConnection(server.host, server.port, timeout=10)
    conn.request(method, path, body=body, headers=headers or {})
    r = conn.getresponse()
    data = r.read()
    conn.close()
    return r.status, dict(r.getheaders()), data.decode("utf-8", "replace")


def raw(server, payload, wait=10):
    """Sends bytes, returns what came back until the server closed the connection (None: it did not)."""
    s = socket.create_connection((server.host, server.port), timeout=wait)
    try:
        s.sendall(payload)
        got = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return got.decode("latin-1")
            got += chunk
    except socket.timeout:
        return None
    except ConnectionResetError:
        return got.decode("latin-1") + "<reset>"
    finally:
        s.close()


def still_answers(server, after):
    status, _, body = get(server, "/api/leaderboard")
    check(status == 200 and body.startswith('{"entries"'), "the server answers after " + after)


def api_shape(server):
    status, headers, body = get(server, "/api/leaderboard")
    check(status == 200 and headers.get("Content-Type", "").startswith("application/json"), "/api/leaderboard is JSON")
    data = json.loads(body)
    check(list(data.keys()) == ["entries", "games", "pending"], "top-level keys: " + str(list(data.keys())))
    check(data["games"] == 30 and data["pending"] == 0, "games and pending: %s %s" % (data["games"], data["pending"]))
    check(len(data["entries"]) == 6, "six entries, no reference row")
    for e in data["entries"]:
        check(list(e.keys()) == ["rank", "name", "score", "indicator", "status", "wins", "draws", "losses"],
              "entry keys: " + str(list(e.keys())))
    check(data["entries"][0]["rank"] == 1 and data["entries"][0]["indicator"] == 100, "the top entry at 100")
    hostile = [e for e in data["entries"] if e["name"] == HOSTILE]
    check(len(hostile) == 1 and hostile[0]["status"] == "TLE", "the hostile entry's status is its TLE")


def escaping(server):
    status, headers, page = get(server, "/")
    check(status == 200 and "text/html" in headers.get("Content-Type", ""), "/ is HTML")
    check(HOSTILE not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page, "the hostile name is escaped on /")
    check("script-src 'self'" in headers.get("Content-Security-Policy", ""), "a content security policy")
    status, _, page = get(server, "/entries/" + urllib.parse.quote(HOSTILE, safe=""))
    check(status == 200 and HOSTILE not in page and "&lt;script&gt;" in page, "the hostile entry's own page")
    status, _, body = get(server, "/api/entries/" + urllib.parse.quote(SPACED, safe=""))
    check(status == 200 and json.loads(body)["name"] == SPACED, "a percent-encoded name finds its entry")
    games = json.loads(body)["games"]
    check(len(games) == 10, "the entry's ten games (5 opponents, 2 colours)")
    game_id = [g["id"] for g in json.loads(get(server, "/api/entries/3")[2])["games"] if g["fault"]][0]
    status, _, viewer = get(server, "/games/%d" % game_id)
    check(status == 200 and HOSTILE not in viewer, "the viewer shows the hostile reason and name as text")
    status, _, body = get(server, "/api/games/%d" % game_id)
    g = json.loads(body)
    check(g["fault"] == {"by": "B", "code": "TLE", "reason": HOSTILE} and len(g["moves"]) == len(g["boards"]) - 1,
          "/api/games: fault, moves and boards")
    check(len(g["cpu"]["black"]) >= 1, "/api/games: CPU per move")


def no_sources_or_programs(server):
    for path in ["/", "/entries/3", "/api/entries/3", "/games/1", "/api/games/1", "/standings.csv", "/api/leaderboard",
                 "/entries/3/lab7part2.c", "/entries/3/program"]:
        _, _, body = get(server, path)
        check("SECRET-" not in body, path + " shows no stored source or program")


def nothing_from_disk(server):
    for path in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/static/..%2f..%2f..%2fetc%2fpasswd",
                 "/static/../../../etc/passwd", "/entries/..%2f..%2fetc%2fpasswd", "/games/1/../../etc/passwd",
                 "/etc/passwd", "/league.db"]:
        answer = raw(server, ("GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" % path).encode())
        check(answer is not None and answer.split(" ")[1] in ("400", "404") and "root:" not in answer,
              "%s is refused: %r" % (path, (answer or "")[:40]))


def read_only(server):
    for method in ["POST", "PUT", "DELETE", "PATCH"]:
        status, headers, _ = get(server, "/api/leaderboard", method=method, body="x=1")
        check(status == 405 and headers.get("Allow") == "GET, HEAD", method + " gets 405")
    status, _, body = get(server, "/", method="HEAD")
    check(status == 200 and body == "", "HEAD answers without a body")


def bad_requests(server):
    cases = {
        "garbage": b"\x00\xff\xfe garbage \x01\r\n\r\n",
        "no version": b"GET /\r\n\r\n",
        "a 20 KB request line": b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
        "a 20 KB header": b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 20000 + b"\r\n\r\n",
        "a 10 MB body announced": b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\n\r\n" + b"c" * 100000,
        "a 10 MB POST": b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\n\r\n" + b"c" * 100000,
    }
    for what, payload in cases.items():
        answer = raw(server, payload)
        check(answer is not None, what + ": the connection is closed")
        code = answer.split(" ")[1] if answer and answer.startswith("HTTP/1.1 ") else "none"
        check(code in ("400", "405", "413", "414", "431") or answer in ("", "<reset>"), what + ": an error, got " + code)
        check(server.alive(), what + ": the server lives")
        still_answers(server, what)


def slow_clients(server):
    """The server runs with --request-timeout 3: a request must arrive whole within 3 s."""
    stalled = socket.create_connection((server.host, server.port), timeout=20)
    stalled.sendall(b"GET / HT")  # and nothing more
    dropped = {}

    def dribble():
        s = socket.create_connection((server.host, server.port), timeout=20)
        start = time.time()
        try:
            for byte in b"GET /api/leaderboard HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"s" * 20:
                s.send(bytes([byte]))
                time.sleep(0.5)
        except OSError:
            pass
        dropped["dribbler"] = time.time() - start
        s.close()

    slow = threading.Thread(target=dribble)
    slow.start()
    time.sleep(1)
    start = time.time()
    for _ in range(5):
        status, _, _ = get(server, "/api/leaderboard")
    check(status == 200 and time.time() - start < 2, "other clients are answered while one sends a byte at a time")
    start = time.time()
    stalled.settimeout(10)
    try:
        stalled.recv(100)
    except OSError:
        pass
    check(time.time() - start < 4, "a client that stops sending is dropped (%.1f s)" % (time.time() - start))
    slow.join()
    check(dropped["dribbler"] < 6, "a client sending two bytes a second is dropped at the request deadline (%.1f s)"
          % dropped["dribbler"])
    stalled.close()
    still_answers(server, "the slow clients")


def follows_changes(server, db):
    """The cached standings are recomputed after another process commits (LeagueDb::version())."""
    before = json.loads(get(server, "/api/leaderboard")[2])
    connection = sqlite3.connect(db)
    connection.execute("UPDATE ratings SET score = 2500 WHERE entry_id = 1")
    connection.execute("DELETE FROM games WHERE id = (SELECT max(id) FROM games)")
    connection.commit()
    connection.close()
    after = json.loads(get(server, "/api/leaderboard")[2])
    top = after["entries"][0]
    check(before["games"] == 30 and after["games"] == 29 and after["pending"] == 1, "games and pending follow a change")
    check(top["name"] == "student0001" and top["score"] == 2500, "the new ratings are served: %r" % top)
    check(SPACED in get(server, "/")[2].replace("&amp;", "&"), "the page too")


def idle_connections_yield(db):
    """Two threads, both held by browsers' idle kept-alive connections: a third client is answered at
    once (an idle connection is closed for it), not after the 5 s keep-alive timeout."""
    small = Server(build, db, threads=2)
    try:
        idle = []
        for _ in range(2):
            conn = http.client.HTTPConnection(small.host, small.port, timeout=10)
            conn.request("GET", "/api/leaderboard")
            conn.getresponse().read()
            idle.append(conn)  # kept alive, holding a thread
        start = time.time()
        status, _, _ = get(small, "/api/leaderboard")
        check(status == 200 and time.time() - start < 2,
              "a client waiting for a thread gets it from an idle connection (%.1f s)" % (time.time() - start))
        for conn in idle:
            conn.close()
        # Failed before (4.7 s): connections that never send a byte held both threads for the keep-alive time.
        silent = [socket.create_connection((small.host, small.port)) for _ in range(2)]
        time.sleep(0.3)
        start = time.time()
        status, _, _ = get(small, "/api/leaderboard")
        check(status == 200 and time.time() - start < 2.5,
              "a client waiting for a thread gets it from connections silent since they opened (%.1f s)"
              % (time.time() - start))
        for s in silent:
            s.close()
    finally:
        small.stop()


def port_taken(server, db):
    p = subprocess.run([os.path.join(build, "reversi"), "leaderboard", "serve", db, "--port", str(server.port)],
                       capture_output=True, text=True, timeout=30)
    check(p.returncode == 1 and "cannot listen" in p.stderr, "a second server on a taken port exits 1, sharing nothing")


def private_csv(directory, db):
    out = os.path.join(directory, "marks.csv")
    subprocess.run([os.path.join(build, "reversi"), "leaderboard", "standings", db, "--csv", "-o", out], check=True)
    check(stat.S_IMODE(os.stat(out).st_mode) == 0o600, "standings --csv -o writes mode 0600")
    check(open(out).read().startswith("rank,name,score,"), "the CSV's header")


def main():
    with tempfile.TemporaryDirectory() as directory:
        db = make_league(build, directory)
        server = Server(build, db, request_timeout=3)
        try:
            for test in (api_shape, escaping, no_sources_or_programs, nothing_from_disk, read_only, bad_requests, slow_clients):
                test(server)
            follows_changes(server, db)
            port_taken(server, db)
            idle_connections_yield(db)
        finally:
            status = server.stop()
        check(status == 0, "SIGTERM ends serve with status 0, got %s" % status)
        private_csv(directory, db)
    print("%d failures" % len(failures))
    return 1 if failures else 0


sys.exit(main())
