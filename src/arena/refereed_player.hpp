// One player's side of one game, as the referee sees it: the interface every player implements in a
// game (built-in movers, lab-protocol programs, GTP engines) and the limits the referee enforces.
#pragma once

#include <string>

#include "platform/sandbox.hpp"
#include "rules/board.hpp"

namespace reversi {

// Limits the referee enforces on every player.
struct RefereeOptions {
    // CPU seconds (user time, or user+system: cpuTime) per move; over it loses the game. For an external program, the time of
    // its whole process tree (platform/sandbox.hpp).
    double timeLimit = 1.0;
    // Wall-clock seconds an external program has for each whole answer it owes (its move with the board
    // after it, the board after the opponent's move, its result line), however it spreads its output:
    // catches programs that sleep, block or trickle; 0 means 3 * timeLimit + 2.
    double wallLimit = 0;
    double effectiveWallLimit() const { return wallLimit > 0 ? wallLimit : 3 * timeLimit + 2; }
    // External programs: their resource limits, and the user they run as when the referee is root.
    SandboxLimits limits;
    std::string runAs = "auto";
    // How programs are walled off, and which CPU time they are charged (--isolation, --cpu-time).
    Isolation isolation = sandboxPolicy().isolation;
    CpuTime cpuTime = sandboxPolicy().cpuTime;
};

// What a player answers when asked for a move. A non-empty `fault` forfeits the game.
struct PlayerReply {
    Move move = kNoMove;
    double seconds = 0;  // CPU seconds (user time) the move took
    std::string fault;
};

// One player's side of one game. The referee calls begin once, then, in game order, chooseMove on
// this player's turns and opponentMoved after each opponent move, and finally end.
class RefereedPlayer {
public:
    virtual ~RefereedPlayer() = default;
    // Returns a fault (empty: ready).
    virtual std::string begin(int n, char colour) = 0;
    virtual PlayerReply chooseMove(const Board& board, char colour) = 0;
    virtual void opponentMoved(Move move) = 0;
    // The game is over on `board`: external programs must finish with the right result line and exit 0.
    // Returns a fault (empty: all well).
    virtual std::string end(const Board& board) = 0;
};

}  // namespace reversi
