// Border states of the legal-position counter, and the transfer of one state over one point.
//
// The board is scanned row by row, each row from column 0 to column width-1 (the idea of the
// point-by-point transfer is from Tromp and Farnebäck, "Combinatorics of Go", 2006/2016; the
// encoding below is our own). Before point * = (r, c) is decided, the border is the last decided
// point of every column: cells 0..c-1 lie in row r, cells c..width-1 in row r-1.
//
//          col  0   1   2   3   4
//              +---+---+---+---+---+
//      row r-1 |   |   | u | . | . |    u: border cell c, the point above *
//      row r   | . | l | * |   |   |    l: border cell c-1, the point left of *
//              +---+---+---+---+---+
//
// A decided point that has left the border can no longer gain a liberty, so a state only needs,
// per border cell: empty, a stone whose string already has a liberty, or a stone whose string
// still needs one ("needing"), plus which needing cells belong to the same string. The strings
// are disjoint connected sets inside the scanned region, whose boundary is a simple path, so the
// partition of needing cells into strings never crosses: it pairs up like parentheses. Each cell
// is one nibble, cell i at bits 4i..4i+3, cells beyond the width 0:
//
//   | nibble | cell                                                          |
//   |--------|---------------------------------------------------------------|
//   | 0      | empty                                                         |
//   | 1, 2   | black, white stone whose string has a liberty                 |
//   | 3      | never used                                                    |
//   | 4 + k  | black needing stone, k = 0 single: no other cell of its string |
//   |        |   1 opens, 2 middle, 3 closes (first, inner, last cell of it)  |
//   | 8 + k  | white needing stone, k as for black                           |
//   | 12..15 | never used                                                    |
//
// For example the border  B1 W1 B1 . B2  with B1 one needing string is
// 5 (opens) 8 (single) 7 (closes) 0 (empty) 1 (black with liberty).
// The word is canonical (one partition gives one word), so states need no relabelling, and
// ~word is never 0, which the state table uses as its empty slot. Widths up to 16 fit.
//
// Costs: successors() derives a few masks of the word (SWAR, no loop over the cells), finds the
// strings above and left of * by their nesting level, and builds each of the at most three
// successors with a few dozen bit operations; no heap, no exceptions, no loop over the width.
#pragma once

#include <algorithm>
#include <bit>
#include <cassert>

#include "rules/types.hpp"

