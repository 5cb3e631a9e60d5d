// `reversi perft`, `reversi solve`, `reversi nboard`, `reversi gtp`: move-generation counts, the exact
// endgame solver and the protocols that connect the engine to Othello software.
#include <algorithm>
#include <cerrno>
#include <atomic>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <iostream>
#include <memory>
#include <mutex>
#include <thread>

#include "cli.hpp"
#include "commands.hpp"
#include "platform/cpu_clock.hpp"
#include "platform/memory.hpp"
#include "platform/printable.hpp"
#include "search/endgame8.hpp"
#include "search/exact.hpp"
#include "programs/gtp.hpp"
#include "programs/nboard.hpp"
#include "bitboard/perft.hpp"
#include "rules/position_text.hpp"

namespace reversi::app {

namespace {

struct PerftSettings {
    int size = 8;
    int depth = 9;
    std::string from;
    bool reference = false;
    bool crossCheck = false;
};

int runPerft(const PerftSettings& s) {
    Board board(s.size);
    char side = kBlack;
    if (!s.from.empty()) {
        try {
            const TextPosition p = parsePosition(s.from);
            board = p.board;
            side = p.toMove;
        } catch (const PositionError& e) {
            std::cerr << "reversi perft: --from: " << printable(e.what()) << '\n';
            return 2;
        }
    }
    std::printf("perft %dx%d, %s, %s to move%s\n", board.size(), board.size(),
                s.from.empty() ? "start position" : "given position", side == kBlack ? "black" : "white",
                s.reference ? " (char-array rules)" : "");
    std::printf("%5s %22s %10s %10s %14s\n", "depth", "leaves", "seconds", "cpu s", "leaves/s");
    std::fflush(stdout);
    int status = 0;
    for (int d = 1; d <= s.depth; ++d) {
        const auto t0 = std::chrono::steady_clock::now();
        const std::clock_t c0 = std::clock();
        const auto counts = s.reference ? perftCountsReference(board, side, d) : perftCounts(board, side, d);
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
        const std::uint64_t leaves = counts.back();
        std::printf("%5d %22llu %10.3f %10.3f %14.0f", d, static_cast<unsigned long long>(leaves), secs, cpu,
                    secs > 0 ? static_cast<double>(leaves) / secs : 0.0);
        if (s.crossCheck) {
            const auto ref = perftCountsReference(board, side, d);
            const bool same = ref == counts;
            std::printf("  %s", same ? "= char-array rules" : "MISMATCH with the char-array rules");
            if (!same) status = 1;
        }
        std::printf("\n");
        if (std::fflush(stdout) != 0) {  // the front-end reports the failed write
            noteOutputError(errno);
            return status;
        }
    }
    return status;
}

struct SolveSettings {
    std::string file;
    int jobs = 1;
    bool check = false;
    int first = 1;
    int last = 0;
    int tableBits = 21;
    int firstNumber = 1;  // number shown for the file's first position
};

struct SolveLine {
    SolveResult r;
    double cpu = 0;  // CPU seconds of the solving thread
    std::string text;
    bool mismatch = false;
};

SolveLine solveOne(const TextPosition& p, int index, const SolveSettings& s, EndgameSolver8* solver8) {
    SolveLine line;
    const double cpu0 = threadCpuSeconds();
    if (p.board.size() == 8 && solver8) {
        std::uint64_t P = 0, O = 0;
        for (int r = 0; r < 8; ++r)
            for (int c = 0; c < 8; ++c) {
                const char cell = p.board.at(r, c);
                if (cell == p.toMove) P |= std::uint64_t{1} << (r * 8 + c);
                else if (cell == opponentOf(p.toMove)) O |= std::uint64_t{1} << (r * 8 + c);
            }
        solver8->clear();
        line.r = solver8->solve(P, O);
    } else {
        line.r = solveExact(p.board, p.toMove);
    }
    line.cpu = threadCpuSeconds() - cpu0;
    const int n = p.board.size();
    int empties = 0;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) empties += p.board.at(r, c) == kEmpty;
    const Move best = line.r.move < 0 ? kNoMove : Move{line.r.move / n, line.r.move % n};
    char buf[256];
    // Rate per CPU second: on a shared machine the wall time also counts other programs' turns.
    std::snprintf(buf, sizeof buf, "#%-3d %2d empties  %c  move %-3s score %+3d  nodes %13llu  time %9.3f s  cpu %9.3f s  %6.1f Mn/s",
                  index, empties, p.toMove == kBlack ? 'X' : 'O', squareName(best).c_str(), line.r.score,
                  static_cast<unsigned long long>(line.r.nodes), line.r.seconds, line.cpu,
                  line.cpu > 0 ? static_cast<double>(line.r.nodes) / line.cpu / 1e6 : 0.0);
    line.text = buf;
    if (s.check && p.hasBestScore()) {
        const int expected = p.bestScore();
        bool moveOk = best.isNone();
        for (const MoveScore& m : p.annotations)
            if (m.move == best && m.score == expected) moveOk = true;
        line.mismatch = line.r.score != expected || !moveOk;
        line.text += line.mismatch ? "  MISMATCH (expected " + std::to_string(expected) + ")" : "  ok";
    }
    return line;
}

int runSolve(const SolveSettings& s) {
    std::vector<TextPosition> positions;
    try {
        positions = readPositionFile(s.file);
    } catch (const PositionError& e) {
        std::cerr << "reversi solve: " << printable(e.what()) << '\n';
        return 2;
    }
    const int last = s.last > 0 ? std::min<int>(s.last, static_cast<int>(positions.size())) : static_cast<int>(positions.size());
    const int first = std::max(1, s.first);
    if (first > last) {
        std::cerr << "reversi solve: no positions selected\n";
        return 2;
    }
    const int count = last - first + 1;
    // Every job's transposition table, checked against the memory there is before any is made.
    const int jobs = std::max(1, std::min(s.jobs, count));
    const std::uint64_t need = static_cast<std::uint64_t>(jobs) * EndgameSolver8::tableBytes(s.tableBits);
    const std::uint64_t room = allocatableBytes();
    if (need > room) {
        std::cerr << "reversi solve: " << jobs << (jobs == 1 ? " job" : " jobs") << " with --table-bits " << s.tableBits
                  << " need " << formatMemory(need) << " of transposition tables, and only " << formatMemory(room)
                  << " can be had (fewer jobs or a smaller --table-bits)\n";
        return 2;
    }
    std::vector<std::unique_ptr<EndgameSolver8>> solvers;
    for (int j = 0; j < jobs; ++j) solvers.push_back(std::make_unique<EndgameSolver8>(s.tableBits));
    std::vector<SolveLine> lines(static_cast<std::size_t>(count));
    bool outputFailed = false;
    const auto t0 = std::chrono::steady_clock::now();
    if (jobs == 1) {
        for (int i = 0; i < count && !outputFailed; ++i) {
            lines[static_cast<std::size_t>(i)] = solveOne(positions[static_cast<std::size_t>(first - 1 + i)],
                                                          first + i + s.firstNumber - 1, s, solvers[0].get());
            std::printf("%s\n", lines[static_cast<std::size_t>(i)].text.c_str());
            outputFailed = std::fflush(stdout) != 0;
            if (outputFailed) noteOutputError(errno);
        }
    } else {
        std::atomic<int> next{0};
        std::atomic<bool> failed{false};
        std::mutex outMutex;
        std::vector<std::thread> workers;
        for (int j = 0; j < jobs; ++j)
            workers.emplace_back([&, solver = solvers[static_cast<std::size_t>(j)].get()] {
                for (int i; !failed && (i = next++) < count;) {
                    SolveLine l = solveOne(positions[static_cast<std::size_t>(first - 1 + i)], first + i + s.firstNumber - 1, s, solver);
                    const std::lock_guard<std::mutex> lock(outMutex);
                    std::printf("%s\n", l.text.c_str());
                    if (std::fflush(stdout) != 0) {
                        noteOutputError(errno);
                        failed = true;
                    }
                    lines[static_cast<std::size_t>(i)] = std::move(l);
                }
            });
        for (auto& w : workers) w.join();
        outputFailed = failed;
    }
    if (outputFailed) return 2;  // the front-end says that standard output failed
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::uint64_t nodes = 0;
    double solving = 0, cpu = 0;
    int mismatches = 0;
    for (const SolveLine& l : lines) {
        nodes += l.r.nodes;
        solving += l.r.seconds;
        cpu += l.cpu;
        mismatches += l.mismatch;
    }
    std::printf("total: %d positions, %llu nodes, %.3f s solving (sum), %.3f s CPU (sum), %.3f s wall, %d job%s", count,
                static_cast<unsigned long long>(nodes), solving, cpu, wall, s.jobs, s.jobs == 1 ? "" : "s");
    if (s.check) std::printf(", %d mismatch%s", mismatches, mismatches == 1 ? "" : "es");
    std::printf("\n");
    if (std::fflush(stdout) != 0) {
        noteOutputError(errno);
        return 2;
    }
    return mismatches ? 1 : 0;
}

}  // namespace

