"""The checks of the scripted tests (tests/*/*.py): one line per check, a summary, the exit status,
and what they need to know of the build under test.

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    from checks import check, failures, finish
"""
import resource
import subprocess
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


def runs_under_address_limit(program):
    """False for a sanitizer build: AddressSanitizer cannot start under the sandbox's RLIMIT_AS."""
    limit = 2 << 30
    return subprocess.run([program, "--version"], capture_output=True,
                          preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit))).returncode == 0
