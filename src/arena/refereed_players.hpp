// A fresh refereed player for any player spec: a built-in mover timed by getrusage, a lab-protocol
// program, a GTP or an NBoard engine. The one place that knows every kind of refereed player.
#pragma once

#include <cstdint>
#include <memory>

#include "arena/refereed_player.hpp"
#include "arena/player.hpp"

namespace reversi {

// A fresh refereed player for one game. `gameSeed` feeds unseeded random players; `gameIndex` varies a
// seeded random player from game to game while keeping each game reproducible.
std::unique_ptr<RefereedPlayer> newRefereedPlayer(const PlayerSpec& player, std::uint64_t gameSeed, int gameIndex, char colour,
                                        const RefereeOptions& options);

}  // namespace reversi
