// The leaderboard database's tables (SQL), one place for every module that reads or writes them.
// docs/leaderboard.md describes each column.
#pragma once

namespace reversi {

inline constexpr int kLeagueSchemaVersion = 1;

inline constexpr const char* kLeagueSchema = R"sql(
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE entries (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL UNIQUE,
    version      INTEGER NOT NULL DEFAULT 1,  -- raised when the entry is replaced: its old games are gone
    content_hash TEXT NOT NULL,               -- SHA-256 of the submission's files (names and bytes)
    program      BLOB NOT NULL,               -- the compiled executable
    how          TEXT NOT NULL,               -- "compiled from NAME.c" / "the executable lab7part2"
    entered_at   TEXT NOT NULL                -- ISO 8601 UTC
);
CREATE TABLE entry_files (
    entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    path     TEXT NOT NULL,
    content  BLOB NOT NULL,
    PRIMARY KEY (entry_id, path)
);
CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    stage         TEXT NOT NULL DEFAULT 'league',  -- 'league' (entry against entry) or 'qualifier'
    black         INTEGER NOT NULL,                -- entries(id); 0: the reference player `opponent`
    white         INTEGER NOT NULL,                -- (a qualifier game); removing an entry deletes its games
    opponent      TEXT NOT NULL DEFAULT '',        -- qualifier: the reference player's spec
    black_version INTEGER NOT NULL,
    white_version INTEGER NOT NULL,
    opening_index INTEGER NOT NULL DEFAULT 0,
    moves         TEXT NOT NULL,                   -- every move, opening included ("d3c5f6...")
    opening_plies INTEGER NOT NULL DEFAULT 0,
    black_discs   INTEGER NOT NULL,
    white_discs   INTEGER NOT NULL,
    winner        TEXT NOT NULL CHECK (winner IN ('B', 'W', 'D')),
    fault_by      TEXT CHECK (fault_by IN ('B', 'W')),
    fault_code    TEXT CHECK (fault_code IN ('IM', 'TLE', 'CRASH', 'OUTPUT')),
    fault_reason  TEXT,
    black_cpu     TEXT NOT NULL DEFAULT '[]',      -- CPU seconds of each of Black's moves (JSON array)
    white_cpu     TEXT NOT NULL DEFAULT '[]',
    finished_at   TEXT NOT NULL,
    UNIQUE (stage, black, white, opponent, opening_index)
);
CREATE INDEX games_by_white ON games(white);
CREATE INDEX games_by_black ON games(black);
CREATE TABLE claims (
    stage         TEXT NOT NULL,
    black         INTEGER NOT NULL,
    white         INTEGER NOT NULL,                -- 0: the reference player (qualifier)
    opponent      TEXT NOT NULL DEFAULT '',
    opening_index INTEGER NOT NULL,
    owner         TEXT NOT NULL,                   -- "HOST PID START": the scheduler playing it
    claimed_at    TEXT NOT NULL,
    PRIMARY KEY (stage, black, white, opponent, opening_index)
);
-- The league games of each pair of entries, kept by the triggers below as games come and go, so that the
-- rating fit reads one row per pair instead of grouping a million games (docs/leaderboard.md "Ratings").
CREATE TABLE league_pairs (
    low         INTEGER NOT NULL,  -- the pair's smaller entry id
    high        INTEGER NOT NULL,  -- and its larger
    games       INTEGER NOT NULL,
    low_points2 INTEGER NOT NULL,  -- twice what `low` scored: 2 a win, 1 a draw
    PRIMARY KEY (low, high)
) WITHOUT ROWID;
CREATE TRIGGER league_pair_played AFTER INSERT ON games WHEN NEW.stage = 'league' AND NEW.black <> NEW.white BEGIN
    INSERT INTO league_pairs(low, high, games, low_points2)
    VALUES (min(NEW.black, NEW.white), max(NEW.black, NEW.white), 1,
            CASE WHEN NEW.winner = 'D' THEN 1 WHEN (NEW.winner = 'B') = (NEW.black < NEW.white) THEN 2 ELSE 0 END)
    ON CONFLICT (low, high) DO UPDATE SET games = games + 1, low_points2 = low_points2 + excluded.low_points2;
END;
CREATE TRIGGER league_pair_deleted AFTER DELETE ON games WHEN OLD.stage = 'league' AND OLD.black <> OLD.white BEGIN
    UPDATE league_pairs SET games = games - 1, low_points2 = low_points2 -
        CASE WHEN OLD.winner = 'D' THEN 1 WHEN (OLD.winner = 'B') = (OLD.black < OLD.white) THEN 2 ELSE 0 END
    WHERE low = min(OLD.black, OLD.white) AND high = max(OLD.black, OLD.white);
    DELETE FROM league_pairs WHERE low = min(OLD.black, OLD.white) AND high = max(OLD.black, OLD.white) AND games <= 0;
END;
CREATE TRIGGER league_pair_changed AFTER UPDATE OF stage, black, white, winner ON games BEGIN
    SELECT RAISE(ABORT, 'a finished game is never changed: delete it and insert the new one');
END;
CREATE TABLE ratings (
    entry_id INTEGER PRIMARY KEY REFERENCES entries(id) ON DELETE CASCADE,
    score    REAL NOT NULL,   -- mean of the entries 1500
    low      REAL NOT NULL,   -- 95% confidence interval
    high     REAL NOT NULL
);
)sql";

}  // namespace reversi
