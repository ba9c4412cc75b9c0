// The symmetries of an m x n board, mapped a byte at a time: the one implementation of them that
// the search, the retrograde analysis and the root's move classes use. Geometry::map_point says
// where a symmetry sends a point; this type tabulates it. For symmetry s and byte i of a board,
// table entry [s][i][v] is the image of the points of byte i set in v, so a board maps with one
// lookup and one OR per byte of the board's points (two on 4x4, eight on 8x8).
//
//   table_[(s * bytes_ + i) * 256 + v] = OR of bit(map_point(s, 8 i + k)) for the bits k of v
//
// The tables take symmetries x bytes x 2 KiB (128 KiB on 8x8) and are built once per board
// shape, the first time a Geometry of that shape is made (Geometry::symmetries()), then shared
// for the life of the program; nothing needs to be initialised by a caller.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <type_traits>
#include <vector>

#include "rules/types.hpp"

namespace smallgo {

class Geometry;

class Symmetries {
  public:
    // The tables of g's shape, built from g.map_point.
    explicit Symmetries(const Geometry& g);

    // 8 on a square board, 4 on a rectangle; symmetry 0 is the identity.
    int count() const { return count_; }
    // The image of board b under symmetry s.
    Bitboard map(int s, Bitboard b) const {
        if (s == 0) return b;
        return with_bytes([&](auto bytes) { return map_bytes<decltype(bytes)::value>(s, b); });
    }
    // The image of move m under symmetry s (a pass stays a pass).
    Move map_move(int s, Move m) const {
        return m >= 0 ? static_cast<Move>(std::countr_zero(map(s, Bitboard{1} << m))) : m;
    }
    // The symmetry that undoes s.
    int inverse(int s) const { return inverse_[s]; }

    // The least copy of the boards b over the symmetries, compared as a tuple in order (for a
    // position: black, then white); b becomes that copy. Returns the symmetry that maps the
    // boards there, the first in order where copies tie.
    // A copy is mapped board by board only while it ties with the least so far: most copies
    // already lose on the first board (black), so their later boards are never mapped.
    template <std::size_t N>
    int least(std::array<Bitboard, N>& b) const {
        return with_bytes([&](auto bytes) { return least_bytes<decltype(bytes)::value>(b); });
    }

    // The memory the tables take (not a board's bytes, bytes_ below).
    std::size_t bytes() const { return table_.capacity() * sizeof(Bitboard); }

  private:
    // Calls f(std::integral_constant<int, bytes_>{}): map() and least() dispatch on the board's
    // byte count once, to a copy of their loop that unrolls (canonical copies were a sixth of
    // 4x4's solve time). bytes_ is 1 to 8, as a board has 1 to 64 points, so the default is 8.
    template <class F>
    auto with_bytes(F&& f) const -> decltype(f(std::integral_constant<int, 8>{})) {
        switch (bytes_) {
            case 1:
                return f(std::integral_constant<int, 1>{});
            case 2:
                return f(std::integral_constant<int, 2>{});
            case 3:
                return f(std::integral_constant<int, 3>{});
            case 4:
                return f(std::integral_constant<int, 4>{});
            case 5:
                return f(std::integral_constant<int, 5>{});
            case 6:
                return f(std::integral_constant<int, 6>{});
            case 7:
                return f(std::integral_constant<int, 7>{});
            default:
                return f(std::integral_constant<int, 8>{});
        }
    }
    // map() and least() for a board of `Bytes` bytes.
    template <int Bytes>
    Bitboard map_bytes(int s, Bitboard b) const {
        const Bitboard* t = &table_[static_cast<std::size_t>(s * Bytes) * 256];
        Bitboard out = 0;
        for (int i = 0; i < Bytes; ++i) out |= t[i * 256 + ((b >> 8 * i) & 0xFF)];
        return out;
    }
    template <int Bytes, std::size_t N>
    int least_bytes(std::array<Bitboard, N>& b) const {
        std::array<Bitboard, N> best = b;
        int sym = 0;
        for (int s = 1; s < count_; ++s) {
            std::array<Bitboard, N> c;
            std::size_t k = 0;
            for (; k < N; ++k) {
                c[k] = map_bytes<Bytes>(s, b[k]);
                if (c[k] != best[k]) break;
            }
            if (k == N || c[k] > best[k]) continue;  // a tie keeps the first symmetry
            for (std::size_t j = k + 1; j < N; ++j) c[j] = map_bytes<Bytes>(s, b[j]);
            best = c, sym = s;
        }
        b = best;
        return sym;
    }

    int count_ = 1;
    int bytes_ = 1;  // bytes of a board that hold points: (points + 7) / 8
    std::array<int, 8> inverse_{};
    std::vector<Bitboard> table_;
};

}  // namespace smallgo
