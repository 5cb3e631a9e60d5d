// Evaluation weights as data: a compact binary file with a version and a checksum. The files live in
// weights/ and are embedded into the executables at build time (cmake/EmbedWeights.cmake), so that
// lab7part2 stays one self-contained program; the training tools write them.
//
// Layout (little-endian): the magic "REVWGT\r\n" (the CR LF catches a text-mode copy); u32 format
// version (1); the evaluation's name (16 bytes, NUL-padded) and u32 layout version, which must match
// what the evaluation expects; u32 tables and u32 weights per table; u64 payload bytes and the
// payload's FNV-1a 64 checksum; then the payload: the tables' int16 weights, one after another, each
// non-zero weight as a zig-zag varint, each run of zeros as a 0 byte and the run's length as a varint.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <new>
#include <string>
#include <string_view>
#include <vector>

namespace reversi {

struct WeightSet {
    std::string name;                // the evaluation the weights are for, e.g. "pattern8"
    std::uint32_t layout = 0;        // that evaluation's layout version
    std::uint32_t tables = 0;        // e.g. one per game phase
    std::uint32_t perTable = 0;
    std::vector<std::int16_t> weights;  // tables * perTable
};

std::string encodeWeights(const WeightSet& set);
// Throws std::runtime_error naming what is wrong (magic, version, checksum, truncation).
WeightSet decodeWeights(const void* data, std::size_t size);

// Ends the program with a message: the build embedded a broken weights file, and nothing sensible can
// be played without it.
[[noreturn]] void builtinWeightsUnusable(const char* file, const char* why);

// Decodes weights built into the program (`decode()`, which throws on damage): out of memory is the
// caller's to report, any other failure is a broken build (builtinWeightsUnusable).
template <class Decode>
auto decodeBuiltinWeights(const char* file, Decode&& decode) -> decltype(decode()) {
    try {
        return decode();
    } catch (const std::bad_alloc&) {
        throw;
    } catch (const std::exception& e) {
        builtinWeightsUnusable(file, e.what());
    }
}

// The data of a file of weights/ that cmake/EmbedWeights.cmake linked into the program as the bytes
// [begin, end): decoded once, at the first call, by `decode(bytes)` as decodeBuiltinWeights does. Each
// call site passes a lambda of its own, so each keeps a value of its own.
template <class Decode>
const auto& builtinData(const char* file, const unsigned char* begin, const unsigned char* end, Decode&& decode) {
    static const auto value = decodeBuiltinWeights(file, [&] {
        return decode(std::string_view(reinterpret_cast<const char*>(begin), static_cast<std::size_t>(end - begin)));
    });
    return value;
}

}  // namespace reversi
