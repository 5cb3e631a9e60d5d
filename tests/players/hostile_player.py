#!/usr/bin/env python3
"""A hostile external player for the referee's robustness tests (tests/hostile/): it answers the
dimension and colour prompts like a lab program, prints the start board, then misbehaves as MODE says.
The referee must end the game with a fault (or, where the program plays correctly, finish it normally),
within its limits, with no process of the program left afterwards, whatever the program does.

    hostile_player.py MODE [TAG]

TAG is ignored: the tests pass a unique word so that they can find every process of the program (each
process forked here keeps this command line) in the process table afterwards.

Modes that misbehave when they should move (or at once for the modes marked *):

  hang*        never prints anything (not even the dimension prompt), blocked reading nothing
  closeexit*   closes its standard output, sleeps 1 s, then exits with status 3 (a crash, not lingering)
  flood        prints 8 MB of garbage instead of its move, then sleeps
  floodmatch   prints the move line's prefix, then 8 MB without a newline
  closeout     closes its standard output, then stays alive (sleeps) without exiting
  closein      closes its standard input and output, then stays alive
  kill9        dies of SIGKILL
  abort        dies of SIGABRT
  term         dies of SIGTERM
  ignoreterm   ignores SIGTERM and SIGINT and sleeps
  fork         leaves a child process holding its standard output, then exits 0

Modes that play Part 1's greedy computer correctly, apart from what they say (one per way of cheating the referee):

  forge        leaves a detached grandchild (double fork, new session) that writes a forged referee
               result line ("this side won") into every inherited descriptor above 2, then plays an
               illegal move: it must lose for the illegal move
  sleeper      leaves a background child sleeping 90 s that holds every descriptor: the game must end
               at once, counted, with the sleeper killed
  killgroup    plays to the end, then sends SIGTERM to its whole process group (kill 0): only it dies
  cpuchild     computes each move in a child process that burns 2 s of CPU time: over the limit
  escapee      starts a detached grandchild (new session) that ignores SIGTERM and burns CPU forever,
               then plays correctly: the grandchild must be killed at the end of the game
  daemonburn   computes each move in a detached grandchild (double fork, new session, SIGTERM ignored)
               that burns 2 s of CPU time, and answers when it ends: over the limit, and nothing left
  trickle      prints everything correctly, but one byte every 50 ms: over the wall-clock limit per move
  forkbomb     forks children that fork, as fast as it can, then plays: held by the process limit
  bigalloc     tries to allocate and touch 4 GB, then plays correctly (the allocation fails)
  slowanswer   plays correctly, but waits 0.1 s before each move and each board after the opponent's
               move: the referee has surely found no output yet when its last words and its exit come
  slowstart    sleeps 0.5 s before its dimension prompt, then plays correctly: the referee is surely
               waiting on it then (the test of a paused machine stops both in that wait)
"""
import os
import signal
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "hang"
out = sys.stdout
L = "abcdefghijklmnopqrstuvwxyz"
DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def read_token():
    tok = ""
    while True:
        ch = sys.stdin.read(1)
        if not ch:
            sys.exit(0)
        if ch.isspace():
            if tok:
                return tok
        else:
            tok += ch


def misbehave():
    out.flush()
    if MODE == "flood":
        chunk = "garbage " * 8192
        for _ in range(128):
            out.write(chunk)
        out.flush()
        time.sleep(100)
    elif MODE == "floodmatch":
        out.write("Computer places B at ")
        chunk = "x" * 65536
        for _ in range(128):
            out.write(chunk)
        out.flush()
        time.sleep(100)
    elif MODE == "closeout":
        os.close(1)
        time.sleep(100)
    elif MODE == "closein":
        os.close(0)
        os.close(1)
        time.sleep(100)
    elif MODE == "kill9":
        os.kill(os.getpid(), signal.SIGKILL)
    elif MODE == "abort":
        os.abort()
    elif MODE == "term":
        os.kill(os.getpid(), signal.SIGTERM)
    elif MODE == "ignoreterm":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        time.sleep(100)
    elif MODE == "fork":
        if os.fork() == 0:
            time.sleep(5)
            os._exit(0)
        os._exit(0)
    time.sleep(100)


# --- a correct greedy player (Part 1's computer) --------------------------------------------------

def flips(b, r, c, col):
    n = len(b)
    if b[r][c] != "U":
        return []
    opp = "W" if col == "B" else "B"
    res = []
    for dr, dc in DIRS:
        run, rr, cc = [], r + dr, c + dc
        while 0 <= rr < n and 0 <= cc < n and b[rr][cc] == opp:
            run.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        if run and 0 <= rr < n and 0 <= cc < n and b[rr][cc] == col:
            res += run
    return res


def moves(b, col):
    n = len(b)
    return [(r, c) for r in range(n) for c in range(n) if flips(b, r, c, col)]


def board_text(b):
    return "  " + L[:len(b)] + "\n" + "".join(L[i] + " " + "".join(row) + "\n" for i, row in enumerate(b))


def emit(text):
    if MODE == "trickle":
        for ch in text:
            out.write(ch)
            out.flush()
            time.sleep(0.05)
    else:
        out.write(text)


def ask(prompt):
    emit(prompt)
    out.flush()
    return read_token()


def burn(seconds):
    start, x = time.process_time(), 0
    while time.process_time() - start < seconds:
        for i in range(20000):
            x += i


