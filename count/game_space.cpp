// Enumerating the legal grids and the plays between them, through the kernel's Position.
#include "count/game_space.hpp"

#include <cassert>

namespace smallgo {

u32 GameSpace::code(Bitboard black, Bitboard white) const {
    u32 c = 0;
    for (std::size_t byte = 0; byte < ternary_.size(); ++byte) {
        c += ternary_[byte][(black >> 8 * byte) & 0xFF];
        c += 2 * ternary_[byte][(white >> 8 * byte) & 0xFF];
    }
    return c;
}

int GameSpace::grid_index(const Position& p) const {
    const i32 i = index_of_code_[code(p.black(), p.white())];
    assert(i >= 0);
    return i;
}

std::optional<GameSpace> GameSpace::make(const Geometry& g, const Rules& r, std::string* why) {
    const int n = g.points();
    if (n > MaxGamePoints) {
        if (why)
            *why = g.name() + " has " + std::to_string(n) + " points; exact game counts stop at " +
                   std::to_string(MaxGamePoints);
        return std::nullopt;
    }
    GameSpace s(g, r);
    std::vector<u32> power(n + 1, 1);
    for (int i = 1; i <= n; ++i) power[i] = 3 * power[i - 1];
    s.ternary_.assign((n + 7) / 8, {});
    for (std::size_t byte = 0; byte < s.ternary_.size(); ++byte)
        for (u32 v = 0; v < 256; ++v)
            for (int k = 0; k < 8; ++k)
                if ((v >> k) & 1 && 8 * int(byte) + k < n)
                    s.ternary_[byte][v] += power[8 * byte + k];

    s.index_of_code_.assign(power[n], -1);
    for (u32 c = 0; c < power[n]; ++c) {
        Bitboard black = 0, white = 0;
        for (int i = 0, rest = int(c); i < n; ++i, rest /= 3) {
            if (rest % 3 == 1) black |= Geometry::bit(i);
            if (rest % 3 == 2) white |= Geometry::bit(i);
        }
        const Position p = make_position(black, white);
        if (!p.is_legal(g)) continue;
        assert(s.code(black, white) == c);
        s.index_of_code_[c] = static_cast<i32>(s.grid_of_index_.size());
        s.grid_of_index_.push_back(p);
    }
    s.atoms_ = s.situational() ? 2 * s.grids() : s.grids();
    if (s.atoms_ > MaxAtoms) {
        if (why)
            *why = g.name() + " has " + std::to_string(s.grids()) + " legal grids, " +
                   std::to_string(s.atoms_) +
                   (s.situational() ? " grid and side pairs" : " grids") +
                   "; exact game counts key on at most " + std::to_string(MaxAtoms);
        return std::nullopt;
    }

    // Every play from every grid, by either side.
    s.next_grid_.assign(std::size_t(s.grids()) * 2 * n, -1);
    for (int gi = 0; gi < s.grids(); ++gi)
        for (int side = 0; side < 2; ++side) {
            Position p = s.grid_of_index_[gi];
            p.to_move = static_cast<Color>(side);
            for (int m = 0; m < n; ++m) {
                Position next;
                if (p.play(g, static_cast<Move>(m), r.suicide_allowed, next) == PlayStatus::Ok)
                    s.next_grid_[(std::size_t(gi) * 2 + side) * n + m] =
                        static_cast<i16>(s.grid_index(next));
            }
        }
    // The plays from each atom, read off that table: the side to move's (both colours for a bare
    // grid); a play's record has the other side to move.
    s.plays_.assign(s.atoms_, AtomSet{});
    for (int a = 0; a < s.atoms_; ++a) {
        const int gi = s.situational() ? a / 2 : a;
        for (int side = 0; side < 2; ++side) {
            if (s.situational() && side != a % 2) continue;
            const Color c = static_cast<Color>(side);
            for (int m = 0; m < n; ++m)
                if (const int next = s.play_grid(gi, c, m); next >= 0)
                    s.plays_[a].add(s.atom_of(next, opponent(c)));
        }
    }
    s.build_symmetries();
    return s;
}

void GameSpace::build_symmetries() {
    // The board's symmetries, less those that move no point (a 1xN board has two, not four).
    std::vector<std::vector<int>> point_maps;
    for (int sym = 0; sym < g_.symmetry_count(); ++sym) {
        std::vector<int> map(g_.points());
        for (int p = 0; p < g_.points(); ++p) map[p] = g_.map_point(sym, p);
        bool seen = false;
        for (const auto& m : point_maps) seen = seen || m == map;
        if (seen) continue;
        point_maps.push_back(map);
        for (int swap = 0; swap < 2; ++swap) {
            std::vector<u16> gmap(grids()), amap(atoms_);
            for (int gi = 0; gi < grids(); ++gi) {
                const Position& p = grid_of_index_[gi];
                const Bitboard b = g_.map(sym, p.black()), w = g_.map(sym, p.white());
                gmap[gi] =
                    static_cast<u16>(grid_index(swap ? make_position(w, b) : make_position(b, w)));
            }
            for (int a = 0; a < atoms_; ++a)
                amap[a] =
                    static_cast<u16>(situational() ? 2 * gmap[a / 2] + ((a % 2) ^ swap) : gmap[a]);
            grid_maps_.push_back(std::move(gmap));
            atom_maps_.push_back(std::move(amap));
        }
    }
}

bool GameSpace::record_counts(int index, bool by_play) const {
    switch (rules_.ko) {
        case KoRule::Positional:
        case KoRule::Situational:
        case KoRule::Simple:
            return true;
        case KoRule::OwnGrids:
            return index > 0;
        case KoRule::OwnPlays:
            return by_play;
    }
    return true;
}

AtomSet GameSpace::relevant_seen(int a, const AtomSet& seen) const {
    // The region: a pass is always allowed, so its atom joins even when seen; a play joins only
    // when its atom is not seen. `played` gathers the atoms the region's plays reach on the way.
    AtomSet region, frontier, played;
    region.add(a);
    frontier.add(a);
    while (!frontier.empty()) {
        AtomSet reached, passes;
        frontier.for_each([&](int x) {
            reached = reached | plays_[x];
            passes.add(pass_successor(x));
        });
        played = played | reached;
        frontier = ((reached & ~seen) | passes) & ~region;
        region = region | frontier;
    }
    // The seen atoms a play from the region reaches: forbidden (or, under simple ko, the end).
    return played & seen;
}

}  // namespace smallgo
