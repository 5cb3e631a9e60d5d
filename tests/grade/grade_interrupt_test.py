#!/usr/bin/env python3
"""Killing a grading run ends it as Ctrl-C does: SIGTERM and SIGHUP sent to the grader alone (as
`kill PID` does), and SIGINT sent to its whole process group (as a terminal's Ctrl-C does), in the
middle of a Lab 6 run whose last two submissions sleep (each in two processes) until killed. Each must
exit with 128 + the signal, leave no process of the run (no worker, no student program: /proc is
scanned), leave nothing in its temporary directory (TMPDIR, where the sandboxes' working directories
and captured standard error go), and keep the finished submissions' rows in the CSV, whole.
Before, a SIGTERM left the worker and the student's program running under init, and Ctrl-C left
reversi-sandbox-* and reversi-stderr-* behind.

    grade_interrupt_test.py BUILD_DIR
"""
import csv
import os
import shutil
import signal
import subprocess
import time

from grade_common import reversi, sources, workspace, processes_under
from checks import check, finish  # noqa: E402

SLEEPER = "#include <unistd.h>\nint main(void) { fork(); sleep(1000); return 0; }\n"


def rows(path):
    try:
        with open(path) as f:
            return {r["submission"]: r for r in csv.DictReader(f)}
    except (OSError, KeyError):
        return {}


def interrupted_run(sig, whole_group):
    name = signal.Signals(sig).name
    tmp, sandboxes, env = workspace("reversi-grade-kill-")
    try:
        for student, text in (("a_fast", None), ("b_fast", None), ("c_slow", SLEEPER), ("d_slow", SLEEPER)):
            os.makedirs(os.path.join(tmp, student))
            if text is None:
                shutil.copy(os.path.join(sources, "lab6.c"), os.path.join(tmp, student, "lab6.c"))
            else:
                with open(os.path.join(tmp, student, "lab6.c"), "w") as f:
                    f.write(text)
        proc = subprocess.Popen([reversi, "grade", "lab6", "a_fast", "b_fast", "c_slow", "d_slow", "--cases", "2",
                                 "--jobs", "2", "--csv", "marks.csv"], cwd=tmp, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=True, env=env)
        # Wait until both fast ones are in the CSV and both slow ones are running (2 processes each).
        deadline = time.time() + 30
        running = []
        while time.time() < deadline and (len(rows(os.path.join(tmp, "marks.csv"))) < 2 or len(running) < 4):
            time.sleep(0.1)
            running = processes_under(sandboxes, "lab6")
        check("%s: the slow submissions running" % name, len(running) >= 4, str(running))
        if whole_group:
            os.killpg(proc.pid, sig)
        else:
            os.kill(proc.pid, sig)
        try:
            out, err = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
            check("%s: ends" % name, False, "still running 20 s after the signal")
        err = err.decode(errors="replace")
        check("%s: exit status %d" % (name, 128 + sig), proc.returncode == 128 + sig,
              "status %s, stderr %r" % (proc.returncode, err[-300:]))
        check("%s: one message" % name, err.count("reversi: ") == 1, repr(err[-300:]))
        left = processes_under(tmp)
        check("%s: no process of the run left" % name, not left, str(left))
        check("%s: nothing left in TMPDIR" % name, not os.listdir(sandboxes), str(os.listdir(sandboxes)))
        marks = rows(os.path.join(tmp, "marks.csv"))
        check("%s: the CSV keeps the finished rows" % name,
              sorted(marks) == ["a_fast", "b_fast"] and all(r["mark"] == "2" for r in marks.values()), str(marks))
        check("%s: no temporary file beside the CSV" % name,
              not [n for n in os.listdir(tmp) if n.endswith(".tmp")], str(os.listdir(tmp)))
        for left_pid in left:
            os.kill(int(left_pid), signal.SIGKILL)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


interrupted_run(signal.SIGTERM, whole_group=False)
interrupted_run(signal.SIGHUP, whole_group=False)
interrupted_run(signal.SIGINT, whole_group=True)
finish("grade interrupts")
