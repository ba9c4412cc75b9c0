// Tables kept across the solves of one game (SolveTables and GameTables, as GTP and the web page
// keep them), against fresh solves and the reference solver.
#include <catch2/catch.hpp>

#include <atomic>
#include <new>
#include <random>

#include "case_budget.hpp"
#include "reference_solver.hpp"
#include "rules/history.hpp"
#include "rules/region.hpp"
#include "solver/game_tables.hpp"
#include "solver/search.hpp"
#include "solver_cases.hpp"

using namespace smallgo;
using namespace smallgo::test;

// Tables kept across solves (SolveTables, as a GTP game keeps them): each position of a random
// game is solved with the game's one table, crowded (256 KB) or roomy (8 MB), and must get the
// value and optimal moves of a solve with a fresh table (itself checked against the reference).
TEST_CASE("solver: tables kept across the solves of a game change no value", "[solver]") {
    std::mt19937_64 rng(test::seed(20261125));
    const std::pair<int, int> boards[] = {{2, 2}, {1, 4}, {1, 5}, {2, 3}};
    int compared = 0;
    u64 kept_nodes = 0, fresh_nodes = 0;  // of the roomy games' later solves
    for (int game = 0; game < 4 * PresetCount * 2; ++game) {
        auto [rows, cols] = boards[game % 4];
        Geometry g = *Geometry::make(rows, cols);
        const char* name = PresetNames[(game / 4) % PresetCount];
        History h(g, find_preset(name)->rules);
        SolveTables kept(game % 2 == 0 ? std::size_t{256} << 10 : std::size_t{8} << 20);
        for (int turn = 0; turn < 12 && !h.game_over(); ++turn) {
            INFO(name << " " << g.name() << " turn " << turn);
            SolveOptions o;
            o.tables = &kept;
            o.node_limit = 20'000'000;
            const u64 searched_before = kept.searched;
            auto with_kept = solve(h, o);
            // Each solve ages its entries after the earlier solves' (SolveTables::searched).
            REQUIRE(kept.searched == searched_before + with_kept.nodes);
            if (auto fresh = same_as_fresh(h, with_kept)) {
                ++compared;
                if (turn > 0 && game % 2 == 1)
                    kept_nodes += with_kept.nodes, fresh_nodes += fresh->nodes;
            }
            testing::play_random_legal_move(h, rng);
        }
    }
    INFO(compared << " compared; later solves of roomy games: " << kept_nodes << " nodes with the "
                  << "kept table, " << fresh_nodes << " fresh");
    REQUIRE(compared >= 150);
    // Earlier proofs really are reused: the default seed's games take 0.5 of the fresh nodes or
    // less, another seed's (SMALLGO_TEST_SEED) 0.61; without reuse they take about as many.
    REQUIRE(kept_nodes * 4 < fresh_nodes * 3);
}

// A game's tables with its simple-ko bounds (GameTables, as GTP and the web page keep them): built
// once from the game's start, the bounds serve every later position, and with the tables they stay
// within the budget (the bytes a solve reports included). Each position of random games under the
// simple-ko presets must get the value and optimal moves of a fresh solve, which builds its own
// bounds from that position (itself checked against the reference elsewhere).
TEST_CASE("solver: a game's tables and simple-ko bounds stay in budget and change no value",
          "[solver]") {
    std::mt19937_64 rng(test::seed(20261202));
    const std::pair<int, int> boards[] = {{2, 2}, {1, 5}, {2, 3}, {1, 6}};
    const std::size_t budget = std::size_t{8} << 20;
    int compared = 0;
    for (int game = 0; game < 16; ++game) {
        auto [rows, cols] = boards[game % 4];
        Geometry g = *Geometry::make(rows, cols);
        const char* name = game / 4 % 2 == 0 ? "simple" : "mg";
        History h(g, find_preset(name)->rules);
        GameTables kept(budget);
        for (int turn = 0; turn < 12 && !h.game_over(); ++turn) {
            INFO(name << " " << g.name() << " turn " << turn);
            SolveOptions o;
            o.node_limit = 20'000'000;
            kept.prepare(h, o);
            REQUIRE(kept.settled());
            REQUIRE(kept.has_bounds());
            REQUIRE(o.hash_bytes == budget);
            REQUIRE(kept.table_bytes() + kept.bound_bytes() <= budget);
            auto with_kept = solve(h, o);
            REQUIRE(with_kept.table_bytes <= budget);
            REQUIRE(with_kept.cycle_states > 0);  // the game's bounds, not a build of solve()'s
            if (same_as_fresh(h, with_kept)) ++compared;
            testing::play_random_legal_move(h, rng);
        }
    }
    REQUIRE(compared >= 80);
}

