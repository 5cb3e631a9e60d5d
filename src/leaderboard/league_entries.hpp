// Entering programs into the league (docs/leaderboard.md "Entering"): a submission directory as `reversi
// grade` takes it is copied as grading copies it (regular files only, links never followed), hashed, and
// compiled as `reversi grade part2` compiles it, in the grading sandbox; its files and program are kept
// in the database. Adding a name again with other content replaces the entry (its version goes up and
// its games, claims and rating are deleted, so that it is played again); the same content changes
// nothing. Entering plays and grades nothing: it takes seconds.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "leaderboard/league_db.hpp"

namespace reversi {

struct LeagueEntry {
    std::int64_t id = 0;       // never reused, even after a removal
    std::string name;
    std::int64_t version = 0;  // 1, raised by each replacement
    std::string contentHash, how, enteredAt;
};

enum class AddOutcome { kAdded, kReplaced, kUnchanged };

struct AddResult {
    AddOutcome outcome = AddOutcome::kAdded;
    LeagueEntry entry;
};

// Where the course's graded library is (for C sources); "" looks where `reversi grade` looks.
struct AddOptions {
    std::string cLibraryDir;
};

// Why `name` cannot name an entry ("" when it can): empty, longer than 64 bytes, a control character or
// bytes that are not UTF-8. Any other text is kept as it is (the web page escapes it).
std::string entryNameProblem(const std::string& name);

// SHA-256 (hex) over the regular files directly in `dir`, sorted by name: each one's name, whether it
// is executable, its size and its bytes. Modification times do not count.
std::string submissionHash(const std::string& dir);

// Enters the submission in `submissionDir` as `name`. Throws std::invalid_argument with a one-line
// reason: a bad name, a refused copy (a link, a device...), no program, a compile error.
AddResult addEntry(LeagueDb& db, const std::string& name, const std::string& submissionDir);
AddResult addEntry(LeagueDb& db, const std::string& name, const std::string& submissionDir, const AddOptions& options);

// Removes the entry, its files, games (both stages), claims and rating; false when there is none.
bool removeEntry(LeagueDb& db, const std::string& name);

std::vector<LeagueEntry> listEntries(LeagueDb& db);  // by id
std::optional<LeagueEntry> findEntry(LeagueDb& db, const std::string& name);
std::optional<LeagueEntry> findEntry(LeagueDb& db, std::int64_t id);

// Writes the entry's program as DIR/lab7part2 (mode 0700) and returns the path; throws
// std::invalid_argument when there is no entry `id`.
std::string writeEntryProgram(LeagueDb& db, std::int64_t id, const std::string& dir);

}  // namespace reversi
