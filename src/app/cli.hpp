// What every front-end shares: parsing a command line with the documented exit statuses, the version,
// and the examples shown at the end of each command's --help.
#pragma once

#include <initializer_list>

#include <CLI/CLI.hpp>

namespace reversi::app {

// Exit status of a command line that cannot be run (unknown option, bad value, missing argument).
constexpr int kExitUsage = 2;

// "reversi 0.2.0": the project's name and version (from CMake's project()).
const char* versionText();

// Parses the command line. Returns true when the program should go on. Otherwise `status` holds the exit
// status: 0 after --help or --version (printed to standard output), kExitUsage after an error (one line
// on standard error, with a pointer to --help).
bool parseCommandLine(CLI::App& app, int argc, char** argv, int& status);

// Ends the command's --help with "Examples:" and one indented line per example.
void addExamples(CLI::App& command, std::initializer_list<const char*> examples);

}  // namespace reversi::app
