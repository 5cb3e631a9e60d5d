"""What the tests of the Python scripts in scripts/ share: running a script as a user would, and
collecting failed checks into one report and exit status."""
import os
import subprocess
import sys

SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts")


def run_script(name, *args):
    """(exit status, standard output, standard error) of scripts/NAME with ARGS."""
    r = subprocess.run([sys.executable, os.path.join(SCRIPTS, name)] + list(args), capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


class Checks:
    def __init__(self, name):
        self.name, self.failures = name, []

    def check(self, condition, what):
        if not condition:
            self.failures.append(what)

    def report(self):
        """Prints the failures and a summary line; the exit status (1 when any check failed)."""
        for f in self.failures:
            print("FAILED:", f)
        print("%s: %d checks failed" % (self.name, len(self.failures)) if self.failures else "%s: all checks passed" % self.name)
        return 1 if self.failures else 0
