// `reversi leaderboard serve`: the league's web page and JSON API on an embedded HTTP server
// (cpp-httplib), read-only, for the world to look at (docs/leaderboard-page.md).
//
//   /                      the standings (the rank-0 reference above rank 1)
//   /entries/ID-or-NAME    an entry's page with its games (NAME percent-encoded)
//   /games/ID              the game viewer: the game stepped through on a drawn board
//   /api/leaderboard       {"entries": [{"rank", "name", "score", "indicator", "status", "wins",
//                          "draws", "losses"}, ...], "games": PLAYED, "pending": MISSING}
//   /api/entries/ID-or-NAME, /api/games/ID, /standings.csv, /static/league.css, /static/viewer.js
//
// What it promises: GET and HEAD only (405 otherwise); nothing read from disk but the database (the
// pages, style and script are compiled in; no entry's files or program are ever served); every
// student-supplied string escaped; requests bounded in size and time (a deadline for the whole request
// and the whole answer, keep-alive limits, a payload limit, the library's 8 KiB request line and header
// lines) so that a malformed, oversized or slow request ends with an error and a closed connection
// (league_http_connection.hpp); a fixed pool of
// threads, each with its own read-only SQLite connection; the standings computed once per change of
// the database (LeagueDb::version()) and served from memory in between.
#pragma once

#include <memory>
#include <string>

namespace reversi {

struct LeagueServerOptions {
    std::string host = "127.0.0.1";
    int port = 8090;  // 0: any free port (the tests)
    int threads = 64;  // connections served at once: more than the clients a page expects at a time
    int readTimeoutSeconds = 5;   // a client silent this long between bytes is dropped
    int requestSeconds = 10;      // a whole request (a client sending a byte a second is dropped)
    int writeTimeoutSeconds = 30; // a whole answer
    int keepAliveSeconds = 5;     // an idle kept-alive connection is closed after this
    int keepAliveRequests = 100;  // requests on one connection before it is closed
    std::size_t maxPayload = 64 * 1024;  // a request body larger than this: 413
};

class LeagueServer {
public:
    // Opens the database read-only (it must exist and be a league: std::runtime_error otherwise) and
    // sets the routes up.
    LeagueServer(const std::string& dbPath, const LeagueServerOptions& options);
    ~LeagueServer();
    LeagueServer(const LeagueServer&) = delete;
    LeagueServer& operator=(const LeagueServer&) = delete;

    // Binds the address; returns the port (the chosen one when options.port is 0). Throws
    // std::runtime_error when it cannot.
    int bind();
    // Serves until stop() (from another thread or a signal thread).
    void run();
    void stop();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The command: binds, says "serving http://HOST:PORT/" on standard error, serves until SIGINT, SIGTERM
// or SIGHUP, and returns 0; 1 after "reversi leaderboard serve: REASON" when it cannot start.
int serveLeague(const std::string& dbPath, const LeagueServerOptions& options);

}  // namespace reversi
