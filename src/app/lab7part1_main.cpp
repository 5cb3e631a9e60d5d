// `lab7part1`: the course program run exactly as an auto-marker runs a student's, with no arguments.
#include "commands.hpp"

int main(int argc, char** argv) {
    return reversi::app::runLabExecutable(reversi::app::LabProgram::kPart1, "Lab 7 Part 1: human against the greedy computer (reads standard input)", argc, argv);
}
