#include "leaderboard/league_server.hpp"

#include <httplib.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <thread>

#include "leaderboard/league_http_connection.hpp"
#include "leaderboard/league_page_assets.hpp"
#include "leaderboard/league_site.hpp"

namespace reversi {

namespace {

// The library's thread pool, counting the connections accepted and not yet finished: those being served
// and those waiting for a thread.
class CountingPool : public httplib::TaskQueue {
public:
    CountingPool(std::size_t threads, std::atomic<std::size_t>& open) : pool_(threads), open_(open) {}
    void enqueue(std::function<void()> fn) override {
        ++open_;
        pool_.enqueue([this, fn = std::move(fn)] {
            fn();
            --open_;
        });
    }
    void shutdown() override { pool_.shutdown(); }

private:
    httplib::ThreadPool pool_;
    std::atomic<std::size_t>& open_;
};

// httplib's server with each connection served by our loop (league_http_connection.hpp): deadlines
// for a whole request and a whole answer, the connection closed after an error answer.
class LeagueHttpServer : public httplib::Server {
public:
    LeagueHttpServer(const ConnectionLimits& limits, std::size_t threads) : limits_(limits), threads_(threads) {
        new_task_queue = [this] { return new CountingPool(threads_, open_); };
    }
    // The library listens with a backlog of 5 (fixed when Debian built it): fifty clients connecting at
    // once would wait for SYN retries. Listening again on the bound socket only raises the backlog.
    void raiseBacklog() { ::listen(svr_sock_, SOMAXCONN); }

private:
    bool process_and_close_socket(socket_t sock) override {
        DeadlineStream stream(sock, limits_);
        bool ok = true;
        takeCloseRequest();
        // A new connection has a second to start its request even when others wait for a thread; one
        // that sends nothing for longer would hold a thread for the whole keep-alive time.
        const auto firstBy = std::chrono::steady_clock::now() + std::chrono::seconds(1);
        for (std::size_t left = limits_.keepAliveRequests; ok && left > 0; --left) {
            // An idle connection (kept alive, or silent since it opened) yields its thread as soon as
            // another waits for one (browsers keep several open): it is closed, never one in the middle
            // of a request.
            const bool first = left == limits_.keepAliveRequests;
            const auto serving = [&] {
                return svr_sock_ != INVALID_SOCKET &&
                       (open_ <= threads_ || (first && std::chrono::steady_clock::now() < firstBy));
            };
            if (!stream.awaitRequest(serving)) break;
            stream.startRequest();
            bool closed = false;
            ok = process_request(stream, left == 1, closed, nullptr);
            if (takeCloseRequest() || closed) break;
        }
        ::shutdown(sock, SHUT_RDWR);
        ::close(sock);
        return ok;
    }

    ConnectionLimits limits_;
    std::size_t threads_;
    std::atomic<std::size_t> open_{0};
};

void answer(httplib::Response& res, const SiteAnswer& a) {
    res.status = a.status;
    res.set_content(a.body, a.contentType.c_str());
}

bool isApi(const httplib::Request& req) { return req.path.rfind("/api/", 0) == 0; }

// Defence in depth behind the escaping: no script but our own, no framing, no sniffing of types.
httplib::Headers securityHeaders() {
    return {{"Content-Security-Policy",
             "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; base-uri 'none'; "
             "form-action 'none'; frame-ancestors 'none'"},
            {"X-Content-Type-Options", "nosniff"},
            {"X-Frame-Options", "DENY"},
            {"Referrer-Policy", "no-referrer"},
            {"Cache-Control", "no-cache"}};
}

void addRoutes(httplib::Server& http, LeagueSite& site) {
    http.Get("/", [&site](const httplib::Request&, httplib::Response& res) { answer(res, site.standingsPage()); });
    http.Get("/api/leaderboard", [&site](const httplib::Request&, httplib::Response& res) { answer(res, site.standingsApi()); });
    http.Get("/standings.csv", [&site](const httplib::Request&, httplib::Response& res) {
        answer(res, site.standingsCsv());
        res.set_header("Content-Disposition", "attachment; filename=\"standings.csv\"");
    });
    http.Get("/static/league.css", [](const httplib::Request&, httplib::Response& res) {
        res.set_content(kLeagueCss, "text/css; charset=utf-8");
    });
    http.Get("/static/viewer.js", [](const httplib::Request&, httplib::Response& res) {
        res.set_content(kViewerJs, "text/javascript; charset=utf-8");
    });
    // The path arrives percent-decoded: a name may hold any character, a slash or a newline included.
    http.Get(R"(/entries/([\s\S]+))", [&site](const httplib::Request& req, httplib::Response& res) {
        answer(res, site.entry(req.matches[1], false));
    });
    http.Get(R"(/api/entries/([\s\S]+))", [&site](const httplib::Request& req, httplib::Response& res) {
        answer(res, site.entry(req.matches[1], true));
    });
    http.Get(R"(/games/([\s\S]+))", [&site](const httplib::Request& req, httplib::Response& res) {
        answer(res, site.game(req.matches[1], false));
    });
    http.Get(R"(/api/games/([\s\S]+))", [&site](const httplib::Request& req, httplib::Response& res) {
        answer(res, site.game(req.matches[1], true));
    });
}

// Read-only: any other method is refused before routing; errors get a page (or JSON under /api/);
// an exception in a handler is a 500 that says nothing of the server's insides.
void addGuards(httplib::Server& http) {
    http.set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
        const std::string length = req.get_header_value("Content-Length");
        const bool body = req.has_header("Transfer-Encoding") || (!length.empty() && length.find_first_not_of('0') != std::string::npos);
        const bool reading = req.method == "GET" || req.method == "HEAD";
        if (reading && !body) return httplib::Server::HandlerResponse::Unhandled;
        if (reading) answer(res, LeagueSite::error(400, "a request with a body: the leaderboard is read-only", isApi(req)));
        else answer(res, LeagueSite::error(405, "method not allowed: the leaderboard is read-only", isApi(req)));
        closeConnectionAfterThisAnswer();
        res.set_header("Allow", "GET, HEAD");
        return httplib::Server::HandlerResponse::Handled;
    });
    // Every error answer but a page not found is the connection's last: what follows a malformed or
    // refused request on it cannot be trusted to be a request.
    http.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
        if (res.status != 404) closeConnectionAfterThisAnswer();
        if (!res.body.empty()) return;  // a route's own error page
        const char* what = res.status == 404 ? "not found" : res.status == 413 ? "request too large" : "bad request";
        answer(res, LeagueSite::error(res.status, what, isApi(req)));
    });
    http.set_exception_handler([](const httplib::Request& req, httplib::Response& res, std::exception_ptr) {
        answer(res, LeagueSite::error(500, "internal error", isApi(req)));
    });
}

}  // namespace

