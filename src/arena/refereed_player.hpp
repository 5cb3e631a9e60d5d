// One player's side of one game, as the referee sees it: the interface every player implements in a
// game (built-in movers, lab-protocol programs, GTP engines) and the limits the referee enforces.
#pragma once

#include <functional>
#include <string>
#include <vector>

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
    // Called at most once a second while the referee waits for an external program, whose wait its limits
    // end: a game's worker reports it, so that its watchdog (game_pool.cpp) tells a run of slow answers in
    // one turn (start-ups, an opening's moves sent one by one) from a worker that is stuck.
    std::function<void()> waiting;
};

// The kinds of fault that lose a game (the Status column of a leaderboard is made of them).
enum class FaultCode {
    kIllegalMove,  // "IM": an illegal move, or a move word that names no square
    kTimeLimit,    // "TLE": over the CPU limit on a move, or an answer later than the wall-clock limit
    kCrash,        // "CRASH": exited, killed by a signal, stopped reading, or could not be started
    kOutput,       // "OUTPUT": a wrong board, prompt or result line, a malformed line, output out of step
};

// The code as results carry it (GameResult::faultCode): "IM", "TLE", "CRASH" or "OUTPUT".
inline const char* faultCodeName(FaultCode code) {
    switch (code) {
        case FaultCode::kIllegalMove: return "IM";
        case FaultCode::kTimeLimit: return "TLE";
        case FaultCode::kCrash: return "CRASH";
        case FaultCode::kOutput: break;
    }
    return "OUTPUT";
}

// A fault that loses the game: its kind and the reason shown to people. An empty reason: no fault.
struct PlayerFault {
    FaultCode code = FaultCode::kOutput;
    std::string reason;
    // No player's doing: the referee could not run the program (the sandbox failed to start it), or its
    // own account of the game went wrong.
    bool refereeFailed = false;
    bool empty() const { return reason.empty(); }
};

// What a player answers when asked for a move. A non-empty `fault` forfeits the game.
struct PlayerReply {
    Move move = kNoMove;
    double seconds = 0;  // CPU seconds (user time) the move took
    PlayerFault fault;
};

// One player's side of one game. The referee calls begin once, then openingPlayed with the moves
// played before the players took over (none for most games), then, in game order, chooseMove on this
// player's turns and opponentMoved after each opponent move, and finally end.
class RefereedPlayer {
public:
    virtual ~RefereedPlayer() = default;
    // Returns a fault (empty: ready).
    virtual PlayerFault begin(int n, char colour) = 0;
    // Players that are given the whole board at every move ignore the opening; a GTP engine is sent it.
    virtual void openingPlayed(const std::vector<Move>&) {}
    virtual PlayerReply chooseMove(const Board& board, char colour) = 0;
    virtual void opponentMoved(Move move) = 0;
    // The game is over on `board`: external programs must finish with the right result line and exit 0.
    // Returns a fault (empty: all well).
    virtual PlayerFault end(const Board& board) = 0;
};

}  // namespace reversi
