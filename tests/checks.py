"""The checks of the scripted tests (tests/*/*.py): one line per check, a summary, the exit status.

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    from checks import check, failures, finish
"""
import sys

failures = []


def check(name, ok, detail=""):
    """Prints `ok   NAME` or `FAIL NAME: DETAIL` at once (a hung test shows how far it got)."""
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else ": " + detail), flush=True)
    if not ok:
        failures.append(name)


def finish(suite):
    """Prints the suite's summary and exits: 0 when every check passed, 1 otherwise."""
    print("%s: %s" % (suite, "all passed" if not failures else
                      "%d failed: %s" % (len(failures), ", ".join(failures))))
    sys.exit(1 if failures else 0)
