#include "arena/referee.hpp"

#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "players/opponents.hpp"
#include "arena/refereed_players.hpp"
#include "platform/splitmix.hpp"

namespace reversi {

namespace {

int colourIndex(char colour) { return colour == kBlack ? 0 : 1; }

void finishCounts(GameResult& result, const Board& board) {
    result.blackDiscs = board.count(kBlack);
    result.whiteDiscs = board.count(kWhite);
    if (result.forfeitBy)
        result.winner = opponentOf(result.forfeitBy);
    else
        result.winner = result.blackDiscs > result.whiteDiscs   ? 'B'
                        : result.whiteDiscs > result.blackDiscs ? 'W'
                                                                : 'D';
}

std::string secondsText(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", seconds);
    return text;
}

// Replaces characters that would break the one-line wire format.
std::string oneLine(const std::string& text) {
    std::string out;
    for (const char ch : text) out += (ch == '\n' || ch == '\r' || ch == '\t') ? ' ' : ch;
    return out;
}

}  // namespace

std::vector<Move> randomOpening(int n, int plies, std::uint64_t seed) {
    for (std::uint64_t attempt = 0;; ++attempt) {
        std::mt19937_64 rng(mixSeed(seed, attempt));
        Board board(n);
        char turn = kBlack;
        std::vector<Move> moves;
        while (static_cast<int>(moves.size()) < plies) {
            if (!board.hasLegalMove(turn)) {
                if (!board.hasLegalMove(opponentOf(turn))) break;
                turn = opponentOf(turn);
            }
            const std::vector<Move> legal = board.legalMoves(turn);
            const Move move = legal[randomBelow(rng, legal.size())];
            board.applyMove(move.row, move.col, turn);
            moves.push_back(move);
            turn = opponentOf(turn);
        }
        if (!board.isGameOver() || attempt >= 100) return moves;
    }
}

namespace {

// Plays the opening for the players; returns whose turn it is after it.
char playOpening(const std::vector<Move>& opening, Board& board, GameResult& result) {
    char turn = kBlack;
    for (const Move move : opening) {
        if (!board.hasLegalMove(turn)) turn = opponentOf(turn);
        if (board.applyMove(move.row, move.col, turn) == 0)
            throw std::invalid_argument("opening move " + labMove(move) + " is illegal");
        result.moves.push_back(move);
        turn = opponentOf(turn);
    }
    result.openingPlies = static_cast<int>(opening.size());
    return turn;
}

// Asks `turn`'s player for its move, checks it, times it and plays it; returns the fault that loses the
// game (empty when the move stands).
PlayerFault refereeMove(RefereedPlayer* players[2], char turn, Board& board, const RefereeOptions& options,
                        GameResult& result) {
    const int side = colourIndex(turn);
    const PlayerReply reply = players[side]->chooseMove(board, turn);
    if (!reply.fault.empty()) return reply.fault;
    if (!board.isLegalMove(reply.move.row, reply.move.col, turn)) {
        const bool onBoard = !reply.move.isNone() && positionInBounds(board.size(), reply.move.row, reply.move.col);
        return {FaultCode::kIllegalMove, "illegal move " + (onBoard ? labMove(reply.move) : std::string("(none)"))};
    }
    ++result.moveCount[side];
    result.totalSeconds[side] += reply.seconds;
    result.moveSeconds[side].push_back(reply.seconds);
    if (reply.seconds > result.longestSeconds[side]) result.longestSeconds[side] = reply.seconds;
    if (reply.seconds > options.timeLimit)
        return {FaultCode::kTimeLimit, "move " + labMove(reply.move) + " took " + secondsText(reply.seconds) +
                                           " s of CPU time, over the limit of " + secondsText(options.timeLimit) +
                                           " s"};
    board.applyMove(reply.move.row, reply.move.col, turn);
    result.moves.push_back(reply.move);
    players[1 - side]->opponentMoved(reply.move);
    return {};
}

}  // namespace

GameResult playGame(const PlayerSpec& black, const PlayerSpec& white, int n, const std::vector<Move>& opening,
                    std::uint64_t gameSeed, int gameIndex, const RefereeOptions& options,
                    const std::function<void(char)>& onTurn) {
    GameResult result;
    result.size = n;
    Board board(n);
    auto forfeit = [&](char colour, const PlayerFault& fault) {
        result.forfeitBy = colour;
        result.reason = oneLine(fault.reason);
        result.faultCode = faultCodeName(fault.code);
        result.refereeFailed = fault.refereeFailed;
        finishCounts(result, board);
        return result;
    };
    char turn = playOpening(opening, board, result);
    if (!opening.empty())
        for (const PlayerSpec* p : {&black, &white}) requireTakesOpening(*p);
    const std::unique_ptr<RefereedPlayer> seats[2] = {newRefereedPlayer(black, gameSeed, gameIndex, kBlack, options),
                                                      newRefereedPlayer(white, gameSeed, gameIndex, kWhite, options)};
    RefereedPlayer* players[2] = {seats[0].get(), seats[1].get()};
    for (const char colour : {kBlack, kWhite}) {
        const PlayerFault fault = players[colourIndex(colour)]->begin(n, colour);
        if (!fault.empty()) return forfeit(colour, fault);
    }
    for (RefereedPlayer* player : players) player->openingPlayed(opening);
    for (;;) {
        if (!board.hasLegalMove(turn)) {
            if (!board.hasLegalMove(opponentOf(turn))) break;
            turn = opponentOf(turn);
            continue;
        }
        if (onTurn) onTurn(turn);
        const PlayerFault fault = refereeMove(players, turn, board, options, result);
        if (!fault.empty()) return forfeit(turn, fault);
        turn = opponentOf(turn);
    }
    for (const char colour : {kBlack, kWhite}) {
        const PlayerFault fault = players[colourIndex(colour)]->end(board);
        if (!fault.empty()) return forfeit(colour, fault);
    }
    finishCounts(result, board);
    return result;
}

std::string toWire(const GameResult& r) {
    std::ostringstream out;
    out.precision(17);
    out << "size " << r.size << " opening " << r.openingPlies << " discs " << r.blackDiscs << ' ' << r.whiteDiscs
        << " winner " << r.winner << " moves " << (r.moves.empty() ? "-" : compactMoveList(r.moves));
    for (int side = 0; side < 2; ++side)
        out << " time" << side << ' ' << r.moveCount[side] << ' ' << r.totalSeconds[side] << ' '
            << r.longestSeconds[side];
    for (int side = 0; side < 2; ++side) {
        out << " cpu" << side << ' ' << r.moveSeconds[side].size();
        for (const double seconds : r.moveSeconds[side]) out << ' ' << seconds;
    }
    if (r.refereeFailed) out << " referee-failed";
    if (r.forfeitBy)
        out << " forfeit " << r.forfeitBy << ' ' << (r.faultCode.empty() ? "-" : r.faultCode) << ' '
            << oneLine(r.reason);
    return out.str();
}

GameResult fromWire(const std::string& text) {
    std::istringstream in(text);
    GameResult r;
    std::string word, moves;
    auto expect = [&](const char* key) {
        if (!(in >> word) || word != key) throw std::invalid_argument(std::string("bad game record: expected ") + key);
    };
    expect("size");
    in >> r.size;
    expect("opening");
    in >> r.openingPlies;
    expect("discs");
    in >> r.blackDiscs >> r.whiteDiscs;
    expect("winner");
    in >> r.winner;
    expect("moves");
    in >> moves;
    if (!in || !isValidSize(r.size)) throw std::invalid_argument("bad game record");
    if (moves != "-") r.moves = parseMoveList(moves, r.size);
    for (int side = 0; side < 2; ++side) {
        expect(side == 0 ? "time0" : "time1");
        in >> r.moveCount[side] >> r.totalSeconds[side] >> r.longestSeconds[side];
    }
    for (int side = 0; side < 2; ++side) {
        expect(side == 0 ? "cpu0" : "cpu1");
        std::size_t count = 0;
        if (!(in >> count) || count > r.moves.size() + 1) throw std::invalid_argument("bad game record: CPU times");
        r.moveSeconds[side].resize(count);
        for (double& seconds : r.moveSeconds[side]) in >> seconds;
    }
    if (!in) throw std::invalid_argument("bad game record");
    if (in >> word && word == "referee-failed") {
        r.refereeFailed = true;
        if (!(in >> word)) throw std::invalid_argument("bad game record: a failed referee without a forfeit");
    }
    if (in) {
        if (word != "forfeit") throw std::invalid_argument("bad game record: trailing text");
        in >> r.forfeitBy >> r.faultCode;
        if (r.faultCode == "-") r.faultCode.clear();
        std::getline(in, r.reason);
        if (!r.reason.empty() && r.reason[0] == ' ') r.reason.erase(0, 1);
    }
    return r;
}

}  // namespace reversi
