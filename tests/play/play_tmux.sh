#!/usr/bin/env bash
# `reversi play` in a real terminal (tmux): what a person sees. Checks the colours (escape codes),
# the Unicode discs, the last-move mark, hint, undo, save/load, Ctrl-C, and a full two-player game
# typed line by line to the end, then declining another game.
# Usage: play_tmux.sh BUILD_DIR
set -u
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
command -v tmux > /dev/null || { echo "FAIL: tmux is not installed (scripts/install-deps.sh installs it)"; exit 1; }
work=$(mktemp -d)
socket="reversi-test-$$"
tm() { tmux -L "$socket" -f /dev/null "$@"; }
trap 'tm kill-server 2> /dev/null; rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/config LC_ALL=C.UTF-8 LANG=C.UTF-8 TERM=xterm-256color
unset NO_COLOR
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
screen() { tm capture-pane -p -t "$1"; }          # the text on the screen
colours() { tm capture-pane -p -e -t "$1"; }      # the same with its escape codes
# wait_for SESSION TEXT [SECONDS]: until the screen shows the text.
wait_for() {
    local limit=$(( ${3:-10} * 10 ))
    for ((i = 0; i < limit; i++)); do
        screen "$1" | grep -qF -- "$2" && return 0
        sleep 0.1
    done
    fail "session $1: timed out waiting for \"$2\"; the screen:"
    screen "$1" >&2
    return 1
}
type_line() { tm send-keys -t "$1" -l -- "$2"; tm send-keys -t "$1" Enter; }
start() {  # start SESSION COMMAND...: runs the command in a 100x40 terminal, then reports its status
    tm new-session -d -s "$1" -x 100 -y 40 "$2; echo EXIT=\$?; sleep 60"
}

# --- A person against the engine ---
start vs "'$build/reversi' play --black human --white part2 --move-time 0.02 --hint-time 0.02 --size 8 --black-name Ann"
wait_for vs "Black to move (Ann):"
s=$(screen vs)
grep -qF "     a b c d e f g h" <<< "$s" || fail "no column letters"
grep -q "^  8  " <<< "$s" || fail "no row numbers"
grep -qF "●" <<< "$s" || fail "no Unicode discs in a UTF-8 terminal"
grep -qF "> ● Black (Ann) 2      ● White (part2) 2" <<< "$s" || fail "score line: $(grep Black <<< "$s")"
c=$(colours vs)
grep -q $'\033\\[[0-9;]*42[;m]' <<< "$c" || fail "no green board (no background colour 42 in the escape codes)"
grep -q $'\033\\[[0-9;]*97[;m]' <<< "$c" || fail "no bright white discs"
type_line vs "zz9"
wait_for vs "Not a legal move: \"zz9\" is not a move"
type_line vs "f5"
wait_for vs "White (part2) plays"
wait_for vs "Black to move (Ann):"
grep -qF "[●]" <<< "$(screen vs)" || fail "the last move is not marked"
grep -q $'\033\\[[0-9;]*31[;m]\\[' <<< "$(colours vs)" || fail "the last-move mark is not red"
type_line vs "hint"
wait_for vs "Hint: "
type_line vs "undo"
wait_for vs "Took back 2 moves; Black to move."
grep -qF "> ● Black (Ann) 2      ● White (part2) 2" <<< "$(screen vs)" || fail "undo did not restore the start"
type_line vs "moves"
wait_for vs "Legal moves for Black: d3 c4 f5 e6."
grep -qF "∘" <<< "$(screen vs)" || fail "legal moves not marked"
type_line vs "c4"
wait_for vs "Black to move (Ann):"
type_line vs "save $work/game.txt"
wait_for vs "Saved 2 moves to $work/game.txt."
type_line vs "undo"
wait_for vs "Took back 2 moves; Black to move."
type_line vs "load $work/game.txt"
wait_for vs "Loaded 2 moves from $work/game.txt."
tm send-keys -t vs C-c
wait_for vs "EXIT=130"
grep -qF "reversi: interrupted; the game so far: 8 c4" <<< "$(screen vs)" || fail "no message on Ctrl-C"
grep -q '^8 c4[a-h][1-8]$' "$work/game.txt" || fail "saved game: $(cat "$work/game.txt")"

# --- Two people, a full game typed line by line to the end ---
start full "'$build/reversi' play --black human --white human --size 8 --black-name -"
wait_for full "Black to move (human):"
python3 "$here/seed_games.py" --moves 1 | tr ' ' '\n' > "$work/moves"
while read -r move; do type_line full "$move"; sleep 0.02; done < "$work/moves"
wait_for full "Play again? [y/N]:" 20
s=$(screen full)
grep -qF "Game over. Final score: Black 37, White 27. Black wins by 10 discs." <<< "$s" || fail "final score"
grep -qF "Game record: 8 f5d6c3d3c4" <<< "$s" || fail "game record"
grep -qF "[●]" <<< "$s" || fail "the last move is not marked at the end"
type_line full "n"
wait_for full "EXIT=0"

# --- The setup questions when no option names the seats (and the settings remembered) ---
start ask "'$build/reversi' play --no-color --delay 0"
wait_for ask "Board size (an even number from 4 to 26) [8]:"
type_line ask "4"
wait_for ask "Black: human, greedy, smarter, smartest, random or part2 [human]:"
type_line ask "greedy"
wait_for ask "Black's name (- for none) [none]:"  # "-" cleared the remembered Ann
type_line ask ""
wait_for ask "White: human, greedy, smarter, smartest, random or part2 [human]:"
type_line ask "smarter"
wait_for ask "White's name (- for none) [none]:"
type_line ask "Bo"
wait_for ask "Play again? [y/N]:"
grep -q $'\033' <<< "$(colours ask)" && fail "escape codes with --no-color"
type_line ask "n"
wait_for ask "EXIT=0"
grep -qF "white_name = Bo" "$XDG_CONFIG_HOME/reversi/play.conf" || fail "settings not remembered"

[ $failures = 0 ] && echo "play in a terminal: all checks passed"
exit $((failures > 0))
