#!/usr/bin/env python3
"""scripts/label-distance.py on label chunks written here with known values: the positions in common,
the RMS and the mean difference in discs; a truncated chunk, a missing phase and nothing in common
are refused with exit status 2 and a one-line message."""
import os
import struct
import sys
import tempfile

from script_checks import Checks, run_script


def write_chunk(directory, phase, labels, cut=0):
    d = os.path.join(directory, "phase-%02d" % phase)
    os.makedirs(d, exist_ok=True)
    data = b"RV8LAB01" + struct.pack("<II", len(labels), 0)
    for (P, O), value in labels:
        data += struct.pack("<QQh", P, O, value)
    with open(os.path.join(d, "chunk-0000.lab"), "wb") as f:
        f.write(data[: len(data) - cut])


def run(*args):
    return run_script("label-distance.py", *args)


def main():
    checks = Checks("label-distance")
    check = checks.check

    with tempfile.TemporaryDirectory() as tmp:
        a, b, c = (os.path.join(tmp, x) for x in "abc")
        # Two positions in common, 1 and 3 discs apart (32 and 96 in 1/32 disc); one only in a.
        write_chunk(a, 20, [((1, 2), 64), ((3, 4), -32), ((5, 6), 0)])
        write_chunk(b, 20, [((1, 2), 32), ((3, 4), -128), ((7, 8), 0)])
        rc, out, err = run(a, b, "20")
        check(rc == 0, "a valid pair exits 0 (%d, %s)" % (rc, err))
        # rms of (1, 3) = sqrt(5) = 2.236; mean +2.000
        check("2 positions in common" in out and "rms 2.236" in out and "mean +2.000" in out, "figures: " + out)
        rc, out, err = run(a, b, "21")
        check(rc == 2 and "no label chunks for phase 21" in err and out == "", "a missing phase: %d %s" % (rc, err))
        write_chunk(c, 20, [((9, 9), 0)])
        rc, out, err = run(a, c, "20")
        check(rc == 2 and "no position labelled in both" in err, "nothing in common: %d %s" % (rc, err))
        write_chunk(c, 20, [((1, 2), 0)], cut=1)
        rc, out, err = run(a, c, "20")
        check(rc == 2 and "truncated" in err and len(err.strip().splitlines()) == 1, "a truncated chunk: %d %s" % (rc, err))
        rc, out, err = run(a)
        check(rc == 2 and "usage" in err, "usage: %d %s" % (rc, err))
    return checks.report()


if __name__ == "__main__":
    sys.exit(main())
