#!/usr/bin/env python3
"""How far apart two sets of 8x8 training labels are, on the positions both labelled.

    label-distance.py LABELS REFERENCE PHASE

LABELS and REFERENCE are `reversi train8 label --out` directories; PHASE picks DIR/phase-PP. Prints
the positions in common, the RMS and the mean of LABELS minus REFERENCE, in discs (labels are in
1/32 disc). Used to measure a kind of label against a deeper search of the same positions
(docs/results/eval8-training.md). Exit status: 0, or 2 with a one-line message on standard error
(a missing or malformed chunk, or no position in common).
"""
import glob
import math
import os
import struct
import sys

MAGIC = b"RV8LAB01"
HEADER, RECORD = 16, 18


def read_phase(directory, phase):
    """{(P, O): label in discs} of every chunk of the phase."""
    chunks = sorted(glob.glob(os.path.join(directory, "phase-%02d" % phase, "chunk-*.lab")))
    if not chunks:
        raise ValueError("%s: no label chunks for phase %d" % (directory, phase))
    labels = {}
    for path in chunks:
        with open(path, "rb") as f:
            data = f.read()
        if len(data) < HEADER or data[:8] != MAGIC:
            raise ValueError("%s: not a label chunk" % path)
        count = struct.unpack_from("<I", data, 8)[0]
        if len(data) != HEADER + RECORD * count:
            raise ValueError("%s: truncated label chunk" % path)
        for k in range(count):
            P, O, value = struct.unpack_from("<QQh", data, HEADER + RECORD * k)
            labels[(P, O)] = value / 32.0
    return labels


def distance(labels, reference):
    common = [key for key in labels if key in reference]
    if not common:
        raise ValueError("no position labelled in both")
    diffs = [labels[key] - reference[key] for key in common]
    rms = math.sqrt(sum(d * d for d in diffs) / len(diffs))
    return len(common), rms, sum(diffs) / len(diffs)


def main(argv):
    if len(argv) != 4:
        sys.stderr.write("usage: label-distance.py LABELS REFERENCE PHASE\n")
        return 2
    try:
        phase = int(argv[3])
        n, rms, mean = distance(read_phase(argv[1], phase), read_phase(argv[2], phase))
    except (ValueError, OSError) as e:
        sys.stderr.write("label-distance: %s\n" % e)
        return 2
    print("%d positions in common: rms %.3f discs, mean %+.3f discs (labels minus reference)" % (n, rms, mean))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
