"""What the scripted tests of `reversi grade` share: the build under test, a private workspace whose
sandboxes stay inside it (TMPDIR), submissions made from the C templates here, and the processes
still running of a test.

    from grade_common import reversi, workspace, submission, processes_under, run_reversi
"""
import os
import subprocess
import sys
import tempfile

build = os.path.abspath(sys.argv[1])
reversi = os.path.join(build, "reversi")
sources = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(sources, ".."))


def workspace(prefix):
    """A new directory (0711) with sandboxes/ (0755) inside; returns both and the environment that puts
    every sandbox's working directory there (a program in a directory its user cannot reach runs from a
    copy: tests/hostile/test_sandbox.cpp)."""
    tmp = tempfile.mkdtemp(prefix=prefix)
    os.chmod(tmp, 0o711)
    sandboxes = os.path.join(tmp, "sandboxes")
    os.makedirs(sandboxes)
    os.chmod(sandboxes, 0o755)
    return tmp, sandboxes, dict(os.environ, TMPDIR=sandboxes)


def submission(root, name, template, variant, filename):
    """root/name/filename: the template with VARIANT_<variant> defined (None: as it is)."""
    os.makedirs(os.path.join(root, name), exist_ok=True)
    with open(os.path.join(sources, template)) as f:
        text = f.read()
    with open(os.path.join(root, name, filename), "w") as f:
        f.write(("#define VARIANT_%s\n" % variant if variant else "") + text)


def run_reversi(args, cwd, env, timeout=300):
    """`reversi ARGS` in cwd: (exit status, standard output, standard error)."""
    p = subprocess.run([reversi] + args, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)
    return p.returncode, p.stdout, p.stderr


def processes_under(marker, program=None):
    """Live processes whose command line holds marker or whose working directory is under it (and whose
    program's base name is `program`, when given)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) != os.getpid():
            try:
                with open("/proc/%s/cmdline" % entry, "rb") as f:
                    cmdline = f.read()
                cwd = os.readlink("/proc/%s/cwd" % entry)
                with open("/proc/%s/stat" % entry) as f:
                    state = f.read().rsplit(")", 1)[1].split()[0]
            except (OSError, IndexError):
                continue
            if program and os.path.basename(cmdline.split(b"\0")[0]) != program.encode():
                continue
            if state != "Z" and (marker.encode() in cmdline or cwd.startswith(marker)):
                found.append(entry)
    return found
