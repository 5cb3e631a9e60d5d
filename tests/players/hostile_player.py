#!/usr/bin/env python3
"""A hostile external player for the referee's robustness tests (tests/hostile/): it answers the
dimension and colour prompts like a lab program, prints the start board, then, when it should move
(or at once for the modes marked *), misbehaves as MODE says. The referee must end the game with a
fault, within its limits, whatever the program does.

  hang*        never prints anything (not even the dimension prompt), blocked reading nothing
  flood        prints 8 MB of garbage instead of its move, then sleeps
  floodmatch   prints the move line's prefix, then 8 MB without a newline
  closeout     closes its standard output, then stays alive (sleeps) without exiting
  closein      closes its standard input and output, then stays alive
  kill9        dies of SIGKILL
  abort        dies of SIGABRT
  term         dies of SIGTERM
  ignoreterm   ignores SIGTERM and SIGINT and sleeps
  fork         leaves a child process holding its standard output, then exits 0
"""
import os
import signal
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "hang"
out = sys.stdout
L = "abcdefghijklmnopqrstuvwxyz"


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


def main():
    if MODE == "hang":
        time.sleep(100)
        return
    out.write("Enter the board dimension: ")
    out.flush()
    n = int(read_token())
    out.write("Computer plays (B/W) : ")
    out.flush()
    me = read_token()
    b = [["U"] * n for _ in range(n)]
    h = n // 2
    b[h - 1][h - 1] = b[h][h] = "W"
    b[h - 1][h] = b[h][h - 1] = "B"
    out.write("  " + L[:n] + "\n")
    for i, row in enumerate(b):
        out.write(L[i] + " " + "".join(row) + "\n")
    out.flush()
    if me == "B":
        misbehave()
    # Playing White: the referee first sends Black's move after the prompt.
    out.write("Enter move for colour B (RowCol): ")
    out.flush()
    read_token()
    misbehave()


main()
