#include "arena/sprt.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace reversi {

namespace {

double expectedScore(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

std::string formatElo(double elo) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", elo);
    return text;
}

}  // namespace

SprtBounds parseSprtBounds(const std::string& text) {
    const char* s = text.c_str();
    char* end = nullptr;
    SprtBounds b;
    b.elo0 = std::strtod(s, &end);
    const bool first = end != s && *end == ',';
    const char* second = first ? end + 1 : s;
    b.elo1 = std::strtod(second, &end);
    if (!first || end == second || *end != '\0' || !std::isfinite(b.elo0) || !std::isfinite(b.elo1) ||
        std::fabs(b.elo0) > 1000 || std::fabs(b.elo1) > 1000 || !(b.elo1 > b.elo0))
        throw std::invalid_argument("--sprt takes ELO0,ELO1 with ELO0 < ELO1 (Elo, within +-1000), such as 0,30");
    return b;
}

SprtStatus sprtStatus(int wins, int draws, int losses, const SprtBounds& bounds) {
    SprtStatus st;
    st.lower = std::log(bounds.beta / (1 - bounds.alpha));
    st.upper = std::log((1 - bounds.beta) / bounds.alpha);
    const double s0 = expectedScore(bounds.elo0), s1 = expectedScore(bounds.elo1);
    const double points = wins + draws / 2.0, lost = losses + draws / 2.0;
    st.llr = points * std::log(s1 / s0) + lost * std::log((1 - s1) / (1 - s0));
    st.verdict = st.llr >= st.upper ? SprtVerdict::kH1 : st.llr <= st.lower ? SprtVerdict::kH0 : SprtVerdict::kContinue;
    return st;
}

void SprtTest::add(double score) {
    (score == 1.0 ? wins_ : score == 0.5 ? draws_ : losses_) += 1;
    if (decided()) return;
    decision_ = now();
    if (decided()) decidedAfter_ = wins_ + draws_ + losses_;
}

std::string sprtLine(const SprtStatus& st, const SprtBounds& b, const std::string& firstPlayer) {
    char head[160];
    std::snprintf(head, sizeof head, "SPRT [%g, %g] (alpha %g, beta %g): LLR %.2f of [%.2f, %.2f]: ", b.elo0, b.elo1,
                  b.alpha, b.beta, st.llr, st.lower, st.upper);
    switch (st.verdict) {
        case SprtVerdict::kH1:
            return head + std::string("H1 accepted: ") + firstPlayer + " is stronger by " + formatElo(b.elo1) +
                   " Elo or more\n";
        case SprtVerdict::kH0:
            return head + std::string("H0 accepted: ") + firstPlayer + " is nearer " + formatElo(b.elo0) +
                   " Elo stronger than " + formatElo(b.elo1) + "\n";
        default:
            return head + std::string("undecided (more games needed)\n");
    }
}

}  // namespace reversi
