#!/usr/bin/env python3
"""Every relative link of the Markdown pages (README.md, docs/**/*.md) reaches a file of the tree, and
every `#anchor` on a Markdown page reaches one of its headings (GitHub's rule: lower case, punctuation
dropped, spaces to hyphens, a repeated heading numbered -1, -2, ...). Links to the web are not followed.
Prints one line per broken link and exits 1; exits 0 when all reach.

    check_doc_links.py [REPO]
    check_doc_links.py --self-test     (the check fails on pages with each kind of broken link)
"""
import os
import re
import sys

from self_test import run_cases

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")


def pages(repo):
    found = [os.path.join(repo, "README.md")] if os.path.isfile(os.path.join(repo, "README.md")) else []
    for root, _, files in os.walk(os.path.join(repo, "docs")):
        found += [os.path.join(root, f) for f in sorted(files) if f.endswith(".md")]
    return found


def prose_lines(path):
    """The page's lines outside fenced code blocks (a shell example may hold brackets and parentheses)."""
    inside = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if FENCE.match(line):
                inside = not inside
                continue
            if not inside:
                yield number, line


def slug(heading):
    text = re.sub(r"`|\*", "", heading).strip().lower()
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path):
    seen, out = {}, set()
    for _, line in prose_lines(path):
        m = HEADING.match(line)
        if m:
            base = slug(m.group(1))
            n = seen.get(base, 0)
            out.add(base if n == 0 else "%s-%d" % (base, n))
            seen[base] = n + 1
    return out


def check(repo):
    problems, cache = [], {}
    for page in pages(repo):
        for number, line in prose_lines(page):
            for target in LINK.findall(line):
                if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):
                    continue  # http:, https:, mailto:
                path, _, anchor = target.partition("#")
                dest = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
                where = "%s:%d" % (os.path.relpath(page, repo), number)
                if not os.path.exists(dest):
                    problems.append("%s: %s: no such file" % (where, target))
                elif anchor and dest.endswith(".md"):
                    if dest not in cache:
                        cache[dest] = anchors(dest)
                    if anchor not in cache[dest]:
                        problems.append("%s: %s: no such heading" % (where, target))
    return problems


def self_test():
    ok = "# Title\n\n## A section, with `code`\n\nSee [a](docs/b.md#the-b-page) and [s](#a-section-with-code).\n"
    cases = {
        "clean": ({"README.md": ok, "docs/b.md": "# The B page\n[up](../README.md#title)\n"}, 0),
        "missing file": ({"README.md": "[x](docs/gone.md)\n"}, 1),
        "missing heading": ({"README.md": ok, "docs/b.md": "# Another page\n"}, 1),
        "missing heading on the same page": ({"README.md": "# T\n[s](#nowhere)\n"}, 1),
        "web links and code blocks are not followed": ({"README.md": "[w](https://example.org/x)\n```\n[c](gone.md)\n```\n"}, 0),
        "a repeated heading is numbered": ({"README.md": "# R\n## Run\n## Run\n[2](#run-1)\n"}, 0),
    }
    return run_cases(cases, check)


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    repo = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
    problems = check(repo)
    for p in problems:
        print(p)
    if problems:
        print("check_doc_links: %d broken link(s)" % len(problems))
        return 1
    print("check_doc_links: every relative link of %d pages reaches its file and heading" % len(pages(repo)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
