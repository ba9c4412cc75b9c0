// Unconditional life (solver/benson.hpp) against its definition, by brute force: the strings of a
// colour that no sequence of opponent plays in a row can capture, found by visiting every grid
// those plays reach with the naive rules (tests/naive_rules.hpp).
#include <catch2/catch.hpp>

#include <random>
#include <unordered_set>
#include <vector>

#include "case_budget.hpp"
#include "random_games.hpp"
#include "solver/benson.hpp"
#include "solver/search.hpp"
#include "tests/naive_bridge.hpp"

using namespace smallgo;

namespace {
u64 encode(const naive::Grid& grid) {
    u64 key = 0;
    for (naive::Colour c : grid.colour) key = key * 3 + static_cast<u64>(c);
    return key;
}

// What opponent plays in a row can do to colour c: the points of c in every grid they reach,
// and the points that no reached grid gives the opponent.
struct Reach {
    Bitboard always_own = ~Bitboard{0};
    Bitboard never_other = ~Bitboard{0};
};

Reach opponent_plays(const naive::Grid& start, naive::Colour c, bool suicide_allowed) {
    const naive::Colour them = naive::other(c);
    Reach out;
    std::unordered_set<u64> seen{encode(start)};
    std::vector<naive::Grid> todo{start};
    while (!todo.empty()) {
        const naive::Grid grid = todo.back();
        todo.pop_back();
        Bitboard own = 0;
        for (int p = 0; p < static_cast<int>(grid.colour.size()); ++p) {
            const naive::Colour here = grid.colour[static_cast<std::size_t>(p)];
            if (here == c) own |= Geometry::bit(p);
            if (here == them) out.never_other &= ~Geometry::bit(p);
            if (here != naive::Colour::Empty) continue;
            const naive::Grid next = naive::move(grid, p, them);
            // A play that empties its own stone is a suicide, which some presets forbid.
            if (!suicide_allowed && next.colour[static_cast<std::size_t>(p)] != them) continue;
            if (seen.insert(encode(next)).second) todo.push_back(next);
        }
        out.always_own &= own;
    }
    return out;
}

// A grid in which every string has a liberty, as a kernel position: points drawn at random,
// then each colour cleared as a play would (the opponent's first).
Position random_position(const Geometry& g, test::Rng& rng) {
    naive::Grid grid = naive::empty_grid(g.rows(), g.cols());
    for (auto& c : grid.colour) {  // empty 3 in 10, Black 5, White 2
        const int draw = rng.below(10);
        c = draw < 3   ? naive::Colour::Empty
            : draw < 8 ? naive::Colour::Black
                       : naive::Colour::White;
    }
    grid = naive::clear(naive::clear(grid, naive::Colour::White), naive::Colour::Black);
    Bitboard black = 0, white = 0;
    for (int p = 0; p < g.points(); ++p) {
        if (grid.colour[static_cast<std::size_t>(p)] == naive::Colour::Black)
            black |= Geometry::bit(p);
        if (grid.colour[static_cast<std::size_t>(p)] == naive::Colour::White)
            white |= Geometry::bit(p);
    }
    return make_position(black, white, Color::Black);
}
}  // namespace

TEST_CASE("solver: unconditional life equals what opponent plays in a row cannot capture",
          "[solver]") {
    test::Rng rng{test::seed(20261123)};
    const std::pair<int, int> boards[] = {{1, 5}, {1, 7}, {2, 3}, {2, 4}, {3, 3}, {1, 9}};
    int with_life = 0, with_eyes = 0, positions = 0;
    for (auto [rows, cols] : boards) {
        const Geometry g = *Geometry::make(rows, cols);
        for (int round = 0; round < 150; ++round) {
            const Position pos = random_position(g, rng);
            const naive::Grid grid = test::to_grid(g, pos);
            for (Color c : {Color::Black, Color::White}) {
                for (bool suicide : {true, false}) {
                    const SafePoints safe = unconditional(g, pos, c, suicide);
                    INFO(g.name() << " black " << pos.black() << " white " << pos.white()
                                  << " colour " << static_cast<int>(c) << " suicide " << suicide);
                    const Reach r = opponent_plays(grid, test::to_naive(c), suicide);
                    CHECK(safe.alive == r.always_own);
                    // An eye stays empty or the owner's, and is enclosed by live stones.
                    CHECK((safe.eyes & ~r.never_other) == 0);
                    CHECK((safe.eyes & pos.occupied()) == 0);
                    CHECK((g.neighbours(safe.eyes) & ~safe.alive) == 0);
                    ++positions;
                    with_life += safe.alive != 0;
                    with_eyes += safe.eyes != 0;
                }
            }
        }
    }
    // The draw must exercise both answers.
    INFO(positions << " positions, " << with_life << " with life, " << with_eyes << " with eyes");
    CHECK(with_life >= positions / 20);
    CHECK(with_eyes >= positions / 40);
    CHECK(with_life < positions);
}

