// An external program as a player: it speaks the lab's protocol (docs/lab-io.md, part1/part2) on its
// standard input and output, and the referee checks every byte it prints against the rules.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "arena/refereed_program.hpp"

namespace reversi {

std::unique_ptr<RefereedPlayer> makeRefereedLabProgram(const std::vector<std::string>& argv, const RefereeOptions& options,
                                                 ProgramSetup setup = {});

}  // namespace reversi
