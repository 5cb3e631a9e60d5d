// Self-play games at any size, for fitting the learned evaluation of that size (eval/eval_nxn.hpp): a random
// opening, then the engine at a fixed depth with random moves mixed in, written as move lists in blocks
// of games so that a long run can stop and resume; the same seed always gives the same games.
//
// A block file `DIR/SIZE/block-NNNNN.games`: "RVNGAM01", u32 size, u32 game count, then per game a u16
// move count and the moves as u16 squares (row * size + column; passes are implicit).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "rules/board.hpp"

namespace reversi::train_nxn {

struct GamesOptions {
    std::string dir;
    int size = 10;
    int games = 1000;
    std::uint64_t seed = 1;
    int openingMin = 2, openingMax = 10;  // random opening plies, uniform in [min, max]
    double randomMoveRate = 0.05;         // chance of a random move after the opening
    int depth = 2;                        // the engine's fixed depth for the other moves
    bool learned = false;                 // the engine plays with the learned evaluation (else the hand-set one)
    int blockGames = 100;
    int jobs = 1;
};

void generateGames(const GamesOptions& options, const std::function<void(int, int)>& progress = {});

struct GameMoves {
    int size = 0;
    std::vector<Move> moves;
};
// The board and side to move of a game after its first `ply` moves (passes put back by the rules' replay).
std::pair<Board, char> positionAt(const GameMoves& game, int ply);

// Every game of every block of DIR/SIZE, in block order; throws std::runtime_error on a damaged block.
std::vector<GameMoves> readGames(const std::string& dir, int size);

}  // namespace reversi::train_nxn
