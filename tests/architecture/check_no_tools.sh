#!/usr/bin/env bash
# The lab executables and the C library carry no tool code (training, benchmarks, tuning): no function or
# object of the project that the tools layer defines (a global reversi:: symbol; inline and template
# code is weak and shared, so it is not counted) may be defined in them.
#   check_no_tools.sh TOOLS_ARCHIVE BINARY...
set -euo pipefail
tools=$1
shift
defined() { nm --defined-only "$1" 2>/dev/null | awk '$2 ~ /^[TDBR]$/ && $3 ~ /^_ZN7reversi/ {print $3}' | sort -u; }
tool_symbols=$(defined "$tools" | grep -v '^_GLOBAL__' || true)
[ -n "$tool_symbols" ] || { echo "FAIL: no symbols read from $tools"; exit 1; }
status=0
for binary in "$@"; do
    found=$(comm -12 <(echo "$tool_symbols") <(defined "$binary") | head -5)
    if [ -n "$found" ]; then
        echo "FAIL: $binary holds tool code, e.g.:"; echo "$found" | c++filt | sed 's/^/  /'
        status=1
    else
        echo "ok: $binary holds no tool symbol"
    fi
done
exit $status
