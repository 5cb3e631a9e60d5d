#!/usr/bin/env bash
# Builds the Gradescope autograder zip (docs/grading.md#gradescope): setup.sh and run_autograder at the
# zip's root, as Gradescope requires, and this project's committed source (git archive HEAD) in reversi/.
#   scripts/gradescope/build_zip.sh [OUT.zip]     (default: build/gradescope-autograder.zip)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
top="$(cd "$here/../.." && pwd)"
out="$(realpath -m "${1:-$top/build/gradescope-autograder.zip}")"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp "$here/setup.sh" "$here/run_autograder" "$stage/"
chmod 755 "$stage/setup.sh" "$stage/run_autograder"
mkdir "$stage/reversi"
git -C "$top" archive --format=tar HEAD | tar -x -C "$stage/reversi"
mkdir -p "$(dirname "$out")"
rm -f "$out"
(cd "$stage" && zip -q -r -X "$out" setup.sh run_autograder reversi)
echo "$out"
