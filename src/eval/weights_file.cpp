#include "eval/weights_file.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace reversi {

namespace {

constexpr char kMagic[8] = {'R', 'E', 'V', 'W', 'G', 'T', '\r', '\n'};
constexpr std::uint32_t kFormat = 1;
constexpr std::size_t kNameBytes = 16;
constexpr std::size_t kHeaderBytes = 8 + 4 + kNameBytes + 4 + 4 + 4 + 8 + 8;

std::uint64_t fnv1a(const unsigned char* p, std::size_t n) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

void putVarint(std::string& out, std::uint64_t v) {
    while (v >= 0x80) {
        out += static_cast<char>((v & 0x7F) | 0x80);
        v >>= 7;
    }
    out += static_cast<char>(v);
}

template <typename T>
void putLE(std::string& out, T v) {
    for (std::size_t i = 0; i < sizeof(T); ++i) out += static_cast<char>(static_cast<std::uint64_t>(v) >> (8 * i));
}

class Reader {
public:
    Reader(const unsigned char* p, std::size_t n) : p_(p), n_(n) {}
    template <typename T>
    T le() {
        need(sizeof(T));
        std::uint64_t v = 0;
        for (std::size_t i = 0; i < sizeof(T); ++i) v |= static_cast<std::uint64_t>(p_[at_ + i]) << (8 * i);
        at_ += sizeof(T);
        return static_cast<T>(v);
    }
    std::uint64_t varint() {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            need(1);
            const unsigned char b = p_[at_++];
            v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
            if (!(b & 0x80)) return v;
        }
        throw std::runtime_error("weights file: a number runs too long");
    }
    const unsigned char* take(std::size_t n) {
        need(n);
        at_ += n;
        return p_ + at_ - n;
    }
    bool done() const { return at_ == n_; }

private:
    void need(std::size_t k) const {
        if (n_ - at_ < k) throw std::runtime_error("weights file: truncated");
    }
    const unsigned char* p_;
    std::size_t n_;
    std::size_t at_ = 0;
};

}  // namespace

std::string encodeWeights(const WeightSet& set) {
    if (set.name.size() > kNameBytes) throw std::invalid_argument("weights: name longer than 16 bytes");
    if (set.weights.size() != static_cast<std::size_t>(set.tables) * set.perTable)
        throw std::invalid_argument("weights: tables * perTable does not match the weight count");
    std::string payload;
    for (std::size_t i = 0; i < set.weights.size();) {
        if (set.weights[i] == 0) {
            std::size_t run = 0;
            while (i < set.weights.size() && set.weights[i] == 0) ++run, ++i;
            payload += '\0';
            putVarint(payload, run);
        } else {
            const std::int32_t v = set.weights[i++];
            putVarint(payload, static_cast<std::uint32_t>((v << 1) ^ (v >> 31)));
        }
    }
    std::string out(kMagic, 8);
    putLE<std::uint32_t>(out, kFormat);
    std::string name = set.name;
    name.resize(kNameBytes, '\0');
    out += name;
    putLE<std::uint32_t>(out, set.layout);
    putLE<std::uint32_t>(out, set.tables);
    putLE<std::uint32_t>(out, set.perTable);
    putLE<std::uint64_t>(out, payload.size());
    putLE<std::uint64_t>(out, fnv1a(reinterpret_cast<const unsigned char*>(payload.data()), payload.size()));
    return out + payload;
}

WeightSet decodeWeights(const void* data, std::size_t size) {
    Reader in(static_cast<const unsigned char*>(data), size);
    if (size < kHeaderBytes || std::memcmp(in.take(8), kMagic, 8) != 0)
        throw std::runtime_error("not a weights file (bad magic)");
    if (const std::uint32_t format = in.le<std::uint32_t>(); format != kFormat)
        throw std::runtime_error("weights file format " + std::to_string(format) + ", expected " + std::to_string(kFormat));
    WeightSet set;
    const unsigned char* name = in.take(kNameBytes);
    set.name.assign(reinterpret_cast<const char*>(name), strnlen(reinterpret_cast<const char*>(name), kNameBytes));
    set.layout = in.le<std::uint32_t>();
    set.tables = in.le<std::uint32_t>();
    set.perTable = in.le<std::uint32_t>();
    const std::uint64_t payloadBytes = in.le<std::uint64_t>(), checksum = in.le<std::uint64_t>();
    const std::uint64_t count = static_cast<std::uint64_t>(set.tables) * set.perTable;
    if (count > (std::uint64_t{1} << 28)) throw std::runtime_error("weights file: implausibly many weights");
    if (payloadBytes != size - kHeaderBytes) throw std::runtime_error("weights file: truncated or padded payload");
    const unsigned char* payload = in.take(payloadBytes);
    if (fnv1a(payload, payloadBytes) != checksum) throw std::runtime_error("weights file: checksum mismatch");
    Reader body(payload, payloadBytes);
    set.weights.reserve(count);
    while (!body.done()) {
        const std::uint64_t token = body.varint();
        if (token == 0) {
            const std::uint64_t run = body.varint();
            if (run > count - set.weights.size()) throw std::runtime_error("weights file: too many weights");
            set.weights.insert(set.weights.end(), run, 0);
        } else {
            if (set.weights.size() == count) throw std::runtime_error("weights file: too many weights");
            const std::int64_t v = static_cast<std::int64_t>(token >> 1) ^ -static_cast<std::int64_t>(token & 1);
            if (v < INT16_MIN || v > INT16_MAX) throw std::runtime_error("weights file: weight out of range");
            set.weights.push_back(static_cast<std::int16_t>(v));
        }
    }
    if (set.weights.size() != count) throw std::runtime_error("weights file: too few weights");
    return set;
}

WeightSet decodeWeightBytes(const std::string& bytes) { return decodeWeights(bytes.data(), bytes.size()); }

void builtinWeightsUnusable(const char* file, const char* why) {
    std::fprintf(stderr, "reversi: the built-in %s is unusable: %s\n", file, why);
    std::abort();
}

}  // namespace reversi
