#include "arena/match.hpp"

#include "arena/openings.hpp"
#include "platform/splitmix.hpp"
#include "rules/game_record.hpp"

#include <map>
#include <memory>
#include <stdexcept>

namespace reversi {

namespace {

// A book of openings: one size, no random plies as well, an opening for every colour pair, each legal.
void checkOpeningBook(const MatchOptions& options) {
    const std::vector<std::vector<Move>>& book = options.openingBook;
    if (book.empty()) return;
    if (options.openingPlies > 0) throw std::invalid_argument("--openings and --opening-plies: give one of them");
    if (options.openingBalance >= 0)
        throw std::invalid_argument("--openings and --balanced-openings: a book's openings are played as they are");
    if (options.sizes.size() != 1) throw std::invalid_argument("--openings: a file of openings is for one board size");
    const std::size_t pairs = options.colourPairs();
    if (pairs > book.size())
        throw std::invalid_argument("--openings holds " + std::to_string(book.size()) + " opening" +
                                    (book.size() == 1 ? "" : "s") + ": at most " + std::to_string(2 * book.size()) +
                                    " games (each opening is played with both colours)");
    for (std::size_t i = 0; i < pairs; ++i) {
        const std::string which = "--openings: opening " + std::to_string(i + 1) + ": ";
        try {
            if (replayGame(options.sizes.front(), book[i]).finished)
                throw std::invalid_argument("the game is over after it, no move is left to play");
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(which + e.what());
        }
    }
}

}  // namespace

std::vector<GameTask> scheduleGames(int playerCount, const MatchOptions& options) {
    if (playerCount < 2) throw std::invalid_argument("at least two players are needed");
    if (options.sizes.empty()) throw std::invalid_argument("no board size given");
    for (const int n : options.sizes)
        if (!isValidSize(n)) throw std::invalid_argument("board size " + std::to_string(n) + " is not an even number from 4 to 26");
    if (options.games < 1) throw std::invalid_argument("--games must be at least 1");
    if (options.openingPlies < 0 || options.openingPlies > 60)
        throw std::invalid_argument("--opening-plies must be from 0 to 60");
    checkOpeningBook(options);
    if (options.openingBalance >= 0 && options.openingPlies == 0)
        throw std::invalid_argument("balanced openings need random opening plies (--opening-plies)");
    std::vector<GameTask> tasks;
    for (const int n : options.sizes) {
        std::map<int, std::vector<Move>> openings;
        std::unique_ptr<OpeningJudge> judge;  // one per size, made when the first opening is judged
        for (int a = 0; a < playerCount; ++a)
            for (int b = a + 1; b < playerCount; ++b)
                for (int g = 0; g < options.games; ++g) {
                    GameTask task;
                    task.index = static_cast<int>(tasks.size());
                    task.size = n;
                    task.openingIndex = g / 2;
                    task.black = g % 2 == 0 ? a : b;
                    task.white = g % 2 == 0 ? b : a;
                    if (!options.openingBook.empty()) {
                        task.opening = options.openingBook[static_cast<std::size_t>(task.openingIndex)];
                    } else if (options.openingPlies > 0) {
                        auto& opening = openings[task.openingIndex];
                        if (opening.empty()) {
                            const std::uint64_t seed = mixSeed(mixSeed(options.seed, static_cast<std::uint64_t>(n)),
                                                               static_cast<std::uint64_t>(task.openingIndex));
                            if (options.openingBalance < 0) {
                                opening = randomOpening(n, options.openingPlies, seed);
                            } else {
                                if (!judge) judge = std::make_unique<OpeningJudge>(n);
                                opening = judge->balanced(options.openingPlies, seed, options.openingBalance);
                            }
                        }
                        task.opening = opening;
                    }
                    task.seed = mixSeed(options.seed ^ 0x5eedULL, static_cast<std::uint64_t>(task.index));
                    tasks.push_back(std::move(task));
                }
    }
    return tasks;
}

int markDuplicates(std::vector<GameRecord>& games) {
    std::map<std::string, int> first;
    int marked = 0;
    for (std::size_t i = 0; i < games.size(); ++i) {
        GameRecord& g = games[i];
        const GameResult& r = g.result;
        const std::string key = std::to_string(g.task.black) + " " + std::to_string(g.task.white) + " " +
                                std::to_string(r.size) + " " + compactMoveList(r.moves) + " " + r.winner + " " +
                                std::to_string(r.blackDiscs) + " " + std::to_string(r.whiteDiscs) + " " +
                                (r.forfeitBy ? r.forfeitBy : '-') + " " + r.reason;
        const auto [at, inserted] = first.emplace(key, static_cast<int>(i));
        g.duplicateOf = inserted ? -1 : at->second;
        marked += !inserted;
    }
    return marked;
}

}  // namespace reversi
