#!/usr/bin/env bash
# CI's robustness checks, run by .ci/run after the README's test command (which built build/):
#   1. differential: the bitboard engine against the char-array rules on 1.2 million random positions
#      (50,000 per board size and seed, sizes 4..26, two seeds on the two cores) with perft checks;
#   2. the whole test suite built with AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/),
#      every fuzz target's seed corpus replayed among it ("fuzz corpus: NAME").
# libFuzzer's own runs (scripts/fuzz.sh, clang) are not part of CI: their clang build alone took about
# 5 minutes and pushed a CI run past 30; docs/testing.md says when to run them.
# Each part prints its time.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=2
part() { echo; echo "=== ci-extra: $* ($(date +%T))"; }
stamp() { echo "=== ci-extra: done in $(( $(date +%s) - $1 )) s"; }


part "differential test, 2 x 600,000 positions"
t=$(date +%s)
build/differential --positions 50000 --seed 1 --quiet > build/differential-1.log 2>&1 &
first=$!
build/differential --positions 50000 --seed 2 --quiet > build/differential-2.log 2>&1 || { cat build/differential-2.log; exit 1; }
wait "$first" || { cat build/differential-1.log; exit 1; }
cat build/differential-1.log build/differential-2.log
stamp "$t"

part "sanitizer build (ASan + UBSan) and the whole test suite"
t=$(date +%s)
# -O1 -g1 (line tables): half the compile time of -O2 -g, the stack traces still name file and line.
cmake -S . -B build-asan -DREVERSI_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" >/dev/null
cmake --build build-asan -j"$jobs" >/dev/null
# Distinct exit codes so that a sanitizer report can never pass for a program's own status 1. The
# referee preloads coreutils' libstdbuf into every program it runs (unbuffered output), ahead of the
# ASan runtime of our own players: verify_asan_link_order=0 lets them start.
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:exitcode=86:strict_string_checks=1:detect_stack_use_after_return=1:verify_asan_link_order=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=87
# Tests labelled slow_tools drive outside programs (chromium, wrk, an installed tree) through our
# unchanged code paths, and those labelled not_under_sanitizers run none of our code (the Python
# reference checks) or only repeat the option parser: the plain run has them; under the sanitizers
# they would only cost time (about 1.5 minutes, which a CI run under 30 minutes needs).
ctest --test-dir build-asan -j"$jobs" --output-on-failure -LE 'slow_tools|not_under_sanitizers'
unset ASAN_OPTIONS UBSAN_OPTIONS
stamp "$t"
