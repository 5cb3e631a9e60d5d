// platform/parallel_for.hpp: every index once, the worker numbers in range, the finished count in
// order, and a body's exception rethrown after the threads stop.
#include <atomic>
#include <stdexcept>
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
    std::atomic<int> ran{0};
    CHECK_THROWS_WITH(parallelFor(100000, 2,
                                  [&](std::size_t i, int) {
                                      ++ran;
                                      if (i == 10) throw std::runtime_error("index 10 failed");
                                  }),
                      "index 10 failed");
    CHECK(ran < 100000);
}