// The cache (benson.hpp) against a fresh computation: random boards of several geometries looked
// up in turn through 8 slots, so that slots are hit and replaced, and the cache is asked under
// another geometry or the other suicide rule (it empties itself; its eyes are derived from the
// alive stones); every pass count and side to move.
TEST_CASE("solver: the cache of Benson's results returns what a fresh computation returns",
          "[solver]") {
    test::Rng rng{test::seed(20261127)};
    const std::pair<int, int> boards[] = {{1, 5}, {2, 3}, {3, 2}, {2, 4}, {3, 3}, {1, 9}};
    std::vector<std::pair<Geometry, Position>> seen;
    for (auto [rows, cols] : boards) {
        const Geometry g = *Geometry::make(rows, cols);
        for (int round = 0; round < 40; ++round) seen.emplace_back(g, random_position(g, rng));
    }
    SafetyCache cache(3);
    int lookups = 0, differing_territory = 0;
    for (int round = 0; round < 4000; ++round) {
        // Often one of the last few boards again, so that some lookups hit.
        const int size = static_cast<int>(seen.size());
        const int back = rng.below(4) == 0 ? rng.below(size) : rng.below(3);
        const auto [g, stones] = seen[static_cast<std::size_t>(size - 1 - back)];
        Position pos = stones;
        pos.to_move = rng.below(2) ? Color::Black : Color::White;
        pos.passes = static_cast<u8>(rng.below(2));
        const bool suicide = rng.below(2) == 0;
        const BoardSafety both = cache.lookup(g, pos, suicide);
        ++lookups;
        for (Color c : {Color::Black, Color::White}) {
            const SafePoints fresh = unconditional(g, pos, c, suicide);
            const SafePoints cached = both.of(pos, c);
            INFO(g.name() << " black " << pos.black() << " white " << pos.white() << " colour "
                          << static_cast<int>(c) << " passes " << int{pos.passes} << " suicide "
                          << suicide);
            CHECK(cached.alive == fresh.alive);
            CHECK(cached.eyes == fresh.eyes);
            CHECK(cached.territory == fresh.territory);
            differing_territory += both.safe[static_cast<int>(c)].territory != fresh.territory;
        }
        if (back > 2) seen.emplace_back(g, stones);
    }
    // The draw must exercise hits, misses, and the rule after the owner's pass.
    INFO(lookups << " lookups, " << cache.hits() << " hits, " << differing_territory
                 << " where the pass rule removed territory");
    CHECK(cache.hits() > static_cast<u64>(lookups / 10));
    CHECK(cache.hits() < static_cast<u64>(lookups / 2));
    CHECK(differing_territory > 0);
}

// The search with the cache against the search without it: the cache changes nothing but time,
// so with one thread the node counts are equal too.
TEST_CASE("solver: the cache of Benson's results changes no value and no node count", "[solver]") {
    const std::pair<int, int> boards[] = {{1, 6}, {2, 3}, {2, 4}, {3, 3}, {2, 5}, {3, 4}};
    const char* const presets[] = {"tromp-taylor", "aga", "tromp-taylor-1996", "simple", "mg"};
    std::mt19937_64 rng(test::seed(2026112701));
    int complete = 0;
    for (int round = 0; round < 60; ++round) {
        const History start = testing::random_game(round, boards, presets, round % 20, rng);
        if (start.game_over()) continue;
        SolveResult r[2];
        for (bool cached : {false, true}) {
            SolveOptions o;
            o.hash_bytes = std::size_t{4} << 20;
            o.threads = 1;
            o.node_limit = 200'000;
            o.safety_cache = cached;
            History h = start;
            r[cached] = solve(h, o);
        }
        INFO(start.geometry().name()
             << " " << ko_rule_name(start.rules().ko) << " turns " << start.turns());
        CHECK(r[0].complete == r[1].complete);
        CHECK(r[0].lower_x2 == r[1].lower_x2);
        CHECK(r[0].upper_x2 == r[1].upper_x2);
        CHECK(r[0].best_moves == r[1].best_moves);
        CHECK(r[0].nodes == r[1].nodes);
        complete += r[1].complete;
    }
    CHECK(complete >= 30);
}

