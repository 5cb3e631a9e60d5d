#!/usr/bin/env bash
# `reversi play` and `reversi replay` through pipes (plain text): the two sample games of the
# two-player seed played to the end and checked against an independent reader of the seed, commands
# during play, saved games, remembered settings, end of input and interrupts.
# Usage: play_pipe.sh BUILD_DIR
set -u
build=$1
reversi=$build/reversi
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/config   # never touch the user's settings
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
expect() {  # expect FILE TEXT: the file contains the text
    grep -qF -- "$2" "$1" || fail "$1 lacks: $2"
}

# --- The seed's two games, moves piped five to a line as the handout pastes them ---
reader=$(python3 "$here/seed_games.py") || { echo "FAIL: seed reader"; exit 1; }
for index in 0 1; do
    name=$([ $index = 0 ] && echo step7 || echo extra)
    python3 "$here/seed_games.py" --moves $index | tr ' ' '\n' | paste -d' ' - - - - - > "$work/$name.in"
    "$reversi" play --black human --white human --size 8 --no-color < "$work/$name.in" > "$work/$name.out" 2> "$work/$name.err"
    status=$?
    [ $status = 0 ] || fail "$name: exit status $status"
    [ -s "$work/$name.err" ] && fail "$name: standard error: $(cat "$work/$name.err")"
    grep -q $'\033' "$work/$name.out" && fail "$name: escape codes in plain output"
    # The printed totals must agree with the independent reader of the seed...
    line=$(grep -o 'Final score:.*' "$work/$name.out")
    black=$(sed -n 's/^Final score: Black \([0-9]*\), White \([0-9]*\)\..*/\1/p' <<< "$line")
    white=$(sed -n 's/^Final score: Black \([0-9]*\), White \([0-9]*\)\..*/\2/p' <<< "$line")
    passes=$(grep -c 'has no legal move and passes' "$work/$name.out")
    grep -qx "$name black=$black white=$white passes=$passes" <<< "$reader" ||
        fail "$name: program says black=$black white=$white passes=$passes; the seed reader says: $reader"
done
# ... and with the numbers the seed states.
expect "$work/step7.out" "Final score: Black 25, White 39. White wins by 14 discs."
expect "$work/extra.out" "White (human) has no legal move and passes; Black moves again."
expect "$work/extra.out" "Final score: Black 37, White 27. Black wins by 10 discs."
expect "$work/extra.out" "Game record: 8 f5d6c3d3c4f4f6g5e6d7e3c5f3e7b6b5a6g4c6g3h3f2h6d2c2e2c7b3b4a3d1e1c1a5g6h5c8h4f8g7f7g8h8h7a4a7b2a1b7a8b8b1a2d8e8h2h1f1g1g2"
expect "$work/step7.out" "  X Black (human) 25      O White (human) 39"

# --- Commands during play against the engine, with a saved game and a record ---
cat > "$work/cmds.in" <<IN
help
pass
a1
f5
hint
undo
moves
f5
save $work/saved.txt
c4
load $work/saved.txt
quit
IN
"$reversi" play --black human --white part2 --move-time 0.02 --hint-time 0.02 --size 8 --no-color \
    < "$work/cmds.in" > "$work/cmds.out" 2> "$work/cmds.err"
status=$?
[ $status = 0 ] || fail "commands: exit status $status ($(cat "$work/cmds.err"))"
expect "$work/cmds.out" "undo        take back moves to your previous turn"
expect "$work/cmds.out" "You cannot pass: Black has legal moves (d3 c4 f5 e6)."
expect "$work/cmds.out" "Not a legal move: a1 flips nothing"
expect "$work/cmds.out" "White (part2) plays"
expect "$work/cmds.out" "Hint: "
expect "$work/cmds.out" "Took back 2 moves; Black to move."
expect "$work/cmds.out" "Legal moves for Black:"
expect "$work/cmds.out" "save $work/saved.txt"
expect "$work/cmds.out" "Saved 2 moves to $work/saved.txt."
expect "$work/cmds.out" "Loaded 2 moves from $work/saved.txt."
grep -q '^8 f5[a-h][1-8]$' "$work/saved.txt" || fail "saved game: $(cat "$work/saved.txt")"
ls "$work" | grep -q '\.tmp\.' && fail "a temporary file was left behind"