void addToolCommands(CLI::App& app, Action& action) {
    {
        auto s = std::make_shared<PerftSettings>();
        CLI::App* cmd = app.add_subcommand("perft", "Count the move paths of every depth (validates move generation)");
        cmd->add_option("--size", s->size, "Board size (even, 4 to 26)")
            ->check([](const std::string& v) {
                try {
                    return isValidSize(std::stoi(v)) ? std::string() : std::string("size must be an even number from 4 to 26");
                } catch (const std::exception&) {
                    return std::string("size must be a number");
                }
            })
            ->capture_default_str();
        cmd->add_option("--depth", s->depth, "Deepest ply counted")->check(CLI::Range(1, 60))->capture_default_str();
        cmd->add_option("--from", s->from,
                        "Start from this position: OBF (64 of X/O/-, space, X/O) or board text (n*n of B/W/U, space, "
                        "B/W); overrides --size");
        cmd->add_flag("--reference", s->reference, "Count with the lab's char-array rules instead of bitboards (slow)");
        cmd->add_flag("--cross-check", s->crossCheck,
                      "Also count with the char-array rules and compare (exit status 1 on a mismatch)");
        cmd->callback([s, &action] { action = [s] { return runPerft(*s); }; });
        addExamples(*cmd, {"reversi perft --depth 9", "reversi perft --size 6 --depth 8 --cross-check"});
    }
    {
        auto s = std::make_shared<SolveSettings>();
        CLI::App* cmd = app.add_subcommand(
            "solve", "Exact endgame solve of every position of a file (OBF or board text, one per line)");
        cmd->add_option("file", s->file, "Position file (e.g. fforum-40-59.obf)")->required();
        cmd->add_option("-j,--jobs", s->jobs, "Positions solved at once (one thread each)")
            ->check(CLI::Range(1, 64))
            ->capture_default_str();
        cmd->add_flag("--check", s->check,
                      "Compare with the file's annotations (\"A2:+38\"): exit status 1 unless every score is the best "
                      "annotated score and every move is annotated with it");
        cmd->add_option("--first", s->first, "First position solved (1-based)")->check(CLI::Range(1, 1000000));
        cmd->add_option("--last", s->last, "Last position solved (default: the last of the file)")
            ->check(CLI::Range(1, 1000000));
        cmd->add_option("--first-number", s->firstNumber,
                        "Number shown for the file's first position (20 for fforum-20-39.obf)")
            ->check(CLI::Range(0, 1000000));
        cmd->add_option("--table-bits", s->tableBits, "log2 of the transposition table entries (24 bytes each)")
            ->check(CLI::Range(10, 28))
            ->capture_default_str();
        cmd->callback([s, &action] { action = [s] { return runSolve(*s); }; });
        addExamples(*cmd, {"reversi solve tests/data/fforum-1-19.obf --check",
                           "reversi solve tests/data/fforum-20-39.obf --first-number 20 --last 10 -j 2"});
    }
    {
        auto opts = std::make_shared<NBoardOptions>();
        CLI::App* cmd = app.add_subcommand("nboard", "Speak the NBoard protocol on standard input/output (8x8)");
        cmd->add_option("--move-time", opts->moveTime, "CPU seconds per move when no depth limit applies")
            ->check(FiniteRange(0.001, 3600.0))
            ->capture_default_str();
        cmd->callback([opts, &action] {
            action = [opts] { return runNBoard(std::cin, std::cout, *opts); };
        });
        addExamples(*cmd, {"reversi nboard --move-time 2   (set as the engine command of an NBoard GUI)"});
    }
    {
        auto opts = std::make_shared<GtpOptions>();
        CLI::App* cmd = app.add_subcommand("gtp", "Speak GTP (Go Text Protocol, for Othello) on standard input/output");
        cmd->add_option("--move-time", opts->moveTime, "CPU seconds per genmove")
            ->check(FiniteRange(0.001, 3600.0))
            ->capture_default_str();
        cmd->add_option("--depth", opts->depth, "Search exactly this many plies (0: until the time is up)")
            ->check(CLI::Range(0, 64))
            ->capture_default_str();
        cmd->callback([opts, &action] { action = [opts] { return runGtp(std::cin, std::cout, *opts); }; });
        addExamples(*cmd, {"reversi gtp --move-time 0.5", "printf 'boardsize 8\\ngenmove b\\n' | reversi gtp --depth 4"});
    }
}

}  // namespace reversi::app
