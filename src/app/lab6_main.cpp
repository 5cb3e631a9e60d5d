// `lab6`: the course program run exactly as an auto-marker runs a student's, with no arguments.
#include "commands.hpp"

int main(int argc, char** argv) {
    return reversi::app::runLabExecutable(reversi::app::LabProgram::kLab6, "Lab 6: board configuration and move legality checker (reads standard input)", argc, argv);
}
