#!/bin/bash
# Compares two builds' `reversi solve` on the same positions, one process at a time: for each position
# the two builds run in turn, the first of the pair alternating from one position to the next, so a
# drift of the machine's speed falls on both. Running the two at once, one on each core, biased the
# CPU figures by about 12% (docs/results/ffo-endgame.md).
#
#   scripts/solve-side-by-side.sh FILE.obf BUILD_A BUILD_B OUTDIR [FIRST LAST [FIRST_NUMBER]]
#
# BUILD_A and BUILD_B are `reversi` executables (an old one: git worktree add, then build it). Each
# build's result lines go to OUTDIR/a.txt and OUTDIR/b.txt; a position already there is not run again,
# so a stopped comparison resumes. At the end: per-position CPU and node ratios (A/B), their totals and
# the median of the per-position CPU ratios. Exit status 1 if a build gets a position wrong (--check).
set -euo pipefail

if [ $# -lt 4 ]; then
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
file=$1 a=$2 b=$3 out=$4 first=${5:-1} last=${6:-} number=${7:-1}
for exe in "$a" "$b"; do
    [ -x "$exe" ] || { echo "solve-side-by-side: $exe is not an executable" >&2; exit 2; }
done
[ -r "$file" ] || { echo "solve-side-by-side: cannot read $file" >&2; exit 2; }
if [ -z "$last" ]; then last=$(grep -c . "$file"); fi
mkdir -p "$out"
touch "$out/a.txt" "$out/b.txt"

# solve_one EXE K TAG: position K of the file (shown as number K + number - 1) into OUTDIR/TAG.txt.
solve_one() {
    local shown=$(($2 + number - 1)) line status
    grep -q "^#$shown " "$out/$3.txt" && return 0
    set +e
    line=$("$1" solve "$file" --check --first "$2" --last "$2" --first-number "$number" | grep "^#$shown ")
    status=$?
    set -e
    [ -n "$line" ] || { echo "solve-side-by-side: $1 gave no result for #$shown (status $status)" >&2; exit 1; }
    echo "$line" >>"$out/$3.txt"
    echo "$3 $line" >&2
}

for ((k = first; k <= last; k++)); do
    if (((k - first) % 2 == 0)); then solve_one "$a" "$k" a; solve_one "$b" "$k" b
    else solve_one "$b" "$k" b; solve_one "$a" "$k" a; fi
done

# Fields of a result line: $1 #N, $10 nodes, $15 CPU seconds, last field ok or MISMATCH's text.
table=$(join <(awk '{print substr($1, 2), $10, $15, $NF}' "$out/a.txt" | sort -k1,1) \
             <(awk '{print substr($1, 2), $10, $15, $NF}' "$out/b.txt" | sort -k1,1) | sort -n |
        awk -v first=$((first + number - 1)) -v last=$((last + number - 1)) '$1 >= first && $1 <= last')
[ -n "$table" ] || { echo "solve-side-by-side: no position solved by both" >&2; exit 1; }
median=$(awk '{print $3 / $6}' <<<"$table" | sort -g |
         awk '{r[NR] = $1} END {print NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2}')
awk -v median="$median" '
    {
        printf "#%-3s A %9.3f s %12.0f nodes  B %9.3f s %12.0f nodes  cpu %.3f  nodes %.3f  %s %s\n",
               $1, $3, $2, $6, $5, $3 / $6, $2 / $5, $4, $7
        ca += $3; cb += $6; na += $2; nb += $5
        if ($4 != "ok" || $7 != "ok") bad = 1
    }
    END {
        printf "total A %.1f s %.0f nodes, B %.1f s %.0f nodes: cpu %.3f, nodes %.3f; median cpu ratio %.3f over %d positions\n",
               ca, na, cb, nb, (cb > 0 ? ca / cb : 0), (nb > 0 ? na / nb : 0), median, NR
        exit bad
    }' <<<"$table"
