// `reversi grade part2 ... --leaderboard DB`: after grading, every submission whose graded games all ran
// without a fault of its own (won or lost) is entered under its folder's name, as the course entered a
// Part 2 that passed its test cases. Grading itself knows nothing of the league: the app calls this with
// the grades it returned (or the ones `grade --merge` read).
#pragma once

#include <string>
#include <vector>

#include "leaderboard/league_entries.hpp"
#include "programs/grade.hpp"

namespace reversi {

// Why a graded submission is not entered ("" when it is to be): not Part 2, no program, a game lost by
// its fault, a result stored before faults were counted, or files changed since it was graded.
std::string notEnteredReason(const SubmissionGrade& grade);

struct GradedEntry {
    std::string name;
    bool entered = false;
    AddOutcome outcome = AddOutcome::kAdded;  // when entered
    std::string problem;                      // when not
};

// Enters each faultless submission (from its own directory, `grade.path`) into `db`; one failure (it
// no longer compiles, a link appeared) is reported in its GradedEntry and does not stop the others.
std::vector<GradedEntry> enterGraded(LeagueDb& db, const std::vector<SubmissionGrade>& grades, const AddOptions& options);

}  // namespace reversi
