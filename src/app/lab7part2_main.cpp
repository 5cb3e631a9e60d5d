// `lab7part2`: the course program run exactly as an auto-marker runs a student's, with no arguments.
#include "commands.hpp"

int main(int argc, char** argv) {
    return reversi::app::runLabExecutable(reversi::app::LabProgram::kPart2, "Lab 7 Part 2: human against the engine (reads standard input)", argc, argv);
}
