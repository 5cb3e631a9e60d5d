# Two C libraries (docs/c-library.md):
# - for students' own testing: libreversi.a and libreversi.so in the build root, declared by
#   include/reversi_c/lab7part2lib.h: the course's two opponents and makeMove, our engine;
# - for grading: the course's own build/course/liblab7part2.a, the two opponents only (further below).
# All are self-contained for a C program built with plain gcc (`gcc Lab7Part2.c -L. -lreversi`):
# - libreversi.so links libstdc++ statically and exports only the C functions (src/programs/c_api/exports.map);
# - libreversi.a holds one relocatable object: the C API, the parts of the layers and of libstdc++
#   it needs, partially linked together, with every symbol but the C API made local, and the C API's
#   three functions weak, so that a program defining its own makeMove (the later years' harness) links
#   with its own instead of failing with "multiple definition".
# Included from the top-level CMakeLists.txt after the layers (src/CMakeLists.txt) are defined. The C API
# needs the opponents (players) and the engine, with the layers under them, listed highest first for the
# partial link.
set(REVERSI_C_LAYERS reversi_players reversi_engine reversi_search reversi_eval reversi_bitboard reversi_rules
    reversi_platform)

file(GLOB REVERSI_C_API_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/programs/c_api/*.cpp)
add_library(reversi_c_api OBJECT ${REVERSI_C_API_SOURCES})
target_link_libraries(reversi_c_api PUBLIC reversi_players reversi_engine)
target_include_directories(reversi_c_api PUBLIC ${CMAKE_SOURCE_DIR}/include)
target_compile_options(reversi_c_api PRIVATE ${REVERSI_WARNINGS})
set_target_properties(reversi_c_api PROPERTIES POSITION_INDEPENDENT_CODE ON)

set(REVERSI_C_EXPORTS ${CMAKE_SOURCE_DIR}/src/programs/c_api/exports.map)
add_library(reversi_c_shared SHARED $<TARGET_OBJECTS:reversi_c_api>)
target_link_libraries(reversi_c_shared PRIVATE reversi_players reversi_engine)
target_link_options(reversi_c_shared PRIVATE -static-libstdc++ -static-libgcc
                    -Wl,--version-script=${REVERSI_C_EXPORTS} -Wl,--no-undefined)
set_target_properties(reversi_c_shared PROPERTIES OUTPUT_NAME reversi LINK_DEPENDS ${REVERSI_C_EXPORTS})

execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libstdc++.a
                OUTPUT_VARIABLE REVERSI_LIBSTDCXX_A OUTPUT_STRIP_TRAILING_WHITESPACE)
find_program(REVERSI_OBJCOPY NAMES ${CMAKE_OBJCOPY} objcopy)
# reversi_c_archive(TARGET OUTPUT OBJECTS LAYERS KEEP): OUTPUT, one static archive holding one
# relocatable object made of OBJECTS (an object library), the LAYERS and libstdc++, every symbol but KEEP
# local and KEEP weak, so that a program's own definition of one of them wins at link time.
function(reversi_c_archive target output objects layers keep)
  set(layer_files "")
  foreach(layer ${layers})
    list(APPEND layer_files $<TARGET_FILE:${layer}>)
  endforeach()
  set(symbols "")
  foreach(symbol ${keep})
    list(APPEND symbols --keep-global-symbol=${symbol} --weaken-symbol=${symbol})
  endforeach()
  get_filename_component(name ${output} NAME_WE)
  set(combined ${CMAKE_BINARY_DIR}/CMakeFiles/${name}.o)
  if(EXISTS "${REVERSI_LIBSTDCXX_A}" AND REVERSI_OBJCOPY)
    add_custom_command(
      OUTPUT ${output}
      COMMAND ${CMAKE_CXX_COMPILER} -r -nostdlib -o ${combined} $<TARGET_OBJECTS:${objects}> ${layer_files}
              ${REVERSI_LIBSTDCXX_A}
      COMMAND ${REVERSI_OBJCOPY} ${symbols} ${combined}
      COMMAND ${CMAKE_COMMAND} -E rm -f ${output}
      COMMAND ${CMAKE_AR} rcs ${output} ${combined}
      DEPENDS ${objects} ${layers} $<TARGET_OBJECTS:${objects}> ${layer_files}
      COMMENT "Creating the self-contained ${name}.a"
      COMMAND_EXPAND_LISTS VERBATIM)
    add_custom_target(${target} ALL DEPENDS ${output})
  else()
    # Without libstdc++.a: an ordinary archive (a C program then also needs -lstdc++ -lm).
    add_library(${target} STATIC $<TARGET_OBJECTS:${objects}>)
    get_filename_component(dir ${output} DIRECTORY)
    string(REGEX REPLACE "^lib" "" short ${name})
    set_target_properties(${target} PROPERTIES OUTPUT_NAME ${short} ARCHIVE_OUTPUT_DIRECTORY ${dir})
  endif()
endfunction()

reversi_c_archive(reversi_c_static ${CMAKE_BINARY_DIR}/libreversi.a reversi_c_api "${REVERSI_C_LAYERS}"
                  "findSmarterMove;findSmartestMove;makeMove")

# The course's graded library, build/course/liblab7part2.a with its own header build/course/lab7part2lib.h
# (include/reversi_c/course/): the two opponents only, on the rules alone, so that no engine and no
# makeMove reaches a graded Part 2 program (`reversi grade part2` links it and nothing else).
set(REVERSI_COURSE_LAYERS reversi_players reversi_rules reversi_platform)
add_library(reversi_course_api OBJECT ${CMAKE_SOURCE_DIR}/src/programs/c_api/opponents.cpp)
target_link_libraries(reversi_course_api PUBLIC reversi_players)
target_include_directories(reversi_course_api PUBLIC ${CMAKE_SOURCE_DIR}/include ${CMAKE_SOURCE_DIR}/src)
target_compile_options(reversi_course_api PRIVATE ${REVERSI_WARNINGS})
set_target_properties(reversi_course_api PROPERTIES POSITION_INDEPENDENT_CODE ON)
reversi_c_archive(reversi_course_static ${CMAKE_BINARY_DIR}/course/liblab7part2.a reversi_course_api
                  "${REVERSI_COURSE_LAYERS}" "findSmarterMove;findSmartestMove")
configure_file(${CMAKE_SOURCE_DIR}/include/reversi_c/course/lab7part2lib.h ${CMAKE_BINARY_DIR}/course/lab7part2lib.h
               COPYONLY)
# Installed (cmake/Install.cmake installs the programs), `reversi grade` finds the course library in
# PREFIX/lib/reversi/ beside PREFIX/bin/reversi (programs/course_library.cpp looks there, EXE_DIR/../lib/reversi):
# a fixed lib/, not GNUInstallDirs' LIBDIR, which is lib/x86_64-linux-gnu under /usr on Debian.
install(FILES ${CMAKE_BINARY_DIR}/course/liblab7part2.a ${CMAKE_SOURCE_DIR}/include/reversi_c/course/lab7part2lib.h
        DESTINATION lib/reversi)

# The course's header beside the libraries in the build directory, so that a directory holds what a
# student had (libreversi.a, lab7part2lib.h) and `reversi grade` finds both beside itself.
configure_file(${CMAKE_SOURCE_DIR}/include/reversi_c/lab7part2lib.h ${CMAKE_BINARY_DIR}/lab7part2lib.h COPYONLY)

# Installed for students and markers on the server: libreversi.a and libreversi.so in LIBDIR, the header
# in INCLUDEDIR/reversi/ (lab7part2lib.h is no name for /usr/include itself), and a pkg-config file, so that
# `gcc Lab7Part2.c $(pkg-config --cflags --libs reversi)` builds as `gcc Lab7Part2.c -L. -lreversi` does
# in a folder holding the library. Both archive branches of reversi_c_archive leave build/libreversi.a.
include(GNUInstallDirs)
install(TARGETS reversi_c_shared LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${CMAKE_BINARY_DIR}/libreversi.a DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${CMAKE_SOURCE_DIR}/include/reversi_c/lab7part2lib.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/reversi)
# The .pc file finds the prefix from its own place (${pcfiledir}): cpack installs into /usr, not the prefix
# configured here.
file(RELATIVE_PATH REVERSI_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(${CMAKE_SOURCE_DIR}/packaging/reversi.pc.in ${CMAKE_BINARY_DIR}/packaging/reversi.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/packaging/reversi.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