namespace smallgo {

using BorderWord = u64;

// The widest border a word holds.
constexpr int MaxBorderWidth = 16;

namespace border {

// Mask of the high two bits of every nibble: a cell is needing iff one of them is set.
constexpr u64 NeedingMask = 0xCCCC'CCCC'CCCC'CCCCull;

// True when some cell is a needing stone; a board ends legal only in states where none is.
constexpr bool has_needing(BorderWord w) {
    return (w & NeedingMask) != 0;
}

// The nibble of cell i.
constexpr unsigned cell(BorderWord w, int i) {
    return unsigned(w >> (4 * i)) & 15u;
}

// Per-nibble masks of a word: bit 4i stands for cell i.
constexpr u64 Ones = 0x1111'1111'1111'1111ull;

// w with black and white exchanged (1 <-> 2, 4 + k <-> 8 + k). Exchanging the colours maps
// legal positions to legal positions and commutes with the transfer, so a state and its swap
// have the same future; the counter keeps the smaller word of each pair, with the count of
// both. Only the empty border (0) is its own swap.
constexpr BorderWord swap_colours(BorderWord w) {
    const u64 needing = ((w >> 2) | (w >> 3)) & Ones;
    const u64 liberty = (w | (w >> 1)) & Ones & ~needing;
    return w ^ (needing * 12) ^ (liberty * 3);
}

// w, a border of `width` cells that all lie in one row (the border between two rows), read
// from the other side: cell i goes to cell width-1-i, and a string's opening cell becomes its
// closing one and the reverse (single and middle cells stay). The rest of a board below a full
// row is symmetric left to right, so a row-end state and its mirror image have the same
// future; the sweep keeps one of them (legal_sweep.hpp). Mid-row borders have no such image.
inline BorderWord mirror(BorderWord w, int width) {
    assert(width >= 1 && width <= MaxBorderWidth);
    u64 x = __builtin_bswap64(w);
    x = ((x >> 4) & 0x0F0F'0F0F'0F0F'0F0Full) | ((x & 0x0F0F'0F0F'0F0F'0F0Full) << 4);
    x >>= 4 * (MaxBorderWidth - width);
    const u64 needing = ((x >> 2) | (x >> 3)) & Ones;
    return x ^ ((needing & x & Ones) << 1);  // opens (kind 1) <-> closes (kind 3)
}

// The representative of w and its colour swap: the smaller word.
constexpr BorderWord swap_canonical(BorderWord w) {
    return std::min(w, swap_colours(w));
}

// The representative of w, its colour swap, its mirror image and both: the smallest word.
inline BorderWord full_canonical(BorderWord w, int width) {
    return std::min(swap_canonical(w), swap_canonical(mirror(w, width)));
}

// What successors() derives once per state: which cells are needing stones, which open or
// close a string, and each cell's nesting level, one per nibble. The level of a needing cell is
// the number of strings that enclose its own, so the cells of one string are exactly the needing
// cells of its level between its opening and closing cells (anything nested between them lies
// deeper). Strings nest at most 8 deep in 16 cells, so the prefix sums fit a nibble.
struct BorderMasks {
    u64 needing, opens, closes, level;
};

inline BorderMasks border_masks(BorderWord w) {
    const u64 b0 = w & Ones, b1 = (w >> 1) & Ones;
    const u64 needing = ((w >> 2) | (w >> 3)) & Ones;
    const u64 opens = needing & b0 & ~b1, closes = needing & b0 & b1, middles = needing & ~b0 & b1;
    // Depth after each cell: opens minus closes so far (multiplying by Ones sums prefixes).
    const u64 depth = opens * Ones - closes * Ones;
    return {needing, opens, closes, depth - opens - middles};
}

// The cells (bit 4i for cell i) of the string of cell i, which must be a needing stone.
inline u64 string_cells(const BorderMasks& k, BorderWord w, int i) {
    const int b = 4 * i;
    const u64 x = k.level ^ (((k.level >> b) & 15u) * Ones);
    const u64 same = ~(x | x >> 1 | x >> 2 | x >> 3) & k.needing;  // needing, same level
    const u64 upto = (u64{2} << b) - 1;
    // The opening cell at or before i and the closing cell at or after it (the extra bits keep
    // the scans defined; they never win for a needing cell that is not single).
    int first = 63 - std::countl_zero((k.opens & same & upto) | 1);
    int last = std::countr_zero((k.closes & same & ~(upto >> 1)) | (u64{1} << 63));
    const bool single = (w >> b & 3u) == 0;
    first = single ? b : first;
    last = single ? b : last;
    return same & ((u64{2} << last) - 1) & ~((u64{1} << first) - 1);
}

// w with every cell of `cells` set to nibble `code`.
constexpr BorderWord paint(BorderWord w, u64 cells, unsigned code) {
    return (w & ~(cells * 15)) | cells * code;
}

// w with `cells` written as one needing string of `colour`: first cell opens, last closes, the
// others middle; a lone cell single. No cells: w unchanged.
inline BorderWord write_string(BorderWord w, u64 cells, unsigned colour) {
    w = paint(w, cells, 4 + 4 * colour + 2);  // all middle
    const u64 lo = cells & (0 - cells), hi = std::bit_floor(cells);
    // Opens: lowest cell minus 1; closes: highest plus 1; single: minus 2.
    return w - lo + hi - (lo == hi ? lo + hi : 0);
}

// Writes to out the successors of w when point (row, col) is decided empty, black, white, in
// that order, leaving out a choice that strands a string without a liberty; returns how many.
// In the first row the cells col..width-1 are not yet decided and read as empty (0), so that
// the start state is the word 0. Every branch depends only on the row, the column and the two
// neighbour cells (above and left), so it is predictable when the states come grouped by those
// cells, as the sweep gives them (legal_sweep.hpp); then each state computes only its own case
// (about a quarter of the states have no needing neighbour: no string to find).
[[gnu::always_inline]] inline int successors(BorderWord w, int width, int col, bool first_row,
                                             BorderWord* out) {
    assert(col >= 0 && col < width && width <= MaxBorderWidth);
    (void)width;
    constexpr unsigned Edge = 3;  // a missing neighbour: neither empty nor a stone
    const int b = 4 * col;
    const u64 here = u64{1} << b;
    const unsigned up = first_row ? Edge : cell(w, col);
    const unsigned left = col > 0 ? cell(w, col - 1) : Edge;
    if (up < 4 && left < 4) {
        // No needing neighbour (about a quarter of the states): only this cell changes, and a
        // stone is free when a neighbour is empty or of its colour with a liberty.
        const BorderWord rest = w & ~(u64{15} << b);
        const bool any_empty = up == 0 || left == 0;
        out[0] = rest;
        out[1] = rest | (u64(any_empty || up == 1 || left == 1 ? 1 : 4) << b);
        out[2] = rest | (u64(any_empty || up == 2 || left == 2 ? 2 : 8) << b);
        return 3;
    }
    const bool up_needing = up >= 4, left_needing = left >= 4;
    const unsigned up_colour = (up >> 3) & 1u, left_colour = (left >> 3) & 1u;
    const BorderMasks k = border_masks(w);
    u64 up_cells = 0, left_cells = 0;
    if (up_needing) up_cells = string_cells(k, w, col);
    // The cell to the left often belongs to the string above (a needing cell left of col is
    // at col - 1 >= 0).
    if (left_needing)
        left_cells = (up_cells >> (b - 4)) & 1 ? up_cells : string_cells(k, w, col - 1);

    // Empty: the strings above and to the left gain a liberty.
    BorderWord e = w;
    if (up_needing) e = paint(e, up_cells, 1 + up_colour);
    if (left_needing) e = paint(e, left_cells, 1 + left_colour);
    out[0] = paint(e, here, 0);
    int n = 1;

    for (unsigned colour = 0; colour < 2; ++colour) {
        const bool up_same = up_needing && up_colour == colour;
        const bool up_other = up_needing && up_colour != colour;
        const bool left_same = left_needing && left_colour == colour;
        // The string above, of the other colour, loses this border cell, and is lost if it
        // had no other.
        if (up_other && (up & 3u) == 0) continue;
        const BorderWord s = up_other ? write_string(w, up_cells & ~here, up_colour) : w;
        const unsigned with_liberty = 1 + colour;
        // The new stone has a liberty, and so has every string it joins; or it joins them
        // into one string that still needs one.
        BorderWord t;
        if (up == 0 || left == 0 || up == with_liberty || left == with_liberty) {
            t = s;
            if (up_same) t = paint(t, up_cells, with_liberty);
            if (left_same) t = paint(t, left_cells, with_liberty);
            t = paint(t, here, with_liberty);
        } else {
            t = write_string(s, here | (up_same ? up_cells : 0) | (left_same ? left_cells : 0),
                             colour);
        }
        out[n++] = t;
    }
    return n;
}

// True when w is a well-formed word of this width: used nibbles only, cells beyond the width 0,
// parentheses balanced, and no string opened by one colour closed by the other.
bool is_ok(BorderWord w, int width);

}  // namespace border
}  // namespace smallgo
