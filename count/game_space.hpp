// The space a game counter walks: every legal grid of a small board, numbered, and the "atoms"
// that a preset's repetition rule compares, with the plays between them. The rules themselves stay
// in rules/: legality of every turn is History::check's, captures and suicide are Position::play's.
// This type only names what the counters memoise on (game_count.hpp) and why that is enough.
//
// An atom is what two records must share for one to forbid or end a play that recreates the other
// (History::repetition): the grid alone under positional superko, the grid and the side to move
// under every other ko rule (situational superko, the two 1996 readings, the MG draw by repetition
// of simple ko). Which records count is the rule's, read off History::repetition:
//
//   ko rule      atom               records whose atom a later play may not (or, simple ko, ends
//                                   the game if it does) recreate
//   Positional   grid               every record (the start included)
//   Situational  grid, side to move every record
//   OwnGrids     grid, side to move every record but the start (left by no one)
//   OwnPlays     grid, side to move the records made by plays
//   Simple       grid, side to move every record (the draw); the ko itself reads the grid two
//                                   records back, which the counter keys on separately
//
// Atoms are numbered so that at most MaxAtoms fit one AtomSet: grid index g is atom g (positional)
// or 2 g + side (the others). Building the space enumerates all 3^points colourings once.
#pragma once

#include <array>
#include <bit>
#include <optional>
#include <string>
#include <vector>

#include "rules/geometry.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"

namespace smallgo {

// The most atoms an exact game count can key on (two words).
constexpr int MaxAtoms = 128;
// The largest board whose grids are enumerated (3^10 colourings).
constexpr int MaxGamePoints = 10;

// A set of atoms, 128 bits.
struct AtomSet {
    std::array<u64, 2> w{0, 0};

    bool has(int a) const { return (w[a >> 6] >> (a & 63)) & 1; }
    void add(int a) { w[a >> 6] |= u64{1} << (a & 63); }
    bool empty() const { return (w[0] | w[1]) == 0; }
    int size() const { return std::popcount(w[0]) + std::popcount(w[1]); }
    AtomSet operator|(const AtomSet& o) const { return {{w[0] | o.w[0], w[1] | o.w[1]}}; }
    AtomSet operator&(const AtomSet& o) const { return {{w[0] & o.w[0], w[1] & o.w[1]}}; }
    AtomSet operator~() const { return {{~w[0], ~w[1]}}; }
    friend bool operator==(const AtomSet&, const AtomSet&) = default;
    // Calls f(a) for each atom a of the set, in increasing order.
    template <class F>
    void for_each(F f) const {
        for (int k = 0; k < 2; ++k)
            for (u64 b = w[k]; b; b &= b - 1) f(64 * k + std::countr_zero(b));
    }
};

class GameSpace {
  public:
    // The space of g under r, or nullopt with the reason in *why (a board too big to enumerate,
    // or more atoms than an AtomSet holds).
    static std::optional<GameSpace> make(const Geometry& g, const Rules& r, std::string* why);

    const Geometry& geometry() const { return g_; }
    const Rules& rules() const { return rules_; }
    int grids() const { return static_cast<int>(grid_of_index_.size()); }
    int atoms() const { return atoms_; }
    // Whether atoms carry the side to move (every ko rule but positional superko).
    bool situational() const { return rules_.ko != KoRule::Positional; }

    // The index of p's grid (p must be legal).
    int grid_index(const Position& p) const;
    // The grid with index i, Black to move, no passes.
    const Position& grid(int i) const { return grid_of_index_[i]; }
    // The atom of a record with position p.
    int atom(const Position& p) const { return atom_of(grid_index(p), p.to_move); }
    // Whether a record (`index` in the history, made by a play if `by_play`) joins the atoms that
    // later plays may not recreate (the table above).
    bool record_counts(int index, bool by_play) const;
    // Atoms one play (of the atom's side to move, or of either colour for a grid) leads to from
    // atom a, whatever the history; the legality of each is History::check's.
    const AtomSet& play_successors(int a) const { return plays_[a]; }
    // The grid a play of `side` at point m makes from grid gi (Position::play: captures, and
    // suicide where the rules allow it), or -1 where that play is no play at all (an occupied
    // point, or a suicide the rules forbid). Whether a history forbids it is the ko rule's:
    // under every rule but simple ko, exactly when the new record's atom is seen.
    int play_grid(int gi, Color side, int m) const {
        return next_grid_[(std::size_t(gi) * 2 + static_cast<int>(side)) * g_.points() + m];
    }
    // The atom of a record with grid gi and `side` to move.
    int atom_of(int gi, Color side) const {
        return situational() ? 2 * gi + static_cast<int>(side) : gi;
    }
    // The atom a pass leads to from atom a (itself under positional superko).
    int pass_successor(int a) const { return situational() ? a ^ 1 : a; }

    // Symmetries of the game: each distinct symmetry of the board, with and without exchanging
    // the colours (the rules treat both colours alike; only the start says Black moves first,
    // and the counter applies them to states, never to the start). Symmetry 0 is the identity.
    int symmetries() const { return static_cast<int>(grid_maps_.size()); }
    // The image of grid index gi, and of atom a, under symmetry s.
    int map_grid(int s, int gi) const { return grid_maps_[s][gi]; }
    int map_atom(int s, int a) const { return atom_maps_[s][a]; }
    // Whether symmetry s exchanges the colours.
    bool swaps_colours(int s) const { return s % 2 == 1; }

    // The atoms a game at atom `a` can still reach when the atoms of `seen` may not be recreated
    // by a play: the closure of a under passes and plays to atoms outside `seen`. Returns the
    // part of `seen` that a play from that region could try to recreate, the only part of `seen`
    // that decides the rest of the game (docs/games.md gives the proof).
    AtomSet relevant_seen(int a, const AtomSet& seen) const;

  private:
    GameSpace(const Geometry& g, const Rules& r) : g_(g), rules_(r) {}
    // Fills grid_maps_ and atom_maps_.
    void build_symmetries();
    // The colouring code of a board: sum of 3^i times 1 (black) or 2 (white) over points i.
    u32 code(Bitboard black, Bitboard white) const;

    Geometry g_;
    Rules rules_;
    int atoms_ = 0;
    std::vector<Position> grid_of_index_;
    std::vector<i32> index_of_code_;  // -1 for an illegal colouring
    std::vector<AtomSet> plays_;
    std::vector<i16> next_grid_;                           // [grid][side][point]: play_grid
    std::vector<std::vector<u16>> grid_maps_, atom_maps_;  // [symmetry][grid or atom]
    // code() a byte of points at a time: [byte][value] = sum of 3^i over the bits of that byte.
    std::vector<std::array<u32, 256>> ternary_;
};

}  // namespace smallgo
