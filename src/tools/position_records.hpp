// The 8x8 training tools' binary files (corpus blocks, corpus8.hpp; label chunks, labels8.hpp): an
// 8-byte magic, two u32 header fields, then 18-byte records: a position (P and O, u64) and two bytes
// that are the file's own, all little-endian.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace reversi::train8 {

struct PositionRecord {
    std::uint64_t P = 0, O = 0;
    std::array<std::uint8_t, 2> extra{};
};

using RecordMagic = std::array<char, 8>;

std::string encodePositionRecords(const RecordMagic& magic, std::uint32_t field8, std::uint32_t field12,
                                  const std::vector<PositionRecord>& records);

// The records of a file whose record count is the header field at byte countAt (8 or 12). Throws
// std::runtime_error "PATH: not a WHAT" or "PATH: truncated WHAT".
std::vector<PositionRecord> decodePositionRecords(const std::string& bytes, const RecordMagic& magic, std::size_t countAt,
                                                  const std::string& path, const std::string& what);

}  // namespace reversi::train8
