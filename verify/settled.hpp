// What the checker settles by itself at a certificate's leaves, written here again in the plainest
// way (point by point, breadth-first), so that a leaf's verdict does not rest on the search's
// bitboard code: the area score of a finished game, and the points that unconditional life keeps
// for one colour whatever is played.
#pragma once

#include "rules/geometry.hpp"
#include "rules/position.hpp"

namespace smallgo::verify {

// Black's area minus White's (stones, and empty points that reach stones of one colour only),
// without komi.
int area_difference(const Geometry& g, const Position& p);

// The points of colour c that stay c's to the end of the game under any play and any history:
// the strings Benson's algorithm proves unconditionally alive ("Life in the game of Go", D. B.
// Benson, 1976) and the one-point empty regions that only those strings surround.
//
// Why they stay: a string with two vital regions cannot lose its last liberty, because the
// opponent would have to fill both regions, and filling the last empty point of a region all of
// whose empty points are liberties of the string captures nothing of c and leaves the opponent's
// stones there without a liberty (removed as a suicide, or forbidden). Where suicide is allowed
// the opponent can also empty his own stones in a region, which makes new empty points there, so
// a region is vital only if every point of it, not only every empty one, is next to the string.
// An empty point whose every neighbour is such a stone stays empty or becomes c's: an opponent
// stone there would have no liberty. The owner never has to play (a pass is always legal), so none
// of this needs a move that a ko rule could forbid: it holds under every history.
int safe_points(const Geometry& g, const Position& p, Color c, bool suicide_allowed);

}  // namespace smallgo::verify
