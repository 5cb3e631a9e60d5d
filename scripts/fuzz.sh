#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/, clang with AddressSanitizer + UndefinedBehaviorSanitizer) in
# build-fuzz/ and runs each for SECONDS (default 5: CI's smoke run). New inputs go to
# build-fuzz/corpus/NAME (the seeds in fuzz/corpus/NAME are only read); a crash, leak or timeout is
# saved as build-fuzz/artifacts/NAME/crash-* and the script fails.
#
#   scripts/fuzz.sh                  every target for 5 s (what CI runs)
#   scripts/fuzz.sh 600 nboard gtp   a long campaign: 10 minutes each for two targets
#   FUZZ_JOBS=2 scripts/fuzz.sh 3600 position_text   two fuzzing processes sharing one corpus
#   FUZZ_OPT="-O1 -g1" scripts/fuzz.sh               faster to build (CI), slower to run
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-5}
shift || true
build=$(realpath -m "${FUZZ_BUILD_DIR:-build-fuzz}")
jobs=${FUZZ_JOBS:-1}

if ! command -v clang++ >/dev/null; then
    echo "fuzz.sh: clang++ not found (Debian: apt-get install clang libclang-rt-14-dev)" >&2
    exit 1
fi
mkdir -p "$build"
# FUZZ_OPT: optimisation and debug flags (CI's smoke run compiles faster with "-O1 -g1").
opt=${FUZZ_OPT:--O2 -g}
if ! { cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
             "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$opt -DNDEBUG" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=$opt -DNDEBUG" \
             -DREVERSI_FUZZ=ON -DBUILD_TESTING=OFF && cmake --build "$build" -j2 --target fuzz_targets; } >"$build/build.log" 2>&1; then
    tail -40 "$build/build.log"
    echo "fuzz.sh: the build failed (log: $build/build.log)" >&2
    exit 1
fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for dir in fuzz/corpus/*/; do targets+=("$(basename "$dir")"); done
fi
# -jobs makes libFuzzer write fuzz-N.log files in the current directory: run parallel jobs from the
# artifacts directory.
parallel=()
[ "$jobs" -gt 1 ] && parallel=(-jobs="$jobs" -workers="$jobs")
root=$PWD
failed=()
for name in "${targets[@]}"; do
    exe=$build/fuzz_$name
    [ -x "$exe" ] || { echo "fuzz.sh: no target fuzz_$name" >&2; exit 1; }
    mkdir -p "$build/corpus/$name" "$build/artifacts/$name"
    start=$(date +%s)
    log=$build/artifacts/$name/last-run.log
    # -timeout: one input taking over 10 s is a hang; -rss_limit_mb: runaway memory is a finding.
    if (cd "$build/artifacts/$name" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
        "$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 -max_len=8192 "${parallel[@]}" \
               -print_final_stats=1 -artifact_prefix="$build/artifacts/$name/" \
               "$build/corpus/$name" "$root/fuzz/corpus/$name") >"$log" 2>&1; then
        runs=$(cat "$log" "$build/artifacts/$name"/fuzz-*.log 2>/dev/null |
               grep -o 'stat::number_of_executed_units: *[0-9]*' | awk '{s+=$2} END{print s+0}' || true)
        echo "fuzz: $name: ok, $runs inputs in $(( $(date +%s) - start )) s"
    else
        echo "fuzz: $name: FAILED (log: $log)"
        grep -E 'ERROR|SUMMARY|check failed|runtime error' "$log" | head -5 | sed 's/^/    /'
        ls "$build/artifacts/$name"/crash-* "$build/artifacts/$name"/timeout-* "$build/artifacts/$name"/leak-* \
           "$build/artifacts/$name"/oom-* 2>/dev/null | head -3 | sed 's/^/    input: /'
        failed+=("$name")
    fi
done
[ ${#failed[@]} -eq 0 ] || { echo "fuzz: failed: ${failed[*]}"; exit 1; }
