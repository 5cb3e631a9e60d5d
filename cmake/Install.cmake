# Installing on a course server (docs/leaderboard-server.md): `cmake --install build [--prefix P]` and the
# Debian package `cpack -G DEB` (or `cmake --build build --target package`). Included last from the
# top-level CMakeLists.txt; the C libraries' own rules are in cmake/CLibrary.cmake.
include(GNUInstallDirs)

# The programs. The lab executables are what a course's auto-marker runs; reversi grades, plays and serves.
install(TARGETS reversi lab6 lab7part1 lab7part2 RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The docs a course needs, with the README's relative links kept (README.md beside docs/). The measured
# results (docs/results/) are the project's records, not a course's.
set(REVERSI_DOC_DIR ${CMAKE_INSTALL_DATADIR}/doc/reversi)
install(FILES ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/LICENSE DESTINATION ${REVERSI_DOC_DIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${REVERSI_DOC_DIR}/docs
        FILES_MATCHING PATTERN "*.md" PATTERN "*.png" PATTERN "results" EXCLUDE)

# Example systemd units, naming the programs where this install puts them. The prefix is only known at
# install time (cpack installs into /usr, `cmake --install --prefix P` into P), so they are written then,
# in a staging folder of that prefix's own: two installs at once (tests) never swap each other's units.
set(REVERSI_UNITS reversi-leaderboard.service reversi-leaderboard-run.service reversi-leaderboard-run.timer)
install(CODE "set(REVERSI_BIN \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}\")
  set(REVERSI_DOC \"\${CMAKE_INSTALL_PREFIX}/${REVERSI_DOC_DIR}\")
  string(MD5 reversi_key \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}\")
  set(reversi_stage \"${CMAKE_BINARY_DIR}/packaging/systemd-\${reversi_key}\")
  foreach(unit ${REVERSI_UNITS})
    configure_file(\"${CMAKE_SOURCE_DIR}/packaging/systemd/\${unit}\" \"\${reversi_stage}/\${unit}\" @ONLY)
    file(INSTALL DESTINATION \"\${REVERSI_DOC}/examples/systemd\" TYPE FILE FILES \"\${reversi_stage}/\${unit}\")
  endforeach()")

# ---- The Debian package: reversi_VERSION_ARCH.deb ----
set(CPACK_PACKAGE_NAME reversi)
set(CPACK_PACKAGE_VENDOR "The Reversi developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Reversi engine, course lab programs, auto-grader and leaderboard")
set(CPACK_PACKAGE_DESCRIPTION
    "The reversi command (play, match, tournament, grade students' C submissions in a bubblewrap sandbox, "
    "and the course leaderboard: a SQLite league, its scheduler and its web page), the lab programs "
    "lab6, lab7part1 and lab7part2, and the C library libreversi with its header lab7part2lib.h.")
string(JOIN "" CPACK_PACKAGE_DESCRIPTION ${CPACK_PACKAGE_DESCRIPTION})
set(CPACK_PACKAGE_CONTACT "Reversi developers <dev@reversi.local>")
if(NOT DEFINED CPACK_DEBIAN_PACKAGE_MAINTAINER)  # a course building its own package names itself with -D
  set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
endif()
set(CPACK_RESOURCE_FILE_LICENSE ${CMAKE_SOURCE_DIR}/LICENSE)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # reversi_0.2.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# What the programs run rather than link: gcc and libc6-dev compile students' C (`grade`, `leaderboard
# add`), bubblewrap walls each program off, coreutils' libstdbuf unbuffers their output.
set(REVERSI_DEB_RUNS "gcc, libc6-dev, bubblewrap (>= 0.8), coreutils")
# What they link (libc6, libstdc++6, libgcc-s1, libseccomp2, libsqlite3-0, libcpp-httplib0.11): found by
# dpkg-shlibdeps (Debian's dpkg-dev; CPack finds the programs with `file`) when they are there, else named here.
find_program(REVERSI_DPKG_SHLIBDEPS dpkg-shlibdeps)
find_program(REVERSI_FILE_COMMAND file)
if(REVERSI_DPKG_SHLIBDEPS AND REVERSI_FILE_COMMAND)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "${REVERSI_DEB_RUNS}")
else()
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "${REVERSI_DEB_RUNS}, libc6, libstdc++6, libgcc-s1, libseccomp2, libsqlite3-0, libcpp-httplib0.11")
endif()
# sqlite3 for backups, GNU parallel for `leaderboard plan` and `grade --plan`, sim_c for `reversi similarity`.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "sqlite3, parallel, similarity-tester")
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/")
include(CPack)

# The install test (tests/install/install_test.py): installs into a scratch prefix and uses it from there,
# then builds the .deb and reads its control fields and files. Seconds of real time (cpack compresses the
# programs), so slow_tools: the sanitizer run leaves it out.
find_program(REVERSI_PYTHON3 python3)
if(BUILD_TESTING AND REVERSI_PYTHON3)
  add_test(NAME "install: cmake --install into a scratch prefix, the Debian package"
           COMMAND ${REVERSI_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/install/install_test.py ${CMAKE_BINARY_DIR}
                   ${CMAKE_SOURCE_DIR} ${PROJECT_VERSION} ${CMAKE_INSTALL_LIBDIR})
  set_tests_properties("install: cmake --install into a scratch prefix, the Debian package" PROPERTIES
                       LABELS slow_tools TIMEOUT 900 COST 100)  # generous: a loaded machine (install_test.py)
endif()
