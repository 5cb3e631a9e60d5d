# The exact endgame solver on the public FFO test positions (tests/data/fforum-*.obf, every line with
# each move's exact score): `reversi solve --check` exits non-zero unless every best score and move
# agree with the annotations. FFO #1..#19 and #20..#29 take a few seconds; #30..#59 are long runs
# (docs/results/ffo-endgame.md), not CI.
add_test(NAME "endgame: FFO #1-#19 solved exactly"
         COMMAND $<TARGET_FILE:reversi> solve ${CMAKE_CURRENT_SOURCE_DIR}/data/fforum-1-19.obf --check)
add_test(NAME "endgame: FFO #20-#29 solved exactly"
         COMMAND $<TARGET_FILE:reversi> solve ${CMAKE_CURRENT_SOURCE_DIR}/data/fforum-20-39.obf --check --last 10
                 --first-number 20)
set_tests_properties("endgame: FFO #1-#19 solved exactly" "endgame: FFO #20-#29 solved exactly"
                     PROPERTIES TIMEOUT 300)

# scripts/solve-side-by-side.sh, the way two builds' CPU on the FFO suite is compared (one process at a
# time, the order alternating): its figures, resuming, and a wrong answer's exit status.
add_test(NAME "endgame: the side-by-side solve script"
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/scripts/solve_side_by_side_test.sh ${CMAKE_SOURCE_DIR}
                 $<TARGET_FILE_DIR:reversi>)
# A script's orchestration: the solver it runs is checked under the sanitizers by the FFO tests above.
set_tests_properties("endgame: the side-by-side solve script" PROPERTIES LABELS not_under_sanitizers)
