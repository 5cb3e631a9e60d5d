#include "tools/bench.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>

#include "platform/cpu_clock.hpp"
#include "platform/splitmix.hpp"

namespace reversi {

namespace {
int emptiesOf(const Board& b) {
    int e = 0;
    for (int r = 0; r < b.size(); ++r)
        for (int c = 0; c < b.size(); ++c) e += b.at(r, c) == kEmpty;
    return e;
}
std::string fmt(const char* format, double a, double b = 0, double c = 0) {
    char text[128];
    std::snprintf(text, sizeof text, format, a, b, c);
    return text;
}

// Seeded random play from the standard start to `percent` filled, retried with the next seed until the
// side to move has at least two moves; `stream` picks an independent sequence of seeds.
BenchPosition randomPosition(int n, int percent, std::uint64_t stream) {
    for (std::uint64_t attempt = 0;; ++attempt) {
        std::uint64_t state = 0xBE4C4ULL * static_cast<std::uint64_t>(n) + 977 * static_cast<std::uint64_t>(percent) +
                              attempt + (stream << 32);
        Board board(n);
        char colour = kBlack;
        const int target = std::max(0, n * n * percent / 100 - 4);
        bool ok = true;
        for (int ply = 0; ply < target; ++ply) {
            auto moves = board.legalMoves(colour);
            if (moves.empty()) {
                colour = opponentOf(colour);
                moves = board.legalMoves(colour);
                if (moves.empty()) {
                    ok = false;
                    break;
                }
            }
            const Move m = moves[static_cast<std::size_t>(splitmixNext(state) % moves.size())];
            board.applyMove(m.row, m.col, colour);
            colour = opponentOf(colour);
        }
        if (ok && !board.hasLegalMove(colour)) colour = opponentOf(colour);
        if (ok && board.legalMoves(colour).size() >= 2) return {n, percent, board, colour};
    }
}
}  // namespace

std::vector<BenchPosition> benchPositions(int n, int perFill) {
    std::vector<BenchPosition> out;
    for (const int percent : {20, 40, 60})
        for (int k = 0; k < perFill; ++k) out.push_back(randomPosition(n, percent, static_cast<std::uint64_t>(k)));
    return out;
}

SearchBenchRow benchSearch(const BenchPosition& position, const EngineOptions& options) {
    EngineMover engine(options);  // a fresh transposition table
    engine.prepare(position.size);  // made outside the search's time, as every front end does
    engine.chooseMove(position.board, position.colour);
    SearchBenchRow row;
    row.size = position.size;
    row.filledPercent = position.filledPercent;
    row.empties = emptiesOf(position.board);
    row.report = engine.lastReport();
    return row;
}

GameBenchRow benchGame(int n, const EngineOptions& options) {
    EngineMover black(options), white(options);
    black.prepare(n);
    white.prepare(n);
    Board board(n);
    char colour = kBlack;
    GameBenchRow row;
    row.size = n;
    double total = 0;
    while (true) {
        if (!board.hasLegalMove(colour)) {
            colour = opponentOf(colour);
            if (!board.hasLegalMove(colour)) break;
        }
        const CpuStopwatch watch;
        const Move m = (colour == kBlack ? black : white).chooseMove(board, colour);
        const double used = watch.elapsed();
        board.applyMove(m.row, m.col, colour);
        ++row.moves;
        total += used;
        row.longest = std::max(row.longest, used);
        colour = opponentOf(colour);
    }
    row.mean = row.moves ? total / row.moves : 0;
    row.blackDiscs = board.count(kBlack);
    row.whiteDiscs = board.count(kWhite);
    return row;
}

void runBench(std::ostream& out, const std::vector<int>& searchSizes, const std::vector<int>& gameSizes,
              const EngineOptions& searchOptions, const EngineOptions& gameOptions, int positionsPerFill) {
    if (!searchSizes.empty()) {
        out << "Search: fixed positions (seeded random play to 20/40/60% filled, " << positionsPerFill
            << " each), move time "
            << fmt("%.3f", searchOptions.moveTime) << " s, "
            << (searchOptions.maxDepth > 0 ? "depth " + std::to_string(searchOptions.maxDepth) + ", " : "")
            << "fresh transposition table each\n";
        out << "size  filled empties  depth exact       nodes  seconds   nodes/s\n";
        for (const int n : searchSizes) {
            std::uint64_t nodes = 0;
            double seconds = 0;
            for (const BenchPosition& p : benchPositions(n, positionsPerFill)) {
                const SearchBenchRow r = benchSearch(p, searchOptions);
                nodes += r.report.nodes;
                seconds += r.report.seconds;
                char line[160];
                std::snprintf(line, sizeof line, "%2dx%-2d %5d%% %7d %6d %5s %11llu %8.3f %9.0f\n", n, n, r.filledPercent,
                              r.empties, r.report.depth, r.report.exact ? "yes" : "no",
                              static_cast<unsigned long long>(r.report.nodes), r.report.seconds,
                              r.report.seconds > 0 ? static_cast<double>(r.report.nodes) / r.report.seconds : 0.0);
                out << line << std::flush;
            }
            char line[160];
            std::snprintf(line, sizeof line, "%2dx%-2d   all %7s %6s %5s %11llu %8.3f %9.0f\n", n, n, "", "", "",
                          static_cast<unsigned long long>(nodes), seconds,
                          seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0);
            out << line << std::flush;
        }
    }
    if (!gameSizes.empty()) {
        out << "\nGames: engine against engine from the standard start, move time "
            << fmt("%.3f", gameOptions.moveTime) << " s (CPU user time per move)\n";
        out << "size  moves  longest     mean  result (B-W)\n";
        double worst = 0;
        for (const int n : gameSizes) {
            const GameBenchRow r = benchGame(n, gameOptions);
            worst = std::max(worst, r.longest);
            char line[160];
            std::snprintf(line, sizeof line, "%2dx%-2d %5d  %6.3f s %6.3f s  %d-%d\n", n, n, r.moves, r.longest, r.mean,
                          r.blackDiscs, r.whiteDiscs);
            out << line << std::flush;
        }
        out << "Longest move over all games: " << fmt("%.3f", worst) << " s\n";
    }
}

}  // namespace reversi
