// What the server answers, apart from HTTP: the standings (HTML, JSON, CSV) cached between changes of
// the database, and an entry's or a game's page and JSON read on demand, each request on a read-only
// SQLite connection of its own (a pool: one per thread that is serving at the time).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "leaderboard/league_db.hpp"
#include "leaderboard/league_standings.hpp"

namespace reversi {

struct SiteAnswer {
    int status = 200;
    std::string contentType;
    std::string body;
};

class LeagueSite {
public:
    // Opens the first read-only connection (throws std::runtime_error when the file is not a league)
    // and computes the standings once, so that the first visitor does not wait for them.
    explicit LeagueSite(std::string dbPath);

    SiteAnswer standingsPage();
    SiteAnswer standingsApi();
    SiteAnswer standingsCsv();
    SiteAnswer entry(const std::string& idOrName, bool api);
    SiteAnswer game(const std::string& id, bool api);
    // An error in the form the path asks for: JSON under /api/, HTML elsewhere.
    static SiteAnswer error(int status, const std::string& message, bool api);

private:
    // The standings and their three texts, made once per database version.
    struct Snapshot {
        std::int64_t version = 0;
        Standings standings;
        std::string html, json, csv;
    };

    class Lease;  // a pooled connection, given back when the request is answered
    std::unique_ptr<LeagueDb> takeConnection();
    void giveBack(std::unique_ptr<LeagueDb> db);
    std::int64_t currentVersion();
    std::shared_ptr<const Snapshot> snapshot();
    std::shared_ptr<const Snapshot> makeSnapshot(std::int64_t version);

    std::string path_;
    std::mutex poolMutex_;
    std::vector<std::unique_ptr<LeagueDb>> idle_;
    std::mutex probeMutex_;
    std::unique_ptr<LeagueDb> probe_;  // only asks the version: data_version moves with others' commits
    std::mutex cacheMutex_;
    std::shared_ptr<const Snapshot> cache_;
    std::mutex refreshMutex_;  // one thread recomputes; the others serve the previous snapshot meanwhile
};

}  // namespace reversi
