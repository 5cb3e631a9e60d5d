#include "tools/position_records.hpp"

#include <cstring>
#include <stdexcept>

namespace reversi::train8 {

namespace {

constexpr std::size_t kHeader = 16, kPosition = 16;

void put(std::string& bytes, std::size_t at, std::uint64_t value, int width) {
    for (int i = 0; i < width; ++i) bytes[at + static_cast<std::size_t>(i)] = static_cast<char>(value >> (8 * i));
}

std::uint64_t get(const std::string& bytes, std::size_t at, int width) {
    std::uint64_t value = 0;
    for (int i = 0; i < width; ++i)
        value |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(i)])) << (8 * i);
    return value;
}

}  // namespace

std::string encodePositionRecords(const RecordMagic& magic, std::uint32_t field8, std::uint32_t field12,
                                  const std::vector<PositionRecord>& records, std::size_t extraBytes) {
    if (extraBytes > PositionRecord{}.extra.size()) throw std::invalid_argument("encodePositionRecords: too many extra bytes");
    const std::size_t record = kPosition + extraBytes;
    std::string bytes(kHeader + record * records.size(), '\0');
    std::memcpy(bytes.data(), magic.data(), magic.size());
    put(bytes, 8, field8, 4);
    put(bytes, 12, field12, 4);
    std::size_t at = kHeader;
    for (const PositionRecord& r : records) {
        put(bytes, at, r.P, 8);
        put(bytes, at + 8, r.O, 8);
        for (std::size_t i = 0; i < extraBytes; ++i) bytes[at + kPosition + i] = static_cast<char>(r.extra[i]);
        at += record;
    }
    return bytes;
}

std::vector<PositionRecord> decodePositionRecords(const std::string& bytes, const RecordMagic& magic, std::size_t countAt,
                                                  const std::string& path, const std::string& what, std::size_t extraBytes) {
    if (extraBytes > PositionRecord{}.extra.size()) throw std::invalid_argument("decodePositionRecords: too many extra bytes");
    if (!hasRecordMagic(bytes, magic)) throw std::runtime_error(path + ": not a " + what);
    const std::size_t record = kPosition + extraBytes;
    const std::size_t count = get(bytes, countAt, 4);
    if (bytes.size() != kHeader + record * count) throw std::runtime_error(path + ": truncated " + what);
    std::vector<PositionRecord> records(count);
    for (std::size_t k = 0; k < count; ++k) {
        const std::size_t at = kHeader + record * k;
        records[k].P = get(bytes, at, 8);
        records[k].O = get(bytes, at + 8, 8);
        for (std::size_t i = 0; i < extraBytes; ++i) records[k].extra[i] = static_cast<std::uint8_t>(bytes[at + kPosition + i]);
    }
    return records;
}

bool hasRecordMagic(const std::string& bytes, const RecordMagic& magic) {
    return bytes.size() >= kHeader && std::memcmp(bytes.data(), magic.data(), magic.size()) == 0;
}

}  // namespace reversi::train8
