// Benson's algorithm on bitboards: strings X and enclosed regions R of colour c; repeatedly drop
// strings with fewer than two vital regions, and regions touching a dropped string.
#include "solver/benson.hpp"

#include <algorithm>
#include <array>

namespace smallgo {

namespace {

// False where no string of the stones `own` can be unconditionally alive on a board with the
// empty points `empty`: fewer than two regions could be vital to any string. One flood fill, a
// quick exit before benson lists the strings and regions; true tells nothing.
bool may_live(const Geometry& g, Bitboard own, Bitboard empty, bool suicide_allowed) {
    // A region vital to a string has an empty point, and each of its points that must be a
    // liberty (every empty one; with suicide allowed every one) is next to own stones. So no
    // region reached from a point that breaks this is vital, and the vital regions, being
    // disjoint, number at most the empty points left. Fewer than two: no string lives, as
    // benson's count of vital regions would find.
    const Bitboard other = g.all() & ~own;
    const Bitboard must_touch = suicide_allowed ? other : empty;
    const Bitboard breaking = must_touch & ~g.neighbours(own);
    const Bitboard unreached = breaking ? other & ~g.flood(breaking, other) : other;
    const Bitboard left = unreached & empty;
    return (left & (left - 1)) != 0;
}

// Benson's algorithm for the stones `own` (empty: the board's empty points). `territory` takes
// every region that qualifies; `clean` receives those that hold no opponent stone (point 2 of
// benson.hpp: right after the owner's pass, only those count).
SafePoints benson(const Geometry& g, Bitboard own, Bitboard empty, bool suicide_allowed,
                  Bitboard& clean) {
    const Bitboard other = g.all() & ~own;
    clean = 0;
    if (own == 0) return {};
    if (!may_live(g, own, empty, suicide_allowed)) return {};
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

// Benson's result for the stones `own`, with the territory of point 4 in benson.hpp: where
// suicide is forbidden, the regions enclosed by the strings that are alive even where a region
// must have every point, not only every empty one, next to the string (Benson's condition where
// suicide is allowed), and the one-point eyes of the alive stones. The looser condition
// does not survive the owner's captures: on 4x5, `O X O . X / O X O O X / O X X X . / . X X . X`
// has every black string alive, but Black's D4 takes C4, C3 and D3, after which C3 is no liberty
// of the string D4 E4 E3, which then has one vital region left and can be taken. Every region of
// the stricter territory is a subset of the looser one's, so it is computed only where that is
// not empty.
SafePoints safe_points(const Geometry& g, Bitboard own, Bitboard empty, bool suicide_allowed,
                       Bitboard& clean) {
    SafePoints out = benson(g, own, empty, suicide_allowed, clean);
    if (suicide_allowed || (out.territory & ~out.eyes) == 0) return out;
    const SafePoints strict = benson(g, own, empty, true, clean);
    out.territory = strict.territory | out.eyes;
    clean |= out.eyes;
    return out;
}

// True where neither colour can have alive stones, eyes or territory: on a line with suicide
// allowed, while both colours have stones. There a region is vital to a string only if every
// point of it touches the string; a region on a line is a run of points, so a vital one is the
// single empty point beside the string (a stone alone there would have no liberty). A string
// lives only with two of them, one on each side, so no string at an end of the line lives, and a
// region is kept only while every string it borders lives. Walking out from a living string, each
// side is a single empty point and then another string that must live, up to both ends: the
// whole line is the colour's strings and single empty points, and an opponent stone anywhere
// leaves it none. Most boards of a 1xn search have both colours, and this answers them without
// the cache's memory read or Benson's flood fills (the result is the same; the brute-force test
// in tests/test_solver_benson.cpp compares every grid up to ten points).
bool no_life_on_line(const Geometry& g, const Position& p, bool suicide_allowed) {
    return suicide_allowed && (g.rows() == 1 || g.cols() == 1) && p.stones[0] != 0 &&
           p.stones[1] != 0;
}

}  // namespace

BoardSafety board_safety(const Geometry& g, const Position& p, bool suicide_allowed) {
    BoardSafety b;
    if (no_life_on_line(g, p, suicide_allowed)) return b;
    const Bitboard empty = p.empty(g);
    for (Color c : {Color::Black, Color::White}) {
        const int i = static_cast<int>(c);
        b.safe[i] = safe_points(g, p.of(c), empty, suicide_allowed, b.clean[i]);
    }
    return b;
}

SafePoints unconditional(const Geometry& g, const Position& p, Color c, bool suicide_allowed) {
    BoardSafety b;
    const int i = static_cast<int>(c);
    b.safe[i] = safe_points(g, p.of(c), p.empty(g), suicide_allowed, b.clean[i]);
    return b.of(p, c);
}

Bitboard alive_stones(const Geometry& g, const Position& p, Color c, bool suicide_allowed) {
    if (no_life_on_line(g, p, suicide_allowed)) return 0;
    Bitboard clean = 0;
    return benson(g, p.of(c), p.empty(g), suicide_allowed, clean).alive;
}

Bitboard eyes_of(const Geometry& g, Bitboard alive, Bitboard empty) {
    // Without alive stones there is no eye (on 1x1 the one point has no neighbour at all).
    return alive == 0 ? 0 : empty & ~g.neighbours(g.all() & ~alive);
}

SafetyCache::SafetyCache(int log2_slots) : slots_(std::size_t{1} << log2_slots) {}

BoardSafety SafetyCache::lookup(const Geometry& g, const Position& p, bool suicide_allowed) {
    if (no_life_on_line(g, p, suicide_allowed)) return {};
    const u32 context = board_rule_context(g, suicide_allowed);
    if (context != context_) {
        std::fill(slots_.begin(), slots_.end(), Slot{});
        context_ = context;
    }
    Slot& s = slots_[p.hash & (slots_.size() - 1)];
    BoardSafety b;
    if (s.stones[0] != p.stones[0] || s.stones[1] != p.stones[1]) {
        b = board_safety(g, p, suicide_allowed);
        s.stones[0] = p.stones[0], s.stones[1] = p.stones[1];
        for (int i = 0; i < 2; ++i)
            s.alive[i] = b.safe[i].alive, s.territory[i] = b.safe[i].territory,
            s.clean[i] = b.clean[i];
        return b;
    }
    ++hits_;
    const Bitboard empty = p.empty(g);
    for (int i = 0; i < 2; ++i) {
        b.safe[i] = {s.alive[i], eyes_of(g, s.alive[i], empty), s.territory[i]};
        b.clean[i] = s.clean[i];
    }
    return b;
}

bool territory_holds(const History& h, Bitboard stones, Color c) {
    int i = h.turns();
    while (i >= 0 && (stones & ~h.at(i).of(c)) == 0) --i;  // the run that ends at the node
    for (; i >= 0; --i)
        if ((stones & ~h.at(i).of(c)) == 0) return false;  // a record before a break holds them
    return true;
}

}  // namespace smallgo
