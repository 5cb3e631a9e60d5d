#include "tools/resumable_blocks.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <vector>

#include "platform/atomic_file.hpp"

namespace reversi {

void makeMissingBlocks(int blocks, int jobs, const std::function<std::string(int)>& pathOf,
                       const std::function<BlockMaker()>& newMaker, const std::function<void(int, int)>& progress) {
    std::vector<int> todo;
    for (int b = 0; b < blocks; ++b)
        if (!std::filesystem::exists(pathOf(b))) todo.push_back(b);
    std::atomic<std::size_t> next{0};
    std::atomic<int> done{blocks - static_cast<int>(todo.size())};
    std::mutex failure;
    std::string error;
    auto worker = [&](bool reports) {
        try {
            const BlockMaker make = newMaker();
            for (std::size_t i; (i = next++) < todo.size();) {
                const int b = todo[i];
                writeFileAtomically(pathOf(b), make(b));
                const int d = ++done;
                if (reports && progress) progress(d, blocks);
            }
        } catch (const std::exception& e) {
            const std::lock_guard lock(failure);
            if (error.empty()) error = e.what();
            next = todo.size();  // the other threads finish their blocks and stop
        }
    };
    if (progress) progress(done, blocks);
    std::vector<std::thread> threads;
    for (int j = 1; j < std::max(1, jobs); ++j) {
        try {
            threads.emplace_back(worker, false);
        } catch (const std::system_error&) {
            break;  // no more threads to be had: the ones running (and this one) do the work
        }
    }
    worker(true);
    for (auto& t : threads) t.join();
    if (!error.empty()) throw std::runtime_error(error);
    if (progress) progress(done, blocks);  // the last block may have been another thread's
}

}  // namespace reversi