def detach(body):
    """Runs body() in a grandchild in a new session, reparented away from this program."""
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            try:
                body()
            finally:
                os._exit(0)
        os._exit(0)
    os.wait()


def forge_results(colour, n):
    time.sleep(0.5)
    discs = n * n
    black, white = (discs, 0) if colour == "B" else (0, discs)
    line = ("result size %d opening 0 discs %d %d winner %s moves - time0 0 0 0 time1 0 0 0\n"
            % (n, black, white, colour)).encode()
    for _ in range(4):
        for fd in range(3, 256):
            try:
                os.write(fd, line)
            except OSError:
                pass
        time.sleep(0.2)


def spin_forever():
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    while True:
        pass


def fork_bomb():
    children = 0
    for _ in range(500):
        try:
            if os.fork() == 0:
                time.sleep(60)
                os._exit(0)
            children += 1
        except OSError:
            break
    return children


def play(n, me):
    b = [["U"] * n for _ in range(n)]
    h = n // 2
    b[h - 1][h - 1] = b[h][h] = "W"
    b[h - 1][h] = b[h][h - 1] = "B"
    emit(board_text(b))
    out.flush()
    turn, first = "B", True
    while moves(b, "B") or moves(b, "W"):
        other = "W" if turn == "B" else "B"
        if not moves(b, turn):
            emit("%s player has no valid move.\n" % turn)
            turn = other
            continue
        if turn == me:
            best, score = None, 0
            for r, c in moves(b, turn):
                if len(flips(b, r, c, turn)) > score:
                    best, score = (r, c), len(flips(b, r, c, turn))
            if MODE == "forge" and first:
                best = next((r, c) for r in range(n) for c in range(n) if b[r][c] == "U" and not flips(b, r, c, turn))
            if MODE == "cpuchild":
                pid = os.fork()
                if pid == 0:
                    burn(2.0)
                    os._exit(0)
                os.waitpid(pid, 0)
            if MODE == "daemonburn":
                # The answer waits for the grandchild's 2 s of CPU (the end of the pipe it holds), not a
                # fixed sleep: on a busy machine the grandchild may get a small share of a core.
                done_r, done_w = os.pipe()
                detach(lambda: (os.close(done_r), signal.signal(signal.SIGTERM, signal.SIG_IGN), burn(2.0)))
                os.close(done_w)
                os.read(done_r, 1)
                os.close(done_r)
            first = False
            if MODE == "slowanswer":
                time.sleep(0.1)
            emit("Computer places %s at %s%s.\n" % (turn, L[best[0]], L[best[1]]))
            if not flips(b, best[0], best[1], turn):
                out.flush()
                time.sleep(100)  # the referee ends the game here
            for rr, cc in flips(b, best[0], best[1], turn):
                b[rr][cc] = turn
            b[best[0]][best[1]] = turn
            emit(board_text(b))
            out.flush()
        else:
            mv = ask("Enter move for colour %s (RowCol): " % turn)
            r, c = L.index(mv[0]), L.index(mv[1])
            if not flips(b, r, c, turn):
                emit("Invalid move.\n%s player wins.\n" % me)
                out.flush()
                return
            for rr, cc in flips(b, r, c, turn):
                b[rr][cc] = turn
            b[r][c] = turn
            if MODE == "slowanswer":
                time.sleep(0.1)
            emit(board_text(b))
            out.flush()
        turn = other
    nb, nw = sum(row.count("B") for row in b), sum(row.count("W") for row in b)
    emit("B player wins.\n" if nb > nw else "W player wins.\n" if nw > nb else "Draw!\n")
    out.flush()


PLAYING = {"forge", "sleeper", "killgroup", "cpuchild", "escapee", "daemonburn", "trickle", "forkbomb", "bigalloc",
           "slowstart", "slowanswer"}


def main():
    if MODE == "hang":
        time.sleep(100)
        return
    if MODE == "closeexit":
        os.close(1)
        time.sleep(1)
        sys.exit(3)
    if MODE == "slowstart":
        time.sleep(0.5)
    n = int(ask("Enter the board dimension: "))
    me = ask("Computer plays (B/W) : ")
    if MODE in PLAYING:
        if MODE == "forge":
            detach(lambda: forge_results(me, n))
        elif MODE == "sleeper":
            if os.fork() == 0:
                time.sleep(90)
                os._exit(0)
        elif MODE == "escapee":
            detach(spin_forever)
        elif MODE == "forkbomb":
            if os.fork() == 0:
                fork_bomb()
                time.sleep(60)
                os._exit(0)
        elif MODE == "bigalloc":
            try:
                block = bytearray(4 << 30)
                block[::4096] = b"x" * len(block[::4096])
            except MemoryError:
                pass
        play(n, me)
        if MODE == "killgroup":
            os.kill(0, signal.SIGTERM)
        return
    b = [["U"] * n for _ in range(n)]
    h = n // 2
    b[h - 1][h - 1] = b[h][h] = "W"
    b[h - 1][h] = b[h][h - 1] = "B"
    out.write(board_text(b))
    out.flush()
    if me == "B":
        misbehave()
    # Playing White: the referee first sends Black's move after the prompt.
    out.write("Enter move for colour B (RowCol): ")
    out.flush()
    read_token()
    misbehave()


main()
