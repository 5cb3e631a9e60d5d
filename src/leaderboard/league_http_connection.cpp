#include "leaderboard/league_http_connection.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

namespace reversi {

namespace {

using Clock = std::chrono::steady_clock;

thread_local bool tCloseAfterAnswer = false;

void addressOf(const sockaddr_storage& address, std::string& ip, int& port) {
    char text[INET6_ADDRSTRLEN] = "";
    if (address.ss_family == AF_INET) {
        const auto& a = reinterpret_cast<const sockaddr_in&>(address);
        ::inet_ntop(AF_INET, &a.sin_addr, text, sizeof text);
        port = ntohs(a.sin_port);
    } else if (address.ss_family == AF_INET6) {
        const auto& a = reinterpret_cast<const sockaddr_in6&>(address);
        ::inet_ntop(AF_INET6, &a.sin6_addr, text, sizeof text);
        port = ntohs(a.sin6_port);
    }
    ip = text;
}

}  // namespace

void closeConnectionAfterThisAnswer() { tCloseAfterAnswer = true; }

bool takeCloseRequest() { return std::exchange(tCloseAfterAnswer, false); }

void DeadlineStream::startRequest() {
    const Clock::time_point now = Clock::now();
    readBy_ = now + limits_.requestTotal;
    writeBy_ = now + limits_.writeTotal;
}

bool DeadlineStream::awaitRequest(const std::function<bool()>& serving) {
    if (begin_ < end_) return true;  // a pipelined request is already here
    const Clock::time_point until = Clock::now() + limits_.keepAliveIdle;
    while (serving() && Clock::now() < until) {
        pollfd p{fd_, POLLIN, 0};
        const int ready = ::poll(&p, 1, 100);  // in steps, so that a stopping server is noticed
        if (ready > 0) return (p.revents & POLLIN) != 0;
        if (ready < 0 && errno != EINTR) return false;
    }
    return false;
}

// Ready for `events` before the deadline and within `idle` of silence.
bool DeadlineStream::wait(short events, Clock::time_point deadline, std::chrono::milliseconds idle) const {
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0) return false;
        pollfd p{fd_, events, 0};
        const int ready = ::poll(&p, 1, static_cast<int>(std::min(left, idle).count()));
        if (ready > 0) return (p.revents & (events | POLLHUP | POLLERR)) != 0;
        if (ready == 0) return false;
        if (errno != EINTR) return false;
    }
}

bool DeadlineStream::is_readable() const { return begin_ < end_ || wait(POLLIN, readBy_, limits_.readIdle); }

bool DeadlineStream::is_writable() const { return wait(POLLOUT, writeBy_, limits_.readIdle); }

ssize_t DeadlineStream::read(char* ptr, std::size_t size) {
    if (begin_ == end_) {
        if (!wait(POLLIN, readBy_, limits_.readIdle)) return -1;
        ssize_t got;
        do got = ::recv(fd_, buffer_, sizeof buffer_, 0);
        while (got < 0 && errno == EINTR);
        if (got <= 0) return got;
        begin_ = 0;
        end_ = static_cast<std::size_t>(got);
    }
    const std::size_t n = std::min(size, end_ - begin_);
    std::memcpy(ptr, buffer_ + begin_, n);
    begin_ += n;
    return static_cast<ssize_t>(n);
}

ssize_t DeadlineStream::write(const char* ptr, std::size_t size) {
    if (!wait(POLLOUT, writeBy_, limits_.readIdle)) return -1;
    ssize_t sent;
    do sent = ::send(fd_, ptr, size, MSG_NOSIGNAL);
    while (sent < 0 && errno == EINTR);
    return sent;
}

void DeadlineStream::get_remote_ip_and_port(std::string& ip, int& port) const {
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    if (::getpeername(fd_, reinterpret_cast<sockaddr*>(&address), &length) == 0) addressOf(address, ip, port);
}

void DeadlineStream::get_local_ip_and_port(std::string& ip, int& port) const {
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    if (::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) == 0) addressOf(address, ip, port);
}

}  // namespace reversi
