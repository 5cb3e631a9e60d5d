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
#include <vector>

namespace reversi {

struct WeightSet {
    std::string name;                // the evaluation the weights are for, e.g. "pattern8"
    std::uint32_t layout = 0;        // that evaluation's layout version
    std::uint32_t tables = 0;        // e.g. one per game phase
    std::uint32_t perTable = 0;
    std::vector<std::int16_t> weights;  // tables * perTable
};

// What a weight set must say it is for: an evaluation's name and the version of its layout.
struct WeightsFormat {
    const char* name;
    std::uint32_t layout;
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

// The bytes of a weights file as a string (for builtinData).
WeightSet decodeWeightBytes(const std::string& bytes);

// The file of weights/ that cmake/EmbedWeights.cmake linked into the program as the bytes
// [Begin, End), as a T: decoded by `decode(bytes)` (a std::string) once, at the first call, as
// decodeBuiltinWeights does.
template <class T, const unsigned char* Begin, const unsigned char* End, class Decode>
const T& builtinData(const char* file, Decode&& decode) {
    static const T value = decodeBuiltinWeights(file, [&] {
        return T(decode(std::string(reinterpret_cast<const char*>(Begin), static_cast<std::size_t>(End - Begin))));
    });
    return value;
}

}  // namespace reversi
