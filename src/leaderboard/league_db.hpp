// The leaderboard's database: one SQLite file holding the league's settings, its entries (each
// submission's files and compiled program), its games and its ratings (the schema: docs/leaderboard.md).
// Every change is one transaction (BEGIN IMMEDIATE: one writer at a time, the others wait up to the busy
// timeout), so that a `kill -9` at any moment loses no finished game and never records one twice; the
// file is in WAL mode, so that readers (the web page) never wait for the scheduler.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace reversi {

// What every game of the league is played under; fixed when the database is made.
struct LeagueSettings {
    int size = 8;              // board size
    double timeLimit = 1.0;    // CPU seconds a move
    double wallLimit = 10.0;   // wall-clock seconds a move
    int openings = 0;          // 0: every pair plays the standard start; K: K balanced openings, both colours each
    std::uint64_t seed = 1;    // the openings' seed
    int finalists = 0;         // 0: the full round robin; K: a qualifying stage, then every pair of the top K
};

// One prepared statement; columns and parameters count from 0 and 1 as in SQLite.
class LeagueStatement {
public:
    LeagueStatement(sqlite3* db, std::string_view sql);
    ~LeagueStatement();
    LeagueStatement(const LeagueStatement&) = delete;
    LeagueStatement& operator=(const LeagueStatement&) = delete;
    LeagueStatement(LeagueStatement&& other) noexcept;

    LeagueStatement& bind(int index, std::int64_t value);
    LeagueStatement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    LeagueStatement& bind(int index, double value);
    LeagueStatement& bind(int index, std::string_view text);
    LeagueStatement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
    LeagueStatement& bindBlob(int index, std::string_view bytes);
    LeagueStatement& bindNull(int index);
    // Steps once: true while there is a row; throws std::runtime_error on an error.
    bool step();
    // Steps to the end (a statement without rows).
    void run();
    void reset();  // to run it again with new parameters

    bool isNull(int column) const;
    std::int64_t integer(int column) const;
    double real(int column) const;
    std::string text(int column) const;
    std::string blob(int column) const;

private:
    sqlite3* db_ = nullptr;
    sqlite3_stmt* statement_ = nullptr;
};

class LeagueDb {
public:
    enum class Mode { kCreate, kExisting, kReadOnly };
    // Opens the database at `path`. kCreate makes it (with `settings` and the schema) when it does not
    // exist and opens it when it does; kExisting and kReadOnly need it to exist. Throws
    // std::runtime_error ("leaderboard PATH: REASON") when it cannot be opened or is not a league.
    LeagueDb(const std::string& path, Mode mode, const LeagueSettings& settings = {});
    ~LeagueDb();
    LeagueDb(const LeagueDb&) = delete;
    LeagueDb& operator=(const LeagueDb&) = delete;

    const std::string& path() const { return path_; }
    const LeagueSettings& settings() const { return settings_; }
    LeagueStatement prepare(std::string_view sql) { return LeagueStatement(db_, sql); }
    void exec(const std::string& sql);  // statements without parameters or rows
    std::int64_t lastInsertId() const;
    int changes() const;  // rows changed by the last statement
    // A number that changes whenever any connection commits a change (PRAGMA data_version, plus this
    // connection's own changes): what a cache compares to know that it is stale.
    std::int64_t version();
    sqlite3* handle() { return db_; }

private:
    std::string path_;
    sqlite3* db_ = nullptr;
    LeagueSettings settings_;
};

// A transaction, ended by commit() or when destroyed. kWrite: BEGIN IMMEDIATE (one writer at a time),
// rolled back when destroyed without commit() (an exception on the way). kRead: BEGIN (deferred), so
// that every query inside sees one snapshot even while a scheduler commits games; it works on a
// read-only connection and simply ends when destroyed (nothing was written).
class LeagueTransaction {
public:
    enum class Kind { kWrite, kRead };
    explicit LeagueTransaction(LeagueDb& db, Kind kind = Kind::kWrite);
    ~LeagueTransaction();
    LeagueTransaction(const LeagueTransaction&) = delete;
    LeagueTransaction& operator=(const LeagueTransaction&) = delete;
    void commit();

private:
    LeagueDb& db_;
    Kind kind_;
    bool open_ = true;
};

// The time now as ISO 8601 UTC ("2026-11-25T18:40:00Z"), as the database keeps times.
std::string leagueTimestamp();

}  // namespace reversi
