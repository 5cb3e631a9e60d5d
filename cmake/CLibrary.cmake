# The C library students link, as they linked the course's liblab7part2.a:
#   libreversi.a and libreversi.so in the build root, declared by include/reversi_c/lab7part2lib.h.
# Both are self-contained for a C program built with plain gcc (`gcc Lab7Part2.c -L. -lreversi`):
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
set(REVERSI_C_LAYER_FILES "")
foreach(layer ${REVERSI_C_LAYERS})
  list(APPEND REVERSI_C_LAYER_FILES $<TARGET_FILE:${layer}>)
endforeach()

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
set(REVERSI_C_STATIC ${CMAKE_BINARY_DIR}/libreversi.a)
set(REVERSI_C_COMBINED ${CMAKE_BINARY_DIR}/CMakeFiles/reversi_c_static.o)
if(EXISTS "${REVERSI_LIBSTDCXX_A}" AND REVERSI_OBJCOPY)
  add_custom_command(
    OUTPUT ${REVERSI_C_STATIC}
    COMMAND ${CMAKE_CXX_COMPILER} -r -nostdlib -o ${REVERSI_C_COMBINED} $<TARGET_OBJECTS:reversi_c_api>
            ${REVERSI_C_LAYER_FILES} ${REVERSI_LIBSTDCXX_A}
    COMMAND ${REVERSI_OBJCOPY} --keep-global-symbol=findSmarterMove --keep-global-symbol=findSmartestMove
            --keep-global-symbol=makeMove --weaken-symbol=findSmarterMove --weaken-symbol=findSmartestMove
            --weaken-symbol=makeMove ${REVERSI_C_COMBINED}
    COMMAND ${CMAKE_COMMAND} -E rm -f ${REVERSI_C_STATIC}
    COMMAND ${CMAKE_AR} rcs ${REVERSI_C_STATIC} ${REVERSI_C_COMBINED}
    DEPENDS reversi_c_api ${REVERSI_C_LAYERS} $<TARGET_OBJECTS:reversi_c_api> ${REVERSI_C_LAYER_FILES}
    COMMENT "Creating the self-contained libreversi.a"
    COMMAND_EXPAND_LISTS VERBATIM)
  add_custom_target(reversi_c_static ALL DEPENDS ${REVERSI_C_STATIC})
else()
  # Without libstdc++.a: an ordinary archive (a C program then also needs -lstdc++ -lm).
  add_library(reversi_c_static STATIC $<TARGET_OBJECTS:reversi_c_api>)
  set_target_properties(reversi_c_static PROPERTIES OUTPUT_NAME reversi)
endif()

# The course's header beside the libraries in the build directory, so that a directory holds what a
# student had (libreversi.a, lab7part2lib.h) and `reversi grade` finds both beside itself.
configure_file(${CMAKE_SOURCE_DIR}/include/reversi_c/lab7part2lib.h ${CMAKE_BINARY_DIR}/lab7part2lib.h COPYONLY)
