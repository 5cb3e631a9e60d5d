// Bitboards for every board size: an n x n board as a fixed array of 64-bit words, square r*n+c in
// bit (sq % 64) of word (sq / 64). Everything is a template on the side length N, so the word count
// W = ceil(N*N/64), the shift amounts and the column masks are compile-time constants; the runtime
// size picks the instantiation once (dispatchSize). N = 8 is a single uint64 with the classic shifts.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "rules/board.hpp"

namespace reversi::bb {

template <int N>
struct Bits {
    static constexpr int kSquares = N * N;
    static constexpr int W = (N * N + 63) / 64;
    std::array<std::uint64_t, W> w{};

    static constexpr Bits single(int sq) {
        Bits b;
        b.w[static_cast<std::size_t>(sq >> 6)] = std::uint64_t{1} << (sq & 63);
        return b;
    }
    constexpr bool test(int sq) const { return (w[static_cast<std::size_t>(sq >> 6)] >> (sq & 63)) & 1U; }
    constexpr void set(int sq) { w[static_cast<std::size_t>(sq >> 6)] |= std::uint64_t{1} << (sq & 63); }
    constexpr void reset(int sq) { w[static_cast<std::size_t>(sq >> 6)] &= ~(std::uint64_t{1} << (sq & 63)); }

    constexpr bool any() const {
        if constexpr (W == 1) {
            return w[0] != 0;
        } else {
            std::uint64_t acc = 0;
            for (int i = 0; i < W; ++i) acc |= w[i];
            return acc != 0;
        }
    }
    constexpr bool none() const { return !any(); }
    constexpr int count() const {
        int c = 0;
        for (int i = 0; i < W; ++i) c += std::popcount(w[i]);
        return c;
    }
    // Lowest set square, or -1.
    constexpr int first() const {
        for (int i = 0; i < W; ++i)
            if (w[i]) return i * 64 + std::countr_zero(w[i]);
        return -1;
    }
    // Calls f(sq) for every set square in increasing order.
    template <class F>
    constexpr void forEach(F&& f) const {
        for (int i = 0; i < W; ++i) {
            std::uint64_t x = w[i];
            while (x) {
                f(i * 64 + std::countr_zero(x));
                x &= x - 1;
            }
        }
    }

    constexpr Bits& operator&=(const Bits& o) {
        for (int i = 0; i < W; ++i) w[i] &= o.w[i];
        return *this;
    }
    constexpr Bits& operator|=(const Bits& o) {
        for (int i = 0; i < W; ++i) w[i] |= o.w[i];
        return *this;
    }
    constexpr Bits& operator^=(const Bits& o) {
        for (int i = 0; i < W; ++i) w[i] ^= o.w[i];
        return *this;
    }
    friend constexpr Bits operator&(Bits a, const Bits& b) { return a &= b; }
    friend constexpr Bits operator|(Bits a, const Bits& b) { return a |= b; }
    friend constexpr Bits operator^(Bits a, const Bits& b) { return a ^= b; }
    // a & ~b (no bare complement: it would set the bits past N*N).
    friend constexpr Bits andNot(Bits a, const Bits& b) {
        for (int i = 0; i < W; ++i) a.w[i] &= ~b.w[i];
        return a;
    }
    friend constexpr bool operator==(const Bits& a, const Bits& b) = default;

