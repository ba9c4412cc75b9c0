// Life after one reply: a static lower bound on the points a colour keeps, at a node where its
// opponent is to move, that looks two plies ahead. Benson's algorithm (benson.hpp) asks that
// stones live even if the opponent plays any number of moves in a row; here the owner c answers
// once. For every move y of the opponent (every empty point and the pass), c either needs no
// answer (its alive stones and one-point eyes after y already count `need` points) or has a
// reply z, a play on an empty point of one of its small enclosed regions, after which they do.
// Once they count, Benson's result holds whatever happens next, so c keeps those points to the
// end: its value is at least what they give.
//
// Why the bound holds whatever the history. The opponent's moves need nothing: one that another
// history forbids only removes a case. c's reply must be legal on the path where it is played:
// it is a play on an empty point, not a suicide where the rules forbid one, and it must not
// recreate an earlier board. The board after y and z is checked against every record of the
// path (History::repetition, the preset's own rule) and against the board after y, so the reply
// is legal on this path. Where the bound decides a test, the boards the replies make enter the
// proof's boards (Searcher::meet_board), as the boards of the proof's own lines do: a table
// entry resting on them is used on another path only where none of them occurred before it, so
// there the same replies are legal too. Only for the superko presets: under simple ko a
// repetition ends the game as a draw, which the bound does not follow.
//
// The regions: the connected sets of points that are not c's stones, of 2 to MaxRegion points
// (the replies that split an eye space in two). Measured on the boards up to 16 points and on
// late 5x5 positions (docs/results.md, 2026-12-06 (evening)).
#pragma once

#include <array>

#include "rules/history.hpp"
#include "solver/benson.hpp"

namespace smallgo {

struct ReplyLife {
    static constexpr int MaxRegion = 6;
    int count = 0;  // the least, over the opponent's moves, of c's points after the answer
    int boards = 0;
    std::array<Position, MaxPoints + 1> replies;  // [0, boards): the positions c's replies make
};

// Whether c, whose opponent is to move at h's current position with no pass just made, keeps at
// least `need` points (alive stones and one-point eyes) after its answer to any move. On true,
// `out` holds the least such count and the positions its replies make; on false, its content is
// unspecified. `cache` answers Benson's algorithm for the boards met (benson.hpp).
bool reply_life(const History& h, Color c, int need, SafetyCache& cache, ReplyLife& out);

}  // namespace smallgo
