#include "leaderboard/league_players.hpp"

#include <sys/stat.h>

#include <filesystem>
#include <stdexcept>

#include "leaderboard/league_entries.hpp"
#include "platform/splitmix.hpp"
#include "programs/grade_program.hpp"

namespace reversi {

namespace {

namespace fs = std::filesystem;

void makePrivateDir(const std::string& dir) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir)) throw std::runtime_error("cannot create " + dir + ": " + ec.message());
    ::chmod(dir.c_str(), 0700);
}

GradeOptions leagueGradeOptions(const LeagueSettings& settings) {
    GradeOptions options;
    options.sizes = {settings.size};
    options.timeLimit = settings.timeLimit;
    return options;
}

}  // namespace

GameTask LeaguePlayers::task(const LeagueGame& game, int index, const LeagueSettings& settings) const {
    GameTask t;
    t.index = index;
    t.size = settings.size;
    t.black = game.black != 0 ? entries.at({game.black, game.blackVersion}) : references.at(game.opponent);
    t.white = game.white != 0 ? entries.at({game.white, game.whiteVersion}) : references.at(game.opponent);
    t.openingIndex = game.openingIndex;
    // The reference players' choices depend on the game's slot alone, not on when it is played.
    t.seed = mixSeed(mixSeed(settings.seed, static_cast<std::uint64_t>(game.black)),
                     mixSeed(static_cast<std::uint64_t>(game.white), static_cast<std::uint64_t>(game.openingIndex)));
    return t;
}

void addLeaguePlayers(LeagueDb& db, const std::vector<LeagueGame>& games, const std::string& dir, LeaguePlayers& into) {
    makePrivateDir(dir);
    const GradeOptions options = leagueGradeOptions(db.settings());
    const auto addEntry = [&](std::int64_t id, std::int64_t version) {
        if (id == 0 || into.entries.count({id, version})) return;
        const std::string own = dir + "/" + std::to_string(id) + "-" + std::to_string(version);
        makePrivateDir(own);
        Program program;
        program.path = writeEntryProgram(db, id, own);
        PlayerSpec player = studentPlayer(program, "", options);
        resolveProgram(player);  // its spec becomes its folder: a `reversi game` of a plan runs it as a submission
        player.name = "entry-" + std::to_string(id) + "-" + std::to_string(version);
        into.entries[{id, version}] = static_cast<int>(into.players.size());
        into.players.push_back(std::move(player));
    };
    for (const LeagueGame& g : games) {
        addEntry(g.black, g.blackVersion);
        addEntry(g.white, g.whiteVersion);
        if (!g.opponent.empty() && !into.references.count(g.opponent)) {
            into.references[g.opponent] = static_cast<int>(into.players.size());
            into.players.push_back(parsePlayer(g.opponent));
        }
    }
}

MatchOptions leagueMatchOptions(const LeagueSettings& settings, int jobs) {
    MatchOptions options;
    options.sizes = {settings.size};
    options.seed = settings.seed;
    options.jobs = jobs;
    options.referee = studentReferee(leagueGradeOptions(settings));
    options.referee.wallLimit = settings.wallLimit;
    return options;
}

void checkPlayableOpenings(const LeagueSettings& settings) {
    if (settings.openings > 0)
        throw std::invalid_argument("this league was made with " + std::to_string(settings.openings) +
                                    " openings, but entries are lab programs, which always start from the standard "
                                    "position (the lab's protocol cannot give them an opening): make the league "
                                    "with openings 0");
}

}  // namespace reversi
