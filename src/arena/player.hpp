// Players for the referee, named on the command line: the built-in movers and external programs that
// speak the lab's stdin/stdout protocol (docs/lab-io.md, part1/part2).
//
// Spec syntax (parsePlayer):
//   random | random:SEED              uniformly random legal moves (seeded; unseeded follows the match seed)
//   greedy | smarter | smartest       Part 1's player and the course's reference opponents
//   part2 | part2:time=S,depth=D,eval=hand,mpc=off
//                                     our engine (EngineOptions: CPU seconds per move, fixed depth,
//                                     the hand-set evaluation instead of the learned ones, no Multi-ProbCut);
//                                     also asp=WINDOW (aspiration, 1/100 discs) and w.NAME=VALUE (an
//                                     evaluation weight, names as `reversi tune --list`)
//   cmd:PROGRAM ARGS...               an external program (split on spaces; quotes group words)
//   anything containing '/'           the same, e.g. "./build/lab7part2 --depth 3"
//   gtp:PROGRAM ARGS...               a GTP engine (gtp_player.hpp), e.g. "gtp:/usr/games/gtp-rhino -l 3"
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rules/mover.hpp"
#include "search/types.hpp"

namespace reversi {

enum class PlayerKind { kRandom, kGreedy, kSmarter, kSmartest, kPart2, kExternal, kGtp };

class Player {
public:
    PlayerKind kind = PlayerKind::kGreedy;
    std::string name;                 // for tables: the spec as given (without "cmd:")
    bool hasSeed = false;             // random:SEED
    std::uint64_t seed = 0;
    EngineOptions engine;             // part2
    std::shared_ptr<const EvalWeights> weights;  // part2 with w.NAME=VALUE options (engine.weights points here)
    std::vector<std::string> argv;    // external program and its arguments

    bool isExternal() const { return kind == PlayerKind::kExternal; }
};

// Parses a player spec; throws std::invalid_argument with a one-line message when it is malformed.
Player parsePlayer(const std::string& spec);

// Splits a command line on spaces; single or double quotes group words (no other shell syntax).
std::vector<std::string> splitCommandLine(const std::string& text);

// Built-in mover for a built-in kind (not kExternal).
std::unique_ptr<Mover> makeBuiltinMover(const Player& player, std::uint64_t seed);

}  // namespace reversi
