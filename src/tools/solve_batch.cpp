#include "tools/solve_batch.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "platform/cpu_clock.hpp"
#include "platform/memory.hpp"
#include "platform/printable.hpp"
#include "rules/position_text.hpp"
#include "search/endgame8.hpp"
#include "search/board_search.hpp"

namespace reversi {

namespace {

struct SolveLine {
    SolveResult r;
    double cpu = 0;  // CPU seconds of the solving thread
    std::string text;
    bool mismatch = false;
};

int emptiesOf(const Board& board) {
    int empties = 0;
    for (int r = 0; r < board.size(); ++r)
        for (int c = 0; c < board.size(); ++c) empties += board.at(r, c) == kEmpty;
    return empties;
}

SolveLine solveOne(const TextPosition& p, int index, bool check, EndgameSolver8* solver8) {
    SolveLine line;
    const double cpu0 = threadCpuSeconds();
    line.r = solveExact(p.board, p.toMove, {}, solver8);
    line.cpu = threadCpuSeconds() - cpu0;
    const int n = p.board.size();
    const Move best = line.r.move < 0 ? kNoMove : Move{line.r.move / n, line.r.move % n};
    char buf[256];
    // Rate per CPU second: on a shared machine the wall time also counts other programs' turns.
    std::snprintf(buf, sizeof buf, "#%-3d %2d empties  %c  move %-3s score %+3d  nodes %13llu  time %9.3f s  cpu %9.3f s  %6.1f Mn/s",
                  index, emptiesOf(p.board), p.toMove == kBlack ? 'X' : 'O', squareName(best).c_str(), line.r.score,
                  static_cast<unsigned long long>(line.r.nodes), line.r.seconds, line.cpu,
                  line.cpu > 0 ? static_cast<double>(line.r.nodes) / line.cpu / 1e6 : 0.0);
    line.text = buf;
    if (check && p.hasBestScore()) {
        const int expected = p.bestScore();
        bool moveOk = best.isNone();
        for (const MoveScore& m : p.annotations)
            if (m.move == best && m.score == expected) moveOk = true;
        line.mismatch = line.r.score != expected || !moveOk;
        line.text += line.mismatch ? "  MISMATCH (expected " + std::to_string(expected) + ")" : "  ok";
    }
    return line;
}

// The selected positions, or an error.
struct Selection {
    std::vector<TextPosition> positions;  // the file's
    int first = 1, count = 0;             // positions[first - 1 .. first - 1 + count)
    std::string error;
};
Selection select(const SolveBatchOptions& o) {
    Selection s;
    try {
        s.positions = readPositionFile(o.file);
    } catch (const PositionError& e) {
        s.error = printable(e.what());
        return s;
    }
    const int size = static_cast<int>(s.positions.size());
    const int last = o.last > 0 ? std::min(o.last, size) : size;
    s.first = std::max(1, o.first);
    s.count = last - s.first + 1;
    if (s.count < 1) s.error = "no positions selected";
    return s;
}

// Every job's transposition table, checked against the memory there is before any is made.
std::string memoryError(int jobs, int tableBits) {
    const std::uint64_t need = static_cast<std::uint64_t>(jobs) * EndgameSolver8::tableBytes(tableBits);
    const std::uint64_t room = allocatableBytes();
    if (need <= room) return {};
    return std::to_string(jobs) + (jobs == 1 ? " job" : " jobs") + " with --table-bits " + std::to_string(tableBits) +
           " need " + formatMemory(need) + " of transposition tables, and only " + formatMemory(room) +
           " can be had (fewer jobs or a smaller --table-bits)";
}

// Solves the selection on `jobs` threads, printing each line as it is done; false once a print failed
// (errno in outputErrno).
bool solveAll(const Selection& s, const SolveBatchOptions& o, int jobs, std::vector<SolveLine>& lines, int& outputErrno) {
    std::vector<std::unique_ptr<EndgameSolver8>> solvers;
    for (int j = 0; j < jobs; ++j) solvers.push_back(std::make_unique<EndgameSolver8>(o.tableBits));
    std::atomic<int> next{0};
    std::atomic<bool> failed{false};
    std::mutex outMutex;
    const auto work = [&](EndgameSolver8* solver) {
        for (int i; !failed && (i = next++) < s.count;) {
            SolveLine l = solveOne(s.positions[static_cast<std::size_t>(s.first - 1 + i)], s.first + i + o.firstNumber - 1,
                                   o.check, solver);
            const std::lock_guard<std::mutex> lock(outMutex);
            std::printf("%s\n", l.text.c_str());
            if (std::fflush(stdout) != 0) {
                outputErrno = errno;
                failed = true;
            }
            lines[static_cast<std::size_t>(i)] = std::move(l);
        }
    };
    if (jobs == 1) {
        work(solvers[0].get());
    } else {
        std::vector<std::thread> workers;
        for (int j = 0; j < jobs; ++j) workers.emplace_back(work, solvers[static_cast<std::size_t>(j)].get());
        for (auto& w : workers) w.join();
    }
    return !failed;
}

// The summary line; returns the number of mismatches.
int printSummary(const std::vector<SolveLine>& lines, const SolveBatchOptions& o, double wall) {
    std::uint64_t nodes = 0;
    double solving = 0, cpu = 0;
    int mismatches = 0;
    for (const SolveLine& l : lines) {
        nodes += l.r.nodes;
        solving += l.r.seconds;
        cpu += l.cpu;
        mismatches += l.mismatch;
    }
    std::printf("total: %d positions, %llu nodes, %.3f s solving (sum), %.3f s CPU (sum), %.3f s wall, %d job%s",
                static_cast<int>(lines.size()), static_cast<unsigned long long>(nodes), solving, cpu, wall, o.jobs,
                o.jobs == 1 ? "" : "s");
    if (o.check) std::printf(", %d mismatch%s", mismatches, mismatches == 1 ? "" : "es");
    std::printf("\n");
    return mismatches;
}

}  // namespace

SolveBatchStatus solvePositionFile(const SolveBatchOptions& o) {
    SolveBatchStatus status;
    const Selection s = select(o);
    const int jobs = std::max(1, std::min(o.jobs, s.count));
    status.error = s.error.empty() ? memoryError(jobs, o.tableBits) : s.error;
    if (!status.error.empty()) {
        status.exit = 2;
        return status;
    }
    std::vector<SolveLine> lines(static_cast<std::size_t>(s.count));
    const auto t0 = std::chrono::steady_clock::now();
    if (!solveAll(s, o, jobs, lines, status.outputErrno)) {
        status.exit = 2;  // the front-end says that standard output failed
        return status;
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const int mismatches = printSummary(lines, o, wall);
    if (std::fflush(stdout) != 0) {
        status.outputErrno = errno;
        status.exit = 2;
        return status;
    }
    status.exit = mismatches ? 1 : 0;
    return status;
}

}  // namespace reversi
