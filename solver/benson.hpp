// Unconditional life (Benson, "Life in the game of Go", 1976): strings that cannot be captured
// even if the opponent plays any number of moves in a row. Used by the solver for score bounds
// that hold under any history: such stones stay on the board to the end, and a one-point region
// enclosed by them stays empty or theirs (an opponent stone there has no liberty and is removed
// at once, or is an illegal suicide). Larger regions are not counted: keeping them would need
// moves, whose legality depends on the history. Benson's proof assumes that the opponent's stones
// in an enclosed region leave it only when captured. Where suicide is allowed the opponent can
// empty them himself, and a point so emptied must be a liberty too: a region is then vital to a
// string only if every point of it, not only every empty one, is next to the string (without
// that, `. W W . B` on 1x5 passed as alive for White, yet Black takes it in three plays: D1,
// a suicide, then D1 and A1). Cost: a few flood fills per string and region.
#pragma once

#include "rules/geometry.hpp"
#include "rules/position.hpp"

namespace smallgo {

struct SafePoints {
    Bitboard alive = 0;  // unconditionally alive stones of the colour
    Bitboard eyes = 0;   // one-point regions enclosed by them
    int count() const { return std::popcount(alive | eyes); }
};

// The points of colour c that are safe to the end of the game, under rules that do or do not
// allow suicide.
SafePoints unconditional(const Geometry& g, const Position& p, Color c, bool suicide_allowed);

}  // namespace smallgo
