#include "rules/scoring.hpp"

#include <bit>

namespace smallgo {

Areas areas(const Geometry& g, const Position& p) {
    const Bitboard empty = p.empty(g);
    // Empty points that reach a colour: flooded through empties from the empties next to it.
    const Bitboard reach_black = g.flood(g.neighbours(p.black()) & empty, empty);
    const Bitboard reach_white = g.flood(g.neighbours(p.white()) & empty, empty);
    return Areas{std::popcount(p.black() | (reach_black & ~reach_white)),
                 std::popcount(p.white() | (reach_white & ~reach_black))};
}

int area_score(const Geometry& g, const Position& p) {
    Areas a = areas(g, p);
    return a.black - a.white;
}

}  // namespace smallgo
