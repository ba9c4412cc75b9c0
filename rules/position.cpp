// Play and the static legality test. Both are bit operations with no heap and no branches on
// board size. A capture or suicide test floods only a string next to the new stone none of whose
// stones seen so far touches an empty point, and stops at the first that does.
#include "rules/position.hpp"

#include <cassert>

namespace smallgo {

Position make_position(Bitboard black, Bitboard white, Color to_move) {
    Position p;
    p.stones[0] = black;
    p.stones[1] = white;
    p.to_move = to_move;
    p.hash = zobrist::stones_hash(Color::Black, black) ^ zobrist::stones_hash(Color::White, white);
    return p;
}

Bitboard strings_without_liberty(const Geometry& g, Bitboard own, Bitboard empty) {
    // Stones that reach empty, flooded from the stones adjacent to an empty point.
    Bitboard alive = g.flood(g.neighbours(empty) & own, own);
    return own & ~alive;
}

Bitboard last_liberties(const Geometry& g, Bitboard stones, Bitboard empty) {
    Bitboard out = 0;
    for (Bitboard rest = stones; rest;) {
        const Bitboard s = g.flood(rest & (0 - rest), stones);
        rest &= ~s;
        const Bitboard libs = g.neighbours(s) & empty;
        if ((libs & (libs - 1)) == 0) out |= libs;
    }
    return out;
}

PlayStatus Position::play(const Geometry& g, Move m, bool suicide_allowed, Position& out,
                          Bitboard* captured) const {
    assert(m >= 0 && m < g.points());
    const Bitboard stone = Geometry::bit(m);
    if (occupied() & stone) return PlayStatus::Occupied;
    const int me = static_cast<int>(to_move), them = 1 - me;
    Bitboard mine = stones[me] | stone, theirs = stones[them];
    u64 h = hash ^ zobrist::Stones[me][m];
    Bitboard removed = 0;

    // A string with a stone next to an empty point has a liberty; so a flood stops as soon as it
    // reaches `near_empty`, and a stone in it needs no flood at all.
    const Bitboard empty = g.all() & ~(mine | theirs);
    const Bitboard near_empty = g.neighbours(empty);
    // Grows the string of `s` within `colour` until it shows a liberty (returns 0) or is complete
    // without one (returns it).
    auto dead_string = [&](Bitboard s, Bitboard colour) {
        for (;;) {
            if (s & near_empty) return Bitboard{0};
            const Bitboard grown = s | (g.neighbours(s) & colour);
            if (grown == s) return s;
            s = grown;
        }
    };

    // Clear the opponent colour: each adjacent opponent string that lost its last liberty.
    Bitboard suspects = g.neighbours(stone) & theirs & ~near_empty;
    while (suspects) {
        const Bitboard seed = suspects & (0 - suspects);
        const Bitboard s = dead_string(seed, theirs);
        suspects &= ~(seed | s);
        removed |= s;
    }
    if (removed) {
        theirs &= ~removed;
        for (Bitboard b = removed; b; b &= b - 1) h ^= zobrist::Stones[them][std::countr_zero(b)];
        // The new stone now touches a captured point: its string has a liberty.
    } else if (const Bitboard own = dead_string(stone, mine)) {
        // Clear one's own colour: only the string through the new stone can have lost its last
        // liberty (every other own string kept the liberties it had, or joined this one).
        if (!suicide_allowed) return PlayStatus::Suicide;
        mine &= ~own;
        for (Bitboard b = own; b; b &= b - 1) h ^= zobrist::Stones[me][std::countr_zero(b)];
        removed = own;
    }
    out.stones[me] = mine;
    out.stones[them] = theirs;
    out.hash = h;
    out.to_move = opponent(to_move);
    out.passes = 0;
    if (captured) *captured = removed;
    return PlayStatus::Ok;
}

bool Position::is_legal(const Geometry& g) const {
    Bitboard e = empty(g);
    return strings_without_liberty(g, stones[0], e) == 0 &&
           strings_without_liberty(g, stones[1], e) == 0;
}

bool Position::is_ok(const Geometry& g) const {
    return (stones[0] & stones[1]) == 0 && (occupied() & ~g.all()) == 0 && passes <= 2 &&
           hash == (zobrist::stones_hash(Color::Black, stones[0]) ^
                    zobrist::stones_hash(Color::White, stones[1]));
}

}  // namespace smallgo
