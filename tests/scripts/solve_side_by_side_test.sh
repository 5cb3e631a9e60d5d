#!/bin/bash
# scripts/solve-side-by-side.sh: both builds run every position, the figures add up, a stopped
# comparison resumes without solving again, and a wrong answer from either build is exit status 1.
# Usage: solve_side_by_side_test.sh SOURCE_DIR BUILD_DIR
set -u
src=$1 reversi=$2/reversi
script=$src/scripts/solve-side-by-side.sh
ffo=$src/tests/data/fforum-1-19.obf
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A "build" that answers every position with a wrong move and score, in more nodes than 2^32.
cat >"$work/wrong" <<'SH'
#!/bin/bash
for ((k = $5; k <= $7; k++)); do  # solve FILE --check --first K --last K ...
  echo "#$k   14 empties  X  move a1  score +64  nodes  5000000000  time     0.001 s  cpu     0.001 s     0.1 Mn/s  MISMATCH (expected g8:+18)"
done
exit 1
SH
chmod +x "$work/wrong"

out=$("$script" "$ffo" "$reversi" "$reversi" "$work/same" 1 3 2>"$work/err") || fail "two good builds: status $?"
[ "$(wc -l <"$work/same/a.txt")" -eq 3 ] && [ "$(wc -l <"$work/same/b.txt")" -eq 3 ] || fail "not 3 results a build"
grep -q '^total A .* nodes, B .* nodes: cpu .*, nodes 1.000; median cpu ratio .* over 3 positions$' <<<"$out" ||
  fail "total line: $out"
nodes=$(awk '{s += $10} END {print s}' "$work/same/a.txt")
grep -q "^total A [0-9.]* s $nodes nodes" <<<"$out" || fail "total nodes are not the sum of the lines ($nodes): $out"
# The order alternates: position 1 A first, position 2 B first.
[ "$(sed -n 1p "$work/err" | cut -c1-4)" = "a #1" ] && [ "$(sed -n 3p "$work/err" | cut -c1-4)" = "b #2" ] ||
  fail "order: $(cat "$work/err")"

# Resume: one more position solved, the first three not again.
"$script" "$ffo" "$reversi" "$reversi" "$work/same" 1 4 >/dev/null 2>"$work/err2" || fail "resume: status $?"
[ "$(wc -l <"$work/err2")" -eq 2 ] && grep -q "^a #4 " "$work/err2" || fail "resume ran: $(cat "$work/err2")"

"$script" "$ffo" "$reversi" "$work/wrong" "$work/bad" 1 2 >"$work/out3" 2>&1
[ $? -eq 1 ] || fail "a wrong build: status not 1"
grep -q "MISMATCH\|expected" "$work/bad/b.txt" || fail "the wrong build's line was not kept"
grep -q " 5000000000 nodes" "$work/out3" || fail "a node count past 2^32 misprinted: $(cat "$work/out3")"

"$script" "$ffo" "$reversi" >/dev/null 2>&1
[ $? -eq 2 ] || fail "missing arguments: status not 2"
"$script" "$ffo" "$reversi" /nonexistent "$work/x" >/dev/null 2>&1
[ $? -eq 2 ] || fail "a build that is not an executable: status not 2"
echo "ok"
