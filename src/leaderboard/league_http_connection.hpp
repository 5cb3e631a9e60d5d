// One HTTP connection of the page's server, served with deadlines that cpp-httplib 0.11 does not have:
// its own read timeout restarts with every byte, so a client sending one byte a second would hold a
// thread for hours. Here the whole request must arrive within a deadline and the whole answer leave
// within another; a connection ends after an error answer (a malformed, oversized or refused request)
// instead of waiting for the next request; and it never outlives the keep-alive limits.
#pragma once

#include <httplib.h>

#include <chrono>
#include <cstddef>
#include <functional>

namespace reversi {

struct ConnectionLimits {
    std::chrono::milliseconds readIdle{5000};      // silence between bytes of a request
    std::chrono::milliseconds requestTotal{10000};  // a whole request, from its first byte awaited
    std::chrono::milliseconds writeTotal{30000};    // a whole answer
    std::chrono::milliseconds keepAliveIdle{5000};  // waiting for the next request on the connection
    std::size_t keepAliveRequests = 100;
};

// The socket as httplib's Stream, buffered, with the deadlines above.
class DeadlineStream : public httplib::Stream {
public:
    DeadlineStream(int fd, const ConnectionLimits& limits) : fd_(fd), limits_(limits) {}
    // Starts the deadlines of the next request and its answer.
    void startRequest();
    // Waits up to the keep-alive limit for the next request's first byte; false when none comes, the
    // client has gone, or `serving()` turns false (the server stopping).
    bool awaitRequest(const std::function<bool()>& serving);

    bool is_readable() const override;
    bool is_writable() const override;
    ssize_t read(char* ptr, std::size_t size) override;
    ssize_t write(const char* ptr, std::size_t size) override;
    void get_remote_ip_and_port(std::string& ip, int& port) const override;
    void get_local_ip_and_port(std::string& ip, int& port) const override;
    int socket() const override { return fd_; }

private:
    bool wait(short events, std::chrono::steady_clock::time_point deadline, std::chrono::milliseconds idle) const;

    int fd_;
    ConnectionLimits limits_;
    std::chrono::steady_clock::time_point readBy_{}, writeBy_{};
    char buffer_[4096];
    std::size_t begin_ = 0, end_ = 0;
};

// Set by a handler on its own thread: the answer being written is the connection's last.
void closeConnectionAfterThisAnswer();
// Read (and cleared) by the connection loop after each answer.
bool takeCloseRequest();

}  // namespace reversi
