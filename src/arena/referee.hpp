// The referee: plays one game between two players from a given opening, enforcing the rules and the
// time limit, and records everything needed for statistics and replay.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "arena/refereed_player.hpp"
#include "arena/player.hpp"
#include "rules/board.hpp"
#include "rules/notation.hpp"

namespace reversi {

struct GameResult {
    int size = 8;
    std::vector<Move> moves;  // every move in order, opening included (passes are implicit)
    int openingPlies = 0;     // how many of `moves` were the opening (random, or from a book)
    int blackDiscs = 0;
    int whiteDiscs = 0;
    char winner = 'D';        // 'B', 'W' or 'D' (draw)
    char forfeitBy = 0;       // 'B' or 'W' when that side lost by a fault; 0 otherwise
    std::string reason;       // the fault, when forfeitBy is set
    // The fault's kind when forfeitBy is set: "IM" an illegal move, "TLE" over the CPU or wall-clock
    // limit, "CRASH" an exit or a signal, "OUTPUT" wrong output (a board, a prompt, a malformed line).
    std::string faultCode;
    // The game was not played out because the referee failed (its worker crashed or hung, or the
    // sandbox could not start a program): forfeitBy names the side it happened to, but no player is to
    // blame. A match counts it as that side's loss; the leaderboard records no such game.
    bool refereeFailed = false;
    // Per colour (0 = Black, 1 = White): moves made (opening excluded), CPU seconds in total and longest.
    int moveCount[2] = {0, 0};
    double totalSeconds[2] = {0, 0};
    double longestSeconds[2] = {0, 0};
    // Per colour: CPU seconds of each of those moves, in order (moveCount of them, summing to totalSeconds;
    // a move over the CPU limit is the last one, timed though not played).
    std::vector<double> moveSeconds[2];
};

// Plays a random legal opening of `plies` plies on an n x n board from `seed` (fewer if the game
// ends first; such an opening is retried with derived seeds so that the game still has moves left).
std::vector<Move> randomOpening(int n, int plies, std::uint64_t seed);

// Plays one game. The opening moves are played by the referee (external programs cannot be told about
// them, so they need an empty opening). Never throws for a player's misbehaviour: a fault, an illegal
// move or a move over options.timeLimit CPU seconds loses the game for that side, with the reason.
// `onTurn`, when set, is called with the colour about to be asked for a move (a worker process reports
// it so that a crash can be blamed on the right side).
GameResult playGame(const PlayerSpec& black, const PlayerSpec& white, int n, const std::vector<Move>& opening,
                    std::uint64_t gameSeed, int gameIndex, const RefereeOptions& options,
                    const std::function<void(char)>& onTurn = {});

// One-line text form of a result, for passing it between processes (fromWire throws on bad text).
std::string toWire(const GameResult& result);
GameResult fromWire(const std::string& text);

}  // namespace reversi
