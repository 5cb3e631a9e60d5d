#include "arena/game_pool.hpp"

#include "platform/child_process.hpp"
#include "platform/printable.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <stdexcept>

namespace reversi {

namespace {

// Worker protocol: "turn C" lines while playing, then "result <wire>" or "error <message>".
struct Worker {
    pid_t pid = -1;
    int fd = -1;
    std::size_t task = 0;
    std::string output;
    std::chrono::steady_clock::time_point lastHeard;
};

[[noreturn]] void runWorker(const std::vector<Player>& players, const GameTask& task, const MatchOptions& options,
                            int fd) {
    auto say = [fd](const std::string& line) {
        if (!writeAll(fd, line)) _exit(3);
    };
    try {
        const GameResult result =
            playGame(players[task.black], players[task.white], task.size, task.opening, task.seed, task.index,
                     options.referee, [&](char colour) { say(std::string("turn ") + colour + "\n"); });
        say("result " + toWire(result) + "\n");
    } catch (const std::exception& e) {
        std::string message = e.what();
        std::replace(message.begin(), message.end(), '\n', ' ');
        say("error " + message + "\n");
    }
    _exit(0);
}

// The worker's first complete "result ..." or "error ..." line (without its newline), or "".
std::string finalLine(const std::string& output) {
    std::size_t start = 0;
    while (start < output.size()) {
        const std::size_t end = output.find('\n', start);
        if (end == std::string::npos) break;
        if (output.compare(start, 7, "result ") == 0 || output.compare(start, 6, "error ") == 0)
            return output.substr(start, end - start);
        start = end + 1;
    }
    return {};
}

GameResult lostWorker(const GameTask& task, const std::string& output, const std::string& why) {
    // Blame the side that was to move, from the last "turn" line.
    char side = 'B';
    std::size_t pos = output.rfind("turn ");
    if (pos != std::string::npos && pos + 5 < output.size()) side = output[pos + 5];
    GameResult result;
    result.size = task.size;
    result.moves = task.opening;
    result.openingPlies = static_cast<int>(task.opening.size());
    result.forfeitBy = side;
    result.winner = opponentOf(side);
    result.reason = why;
    return result;
}

}  // namespace

std::vector<GameRecord> runGames(const std::vector<Player>& players, const std::vector<GameTask>& tasks,
                                 const MatchOptions& options, const ProgressCallback& progress,
                                 const GameCallback& finishedGame) {
    for (const GameTask& task : tasks)
        if (!task.opening.empty() && (players[task.black].isExternal() || players[task.white].isExternal()))
            throw std::invalid_argument("random openings need built-in players: an external program always "
                                        "starts from the standard position");
    for (const GameTask& task : tasks)
        for (const int seat : {task.black, task.white})
            if (players[seat].kind == PlayerKind::kNBoard && task.size != 8)
                throw std::invalid_argument("the NBoard engine \"" + players[seat].name + "\" plays 8x8 only, not " +
                                            std::to_string(task.size) + "x" + std::to_string(task.size));
    signal(SIGPIPE, SIG_IGN);
    std::vector<GameRecord> records(tasks.size());
    std::vector<Worker> running;
    std::size_t next = 0;
    int done = 0;
    const int jobs = std::max(1, options.jobs);
    // A worker silent for this long is stuck (in-process movers cannot be interrupted otherwise).
    const double stuckSeconds = 10 * options.referee.timeLimit + options.referee.effectiveWallLimit() + 20;
    if (progress) progress(0, static_cast<int>(tasks.size()));
    while (next < tasks.size() || !running.empty()) {
        while (next < tasks.size() && static_cast<int>(running.size()) < jobs) {
            int fds[2];
            // Close-on-exec: no program started inside a worker may inherit (and write into) a result pipe.
            if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
            std::cout.flush();
            std::cerr.flush();
            std::fflush(nullptr);
            const pid_t pid = fork();
            if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
            if (pid == 0) {
                close(fds[0]);
                for (const Worker& w : running) close(w.fd);
                runWorker(players, tasks[next], options, fds[1]);
            }
            close(fds[1]);
            Worker worker;
            worker.pid = pid;
            worker.fd = fds[0];
            worker.task = next++;
            worker.lastHeard = std::chrono::steady_clock::now();
            running.push_back(std::move(worker));
        }
        std::vector<pollfd> pfds;
        for (const Worker& w : running) pfds.push_back({w.fd, POLLIN, 0});
        poll(pfds.data(), pfds.size(), 100);
        for (std::size_t i = 0; i < running.size();) {
            Worker& w = running[i];
            bool finished = false;
            std::string why;
            if (pfds[i].revents) {
                char chunk[4096];
                const ssize_t n = read(w.fd, chunk, sizeof chunk);
                if (n > 0) {
                    w.output.append(chunk, static_cast<std::size_t>(n));
                    w.lastHeard = std::chrono::steady_clock::now();
                    // The worker's last word is one complete result or error line: done, whoever else might
                    // still hold the pipe.
                    finished = !finalLine(w.output).empty();
                } else if (n == 0 || errno != EINTR) {
                    finished = true;
                }
            }
            if (!finished && std::chrono::duration<double>(std::chrono::steady_clock::now() - w.lastHeard).count() >
                                 stuckSeconds) {
                kill(w.pid, SIGKILL);
                why = formatText("no answer for %.0f s (the game's worker was killed)", stuckSeconds);
                finished = true;
            }
            if (!finished) {
                ++i;
                continue;
            }
            close(w.fd);
            int status = 0;
            while (waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
            }
            const GameTask& task = tasks[w.task];
            GameRecord& record = records[w.task];
            record.task = task;
            const std::string final = finalLine(w.output);
            if (why.empty() && final.rfind("result ", 0) == 0) {
                try {
                    record.result = fromWire(final.substr(7));
                } catch (const std::exception& e) {
                    record.result = lostWorker(task, w.output, std::string("unreadable result: ") + e.what());
                }
            } else if (why.empty() && final.rfind("error ", 0) == 0) {
                record.result = lostWorker(task, w.output, "referee error: " + final.substr(6));
            } else {
                if (why.empty())
                    why = WIFSIGNALED(status)
                              ? formatText("crashed the game's worker (signal %d: %s)", WTERMSIG(status), strsignal(WTERMSIG(status)))
                              : formatText("the game's worker ended without a result (status %d)", WEXITSTATUS(status));
                record.result = lostWorker(task, w.output, why);
            }
            running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
            pfds.erase(pfds.begin() + static_cast<std::ptrdiff_t>(i));
            ++done;
            if (finishedGame) finishedGame(record);
            if (progress) progress(done, static_cast<int>(tasks.size()));
        }
    }
    markDuplicates(records);
    return records;
}

}  // namespace reversi