    // Whole-array shifts by a constant 0 < K < 64 (toward higher / lower square indices).
    template <int K>
    constexpr Bits shl() const {
        static_assert(K > 0 && K < 64);
        Bits r;
        for (int i = W - 1; i > 0; --i) r.w[i] = (w[i] << K) | (w[i - 1] >> (64 - K));
        r.w[0] = w[0] << K;
        return r;
    }
    template <int K>
    constexpr Bits shr() const {
        static_assert(K > 0 && K < 64);
        Bits r;
        for (int i = 0; i < W - 1; ++i) r.w[i] = (w[i] >> K) | (w[i + 1] << (64 - K));
        r.w[W - 1] = w[W - 1] >> K;
        return r;
    }
};

// Constant masks of one size.
template <int N>
struct Masks {
    using B = Bits<N>;
    static constexpr B make(bool (*pred)(int r, int c)) {
        B b;
        for (int r = 0; r < N; ++r)
            for (int c = 0; c < N; ++c)
                if (pred(r, c)) b.set(r * N + c);
        return b;
    }
    static constexpr B full = make([](int, int) { return true; });
    static constexpr B notFirstCol = make([](int, int c) { return c != 0; });
    static constexpr B notLastCol = make([](int, int c) { return c != N - 1; });
    static constexpr B innerCols = make([](int, int c) { return c != 0 && c != N - 1; });
    static constexpr B corners =
        make([](int r, int c) { return (r == 0 || r == N - 1) && (c == 0 || c == N - 1); });
    static constexpr B edges = make([](int r, int c) { return r == 0 || r == N - 1 || c == 0 || c == N - 1; });
    static constexpr B rowEdges = make([](int r, int) { return r == 0 || r == N - 1; });
    static constexpr B colEdges = make([](int, int c) { return c == 0 || c == N - 1; });
    // Squares orthogonally / diagonally next to a corner.
    static constexpr B cSquares = make([](int r, int c) {
        const bool re = r == 0 || r == N - 1, ce = c == 0 || c == N - 1;
        const bool rn = r == 1 || r == N - 2, cn = c == 1 || c == N - 2;
        return (re && cn) || (ce && rn);
    });
    static constexpr B xSquares = make([](int r, int c) {
        return (r == 1 || r == N - 2) && (c == 1 || c == N - 2);
    });
};

// The eight directions. shift<D>(x) moves every bit one step in direction D and drops the bits
// that would leave the board (wrap-around between rows or past the last square).
enum Dir : int { kE, kW, kS, kN, kSE, kSW, kNE, kNW };
inline constexpr int kDirCount = 8;
inline constexpr int kDirRow[8] = {0, 0, 1, -1, 1, 1, -1, -1};
inline constexpr int kDirCol[8] = {1, -1, 0, 0, 1, -1, 1, -1};

template <int D, int N>
constexpr Bits<N> shift(const Bits<N>& x) {
    using M = Masks<N>;
    if constexpr (D == kE) {
        return x.template shl<1>() & M::notFirstCol;
    } else if constexpr (D == kW) {
        return x.template shr<1>() & M::notLastCol;
    } else if constexpr (D == kS) {
        if constexpr (Bits<N>::W * 64 == N * N) return x.template shl<N>();
        else return x.template shl<N>() & M::full;
    } else if constexpr (D == kN) {
        return x.template shr<N>();
    } else if constexpr (D == kSE) {
        return x.template shl<N + 1>() & M::notFirstCol;  // notFirstCol excludes bits past N*N too
    } else if constexpr (D == kSW) {
        return x.template shl<N - 1>() & M::notLastCol;
    } else if constexpr (D == kNE) {
        return x.template shr<N - 1>() & M::notFirstCol;
    } else {
        return x.template shr<N + 1>() & M::notLastCol;
    }
}

// The raw shift of direction D, with no masking: only for sets that cannot wrap, i.e. that avoid the
// first and last columns (horizontal and diagonal directions). Bits can pass N*N toward higher indices.
template <int D, int N>
constexpr Bits<N> shiftRaw(const Bits<N>& x) {
    if constexpr (D == kE) return x.template shl<1>();
    else if constexpr (D == kW) return x.template shr<1>();
    else if constexpr (D == kS) return x.template shl<N>();
    else if constexpr (D == kN) return x.template shr<N>();
    else if constexpr (D == kSE) return x.template shl<N + 1>();
    else if constexpr (D == kSW) return x.template shl<N - 1>();
    else if constexpr (D == kNE) return x.template shr<N - 1>();
    else return x.template shr<N + 1>();
}

// Calls f(std::integral_constant<int, D>) for the eight directions.
template <class F>
constexpr void forEachDir(F&& f) {
    [&]<int... D>(std::integer_sequence<int, D...>) {
        (f(std::integral_constant<int, D>{}), ...);
    }(std::make_integer_sequence<int, 8>{});
}

// All eight neighbours of a set (the union of its eight shifts), in four shifts rather than eight: the
// row neighbours first, then the rows above and below of the set and its row neighbours.
template <int N>
constexpr Bits<N> neighbours(const Bits<N>& x) {
    const Bits<N> row = shift<kE>(x) | shift<kW>(x);
    const Bits<N> band = row | x;
    return row | shift<kS>(band) | shift<kN>(band);
}

namespace detail {
template <int N, class F>
decltype(auto) dispatchFrom(int n, F&& f) {
    if (n == N) return f(std::integral_constant<int, N>{});
    if constexpr (N + 2 <= kMaxSize) {
        return dispatchFrom<N + 2>(n, std::forward<F>(f));
    } else {
        throw std::invalid_argument("unsupported board size " + std::to_string(n) + " (an even number from 4 to 26)");
    }
}
}  // namespace detail

// Runs f(std::integral_constant<int, N>{}) for the runtime size n (an even size from kMinSize to
// kMaxSize, rules/board.hpp) and returns its
// result: the one function that turns the runtime size into a template argument. Any other n throws
// std::invalid_argument: a size the templates were not built for must never run as another one.
template <class F>
decltype(auto) dispatchSize(int n, F&& f) {
    return detail::dispatchFrom<kMinSize>(n, std::forward<F>(f));
}

}  // namespace reversi::bb