namespace {
// Every grid of a line of n points: visit(black, white) for each of the 3^n ways to leave each
// point empty or give it a black or a white stone (the i-th base-3 digit of a code for point i).
template <class Visit>
void for_each_line_grid(int n, Visit visit) {
    int grids = 1;
    for (int i = 0; i < n; ++i) grids *= 3;
    for (int code = 0; code < grids; ++code) {
        Bitboard black = 0, white = 0;
        for (int i = 0, rest = code; i < n; ++i, rest /= 3) {
            if (rest % 3 == 1) black |= Bitboard{1} << i;
            if (rest % 3 == 2) white |= Bitboard{1} << i;
        }
        visit(black, white);
    }
}
}  // namespace

// Why the static bounds do little on linear boards (docs/solver.md, "On linear boards"): where
// suicide is allowed, a string next to an opponent stone has one region left, so a colour's
// unconditional life, where it has any, holds the whole board with its eyes. Every grid of 1x1
// to 1x10, both colours; the whole-board shapes must occur, or the check says nothing.
TEST_CASE("solver: on a linear board with suicide, life holds the whole board or nothing",
          "[solver]") {
    for (int n = 1; n <= 10; ++n) {
        const Geometry g = *Geometry::make(1, n);
        const Bitboard all = (Bitboard{1} << n) - 1;
        int with_life = 0;
        for_each_line_grid(n, [&](Bitboard black, Bitboard white) {
            const Position pos = make_position(black, white);
            for (Color c : {Color::Black, Color::White}) {
                const SafePoints safe = unconditional(g, pos, c, true);
                if (safe.alive == 0 && safe.territory == 0) continue;
                INFO(g.name() << " black " << black << " white " << white << " colour "
                              << static_cast<int>(c));
                CHECK((safe.alive | safe.eyes) == all);
                CHECK((safe.alive | safe.territory) == all);
                ++with_life;
            }
        });
        INFO(g.name());
        CHECK((n < 3 || with_life > 0));
    }
}

// The shortcut of board_safety and the cache on lines (benson.cpp, no_life_on_line) against
// Benson's algorithm run in full: every grid of the lines of 1 to 10 points, across and down,
// under both suicide rules, each colour after every pass count and side to move. The grids with
// both colours, which the shortcut answers, must occur, and so must life on the others.
TEST_CASE("solver: on a line, the shortcut for boards with both colours returns Benson's result",
          "[solver]") {
    SafetyCache cache(6);
    int shortcut = 0, with_life = 0, differing = 0;
    for (int n = 1; n <= 10; ++n) {
        for (const auto& [rows, cols] : {std::pair{1, n}, std::pair{n, 1}}) {
            const Geometry g = *Geometry::make(rows, cols);
            for_each_line_grid(n, [&](Bitboard black, Bitboard white) {
                for (const bool suicide : {true, false}) {
                    shortcut += suicide && black != 0 && white != 0;
                    for (int state = 0; state < 4; ++state) {
                        Position pos =
                            make_position(black, white, state & 1 ? Color::White : Color::Black);
                        pos.passes = static_cast<u8>(state >> 1);
                        const BoardSafety fresh = board_safety(g, pos, suicide);
                        const BoardSafety cached = cache.lookup(g, pos, suicide);
                        for (Color c : {Color::Black, Color::White}) {
                            const SafePoints full = unconditional(g, pos, c, suicide);
                            with_life += full.alive != 0;
                            for (const SafePoints& got : {fresh.of(pos, c), cached.of(pos, c)}) {
                                if (got.alive == full.alive && got.eyes == full.eyes &&
                                    got.territory == full.territory)
                                    continue;
                                if (++differing <= 5)
                                    FAIL_CHECK(g.name()
                                               << " black " << black << " white " << white
                                               << " colour " << static_cast<int>(c) << " state "
                                               << state << " suicide " << suicide);
                            }
                        }
                    }
                }
            });
        }
    }
    INFO(shortcut << " grids with both colours under suicide, " << with_life << " with life");
    CHECK(differing == 0);
    CHECK(shortcut > 100000);
    CHECK(with_life > 1000);
}
