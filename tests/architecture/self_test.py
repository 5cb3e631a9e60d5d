"""The self-test both architecture checks run: small source trees, each made to break a rule (or to
keep them all), and the check's verdict on each compared with the expected one."""
import os
import tempfile


def run_cases(cases, problems_of):
    """cases: {label: ({path: text}, 1 when the tree breaks a rule else 0)}; problems_of(repo) -> list.
    Prints a line per case; returns 1 when any verdict was wrong, else 0."""
    failed = 0
    for label, (tree, expected) in cases.items():
        with tempfile.TemporaryDirectory() as repo:
            for path, text in tree.items():
                os.makedirs(os.path.dirname(os.path.join(repo, path)), exist_ok=True)
                with open(os.path.join(repo, path), "w") as out:
                    out.write(text)
            problems = problems_of(repo)
        got = 1 if problems else 0
        print("%s %s: expected %s, got %s" % ("ok" if got == expected else "FAILED", label,
                                             "a violation" if expected else "none", "; ".join(problems) or "none"))
        failed += got != expected
    return 1 if failed else 0
