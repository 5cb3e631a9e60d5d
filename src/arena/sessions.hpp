// A fresh game session for any player: a built-in mover timed by getrusage, a lab-protocol program or a
// GTP engine. The one place that knows every kind of session.
#pragma once

#include <cstdint>
#include <memory>

#include "arena/game_session.hpp"
#include "arena/player.hpp"

namespace reversi {

// A fresh session for one game. `gameSeed` feeds unseeded random players; `gameIndex` varies a
// seeded random player from game to game while keeping each game reproducible.
std::unique_ptr<GameSession> newSession(const Player& player, std::uint64_t gameSeed, int gameIndex, char colour,
                                        const RefereeOptions& options);

}  // namespace reversi
