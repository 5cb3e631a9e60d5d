# The course's graded library, results for Gradescope and PrairieLearn, and similarity (issue 29;
# tests/course/). Not in a sanitizer build, like the grade test: the submissions run under the
# sandbox's address-space limit, which AddressSanitizer cannot live with. Included from tests/CMakeLists.txt.
if(PYTHON3 AND REVERSI_GCC AND NOT REVERSI_SANITIZE)
  add_test(NAME "course: the graded library, --sources-only"
           COMMAND ${PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/course/course_library_test.py ${CMAKE_BINARY_DIR}
                   ${CMAKE_SOURCE_DIR})
endif()
if(PYTHON3 AND REVERSI_GCC AND NOT REVERSI_SANITIZE)
  add_test(NAME "course: Gradescope and PrairieLearn results, the autograder zip"
           COMMAND ${PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/course/results_test.py ${CMAKE_BINARY_DIR} ${CMAKE_SOURCE_DIR})
endif()
find_program(REVERSI_SIM_C sim_c)
if(PYTHON3 AND REVERSI_SIM_C)
  add_test(NAME "course: similarity between submissions (sim_c)"
           COMMAND ${PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/course/similarity_test.py ${CMAKE_BINARY_DIR} ${CMAKE_SOURCE_DIR})
endif()
