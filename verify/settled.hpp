// What the checker settles by itself at a certificate's leaves, written here again in the plainest
// way (point by point, breadth-first), so that a leaf's verdict does not rest on the search's
// bitboard code: the area score of a finished game, the points that unconditional life keeps for
// one colour whatever is played, and those that unconditional territory adds where the line's
// history allows it.
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

// Unconditional territory: the points of colour c that end the game c's, if c plays on, wherever
// the records of the line that hold all of `alive` form one run ending at the position (the
// checker asks that of the line itself). They are safe_points' points and every region R (the
// points that are not c's, connected) that borders only strings alive by the strict condition
// (every point of a vital region next to the string, whatever the preset) and in which every
// point is next to one of them; right after c's pass with the opponent to move, only such R without
// opponent stones, since his pass then ends the game at once. `alive`: every alive stone of c.
//
// Why (the argument of "Benson extended with unconditional territory", E. van der Werf, "Solving
// Go on small boards", 2003, written out for any history): c passes while R holds no opponent
// stone, else plays a liberty p of an opponent string in R. p is next to a strictly alive string,
// which keeps its other vital region, so the play is no suicide; R less p still holds the
// opponent string, so p fills no eye; every part of R less p keeps an empty point (stones left
// without a liberty are captured) and touches the strings R touched, so the strict condition
// still holds and nothing of c is ever captured. Strings alive by the preset's looser condition
// alone border no such R, so c's plays leave their regions as they were. The game ends after two
// passes, and c passes only with R clean, so R is then c's area. No ko rule forbids c's plays: a
// play next to a stone a that has stood without a break since record t cannot recreate a board
// from t on (that board had p chained to a; p is empty now, and a string leaves the board whole,
// so a would have left too), and every board c makes holds all of `alive`, so it can only repeat
// a record holding all of them, which the run condition places within their unbroken stand.
struct Territory {
    int points = 0;
    Bitboard alive = 0;
};
Territory safe_points_with_territory(const Geometry& g, const Position& p, Color c,
                                     bool suicide_allowed);

}  // namespace smallgo::verify
