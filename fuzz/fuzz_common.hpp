// Shared helpers of the libFuzzer targets: the input as a string or stream, and a check that aborts
// (so that libFuzzer records the input) when a parser "lies", e.g. accepts text it cannot print back.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#define FUZZ_CHECK(condition)                                                                    \
    do {                                                                                         \
        if (!(condition)) {                                                                      \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
            std::abort();                                                                        \
        }                                                                                        \
    } while (0)

inline std::string fuzzText(const std::uint8_t* data, std::size_t size) {
    return std::string(reinterpret_cast<const char*>(data), size);
}

// Splits off the first byte as a small parameter (e.g. the board size); the rest is the text.
inline unsigned fuzzTakeByte(const std::uint8_t*& data, std::size_t& size) {
    if (size == 0) return 0;
    const unsigned b = data[0];
    ++data;
    --size;
    return b;
}

// An even size 4..26 from a byte.
inline int fuzzSize(unsigned byte) { return 4 + 2 * static_cast<int>(byte % 12); }
