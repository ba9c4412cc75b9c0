// History: the exact record of a game's positions and the rules that depend on it (ko, superko,
// the draw by repetition, the end by two passes). The board (Position) knows nothing of history;
// this type decides legality. A Zobrist hash finds candidate repetitions through a counting
// filter of 4096 slots; only an exact comparison of both bitboards (and of the side to move or
// the player, where the rule needs it) forbids a move. Turns push and pop in O(1) with no heap
// allocation once the record has grown to the game's length, so the solver can use it as its
// search path.
#pragma once

#include <array>
#include <string_view>
#include <vector>

#include "rules/geometry.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"

namespace smallgo {

enum class Verdict : u8 { Legal, Occupied, Suicide, Ko, Superko, GameOver };
// "occupied", "suicide", ...: why a move is illegal, for people.
std::string_view verdict_name(Verdict v);

class History {
  public:
    // A game from the empty board, Black to move.
    History(const Geometry& g, const Rules& r);
    // A game from `start` with no earlier positions.
    History(const Geometry& g, const Rules& r, const Position& start);

    const Geometry& geometry() const { return g_; }
    const Rules& rules() const { return rules_; }
    const Position& current() const { return records_.back().pos; }
    // Turns played so far (the starting position is not a turn).
    int turns() const { return static_cast<int>(records_.size()) - 1; }
    // The position after turn i (0 = start).
    const Position& at(int i) const { return records_[i].pos; }
    bool ended_by_cycle() const { return records_.back().cycle; }
    bool game_over() const { return current().game_over() || ended_by_cycle(); }

    // Whether the side to move may play m (Pass included); on Legal, `next` is the result. On
    // Ko or Superko, `*match` (if given) is the index of the latest record that forbids it.
    Verdict check(Move m, Position& next, int* match = nullptr) const;
    Verdict check(Move m) const {
        Position next;
        return check(m, next);
    }
    // The side to move's legal turns: the points check() allows, in order, then the pass (which
    // nothing forbids); none once the game is over.
    std::vector<Move> legal_moves() const;
    // Plays m if legal and returns the verdict; the history is unchanged otherwise.
    Verdict play(Move m);
    // Records `next`, the result of a legal turn (a pass when by_play is false). The caller has
    // checked legality; it is asserted. Throws std::length_error beyond 2^31 - 1 records.
    void push(const Position& next, bool by_play);
    // Index of the latest record with the board and side to move of `next` (-1 if none): under
    // simple ko, a play producing such a repeat ends the game as a draw (push() records it).
    int cycle_match(const Position& next) const;
    // Index of the latest record before index `before` that `next` repeats by this preset's rule
    // on repetitions (the superko rule's; under simple ko the draw's: board and side to move), or
    // -1. check() asks it of every record; the solver asks it of a prefix of its path.
    int repetition(const Position& next, int before) const;
    // Takes back the last turn.
    void pop();
    // Game result in half points, Black minus White minus komi; 0 after a repetition draw.
    // Only meaningful once game_over().
    int result_x2() const;

    bool is_ok() const;

  private:
    struct Record {
        Position pos;
        bool by_play = false;  // the turn that produced it was a play, not a pass
        bool cycle = false;    // the play recreated an earlier board and side: game over, draw
    };
    // Index of the latest record before `before` with the board of p that satisfies `match`, or
    // -1.
    template <class Match>
    int latest(const Position& p, int before, Match match) const;
    static std::size_t slot(u64 h) { return h & (FilterSize - 1); }

    static constexpr std::size_t FilterSize = 4096;
    // Records are indexed by int; push() refuses a record beyond this many (std::length_error),
    // so a slot's count (at most the number of records) never wraps.
    static constexpr std::size_t MaxRecords = 0x7fffffff;
    Geometry g_;
    Rules rules_;
    std::vector<Record> records_;
    std::array<u32, FilterSize> filter_{};  // records per hash slot of the stones-only hash
};

}  // namespace smallgo
