#!/usr/bin/env bash
# The leaderboard page's benchmark (issue 30): GET /api/leaderboard with 50 concurrent clients on
# loopback against a league of 1,000 entries and 1,000,000 games; target under 20 ms median and
# 100 ms at the 99th percentile. Makes the league with `reversi leaderboard bench-db` when DB does not
# exist, serves it, runs wrk (Debian's `wrk`) and prints the median, the 99th percentile and the load.
#
#   scripts/bench-leaderboard.sh [BUILD_DIR [DB]]      (defaults: build, /tmp/reversi-bench-league.db)
#   ENTRIES=1000 GAMES=1000000 DURATION=10s CONNECTIONS=50 THREADS=64 scripts/bench-leaderboard.sh
set -euo pipefail

build=${1:-build}
db=${2:-/tmp/reversi-bench-league.db}
reversi="$build/reversi"
command -v wrk >/dev/null || { echo "bench-leaderboard: wrk is not installed (apt-get install wrk)" >&2; exit 77; }
[ -x "$reversi" ] || { echo "bench-leaderboard: no $reversi (build first)" >&2; exit 2; }

if [ ! -e "$db" ]; then
  "$reversi" leaderboard bench-db "$db" --entries "${ENTRIES:-1000}" --games "${GAMES:-1000000}"
fi

log=$(mktemp)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null; rm -f "$log"; }
trap cleanup EXIT
"$reversi" leaderboard serve "$db" --port 0 --threads "${THREADS:-64}" 2>"$log" &
server=$!
for _ in $(seq 1 600); do  # the first standings of a big league take a moment
  grep -q '^serving ' "$log" && break
  kill -0 "$server" 2>/dev/null || { cat "$log" >&2; exit 1; }
  sleep 0.1
done
url=$(sed -n 's/^serving \(http[^ ]*\)$/\1/p' "$log")
[ -n "$url" ] || { echo "bench-leaderboard: the server did not start" >&2; cat "$log" >&2; exit 1; }

body=$(curl --noproxy "*" -fsS "${url}api/leaderboard"); echo "${body:0:200} ..."
result=$(wrk -t2 -c"${CONNECTIONS:-50}" -d"${DURATION:-10s}" --latency "${url}api/leaderboard")
echo "$result"
median=$(awk '/Latency Distribution/ {on=1} on && $1 == "50%" {print $2; exit}' <<<"$result")
p99=$(awk '/Latency Distribution/ {on=1} on && $1 == "99%" {print $2; exit}' <<<"$result")
echo "median $median, 99th percentile $p99 (target: under 20 ms and 100 ms)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
