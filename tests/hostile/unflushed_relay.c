/* A student program that never flushes (issue 29, defect 4): it relays the lab protocol between the
 * referee and a real player (argv[1]), writing what the player says with stdio and never calling fflush,
 * as most students' programs do. At a terminal its output appears line by line; on a pipe it stays in a
 * 4 KiB buffer unless the referee runs it unbuffered (coreutils' libstdbuf). */
#include <poll.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char** argv) {
    int toPlayer[2], fromPlayer[2];
    if (argc < 2 || pipe(toPlayer) != 0 || pipe(fromPlayer) != 0) return 2;
    if (fork() == 0) {
        dup2(toPlayer[0], 0);
        dup2(fromPlayer[1], 1);
        close(toPlayer[1]);
        close(fromPlayer[0]);
        execv(argv[1], argv + 1);
        return 127;
    }
    close(toPlayer[0]);
    close(fromPlayer[1]);
    struct pollfd fds[2] = {{0, POLLIN, 0}, {fromPlayer[0], POLLIN, 0}};
    char buffer[4096];
    for (;;) {
        if (poll(fds, 2, -1) < 0) return 2;
        if (fds[0].revents) {
            const ssize_t n = read(0, buffer, sizeof buffer);
            if (n <= 0) close(toPlayer[1]), fds[0].fd = -1;
            else if (write(toPlayer[1], buffer, (size_t)n) != n) return 2;
        }
        if (fds[1].revents) {
            const ssize_t n = read(fromPlayer[0], buffer, sizeof buffer);
            if (n <= 0) break;
            fwrite(buffer, 1, (size_t)n, stdout); /* never flushed: stdio decides */
        }
    }
    int status = 0;
    wait(&status);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
