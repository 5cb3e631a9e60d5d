#include "tools/perft_table.hpp"

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>

#include "bitboard/perft.hpp"
#include "platform/printable.hpp"
#include "rules/position_text.hpp"

namespace reversi {

namespace {

// One depth's row; returns false on a cross-check mismatch.
bool printDepth(const Board& board, char side, int depth, const PerftTableOptions& o) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    const auto counts = o.reference ? perftCountsReference(board, side, depth) : perftCounts(board, side, depth);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    const std::uint64_t leaves = counts.back();
    std::printf("%5d %22llu %10.3f %10.3f %14.0f", depth, static_cast<unsigned long long>(leaves), secs, cpu,
                secs > 0 ? static_cast<double>(leaves) / secs : 0.0);
    bool same = true;
    if (o.crossCheck) {
        same = perftCountsReference(board, side, depth) == counts;
        std::printf("  %s", same ? "= char-array rules" : "MISMATCH with the char-array rules");
    }
    std::printf("\n");
    return same;
}

}  // namespace

PerftTableStatus printPerftTable(const PerftTableOptions& o) {
    PerftTableStatus status;
    Board board(o.size);
    char side = kBlack;
    if (!o.from.empty()) {
        try {
            const TextPosition p = parsePosition(o.from);
            board = p.board;
            side = p.toMove;
        } catch (const PositionError& e) {
            status.error = printable(e.what());
            status.exit = 2;
            return status;
        }
    }
    std::printf("perft %dx%d, %s, %s to move%s\n", board.size(), board.size(),
                o.from.empty() ? "start position" : "given position", side == kBlack ? "black" : "white",
                o.reference ? " (char-array rules)" : "");
    std::printf("%5s %22s %10s %10s %14s\n", "depth", "leaves", "seconds", "cpu s", "leaves/s");
    std::fflush(stdout);
    for (int d = 1; d <= o.depth; ++d) {
        if (!printDepth(board, side, d, o)) status.exit = 1;
        if (std::fflush(stdout) != 0) {
            status.outputErrno = errno;
            return status;
        }
    }
    return status;
}

}  // namespace reversi
