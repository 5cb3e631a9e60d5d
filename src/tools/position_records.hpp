// The 8x8 training tools' binary files (corpus blocks, corpus8.hpp; label chunks, labels8.hpp): an
// 8-byte magic, two u32 header fields, then records of a position (P and O, u64) and 2 to 8 bytes that
// are the file's own (the file's kind fixes how many), all little-endian.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace reversi::train8 {

struct PositionRecord {
    std::uint64_t P = 0, O = 0;
    std::array<std::uint8_t, 8> extra{};  // the first extraBytes are written and read
};

using RecordMagic = std::array<char, 8>;

std::string encodePositionRecords(const RecordMagic& magic, std::uint32_t field8, std::uint32_t field12,
                                  const std::vector<PositionRecord>& records, std::size_t extraBytes = 2);

// The records of a file whose record count is the header field at byte countAt (8 or 12). Throws
// std::runtime_error "PATH: not a WHAT" or "PATH: truncated WHAT".
std::vector<PositionRecord> decodePositionRecords(const std::string& bytes, const RecordMagic& magic, std::size_t countAt,
                                                  const std::string& path, const std::string& what,
                                                  std::size_t extraBytes = 2);

// Whether bytes start with the magic (for files with more than one version).
bool hasRecordMagic(const std::string& bytes, const RecordMagic& magic);

}  // namespace reversi::train8