// A build of the bounds that a stop ends is tried again at the next solve, beside the tables it
// left (their proofs kept); where the bounds then do not fit, the tables get the whole budget.
TEST_CASE("solver: a game's simple-ko bounds stopped at the first solve come at the next",
          "[solver]") {
    Geometry g = *Geometry::make(3, 3);
    History h(g, find_preset("simple")->rules);
    std::atomic<bool> stop{true};
    {
        const std::size_t budget = std::size_t{16} << 20;  // 3x3's bounds take about 1 MB
        GameTables kept(budget);
        SolveOptions o;
        o.stop = &stop;
        kept.prepare(h, o);
        REQUIRE_FALSE(kept.settled());
        REQUIRE_FALSE(kept.has_bounds());
        REQUIRE(kept.table_bytes() == budget - budget / 2);
        const SolveTables* first = o.tables;
        stop = false;
        SolveOptions again;
        kept.prepare(h, again);
        REQUIRE(kept.settled());
        REQUIRE(kept.has_bounds());
        REQUIRE(again.tables == first);
        REQUIRE(kept.table_bytes() + kept.bound_bytes() <= budget);
        auto r = solve(h, again);
        REQUIRE(r.complete);
        REQUIRE(r.value_x2 == 18);  // B+9, as without the bounds (README's table)
    }
    {
        // A start with a stone (no size check before the build): the stop ends the first build,
        // the retry finds the bounds do not fit and gives the tables the whole budget.
        const History from_stone(g, h.rules(), make_position(Bitboard{1} << 4, 0, Color::White));
        const std::size_t budget = std::size_t{256} << 10;  // too small for the bounds
        GameTables kept(budget);
        stop = true;
        SolveOptions o;
        o.stop = &stop;
        kept.prepare(from_stone, o);
        REQUIRE_FALSE(kept.settled());
        REQUIRE(kept.table_bytes() == budget - budget / 2);
        stop = false;
        SolveOptions again;
        kept.prepare(from_stone, again);
        REQUIRE(kept.settled());
        REQUIRE_FALSE(kept.has_bounds());
        REQUIRE(kept.table_bytes() == budget);
    }
    {
        // The empty board's bounds are refused by their size before any state is built: with a
        // stop set at the time, that is a refusal still, not a stop, and is not tried again.
        const std::size_t budget = std::size_t{256} << 10;
        GameTables kept(budget);
        stop = true;
        SolveOptions o;
        o.stop = &stop;
        kept.prepare(h, o);
        REQUIRE(kept.settled());
        REQUIRE_FALSE(kept.has_bounds());
        REQUIRE(kept.table_bytes() == budget);
    }
}

// Where a limit on memory refuses the tables' growth (RefusalAbove stands in for one), the game
// keeps tables of the size they had rather than none, and its solves still get the value; where
// it refuses the first tables, prepare() throws std::bad_alloc and a later call tries again.
TEST_CASE("solver: a game's tables that cannot grow keep their size", "[solver]") {
    // 3x3 from a stone, as above: a stopped build leaves the tables half the budget (their proofs
    // 80 KB), the retry finds the bounds do not fit and asks for all of it (proofs 160 KB).
    Geometry g = *Geometry::make(3, 3);
    const Rules rules = find_preset("simple")->rules;
    History h(g, rules, make_position(Bitboard{1} << 4, 0, Color::White));
    const std::size_t budget = std::size_t{256} << 10;
    const SolveResult fresh = solve_small(h);  // tables of its own, nothing refused
    REQUIRE(fresh.complete);
    std::atomic<bool> stop{true};
    {
        GameTables kept(budget);
        SolveOptions o;
        o.stop = &stop;
        kept.prepare(h, o);
        REQUIRE(kept.table_bytes() == budget - budget / 2);
        stop = false;
        const RefusalAbove limit(100'000);
        SolveOptions again;
        kept.prepare(h, again);
        REQUIRE(kept.settled());
        REQUIRE_FALSE(kept.has_bounds());
        REQUIRE(kept.table_bytes() == budget - budget / 2);
        History game = h;
        auto r = solve(game, again);
        REQUIRE(r.complete);
        REQUIRE(r.value_x2 == fresh.value_x2);
    }
    {
        GameTables kept(budget);
        SolveOptions o;
        {
            const RefusalAbove limit(10'000);
            REQUIRE_THROWS_AS(kept.prepare(h, o), std::bad_alloc);
            REQUIRE_FALSE(kept.settled());
            REQUIRE(kept.table_bytes() == 0);
        }
        kept.prepare(h, o);
        REQUIRE(kept.settled());
        REQUIRE(kept.table_bytes() == budget);
        History game = h;
        auto r = solve(game, o);
        REQUIRE(r.complete);
        REQUIRE(r.value_x2 == fresh.value_x2);
    }
}

// A start right after a pass (History's third constructor with passes == 1) has no record before
// it, unlike the same position reached in a game, where the record before the pass is the
// proof's own (transposition.hpp): under `mg` a one-stone suicide from there repeats that record
// (a draw), and from the start it does not. So the table holds no proof for such a start
// (Searcher::tabled). Each random game's position is solved after a pass with the game's table,
// then as a start with passes == 1 with the same table, against the reference. (The code before
// this rule passed it too: no case was found where such a proof changed a value.)
TEST_CASE("solver: a start after a pass with a game's table equals the reference", "[solver]") {
    std::mt19937_64 rng(test::seed(2026112957));
    const std::pair<int, int> boards[] = {{1, 3}, {1, 4}, {2, 2}, {2, 3}};
    int compared = 0;
    for (int round = 0; round < 3000 && compared < cases(600); ++round) {
        History h = testing::random_game(round, boards, PresetNames, 2 + round % 10, rng);
        if (h.game_over() || h.current().passes != 0 || h.play(Pass) != Verdict::Legal) continue;
        SolveTables kept(std::size_t{1} << 20);
        SolveOptions o;
        o.tables = &kept;
        o.threads = 1;
        o.node_limit = 2'000'000;
        History game = h;
        (void)solve(game, o);
        History start(h.geometry(), h.rules(), h.current());
        int expected = 0;
        if (!reference::value_x2(start, expected, 2'000'000)) continue;
        const SolveResult r = solve(start, o);
        if (!r.complete) continue;
        INFO(h.geometry().name() << " " << PresetNames[(round / 4) % PresetCount] << " round "
                                 << round);
        CHECK(r.value_x2 == expected);
        ++compared;
    }
    CHECK(compared >= cases(600));
}
