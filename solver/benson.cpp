// Benson's algorithm on bitboards: strings X and enclosed regions R of colour c; repeatedly drop
// strings with fewer than two vital regions, and regions touching a dropped string.
#include "solver/benson.hpp"

#include <algorithm>
#include <array>

namespace smallgo {

namespace {

// Benson's algorithm for the stones `own` (empty: the board's empty points). `territory` takes
// every region that qualifies; `clean` receives those that hold no opponent stone (point 2 of
// benson.hpp: right after the owner's pass, only those count).
SafePoints benson(const Geometry& g, Bitboard own, Bitboard empty, bool suicide_allowed,
                  Bitboard& clean) {
    const Bitboard other = g.all() & ~own;
    clean = 0;
    if (own == 0) return {};
    std::array<Bitboard, MaxPoints> strings{}, regions{};
    int ns = 0, nr = 0;
    for (Bitboard rest = own; rest;) {
        Bitboard s = g.flood(rest & (0 - rest), own);
        strings[ns++] = s;
        rest &= ~s;
    }
    for (Bitboard rest = other; rest;) {
        Bitboard r = g.flood(rest & (0 - rest), other);
        regions[nr++] = r;
        rest &= ~r;
    }
    // vital[r]: the strings (as a bit set over string indices) to which region r is vital: every
    // empty point of r is a liberty of the string, and with suicide allowed every point of r (the
    // header says why). A region without empty points is vital to none.
    std::array<u64, MaxPoints> vital{};
    for (int r = 0; r < nr; ++r) {
        const Bitboard e = regions[r] & empty;
        if (e == 0) continue;
        const Bitboard must = suicide_allowed ? regions[r] : e;
        for (int s = 0; s < ns; ++s)
            if ((must & ~g.neighbours(strings[s])) == 0) vital[r] |= u64{1} << s;
    }
    if (std::count_if(vital.begin(), vital.begin() + nr, [](u64 v) { return v != 0; }) < 2)
        return {};  // fewer than two vital regions in all: no string lives
    u64 live_strings = ns == 64 ? ~u64{0} : (u64{1} << ns) - 1;
    u64 live_regions = nr == 64 ? ~u64{0} : (u64{1} << nr) - 1;
    for (bool changed = true; changed;) {
        changed = false;
        // Drop strings with fewer than two vital regions among those left.
        for (int s = 0; s < ns; ++s) {
            if (!(live_strings >> s & 1)) continue;
            int count = 0;
            for (int r = 0; r < nr && count < 2; ++r)
                if ((live_regions >> r & 1) && (vital[r] >> s & 1)) ++count;
            if (count < 2) live_strings &= ~(u64{1} << s), changed = true;
        }
        // Drop regions bordered by a dropped string.
        Bitboard alive = 0;
        for (int s = 0; s < ns; ++s)
            if (live_strings >> s & 1) alive |= strings[s];
        for (int r = 0; r < nr; ++r) {
            if (!(live_regions >> r & 1)) continue;
            if ((g.neighbours(regions[r]) & own & ~alive) != 0)
                live_regions &= ~(u64{1} << r), changed = true;
        }
    }
    SafePoints out;
    for (int s = 0; s < ns; ++s)
        if (live_strings >> s & 1) out.alive |= strings[s];
    for (int r = 0; r < nr; ++r) {
        Bitboard reg = regions[r];
        // A single empty point whose neighbours are all alive stones of c.
        if (!(live_regions >> r & 1) || (reg & ~empty) != 0) continue;
        if ((reg & (reg - 1)) == 0 && (g.neighbours(reg) & ~out.alive) == 0) out.eyes |= reg;
    }
    // Territory (benson.hpp): a live region whose every point touches an alive stone.
    const Bitboard touching = g.neighbours(out.alive);
    for (int r = 0; r < nr; ++r) {
        const Bitboard reg = regions[r];
        if ((live_regions >> r & 1) && (g.neighbours(reg) & own & ~out.alive) == 0 &&
            (reg & ~touching) == 0) {
            out.territory |= reg;
            if ((reg & other & ~empty) == 0) clean |= reg;
        }
    }
    return out;
}

}  // namespace

SafePoints BoardSafety::of(const Position& p, Color c) const {
    const int i = static_cast<int>(c);
    SafePoints s = safe[i];
    // Right after c's pass with the opponent to move, the opponent's pass ends the game at once:
    // only a region without opponent stones counts.
    if (p.passes == 1 && p.to_move != c) s.territory = clean[i];
    return s;
}

BoardSafety board_safety(const Geometry& g, const Position& p, bool suicide_allowed) {
    BoardSafety b;
    const Bitboard empty = p.empty(g);
    for (Color c : {Color::Black, Color::White}) {
        const int i = static_cast<int>(c);
        b.safe[i] = benson(g, p.of(c), empty, suicide_allowed, b.clean[i]);
    }
    return b;
}

SafePoints unconditional(const Geometry& g, const Position& p, Color c, bool suicide_allowed) {
    BoardSafety b;
    const int i = static_cast<int>(c);
    b.safe[i] = benson(g, p.of(c), p.empty(g), suicide_allowed, b.clean[i]);
    return b.of(p, c);
}

SafetyCache::SafetyCache(int log2_slots) : slots_(std::size_t{1} << log2_slots) {}

const BoardSafety& SafetyCache::lookup(const Geometry& g, const Position& p, bool suicide_allowed) {
    // Rows and columns fix the geometry; bit 16 marks a filled slot.
    const u32 context =
        static_cast<u32>(g.rows() | g.cols() << 7 | int{suicide_allowed} << 14 | 1 << 16);
    Slot& s = slots_[p.hash & (slots_.size() - 1)];
    if (s.context != context || s.stones[0] != p.stones[0] || s.stones[1] != p.stones[1]) {
        s.value = board_safety(g, p, suicide_allowed);
        s.stones[0] = p.stones[0], s.stones[1] = p.stones[1], s.context = context;
    } else {
        ++hits_;
    }
    return s.value;
}

bool territory_holds(const History& h, Bitboard stones, Color c) {
    int i = h.turns();
    while (i >= 0 && (stones & ~h.at(i).of(c)) == 0) --i;  // the run that ends at the node
    for (; i >= 0; --i)
        if ((stones & ~h.at(i).of(c)) == 0) return false;  // a record before a break holds them
    return true;
}

}  // namespace smallgo
