// The league's rating fit (src/leaderboard/league_ratings.hpp): known ratings recovered from synthetic
// games, finite for perfect scores, mean 1500, intervals that shrink with more games, a warm start that
// takes fewer iterations, and the pair table kept by triggers equal to grouping the games.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <numeric>

#include "leaderboard/league_entries.hpp"
#include "leaderboard/league_ratings.hpp"
#include "leaderboard/league_synthetic.hpp"
#include "scratch_files.hpp"

using namespace reversi;

namespace {

struct Rating {
    std::int64_t id;
    double score, low, high;
};

std::vector<Rating> storedRatings(LeagueDb& db) {
    std::vector<Rating> ratings;
    LeagueStatement q = db.prepare("SELECT entry_id, score, low, high FROM ratings ORDER BY entry_id");
    while (q.step()) ratings.push_back({q.integer(0), q.real(1), q.real(2), q.real(3)});
    return ratings;
}

double meanScore(const std::vector<double>& scores) {
    return std::accumulate(scores.begin(), scores.end(), 0.0) / static_cast<double>(scores.size());
}

}  // namespace

TEST_CASE("league ratings: the fit recovers the order and gaps of known ratings, mean 1500") {
    const std::string dir = freshDir("league-fit");
    std::filesystem::create_directories(dir);
    LeagueDb db(dir + "/league.db", LeagueDb::Mode::kCreate);
    const SyntheticLeague truth = fillSyntheticLeague(db, 6, 6 * 5 * 60, 7, 600);  // 120 games a pair
    const LeagueFit fit = fitLeagueRatings(db);
    CHECK(fit.converged);
    CHECK(fit.entries == 6);
    CHECK(fit.games == 6 * 5 * 60);
    const std::vector<Rating> ratings = storedRatings(db);
    REQUIRE(ratings.size() == 6);
    double sum = 0;
    for (std::size_t i = 0; i < ratings.size(); ++i) {
        sum += ratings[i].score;
        INFO("entry " << i << ": " << ratings[i].score << " [" << ratings[i].low << ", " << ratings[i].high
                      << "], truly " << truth.ratings[i]);
        CHECK(std::abs(ratings[i].score - truth.ratings[i]) < 50);  // about three standard errors
        CHECK(ratings[i].low < ratings[i].score);
        CHECK(ratings[i].score < ratings[i].high);
        if (i > 0) CHECK(ratings[i].score > ratings[i - 1].score);
    }
    CHECK(sum / 6 == Approx(1500).margin(1e-6));
    std::filesystem::remove_all(dir);
}

TEST_CASE("league ratings: perfect scores stay finite and ordered") {
    // 0 beats everyone, 2 loses to everyone, 1 in between: without a prior, 0 and 2 would run off to infinity.
    const std::vector<PairGames> pairs{{0, 1, 10, 10}, {0, 2, 10, 10}, {1, 2, 10, 10}};
    const BradleyTerryFit fit = fitBradleyTerry(3, pairs);
    CHECK(fit.converged);
    for (const double s : fit.score) CHECK(std::isfinite(s));
    CHECK(fit.score[0] > fit.score[1]);
    CHECK(fit.score[1] > fit.score[2]);
    CHECK(meanScore(fit.score) == Approx(1500).margin(1e-6));
    CHECK(fit.score[0] - fit.score[2] < 2000);
}

TEST_CASE("league ratings: intervals shrink with more games") {
    std::vector<PairGames> few{{0, 1, 4, 3}, {1, 2, 4, 2.5}, {0, 2, 4, 3}}, many = few;
    for (PairGames& p : many) p.games *= 25, p.points *= 25;
    const BradleyTerryFit a = fitBradleyTerry(3, few), b = fitBradleyTerry(3, many);
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(b.high[i] - b.low[i] < (a.high[i] - a.low[i]) / 3);
        CHECK(a.low[i] < a.score[i]);
    }
    // The same score with more games: further from the mean (less pulled in by the virtual draw).
    CHECK(b.score[0] > a.score[0]);
}

TEST_CASE("league ratings: a warm start from the last fit takes fewer iterations than a cold one") {
    const std::string dir = freshDir("league-warm");
    std::filesystem::create_directories(dir);
    LeagueDb db(dir + "/league.db", LeagueDb::Mode::kCreate);
    fillSyntheticLeague(db, 20, 20 * 19 * 2, 3, 1000);
    const LeagueFit first = fitLeagueRatings(db);
    // One more game, as after `run` plays one: the stored ratings are nearly right.
    db.prepare("INSERT INTO games(stage, black, white, black_version, white_version, opening_index, moves, black_discs, "
               "white_discs, winner, finished_at) VALUES ('league', 1, 20, 1, 1, 9, '', 40, 24, 'B', 'now')")
        .run();
    const LeagueFit warm = fitLeagueRatings(db);
    const std::vector<Rating> warmRatings = storedRatings(db);
    db.exec("DELETE FROM ratings");
    const LeagueFit cold = fitLeagueRatings(db);
    const std::vector<Rating> coldRatings = storedRatings(db);
    INFO("first " << first.iterations << ", warm " << warm.iterations << ", cold " << cold.iterations);
    CHECK(warm.iterations < cold.iterations);
    CHECK(warm.games == first.games + 1);
    REQUIRE(warmRatings.size() == coldRatings.size());
    for (std::size_t i = 0; i < warmRatings.size(); ++i) CHECK(warmRatings[i].score == Approx(coldRatings[i].score).margin(0.01));
    std::filesystem::remove_all(dir);
}

TEST_CASE("league ratings: the pair table kept by triggers equals grouping the games, after removals too") {
    const std::string dir = freshDir("league-pairs");
    std::filesystem::create_directories(dir);
    LeagueDb db(dir + "/league.db", LeagueDb::Mode::kCreate);
    fillSyntheticLeague(db, 5, 5 * 4 * 3, 11, 400);
    db.exec("DELETE FROM games WHERE id % 7 = 0");
    REQUIRE(removeEntry(db, "synthetic-0003"));
    LeagueStatement differ = db.prepare(
        "SELECT count(*) FROM (SELECT min(black, white) AS low, max(black, white) AS high, count(*) AS games, "
        "sum(CASE WHEN winner = 'D' THEN 1 WHEN (winner = 'B') = (black < white) THEN 2 ELSE 0 END) AS low_points2 "
        "FROM games WHERE stage = 'league' GROUP BY 1, 2 EXCEPT SELECT low, high, games, low_points2 FROM league_pairs)");
    REQUIRE(differ.step());
    CHECK(differ.integer(0) == 0);
    LeagueStatement pairs = db.prepare("SELECT count(*), sum(games) FROM league_pairs");
    REQUIRE(pairs.step());
    CHECK(pairs.integer(0) == 6);  // the 4 entries left, every pair
    const std::int64_t pairGames = pairs.integer(1);
    LeagueStatement games = db.prepare("SELECT count(*) FROM games");
    REQUIRE(games.step());
    CHECK(pairGames == games.integer(0));
    CHECK_THROWS(db.exec("UPDATE games SET winner = 'D' WHERE id = 1"));  // a finished game is never changed
    const LeagueFit fit = fitLeagueRatings(db);
    CHECK(fit.entries == 4);
    CHECK(storedRatings(db).size() == 4);
    std::filesystem::remove_all(dir);
}
