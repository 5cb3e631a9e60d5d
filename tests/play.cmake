# `reversi play` and `reversi replay` sessions: through pipes (plain text, the seed's two games checked
# by an independent reader) and in a real terminal (tmux, installed by scripts/install-deps.sh).
add_test(NAME "play: pipe sessions"
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/play/play_pipe.sh ${CMAKE_BINARY_DIR})
add_test(NAME "play: terminal sessions (tmux)"
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/play/play_tmux.sh ${CMAKE_BINARY_DIR})
set_tests_properties("play: pipe sessions" "play: terminal sessions (tmux)" PROPERTIES TIMEOUT 120)
