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
//   anything containing '/'           the same, e.g. "./build/lab7part2 --depth 3"; a directory stands for
//                                     the submission in it (resolveProgram)
//   gtp:PROGRAM ARGS...               a GTP engine (gtp_player.hpp), e.g. "gtp:/usr/games/gtp-rhino -l 3"
//   nboard:[depth=D ]PROGRAM ARGS...  an NBoard engine, 8x8 only (nboard_player.hpp), e.g.
//                                     "nboard:build/reversi nboard --move-time 0.1"
// Any other "word:" prefix is an error, even when the spec contains '/'.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rules/mover.hpp"
#include "search/types.hpp"

namespace reversi {

// NBoard (and the GGF boards it sends) knows the 8x8 board only.
constexpr int kNBoardSize = 8;

enum class PlayerKind { kRandom, kGreedy, kSmarter, kSmartest, kPart2, kExternal, kGtp, kNBoard };

class PlayerSpec {
public:
    PlayerKind kind = PlayerKind::kGreedy;
    std::string name;                 // for tables: the spec as given (without "cmd:"); see resolveProgram
    std::string spec;                 // the spec, self-contained (resolveProgram makes its paths absolute)
    bool hasSeed = false;             // random:SEED
    std::uint64_t seed = 0;
    EngineOptions engine;             // part2
    std::shared_ptr<const EvalWeights> weights;  // part2 with w.NAME=VALUE options (engine.weights points here)
    std::vector<std::string> argv;    // external program and its arguments
    std::vector<std::string> environment;  // external program: "NAME=VALUE" set for it
    bool submission = false;          // external program: a submission's (its folder's view only: sandbox.hpp)
    bool unbuffered = true;           // external program: its standard output unbuffered (libstdbuf)
    int nboardDepth = 0;              // nboard: the level sent with `set depth` (0: none sent)

    bool isExternal() const { return kind == PlayerKind::kExternal; }
    // NBoard speaks 8x8 only; every other player plays any size.
    bool playsSize(int n) const { return kind != PlayerKind::kNBoard || n == kNBoardSize; }
    // A program run by the referee in the sandbox, whatever protocol it speaks.
    bool runsProgram() const { return kind == PlayerKind::kExternal || kind == PlayerKind::kGtp || kind == PlayerKind::kNBoard; }
};

// Parses a player spec; throws std::invalid_argument with a one-line message when it is malformed.
PlayerSpec parsePlayer(const std::string& spec);

// Splits a command line on spaces; single or double quotes group words (no other shell syntax).
std::vector<std::string> splitCommandLine(const std::string& text);
// The words back as one command line that splitCommandLine reads as these words.
std::string joinCommandLine(const std::vector<std::string>& words);

// Makes an external, GTP or NBoard player ready to run from anywhere, before any game: a directory stands for
// the submission in it (its `lab7part2`, else `a.out`, else its only executable file); the program must
// exist and be executable (searched on PATH when its name has no '/'); the program and the arguments
// naming existing files become absolute paths (in `argv` and `spec`). The name for tables becomes
// short: a directory's own name ("alice"), or the command with each path cut to its last two parts
// ("alice/a.out"). Built-in players are left as they are. Throws std::invalid_argument with a one-line
// message when the program cannot be run.
void resolveProgram(PlayerSpec& player);

// Names that tell the players of one match or tournament apart: the same spec twice is numbered
// ("greedy#1", "greedy#2"); different specs with the same short name keep their whole spec.
void distinctNames(std::vector<PlayerSpec>& players);

// Throws std::invalid_argument, naming the player, when it cannot start from an opening: a lab-protocol
// program is never told one and always starts from the standard position.
void requireTakesOpening(const PlayerSpec& player);

// Built-in mover for a built-in kind (not kExternal).
std::unique_ptr<Mover> makeBuiltinMover(const PlayerSpec& player, std::uint64_t seed);

}  // namespace reversi