# --- Replay of the saved extra-credit game, in the lab's rc letters one per line ---
{ echo "# the extra-credit game"; echo 8; python3 "$here/seed_games.py" --moves 1 | tr ' ' '\n' |
    python3 -c 'import sys; [print("abcdefgh"[int(w[1:])-1] + w[0]) for w in sys.stdin.read().split()]'; } > "$work/lab.txt"
"$reversi" replay "$work/lab.txt" > "$work/replay.out" 2>&1 || fail "replay: exit status $?"
expect "$work/replay.out" "White has no legal move and passes."
expect "$work/replay.out" "Move 60: Black plays g2, flipping"
expect "$work/replay.out" "Game over. Final score: Black 37, White 27. Black wins by 10 discs."
echo "8 f5f5" > "$work/bad.txt"
"$reversi" replay "$work/bad.txt" > /dev/null 2> "$work/bad.err"
[ $? = 2 ] || fail "replay of an illegal game: exit status not 2"
expect "$work/bad.err" "move 2 (f5) is illegal for White"

# --- Remembered settings: one game at a terminal sets them, the next uses them without options ---
# (A piped run never rewrites them: tests/robustness/files_and_streams.py.)
python3 "$here/on_terminal.py" 'n\n' "$reversi" play --black smarter --white greedy --size 6 --black-name Sam \
    --no-color --level 2 > "$work/first.out" 2>&1 || fail "computer game: exit status $?"
expect "$work/first.out" "Game over. Final score:"
expect "$work/first.out" "Play again? [y/N]: "
sed -i 's/Play again? \[y\/N\]: $//' "$work/first.out"
conf=$XDG_CONFIG_HOME/reversi/play.conf
expect "$conf" "size = 6"
expect "$conf" "black = smarter"
expect "$conf" "white = greedy"
expect "$conf" "black_name = Sam"
expect "$conf" "level = 2"
expect "$conf" "color = off"
"$reversi" play < /dev/null > "$work/second.out" 2>&1 || fail "remembered game: exit status $?"
expect "$work/second.out" "     a b c d e f"
expect "$work/second.out" "Black (Sam)"
expect "$work/second.out" "White (greedy) plays"
grep -q $'\033' "$work/second.out" && fail "remembered color = off not applied"
cmp -s "$work/first.out" "$work/second.out" || fail "the same deterministic players played differently"
echo "size = 7" > "$work/bad.conf"
"$reversi" play --config "$work/bad.conf" --black greedy --white greedy --size 4 --no-remember < /dev/null \
    > /dev/null 2> "$work/badconf.err"
expect "$work/badconf.err" "bad value \"7\" for size"
expect "$work/bad.conf" "size = 7"   # --no-remember left it alone

# --- Bad options, end of input, interrupt ---
"$reversi" play --black nobody < /dev/null > /dev/null 2> "$work/opt.err"
[ $? = 2 ] || fail "a bad seat: exit status not 2"
"$reversi" play --size 7 < /dev/null > /dev/null 2>&1
[ $? != 0 ] || fail "size 7 accepted"
printf 'f5\nd6\n' | "$reversi" play --black human --white human --size 8 --no-color > /dev/null 2> "$work/eof.err"
[ $? = 1 ] || fail "end of input: exit status not 1"
expect "$work/eof.err" "reversi: input ended in the middle of the game; the game so far: 8 f5d6"
# The interrupt comes once f5 is played (polled, not a fixed sleep: a loaded machine may start
# slowly), while the input is still open (a FIFO the script holds).
mkfifo "$work/int.in"
"$reversi" play --black human --white human --size 8 --no-color < "$work/int.in" > "$work/int.out" 2> "$work/int.err" &
pid=$!
exec 3> "$work/int.in"
printf 'f5\n' >&3
for _ in $(seq 200); do
    grep -q "White to move" "$work/int.out" 2>/dev/null && break
    sleep 0.05
done
kill -INT $pid
wait $pid
status=$?
exec 3>&-
[ $status = 130 ] || fail "interrupt: exit status $status, not 130"
expect "$work/int.err" "reversi: interrupted; the game so far: 8 f5"

[ $failures = 0 ] && echo "play through pipes: all checks passed"
exit $((failures > 0))
