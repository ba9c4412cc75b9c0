// A Position: the stones of both colours, the side to move, the consecutive passes and the
// stones-only Zobrist hash, kept incrementally. It knows nothing of history (see history.hpp):
// play() applies the capture and suicide rules of the Tromp-Taylor text ("clearing the opponent
// colour, then one's own") and reports what happened; the ko rules are applied by History.
// Copy-make: play() returns a new Position; a Position is 32 bytes.
#pragma once

#include "rules/geometry.hpp"
#include "rules/types.hpp"
#include "rules/zobrist.hpp"

namespace smallgo {

enum class PlayStatus : u8 { Ok, Occupied, Suicide };

struct Position {
    Bitboard stones[2] = {0, 0};  // [Black], [White]
    u64 hash = 0;                 // zobrist of the stones only (positional)
    Color to_move = Color::Black;
    u8 passes = 0;  // consecutive passes just made (2 ends the game)

    Bitboard black() const { return stones[0]; }
    Bitboard white() const { return stones[1]; }
    Bitboard of(Color c) const { return stones[static_cast<int>(c)]; }
    Bitboard occupied() const { return stones[0] | stones[1]; }
    Bitboard empty(const Geometry& g) const { return g.all() & ~occupied(); }
    // Stones plus side to move (situational superko, the solver's table).
    u64 situational_hash() const {
        return to_move == Color::White ? hash ^ zobrist::WhiteToMove : hash;
    }
    bool same_board(const Position& o) const {
        return stones[0] == o.stones[0] && stones[1] == o.stones[1];
    }
    bool game_over() const { return passes >= 2; }

    // The position after `to_move` passes.
    Position after_pass() const {
        Position p = *this;
        p.to_move = opponent(to_move);
        p.passes = static_cast<u8>(passes + 1);
        return p;
    }
    // Plays a stone at point m for the side to move: captures opponent strings without
    // liberties, then removes the player's own string if it has none (Tromp-Taylor). Returns
    // Occupied or, when !suicide_allowed and the string would be removed, Suicide; `out` is set
    // only for Ok. `captured` receives the points emptied (both colours).
    PlayStatus play(const Geometry& g, Move m, bool suicide_allowed, Position& out,
                    Bitboard* captured = nullptr) const;

    // Every string of stones reaches an empty point (the position could occur in a game).
    bool is_legal(const Geometry& g) const;
    // Internal consistency: no overlap, stones on the board, hash matches, passes <= 2.
    bool is_ok(const Geometry& g) const;
};

// The position with these stones, `to_move` to play and no passes; hash computed from scratch.
Position make_position(Bitboard black, Bitboard white, Color to_move = Color::Black);

// Stones of `own` that belong to strings without a liberty (given the empties of the board).
Bitboard strings_without_liberty(const Geometry& g, Bitboard own, Bitboard empty);

// The points where a string of `stones` has its last liberty: a play there by the other colour
// captures it.
Bitboard last_liberties(const Geometry& g, Bitboard stones, Bitboard empty);

}  // namespace smallgo
