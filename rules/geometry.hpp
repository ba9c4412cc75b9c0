// Geometry of an m x n board of up to 64 points: masks, neighbours, flood fill, symmetries and
// coordinates. Point index = row * cols + col, row 0 at the bottom (AGA row 1), col 0 at the left
// (AGA column A). Neighbour sets are four shifts with edge masks; a flood fill costs one
// neighbour step per point of the longest path. A Geometry is built once per board and is cheap
// to copy (a few words); the symmetry tables of its shape (rules/symmetry.hpp) are shared by every
// Geometry of that shape and built when the first one is made.
#pragma once

#include <array>
#include <bit>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "rules/types.hpp"

namespace smallgo {

class Symmetries;

class Geometry {
  public:
    // An m x n board; nullopt unless 1 <= rows, cols and rows * cols <= 64.
    static std::optional<Geometry> make(int rows, int cols);
    // Parses "MxN" (rows x cols, e.g. "3x4" is 3 rows of 4 columns); nullopt when malformed.
    static std::optional<Geometry> parse(std::string_view text);

    int rows() const { return rows_; }
    int cols() const { return cols_; }
    int points() const { return rows_ * cols_; }
    Bitboard all() const { return all_; }
    bool is_square() const { return rows_ == cols_; }
    static constexpr Bitboard bit(int p) { return Bitboard{1} << p; }
    int point(int row, int col) const { return row * cols_ + col; }
    int row_of(int p) const { return p / cols_; }
    int col_of(int p) const { return p % cols_; }
    // "RxC" as given to the program.
    std::string name() const;

    // Points orthogonally adjacent to some point of b (b itself excluded only where not adjacent).
    Bitboard neighbours(Bitboard b) const {
        return ((b << 1) & not_col0_) | ((b >> 1) & not_col_last_) |
               (((b << row_shift_) | (b >> row_shift_)) & vertical_);
    }
    // The points of `within` connected to `seed` through `within` (seed must lie in within).
    Bitboard flood(Bitboard seed, Bitboard within) const {
        Bitboard prev = 0;
        while (seed != prev) {
            prev = seed;
            seed |= neighbours(seed) & within;
        }
        return seed;
    }
    Bitboard edge() const { return edge_; }

    // Symmetries: 8 for a square board, 4 for a rectangle. Symmetry 0 is the identity.
    int symmetry_count() const { return is_square() ? 8 : 4; }
    // Where symmetry `sym` sends point p, one point at a time: the definition that the tables of
    // symmetries() are built from (and checked against).
    int map_point(int sym, int p) const;
    // The image of board b under symmetry `sym` (symmetries().map; the fast tables).
    Bitboard map(int sym, Bitboard b) const;
    const Symmetries& symmetries() const { return *symmetries_; }
    // Distance of point p from the centre of the board in half steps (|2 row - (rows - 1)| +
    // |2 col - (cols - 1)|): 0 at the centre point of an odd board, the same on every symmetric
    // copy of p.
    int centre_distance(int p) const {
        const int dr = 2 * row_of(p) - (rows_ - 1), dc = 2 * col_of(p) - (cols_ - 1);
        return (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
    }

    // AGA coordinates: column letter skipping I, row number from the bottom ("C3").
    std::string aga(Move m) const;
    // SGF coordinates: column letter then row letter from the top ("cc"); a..z then A..Z, so only
    // for coordinates below 52 (SGF has no letter beyond); "" for a pass.
    std::string sgf(Move m) const;
    // Parses "pass", an AGA coordinate or an SGF coordinate; nullopt when not on this board.
    std::optional<Move> parse_move(std::string_view text) const;

  private:
    Geometry(int rows, int cols);
    int rows_ = 0, cols_ = 0;
    Bitboard all_ = 0, not_col0_ = 0, not_col_last_ = 0, edge_ = 0;
    // A vertical step shifts by one row (cols_) within all_. A board of one row has no vertical
    // step: there vertical_ is 0 and row_shift_ is 0, as a shift by 64 (1x64) is undefined.
    int row_shift_ = 0;
    Bitboard vertical_ = 0;
    const Symmetries* symmetries_ = nullptr;  // shared for the life of the program
};

}  // namespace smallgo
