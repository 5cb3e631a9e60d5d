// A parallel loop for the training and benchmark tools: each index of [0, count) is run once, by one of
// `jobs` threads (the caller's thread among them), in whatever order the threads take them. The tools'
// results must not depend on that order, so each keeps its per-index results apart and its per-thread
// state (a search, a table) indexed by the worker number.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace reversi {

// body(index, worker), worker in [0, jobs). finished(count), when given, is called after each index with
// the number finished so far, one call at a time. Fewer threads run when the system has no more to
// give. The first exception a body throws stops the others
// from taking new indices and is rethrown here once every thread has stopped.
inline void parallelFor(std::size_t count, int jobs, const std::function<void(std::size_t, int)>& body,
                        const std::function<void(std::size_t)>& finished = {}) {
    const int threads = static_cast<int>(std::clamp<std::size_t>(static_cast<std::size_t>(std::max(1, jobs)), 1, std::max<std::size_t>(count, 1)));
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::size_t done = 0;
    std::mutex lock;
    std::exception_ptr error;
    const auto worker = [&](int w) {
        for (std::size_t i; !failed && (i = next++) < count;) {
            try {
                body(i, w);
            } catch (...) {
                const std::lock_guard guard(lock);
                if (!error) error = std::current_exception();
                failed = true;
                return;
            }
            if (finished) {
                const std::lock_guard guard(lock);
                finished(++done);
            }
        }
    };
    std::vector<std::thread> pool;
    for (int w = 1; w < threads; ++w) {
        try {
            pool.emplace_back(worker, w);
        } catch (const std::system_error&) {
            break;  // no more threads to be had: the ones running (and this one) do the work
        }
    }
    worker(0);
    for (auto& t : pool) t.join();
    if (error) std::rethrow_exception(error);
}

}  // namespace reversi
