# The leaderboard's page (docs/leaderboard-page.md): the server as the world sees it (API shape, escaping,
# nothing from disk, read-only, bad and slow requests), and the browser test (headless Chromium through
# Selenium, label slow_tools: left out of the sanitizer run; skipped, status 77, without Chromium).
if(PYTHON3)
  add_test(NAME "leaderboard page: API, escaping, no files, read-only, bad and slow requests"
           COMMAND ${PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/server_test.py ${CMAKE_BINARY_DIR})
  set_tests_properties("leaderboard page: API, escaping, no files, read-only, bad and slow requests"
                       PROPERTIES TIMEOUT 120 LABELS slow_tools)
  add_test(NAME "leaderboard page: in a browser, every entry, an entry, a game stepped to its end"
           COMMAND ${PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/browser_test.py ${CMAKE_BINARY_DIR})
  set_tests_properties("leaderboard page: in a browser, every entry, an entry, a game stepped to its end"
                       PROPERTIES TIMEOUT 180 LABELS slow_tools SKIP_RETURN_CODE 77 COST 100)
endif()
