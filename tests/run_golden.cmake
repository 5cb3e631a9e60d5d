# Runs PROGRAM ARGS with INPUT on standard input and fails unless standard output equals EXPECTED
# byte for byte. On a mismatch it prints the first differing line of each.
execute_process(COMMAND ${PROGRAM} ${ARGS}
                INPUT_FILE ${INPUT}
                OUTPUT_VARIABLE actual
                ERROR_VARIABLE errors
                RESULT_VARIABLE status
                TIMEOUT 120)
file(READ ${EXPECTED} expected)
if(NOT actual STREQUAL expected)
  string(REPLACE "\n" ";" actual_lines "${actual}")
  string(REPLACE "\n" ";" expected_lines "${expected}")
  list(LENGTH actual_lines actual_count)
  list(LENGTH expected_lines expected_count)
  set(line 0)
  while(line LESS actual_count AND line LESS expected_count)
    list(GET actual_lines ${line} a)
    list(GET expected_lines ${line} e)
    if(NOT a STREQUAL e)
      break()
    endif()
    math(EXPR line "${line} + 1")
  endwhile()
  math(EXPR shown "${line} + 1")
  set(a "<end of output>")
  set(e "<end of output>")
  if(line LESS actual_count)
    list(GET actual_lines ${line} a)
  endif()
  if(line LESS expected_count)
    list(GET expected_lines ${line} e)
  endif()
  message(FATAL_ERROR "output differs from ${EXPECTED} at line ${shown}:\n  expected: [${e}]\n  actual:   [${a}]\n"
                      "exit status ${status}; standard error:\n${errors}")
endif()
if(NOT status EQUAL 0)
  message(FATAL_ERROR "output matches but exit status is ${status}; standard error:\n${errors}")
endif()
