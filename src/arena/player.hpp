// Players for the referee, named on the command line: the built-in movers and external programs that
// speak the lab's stdin/stdout protocol (LAB-IO.md, part1/part2).
//
// Spec syntax (parsePlayer):
//   random | random:SEED              uniformly random legal moves (seeded; unseeded follows the match seed)
//   greedy | smarter | smartest       Part 1's player and the course's reference opponents
//   part2 | part2:time=S,depth=D,eval=hand
//                                     our engine (EngineOptions: CPU seconds per move, fixed depth,
//                                     the hand-set evaluation at 8x8 too instead of the fitted patterns);
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

#include "engine/engine.hpp"
#include "rules/mover.hpp"

namespace reversi {

// Limits the referee enforces on every player.
struct RefereeOptions {
    double timeLimit = 1.0;  // CPU seconds (user time) per move; over it loses the game
    // Wall-clock seconds an external program may stay silent when it owes output (catches programs
    // that sleep or block); 0 means 3 * timeLimit + 2.
    double wallLimit = 0;
    double effectiveWallLimit() const { return wallLimit > 0 ? wallLimit : 3 * timeLimit + 2; }
};

// What a player answers when asked for a move. A non-empty `fault` forfeits the game.
struct PlayerReply {
    Move move = kNoMove;
    double seconds = 0;  // CPU seconds (user time) the move took
    std::string fault;
};

// One player's side of one game. The referee calls begin once, then, in game order, chooseMove on
// this player's turns and opponentMoved after each opponent move, and finally end.
class GameSession {
public:
    virtual ~GameSession() = default;
    // Returns a fault (empty: ready).
    virtual std::string begin(int n, char colour) = 0;
    virtual PlayerReply chooseMove(const Board& board, char colour) = 0;
    virtual void opponentMoved(Move move) = 0;
    // The game is over on `board`: external programs must finish with the right result line and exit 0.
    // Returns a fault (empty: all well).
    virtual std::string end(const Board& board) = 0;
};

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
    // A fresh session for one game. `gameSeed` feeds unseeded random players; `gameIndex` varies a
    // seeded random player from game to game while keeping each game reproducible.
    std::unique_ptr<GameSession> newSession(std::uint64_t gameSeed, int gameIndex, char colour,
                                            const RefereeOptions& options) const;
};

// Parses a player spec; throws std::invalid_argument with a one-line message when it is malformed.
Player parsePlayer(const std::string& spec);

// Splits a command line on spaces; single or double quotes group words (no other shell syntax).
std::vector<std::string> splitCommandLine(const std::string& text);

// Built-in mover for a built-in kind (not kExternal).
std::unique_ptr<Mover> makeBuiltinMover(const Player& player, std::uint64_t seed);

// The session for an external program (external_player.cpp).
std::unique_ptr<GameSession> makeExternalSession(const std::vector<std::string>& argv,
                                                 const RefereeOptions& options);

// A 64-bit mix of values (splitmix64 steps) for deriving seeds.
std::uint64_t mixSeed(std::uint64_t a, std::uint64_t b);

}  // namespace reversi
