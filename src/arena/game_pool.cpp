#include "arena/game_pool.hpp"

#include "arena/worker_pool.hpp"
#include "platform/child_process.hpp"
#include "platform/printable.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace reversi {

namespace {

// Worker protocol: "turn C" lines while playing and "waiting" lines while a program owes an answer,
// then "result <wire>" or "error <message>".
[[noreturn]] void runWorker(const std::vector<PlayerSpec>& players, const GameTask& task, const MatchOptions& options,
                            int fd) {
    auto say = [fd](const std::string& line) {
        if (!writeAll(fd, line)) _exit(3);
    };
    RefereeOptions referee = options.referee;
    referee.waiting = [&] { say("waiting\n"); };
    try {
        const GameResult result =
            playGame(players[task.black], players[task.white], task.size, task.opening, task.seed, task.index,
                     referee, [&](char colour) { say(std::string("turn ") + colour + "\n"); });
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
    result.faultCode = faultCodeName(FaultCode::kCrash);  // the referee's own worker failed in that side's turn
    result.refereeFailed = true;
    return result;
}


// A game's result from how its worker ended.
GameResult resultOf(const GameTask& task, const WorkerEnd& end, double stuckSeconds) {
    if (end.stuck)
        return lostWorker(task, end.output,
                          formatText("no answer for %.0f s (the game's worker was killed)", stuckSeconds));
    const std::string final = finalLine(end.output);
    if (final.rfind("result ", 0) == 0) {
        try {
            return fromWire(final.substr(7));
        } catch (const std::exception& e) {
            return lostWorker(task, end.output, std::string("unreadable result: ") + e.what());
        }
    }
    if (final.rfind("error ", 0) == 0) return lostWorker(task, end.output, "referee error: " + final.substr(6));
    const int status = end.status;
    return lostWorker(task, end.output,
                      WIFSIGNALED(status)
                          ? formatText("crashed the game's worker (signal %d: %s)", WTERMSIG(status), strsignal(WTERMSIG(status)))
                          : formatText("the game's worker ended without a result (status %d)", WEXITSTATUS(status)));
}

// Games that cannot be played as scheduled: an error before any game starts.
void checkTasks(const std::vector<PlayerSpec>& players, const std::vector<GameTask>& tasks) {
    for (const GameTask& task : tasks)
        if (!task.opening.empty())
            for (const int seat : {task.black, task.white}) requireTakesOpening(players[seat]);
    for (const GameTask& task : tasks)
        for (const int seat : {task.black, task.white})
            if (!players[seat].playsSize(task.size))
                throw std::invalid_argument("the NBoard engine \"" + players[seat].name + "\" plays 8x8 only, not " +
                                            std::to_string(task.size) + "x" + std::to_string(task.size));
}

}  // namespace

std::vector<GameRecord> runGames(const std::vector<PlayerSpec>& players, const std::vector<GameTask>& tasks,
                                 const MatchOptions& options, const ProgressCallback& progress,
                                 const GameCallback& finishedGame, const std::function<bool()>& stopStarting) {
    checkTasks(players, tasks);
    std::vector<GameRecord> records(tasks.size());
    std::vector<bool> played(tasks.size(), false);
    int done = 0;
    WorkerPool pool;
    pool.jobs = options.jobs;
    // A worker silent for this long is stuck (in-process movers cannot be interrupted otherwise). A
    // program's waits, whose limits end them, say "waiting": however many a turn holds, none is stuck.
    pool.stuckSeconds = 10 * options.referee.timeLimit + options.referee.effectiveWallLimit() + 20;
    pool.work = [&](std::size_t job, int fd) { runWorker(players, tasks[job], options, fd); };
    // The worker's last word is one complete result or error line: done, whoever else might still hold the pipe.
    pool.complete = [](const std::string& output) { return !finalLine(output).empty(); };
    pool.finished = [&](std::size_t job, const WorkerEnd& end) {
        GameRecord& record = records[job];
        record.task = tasks[job];
        record.result = resultOf(tasks[job], end, pool.stuckSeconds);
        played[job] = true;
        ++done;
        if (finishedGame) finishedGame(record);
        if (progress) progress(done, static_cast<int>(tasks.size()));
    };
    pool.stopStarting = stopStarting;
    if (progress) progress(0, static_cast<int>(tasks.size()));
    runWorkers(tasks.size(), pool);
    if (stopStarting) {  // only the games played, in task order
        std::vector<GameRecord> kept;
        for (std::size_t i = 0; i < records.size(); ++i)
            if (played[i]) kept.push_back(std::move(records[i]));
        records = std::move(kept);
    }
    markDuplicates(records);
    return records;
}

}  // namespace reversi
