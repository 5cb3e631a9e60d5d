#include "arena/worker_pool.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <stdexcept>
#include <vector>

#include "platform/answer_clock.hpp"

namespace reversi {

namespace {

struct Worker {
    pid_t pid = -1;
    int fd = -1;
    std::size_t job = 0;
    std::string output;
    AnswerClock silence;  // since it last wrote; a pause of the whole machine (Ctrl-Z, a stalled VM) is not its
};

Worker startWorker(std::size_t job, const WorkerPool& pool, const std::vector<Worker>& running) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    if (pid == 0) {
        // A worker dies with its scheduler (kill -9 included): its game could no longer be recorded, and
        // the next run would play it again beside it.
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(1);
        close(fds[0]);
        for (const Worker& w : running) close(w.fd);
        pool.work(job, fds[1]);
        std::fflush(nullptr);
        _exit(0);
    }
    close(fds[1]);
    Worker worker;
    worker.pid = pid;
    worker.fd = fds[0];
    worker.job = job;
    worker.silence.restart();
    return worker;
}

// Reads what worker `w` has written; true when it is done (its whole report, or the end of its output).
bool readWorker(Worker& w, const WorkerPool& pool) {
    char chunk[4096];
    const ssize_t n = read(w.fd, chunk, sizeof chunk);
    if (n > 0) {
        w.output.append(chunk, static_cast<std::size_t>(n));
        w.silence.restart();
        return pool.complete && pool.complete(w.output);
    }
    return n == 0 || errno != EINTR;
}

void endWorker(Worker& w, bool stuck, const WorkerPool& pool) {
    if (stuck) kill(w.pid, SIGKILL);
    close(w.fd);
    WorkerEnd end;
    while (waitpid(w.pid, &end.status, 0) < 0 && errno == EINTR) {
    }
    end.output = std::move(w.output);
    end.stuck = stuck;
    if (pool.finished) pool.finished(w.job, end);
}

}  // namespace

void runWorkers(std::size_t count, const WorkerPool& pool) {
    signal(SIGPIPE, SIG_IGN);
    std::vector<Worker> running;
    std::size_t next = 0;
    const auto more = [&] { return next < count && !(pool.stopStarting && pool.stopStarting()); };
    while (more() || !running.empty()) {
        while (more() && static_cast<int>(running.size()) < std::max(1, pool.jobs))
            running.push_back(startWorker(next++, pool, running));
        std::vector<pollfd> pfds;
        for (const Worker& w : running) pfds.push_back({w.fd, POLLIN, 0});
        poll(pfds.data(), pfds.size(), 100);
        for (std::size_t i = 0; i < running.size();) {
            Worker& w = running[i];
            const bool done = pfds[i].revents && readWorker(w, pool);
            const bool stuck = !done && pool.stuckSeconds > 0 && w.silence.look() > pool.stuckSeconds;
            if (!done && !stuck) {
                ++i;
                continue;
            }
            endWorker(w, stuck, pool);
            running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
            pfds.erase(pfds.begin() + static_cast<std::ptrdiff_t>(i));
        }
    }
}

}  // namespace reversi
