// platform/parallel_for.hpp: every index once, the worker numbers in range, the finished count in
// order, and a body's exception rethrown after the threads stop.
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "platform/parallel_for.hpp"

using namespace reversi;

TEST_CASE("parallelFor runs every index once and reports each finished one", "[platform]") {
    for (int jobs : {1, 2, 5}) {
        INFO("jobs " << jobs);
        std::vector<std::atomic<int>> runs(1000);
        std::atomic<bool> badWorker{false};
        std::vector<std::size_t> finished;
        parallelFor(
            runs.size(), jobs,
            [&](std::size_t i, int worker) {
                if (worker < 0 || worker >= jobs) badWorker = true;
                ++runs[i];
            },
            [&](std::size_t done) { finished.push_back(done); });
        for (const auto& r : runs) CHECK(r == 1);
        CHECK_FALSE(badWorker);
        REQUIRE(finished.size() == runs.size());
        for (std::size_t k = 0; k < finished.size(); ++k) CHECK(finished[k] == k + 1);
    }
    parallelFor(0, 2, [](std::size_t, int) { FAIL("no index to run"); });
}

TEST_CASE("parallelFor rethrows a body's exception and stops taking indices", "[platform]") {
    // One thread: the exact count. Index 10 throws after 0..10 have run, and nothing after it runs.
    std::atomic<int> ran{0};
    const auto throwAt10 = [&](std::size_t i, int) {
        ++ran;
        if (i == 10) throw std::runtime_error("index 10 failed");
    };
    CHECK_THROWS_WITH(parallelFor(100000, 1, throwAt10), "index 10 failed");
    CHECK(ran == 11);

    // Two threads: which thread takes index 10 is up to the scheduler, and the thread that throws may be
    // descheduled before it stops the other. The first 1000 bodies after the throw take 1 ms each: a
    // working loop runs a handful of them, one that never stops runs all 99,990 remaining, and telling
    // the two apart needs the thrower to be off its core for under a second, not under the microseconds
    // a bare ran < 100000 allowed (it failed 1 in 25 runs on a busy machine).
    std::atomic<bool> thrown{false};
    std::atomic<int> afterThrow{0};
    CHECK_THROWS_WITH(parallelFor(100000, 2,
                                  [&](std::size_t i, int) {
                                      if (i == 10) {
                                          thrown = true;
                                          throw std::runtime_error("index 10 failed");
                                      }
                                      if (thrown && ++afterThrow <= 1000)
                                          std::this_thread::sleep_for(std::chrono::milliseconds(1));
                                  }),
                      "index 10 failed");
    CHECK(afterThrow < 1000);
}
