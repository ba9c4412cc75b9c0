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
// Two answers. With depth 2, where no single reply z to y reaches `need`, c may instead answer
// with a reply z after which the bound of depth 1 holds for the position after y and z (the
// opponent to move, no pass just made, the path extended by y and z): c answers every next move
// y2 once more (where y is a play in one of c's small regions, z is looked for in that region
// only: a restriction that claims less). c's strategy is then two plays, each right after an
// opponent's move, so the argument above applies line by line. z's legality is checked on the
// path as before; the second replies' boards are checked against the path, the boards after y and z
// and the board after y2 (the history holds y and z while depth 1 is asked), and every reply's
// board, first and second, enters the proof's boards: on another path where none of them occurred
// before, the same replies are legal, since the boards of the line itself are the same there. The
// shortcut for moves far from c (reply_life.cpp) is argued for one answer to the pass; where
// that answer takes two replies, far moves are asked like the others.
//
// The regions: the connected sets of points that are not c's stones, of 2 to MaxRegion points
// (the replies that split an eye space in two). Measured on the boards up to 16 points and on
// late 5x5 positions (docs/results.md, 2026-12-06 (evening)).
#pragma once

#include <vector>

#include "rules/history.hpp"

namespace smallgo {

struct ReplyLife {
    static constexpr int MaxRegion = 6;
    static constexpr int MaxDepth = 2;
    int count = 0;  // the least, over the opponent's moves, of c's points after the answer
    std::vector<Position> replies;  // the positions c's replies make, on every line
};

// Whether c, whose opponent is to move at h's current position with no pass just made, keeps at
// least `need` points (alive stones and one-point eyes) after its answer to any move. On true,
// `out` holds the least such count and the positions its replies make; on false, its content is
// unspecified. Benson's algorithm is answered for the boards met by a cache of each thread's.
// With `depth` 2, an answer may also be a reply after which the bound of depth 1 holds (two
// answers: the section "Two answers" above); h is used as scratch for those lines and left as
// it was (also when this throws), but a reference into its records may be moved by it.
bool reply_life(History& h, Color c, int need, ReplyLife& out, int depth = 1);

// The depth the solver uses where none is asked for: 2, but 1 on a line. Measured
// (docs/results.md, 2026-12-07, sixth session): two answers, the second one in the region of the
// move it answers, cut the nodes on every board of two rows or more (3x4 2.4 times, 3x6 1.3,
// 2x8 1.3) in about the same time (3x6 3% slower, 2x8 3% and 3x5 a quarter faster); on 1x11
// they add nodes and time (a line's regions are runs of points, where a second answer rarely
// makes two eyes).
int default_reply_depth(const Geometry& g);

// Turns the memo of depth 2's failures (reply_life.cpp) on or off for every thread; on by
// default. Off is the tests' oracle: the node counts must be the same.
void reply_life_memo(bool on);
// The memo's answers in threads that have ended (a solve's search thread ends before solve
// returns; for the tests).
u64 reply_life_memo_hits();

}  // namespace smallgo