struct LeagueServer::Impl {
    LeagueServerOptions options;
    LeagueSite site;
    LeagueHttpServer http;

    Impl(const std::string& dbPath, const LeagueServerOptions& o) : options(o), site(dbPath), http(limitsOf(o), static_cast<std::size_t>(std::max(1, o.threads))) {}

    static ConnectionLimits limitsOf(const LeagueServerOptions& o) {
        ConnectionLimits limits;
        limits.readIdle = std::chrono::seconds(o.readTimeoutSeconds);
        limits.requestTotal = std::chrono::seconds(o.requestSeconds);
        limits.writeTotal = std::chrono::seconds(o.writeTimeoutSeconds);
        limits.keepAliveIdle = std::chrono::seconds(o.keepAliveSeconds);
        limits.keepAliveRequests = static_cast<std::size_t>(std::max(1, o.keepAliveRequests));
        return limits;
    }
};

LeagueServer::LeagueServer(const std::string& dbPath, const LeagueServerOptions& options)
    : impl_(std::make_unique<Impl>(dbPath, options)) {
    httplib::Server& http = impl_->http;
    http.set_read_timeout(options.readTimeoutSeconds, 0);
    http.set_write_timeout(options.writeTimeoutSeconds, 0);
    http.set_keep_alive_timeout(options.keepAliveSeconds);
    http.set_keep_alive_max_count(static_cast<std::size_t>(options.keepAliveRequests));
    http.set_payload_max_length(options.maxPayload);
    http.set_tcp_nodelay(true);
    // SO_REUSEADDR only (a restart need not wait for old connections), not the library's default
    // SO_REUSEPORT too, with which a second server on the same port would silently share its clients.
    http.set_socket_options([](socket_t sock) {
        const int yes = 1;
        ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    http.set_default_headers(securityHeaders());
    addRoutes(http, impl_->site);
    addGuards(http);
}

LeagueServer::~LeagueServer() = default;

int LeagueServer::bind() {
    LeagueHttpServer& http = impl_->http;
    const LeagueServerOptions& o = impl_->options;
    const int port = o.port == 0 ? http.bind_to_any_port(o.host) : (http.bind_to_port(o.host, o.port) ? o.port : -1);
    if (port <= 0) throw std::runtime_error("cannot listen on " + o.host + ":" + std::to_string(o.port));
    http.raiseBacklog();
    return port;
}

void LeagueServer::run() { impl_->http.listen_after_bind(); }

void LeagueServer::stop() { impl_->http.stop(); }

// Signals are taken by one thread (sigwait), which stops the server: a handler could not safely.
int serveLeague(const std::string& dbPath, const LeagueServerOptions& options) {
    sigset_t stopping;
    sigemptyset(&stopping);
    for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&stopping, s);
    pthread_sigmask(SIG_BLOCK, &stopping, nullptr);  // before any thread starts: they inherit the mask
    ::signal(SIGPIPE, SIG_IGN);                       // a client gone while we write is the socket's error
    try {
        LeagueServer server(dbPath, options);
        const int port = server.bind();
        std::fprintf(stderr, "serving http://%s:%d/\n", options.host.c_str(), port);
        std::thread waiter([&] {
            int signal = 0;
            sigwait(&stopping, &signal);
            server.stop();
        });
        server.run();
        pthread_kill(waiter.native_handle(), SIGTERM);  // ended otherwise: the waiter too (blocked: no harm)
        waiter.join();
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "reversi leaderboard serve: %s\n", e.what());
        return 1;
    }
}

}  // namespace reversi
