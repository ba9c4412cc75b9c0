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

#include <vector>

#include "rules/geometry.hpp"
#include "rules/history.hpp"
#include "rules/position.hpp"

namespace smallgo {

struct SafePoints {
    Bitboard alive = 0;  // unconditionally alive stones of the colour
    Bitboard eyes = 0;   // one-point regions enclosed by them
    // Regions enclosed by them, every point next to one (eyes included); right after c's pass
    // with the opponent to move, only such regions without opponent stones (point 2 below).
    Bitboard territory = 0;
    int count() const { return std::popcount(alive | eyes); }
    int count_with_territory() const { return std::popcount(alive | territory); }
};

// The points of colour c that are safe to the end of the game, under rules that do or do not
// allow suicide.
SafePoints unconditional(const Geometry& g, const Position& p, Color c, bool suicide_allowed);
// The alive stones of `unconditional` alone (Benson's algorithm for c only, no territory).
Bitboard alive_stones(const Geometry& g, const Position& p, Color c, bool suicide_allowed);

// Both colours' results for one board: what `unconditional` returns for either colour after any
// pass count and side to move (`of`), computed once. `clean[c]`: the part of c's territory
// without opponent stones, the only part that counts right after c's pass (point 2 below).
struct BoardSafety {
    SafePoints safe[2];
    Bitboard clean[2] = {0, 0};
    // Right after c's pass with the opponent to move, the opponent's pass ends the game at once:
    // only a region without opponent stones counts.
    SafePoints of(const Position& p, Color c) const {
        const int i = static_cast<int>(c);
        SafePoints s = safe[i];
        if (p.passes == 1 && p.to_move != c) s.territory = clean[i];
        return s;
    }
};
BoardSafety board_safety(const Geometry& g, const Position& p, bool suicide_allowed);

// A direct-mapped cache of board_safety by board, for one thread (the search meets the same
// boards again and again: under other histories, other sides to move, in sibling subtrees).
// A slot answers only for the same stones of both colours, and the whole cache only for one
// geometry and suicide rule (a lookup under others empties it first), so with the stones that is
// the whole input of board_safety and a hit returns exactly what a fresh call would. Indexed by
// the position's stone hash; a collision only replaces the slot. A slot is one cache line of 64
// bytes: the eyes are not stored but derived from the alive stones (`eyes_of`), and an empty
// slot needs no mark, since its zero stones are the empty board, whose result is all zero.
// A board of a line with both colours, under suicide, is answered without a slot (benson.cpp).
class SafetyCache {
  public:
    explicit SafetyCache(int log2_slots);
    BoardSafety lookup(const Geometry& g, const Position& p, bool suicide_allowed);
    // Asks for p's slot ahead of its lookup, so that the memory read overlaps other work.
    void prefetch(const Position& p) const {
        __builtin_prefetch(&slots_[p.hash & (slots_.size() - 1)]);
    }
    u64 hits() const { return hits_; }

  private:
    struct alignas(64) Slot {
        Bitboard stones[2] = {0, 0};
        Bitboard alive[2] = {0, 0};
        Bitboard territory[2] = {0, 0};
        Bitboard clean[2] = {0, 0};
    };
    std::vector<Slot> slots_;
    u32 context_ = 0;  // the geometry and suicide rule the slots answer for
    u64 hits_ = 0;
};

// The one-point eyes of the alive stones `alive` of one colour on a board with the empty points
// `empty`: the empty points whose every neighbour is one of them (what `unconditional` returns).
Bitboard eyes_of(const Geometry& g, Bitboard alive, Bitboard empty);

// The key of what a per-thread cache of results by board answers for: the geometry (rows and
// columns) and the suicide rule, never 0 (0 marks a cache that answers for nothing yet).
inline u32 board_rule_context(const Geometry& g, bool suicide_allowed) {
    return static_cast<u32>(g.rows() | g.cols() << 7 | int{suicide_allowed} << 14 | 1 << 16);
}

// Unconditional territory (`territory` above): a region R enclosed by the alive set A alone, in
// which every point (stone or empty) is next to a stone of A, ends the game the owner X's, under
// every preset, wherever `territory_holds` is true of the path (below). Why:
//  1. X's strategy: pass while R holds no opponent stone; else play a liberty of an opponent
//     string T in R. Such a point p is empty, in R, next to A (so p joins an alive string, which
//     keeps a liberty in its other vital region: no suicide), and R \ {p} is not empty (T is in
//     it), so p fills no one-point eye. Each component of R \ {p} keeps an empty point (opponent
//     stones left without one are captured by the play) and every point of it still touches the
//     strings R touched, so every region vital before keeps a vital piece, and A with p meets
//     Benson's condition again: the opponent can never capture it, nor X's stones in R.
//  2. The game ends only after two passes in a row (or, under simple ko, by a repetition: a draw,
//     which the bounds already allow for); X passes only while R holds no opponent stone, so at
//     the end R holds X's stones and empty points that reach only X: all of R is X's area. The
//     one exception is the node itself: where X has just passed and the opponent is to move, his
//     pass ends the game at once, so there only a region without opponent stones counts (without
//     this rule, 2x4 `X X . X / O . X .` after Black's pass counted 8 points for Black, whose
//     value is +5).
//  3. No ko rule forbids X's plays. Lemma: a play at p next to a stone a that has stood without a
//     break since record t cannot recreate any board from t on (a forbidden play recreates an
//     earlier board; every preset's forbidden boards are among the earlier ones). That board had
//     X at p, chained to a; p is empty now, and stones leave the board only with their whole
//     string, so a would have left too. Every board X's strategy makes holds all of A (A is never
//     captured), so it can only repeat a record holding all of A; if the records holding A form
//     one run ending at the node, each such record lies in A's unbroken stand, and the lemma
//     forbids the repetition. Without that condition the bound is false: after A is captured and
//     rebuilt, X's capture in a two-point region can repeat a board from before (a 2x3 history
//     in tests/test_solver_territory.cpp: the bound says B+6, the value is B+3).
//  4. Where suicide is forbidden, R and the A of points 1-2 are taken from the stricter condition
//     of point 1's vital regions, every point next to the string (as where suicide is allowed):
//     with only the empty points next to it, X's capture in R can empty a point that is no
//     liberty of the string, which may then lose its second vital region (the 4x5 example in
//     benson.cpp). Stones alive by the looser condition alone border no such R, so X's plays
//     leave their regions as they were, and Benson's argument keeps them too; they count, with
//     their one-point eyes, and point 3's run is asked of all the alive stones.
// The condition is on the path, so a proof resting on it carries it (transposition.hpp).

// Whether the records of h holding every stone of `stones` (colour c, all on the current board)
// form one run that ends at the current position (point 3 above). Costs one pass over the path.
bool territory_holds(const History& h, Bitboard stones, Color c);

}  // namespace smallgo
