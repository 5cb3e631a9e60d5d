// Jobs in forked worker processes, up to `jobs` at once, so that a crash or a hang in one cannot take
// the others, or the caller, with it. Each worker reports through a pipe that only it and the caller
// hold (close-on-exec: no program a worker starts can write into it). Used by the game scheduler
// (arena/game_pool.hpp) and by grading, one submission per worker.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <functional>
#include <string>

namespace reversi {

// How a worker ended, as its caller sees it.
struct WorkerEnd {
    std::string output;  // everything it wrote to its pipe
    int status = 0;      // its wait status
    bool stuck = false;  // silent for longer than allowed, so killed
};

struct WorkerPool {
    int jobs = 1;             // workers at once
    double stuckSeconds = 0;  // a worker silent this long is killed (0: never)
    // In the worker: does job `job`, reporting on `fd`. The worker exits with status 0 when it returns.
    std::function<void(std::size_t job, int fd)> work;
    // Whether a worker's output so far is its whole report, so that it counts as done even while a
    // process it started still holds the pipe; unset: done at the end of its output.
    std::function<bool(const std::string& output)> complete;
    // In the caller, as each job ends (in the order they end).
    std::function<void(std::size_t job, const WorkerEnd& end)> finished;
    // In the caller, before each job starts: true stops starting jobs (the running ones finish).
    std::function<bool()> stopStarting;
};

// Runs jobs 0 .. count-1; throws std::runtime_error when a pipe or a process cannot be made.
void runWorkers(std::size_t count, const WorkerPool& pool);

}  // namespace reversi
