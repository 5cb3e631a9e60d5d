#include "tools/resumable_blocks.hpp"

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <vector>

#include "platform/atomic_file.hpp"
#include "platform/parallel_for.hpp"

namespace reversi {

void makeMissingBlocks(int blocks, int jobs, const std::function<std::string(int)>& pathOf,
                       const std::function<BlockMaker()>& newMaker, const std::function<void(int, int)>& progress) {
    std::vector<int> todo;
    for (int b = 0; b < blocks; ++b)
        if (!std::filesystem::exists(pathOf(b))) todo.push_back(b);
    const int already = blocks - static_cast<int>(todo.size());
    std::vector<std::optional<BlockMaker>> makers(static_cast<std::size_t>(std::max(1, jobs)));
    if (progress) progress(already, blocks);
    parallelFor(
        todo.size(), jobs,
        [&](std::size_t i, int worker) {
            auto& make = makers[static_cast<std::size_t>(worker)];
            if (!make) make = newMaker();
            writeFileAtomically(pathOf(todo[i]), (*make)(todo[i]));
        },
        [&](std::size_t done) {
            if (progress) progress(already + static_cast<int>(done), blocks);
        });
}

std::string numberedFile(const std::string& dir, const std::string& prefix, int digits, int number,
                         const std::string& suffix) {
    std::string text = std::to_string(number);
    if (text.size() < static_cast<std::size_t>(digits)) text.insert(0, static_cast<std::size_t>(digits) - text.size(), '0');
    return (std::filesystem::path(dir) / (prefix + text + suffix)).string();
}

std::vector<std::string> filesEndingIn(const std::string& dir, const std::string& extension) {
    std::vector<std::string> files;
    if (std::filesystem::is_directory(dir))
        for (const auto& entry : std::filesystem::directory_iterator(dir))
            if (entry.path().extension() == extension) files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace reversi
