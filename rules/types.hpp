// Fixed-width integer aliases and the two basic enums shared by every module.
// A board of up to 64 points is one Bitboard per colour; bit i is point i (see geometry.hpp).
#pragma once

#include <cstdint>

namespace smallgo {

using u8 = std::uint8_t;
using u16 = std::uint16_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;
using i8 = std::int8_t;
using i16 = std::int16_t;
using i32 = std::int32_t;
using i64 = std::int64_t;

__extension__ using u128 = unsigned __int128;

using Bitboard = u64;

enum class Color : u8 { Black = 0, White = 1 };

// The other colour.
constexpr Color opponent(Color c) {
    return c == Color::Black ? Color::White : Color::Black;
}

// A move is a point index 0..63, or Pass.
using Move = i8;
constexpr Move Pass = -1;
constexpr Move NoMove = -2;

constexpr int MaxPoints = 64;

}  // namespace smallgo
