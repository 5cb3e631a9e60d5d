#!/usr/bin/env bash
# Bad input never crashes or hangs the lab programs: every case must end (within a timeout) with
# exit status 0 (a finished run) or 1 (input ended early, with a message on standard error),
# never a signal, and never print a line that is not part of the protocol.
# Usage: malformed_input.sh BUILD_DIR
set -u
build=$1
failures=0
cases=0

# run NAME EXPECTED_STATUS PROGRAM [ARGS...] <<< input
run() {
    local name=$1 expected=$2
    shift 2
    local err out status
    err=$(mktemp) out=$(mktemp)
    timeout 20 "$@" >"$out" 2>"$err"
    status=$?
    cases=$((cases + 1))
    if [ "$status" -ne "$expected" ]; then
        echo "FAIL $name: exit status $status, expected $expected ($*)"
        sed 's/^/    stderr: /' "$err" | head -3
        failures=$((failures + 1))
    elif [ "$expected" -eq 1 ] && ! grep -q 'input ended' "$err"; then
        echo "FAIL $name: input ended but standard error says: $(head -c 200 "$err")"
        failures=$((failures + 1))
    elif grep -qvE '^(  [a-z]+|[a-z] [UBW]+|Enter .*|Computer .*|Available moves for [BW]:|[a-z][a-z]|(Valid|Invalid) move\.|[BW] player (wins|has no valid move)\.|Draw!|)$' "$out"; then
        echo "FAIL $name: unexpected output line: $(grep -vE '^(  [a-z]+|[a-z] [UBW]+|Enter .*|Computer .*)$' "$out" | head -1)"
        failures=$((failures + 1))
    fi
    rm -f "$err" "$out"
}

lab6=$build/lab6
part1=$build/lab7part1
part2=("$build/reversi" part2 --depth 2)

# Bad dimensions are refused with a new prompt; end of input after them is status 1.
for dim in 3 5 28 0 -4 4.0 abc 99999999999999999999 '' 'four' 0x8 "$(printf 'x%.0s' {1..5000})"; do
    run "lab6 dimension '$dim'" 1 "$lab6" <<<"$dim"
    run "part1 dimension '$dim'" 1 "$part1" <<<"$dim"
done
run "lab6 bad dimension then good" 0 "$lab6" <<<"7 x 4 Bba !!! Bac"
run "part1 bad colour then good" 0 "$part1" <<<"4 X b w BW W ba zz"
run "part2 bad colour then good" 0 "${part2[@]}" <<<"6 ? B fa"

# Garbage configuration entries are ignored; garbage moves are invalid moves.
run "lab6 garbage entries" 0 "$lab6" <<<"8 Xaa Bzz B Baaa bba !!!x Wza Bab !!! Bzz"
run "lab6 long move token" 0 "$lab6" <<<"4 !!! $(printf 'B%.0s' {1..100000})"
for move in zz a abc 1a A1 '!!' aA "$(printf 'a%.0s' {1..70000})"; do
    run "part1 move '${move:0:8}'" 0 "$part1" <<<"8 B $move"
    run "part2 move '${move:0:8}'" 0 "${part2[@]}" <<<"8 B $move"
done
run "binary garbage" 1 "$part1" < <(head -c 20000 /dev/zero | tr '\0' '\377')

# End of input at every prompt of a whole game: truncate a full handout game after each token.
handout=(4 W ba ab bd da dd dc ad)
for k in $(seq 0 $((${#handout[@]} - 1))); do
    run "part1 input ends after $k tokens" 1 "$part1" <<<"${handout[*]:0:$k}"
done
# The engine's replies differ from greedy's, so only its first human move is known to stay legal.
for k in 0 1 2 3; do
    run "part2 input ends after $k tokens" 1 "${part2[@]}" <<<"${handout[*]:0:$k}"
done
run "part1 full handout game" 0 "$part1" <<<"${handout[*]}"
lab=(4 Bba Wca Bac '!!!' Wdb)
for k in $(seq 0 $((${#lab[@]} - 1))); do
    run "lab6 input ends after $k tokens" 1 "$lab6" <<<"${lab[*]:0:$k}"
done
run "lab6 closed standard input" 1 "$lab6" </dev/null

echo "malformed input: $((cases - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
