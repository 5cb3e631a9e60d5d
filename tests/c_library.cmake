# The C library as a student uses it: examples/c_library_self_test.c (the library's self-test) compiled as C with gcc against
# libreversi.a / libreversi.so from the build root, then run. Also the independent Python reference
# for the opponents, checked against the C++ test table it generated. Included from tests/CMakeLists.txt.
find_program(REVERSI_GCC NAMES gcc cc)
set(REVERSI_C_EXAMPLE ${CMAKE_SOURCE_DIR}/examples/c_library_self_test.c)
set(REVERSI_C_TEST_DIR ${CMAKE_BINARY_DIR}/c-library-test)
# A sanitizer build's library needs the sanitizer runtimes at link time (REVERSI_SANITIZE).
set(REVERSI_C_SANITIZE "")
if(REVERSI_SANITIZE)
  set(REVERSI_C_SANITIZE -fsanitize=address,undefined)
endif()
if(REVERSI_GCC)
  # Static: exactly the course's command line, with only libreversi.a in the directory.
  add_test(NAME "c library: build example against libreversi.a"
           COMMAND sh -c "rm -rf '${REVERSI_C_TEST_DIR}/static' && mkdir -p '${REVERSI_C_TEST_DIR}/static' && cp '${CMAKE_BINARY_DIR}/libreversi.a' '${CMAKE_SOURCE_DIR}/include/reversi_c/lab7part2lib.h' '${REVERSI_C_EXAMPLE}' '${REVERSI_C_TEST_DIR}/static/' && cd '${REVERSI_C_TEST_DIR}/static' && '${REVERSI_GCC}' -std=c99 -Wall -Wextra ${REVERSI_C_SANITIZE} -o c_library_self_test c_library_self_test.c -L. -lreversi")
  add_test(NAME "c library: run example (static)"
           COMMAND ${CMAKE_COMMAND} -E env REVERSI_MOVE_TIME=0.05 ${REVERSI_C_TEST_DIR}/static/c_library_self_test)
  set_tests_properties("c library: run example (static)" PROPERTIES
                       DEPENDS "c library: build example against libreversi.a"
                       PASS_REGULAR_EXPRESSION "all checks passed" FAIL_REGULAR_EXPRESSION "FAILED|illegal")
  # Shared: libreversi.so found through the run-time path.
  add_test(NAME "c library: build example against libreversi.so"
           COMMAND ${REVERSI_GCC} -std=c99 -Wall -Wextra ${REVERSI_C_SANITIZE} -I${CMAKE_SOURCE_DIR}/include/reversi_c
                   -o ${REVERSI_C_TEST_DIR}/c_library_self_test-shared ${REVERSI_C_EXAMPLE}
                   $<TARGET_FILE:reversi_c_shared> -Wl,-rpath,$<TARGET_FILE_DIR:reversi_c_shared>)
  add_test(NAME "c library: run example (shared)"
           COMMAND ${CMAKE_COMMAND} -E env REVERSI_MOVE_TIME=0.05 ${REVERSI_C_TEST_DIR}/c_library_self_test-shared 6)
  set_tests_properties("c library: run example (shared)" PROPERTIES
                       DEPENDS "c library: build example against libreversi.so"
                       PASS_REGULAR_EXPRESSION "all checks passed" FAIL_REGULAR_EXPRESSION "FAILED|illegal")
  # The later years' harness: a program with its own makeMove links against both libraries and uses its
  # own; and every function called from several threads at once.
  foreach(kind static shared)
    if(kind STREQUAL "static")
      set(library -L${REVERSI_C_TEST_DIR}/static -lreversi)
      set(built "c library: build example against libreversi.a")
    else()
      set(library $<TARGET_FILE:reversi_c_shared> -Wl,-rpath,$<TARGET_FILE_DIR:reversi_c_shared>)
      set(built "c library: build example against libreversi.so")
    endif()
    foreach(program own_makemove threads)
      set(source ${CMAKE_CURRENT_SOURCE_DIR}/c_library/${program}.c)
      set(binary ${REVERSI_C_TEST_DIR}/${program}-${kind})
      add_test(NAME "c library: build ${program}.c (${kind})"
               COMMAND ${REVERSI_GCC} -std=c99 -Wall -Wextra -pthread ${REVERSI_C_SANITIZE}
                       -I${CMAKE_SOURCE_DIR}/include/reversi_c -o ${binary} ${source} ${library})
      set_tests_properties("c library: build ${program}.c (${kind})" PROPERTIES DEPENDS "${built}")
      add_test(NAME "c library: run ${program}.c (${kind})"
               COMMAND ${CMAKE_COMMAND} -E env REVERSI_MOVE_TIME=0.02 ${binary})
      set_tests_properties("c library: run ${program}.c (${kind})" PROPERTIES
                           DEPENDS "c library: build ${program}.c (${kind})"
                           PASS_REGULAR_EXPRESSION "all checks passed" FAIL_REGULAR_EXPRESSION "FAILED")
    endforeach()
  endforeach()
endif()
if(PYTHON3)
  add_test(NAME "reference: opponents table"
           COMMAND ${PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/reference/opponents_ref.py check
                   ${CMAKE_CURRENT_SOURCE_DIR}/unit/opponents_cases.inc)
endif()
