// The sequential probability ratio test of a match (`reversi match --sprt ELO0,ELO1`): after each game,
// the log-likelihood ratio of "the first player is ELO1 stronger" against "it is ELO0 stronger"; the
// match stops starting games once it crosses a bound (Wald's, from the error rates alpha and beta).
//
// The model is a binomial one over score points: a win is a point, a loss none and a draw half of each,
// so LLR = (W + D/2) ln(s1/s0) + (L + D/2) ln((1-s1)/(1-s0)), with s0, s1 the expected scores of the
// two hypotheses (logistic Elo). It is exact for games without draws; a draw counted as half a win and
// half a loss adds variance it does not have, which only makes the test slower. It stays finite on a
// run of wins alone (the normal approximation of chess testing's GSPRT does not: a near-zero variance
// after two wins decided a test), and counts each game on its own: the correlation of a colour pair's
// two games makes it cautious, not rash.
#pragma once

#include <string>

namespace reversi {

struct SprtBounds {
    double elo0 = 0, elo1 = 0;      // H0: the first player is elo0 stronger; H1: elo1 (elo1 > elo0)
    double alpha = 0.05, beta = 0.05;  // false positive and false negative rates
};

enum class SprtVerdict { kContinue, kH0, kH1 };

struct SprtStatus {
    double llr = 0;
    double lower = 0, upper = 0;  // Wald's bounds: log(beta / (1 - alpha)), log((1 - beta) / alpha)
    SprtVerdict verdict = SprtVerdict::kContinue;
};

// Parses "ELO0,ELO1" (elo1 > elo0, both within +-1000); throws std::invalid_argument.
SprtBounds parseSprtBounds(const std::string& text);
// The test after `wins`, `draws`, `losses` of the first player.
SprtStatus sprtStatus(int wins, int draws, int losses, const SprtBounds& bounds);
// A test as the games come in: the counts so far, and the verdict kept from the game that decided it
// (games still running then may move the ratio back inside the bounds, but the test has decided).
class SprtTest {
public:
    explicit SprtTest(const SprtBounds& bounds = {}) : bounds_(bounds) {}
    // One game's result for the first player: 1 a win, 0.5 a draw, 0 a loss.
    void add(double score);
    bool decided() const { return decision_.verdict != SprtVerdict::kContinue; }
    const SprtStatus& decision() const { return decision_; }
    int decidedAfter() const { return decidedAfter_; }  // games counted when it decided (0: not yet)
    SprtStatus now() const { return sprtStatus(wins_, draws_, losses_, bounds_); }
    const SprtBounds& bounds() const { return bounds_; }

private:
    SprtBounds bounds_;
    int wins_ = 0, draws_ = 0, losses_ = 0;
    SprtStatus decision_;
    int decidedAfter_ = 0;
};

// "SPRT [0, 30] (alpha 0.05, beta 0.05): LLR 1.23 of [-2.94, 2.94]: H1 accepted ..." with a newline.
std::string sprtLine(const SprtStatus& status, const SprtBounds& bounds, const std::string& firstPlayer);

}  // namespace reversi
