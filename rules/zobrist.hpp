// Zobrist keys for stones and side to move, fixed at compile time (splitmix64 of the index), so
// no initialisation call exists to forget. The stones-only hash serves positional superko; the
// stones-plus-side hash serves situational superko and the solver's table.
#pragma once

#include <array>
#include <bit>

#include "rules/types.hpp"

namespace smallgo::zobrist {

constexpr u64 splitmix64(u64 x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

// Stones[c][p]: key of a stone of colour c on point p.
inline constexpr auto Stones = [] {
    std::array<std::array<u64, MaxPoints>, 2> keys{};
    for (int c = 0; c < 2; ++c)
        for (int p = 0; p < MaxPoints; ++p) keys[c][p] = splitmix64(static_cast<u64>(c * 64 + p));
    return keys;
}();

// XORed in when White is to move.
inline constexpr u64 WhiteToMove = splitmix64(1000);

// Hash of all stones of one colour on a bitboard, computed from scratch.
constexpr u64 stones_hash(Color c, Bitboard b) {
    u64 h = 0;
    while (b) {
        h ^= Stones[static_cast<int>(c)][std::countr_zero(b)];
        b &= b - 1;
    }
    return h;
}

}  // namespace smallgo::zobrist
