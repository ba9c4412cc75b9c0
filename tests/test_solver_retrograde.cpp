// The simple-ko bounds of solver/retrograde.hpp: the state's ko part against the kernel's ko
// verdicts, the equation W rests on through the kernel's own moves, and the bounds against the
// reference solver, which searches the full history.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <span>

#include "case_budget.hpp"
#include "random_games.hpp"
#include "reference_solver.hpp"
#include "rules/history.hpp"
#include "rules/scoring.hpp"
#include "solver/retrograde.hpp"
#include "solver/search.hpp"

using namespace smallgo;

namespace {

const std::pair<int, int> Boards[] = {{1, 4}, {1, 5}, {2, 2}, {2, 3}, {1, 6}, {2, 4}, {3, 3}};
const char* const SimpleKo[] = {"mg", "simple"};

// Round r's game under a simple-ko preset: the board from `boards`, then up to `length` moves.
History random_game(int round, std::span<const std::pair<int, int>> boards, int length,
                    std::mt19937_64& rng) {
    return testing::random_game(round, boards, SimpleKo, length, rng);
}

}  // namespace

TEST_CASE("solver: cycle bounds: the forbidden plays are those the kernel calls ko", "[solver]") {
    std::mt19937_64 rng(test::seed(20261124));
    int positions = 0, with_ko = 0, after_pass = 0;
    for (int round = 0; round < 4000; ++round) {
        History h = random_game(round, Boards, round % 30, rng);
        if (h.game_over() || h.turns() == 0) continue;
        const Geometry& g = h.geometry();
        Bitboard expected = 0;
        for (int p = 0; p < g.points(); ++p)
            if (h.check(static_cast<Move>(p)) == Verdict::Ko) expected |= Geometry::bit(p);
        const Position& prev = h.at(h.turns() - 1);
        REQUIRE(ko_forbidden(g, h.rules(), &prev, h.current()) == expected);
        ++positions;
        with_ko += expected != 0;
        after_pass += expected != 0 && prev.same_board(h.current());
    }
    REQUIRE(positions >= 3000);
    REQUIRE(with_ko >= 200);
    REQUIRE(after_pass >= 10);  // a single-stone suicide after a pass (or after one), under mg
}

TEST_CASE("solver: cycle bounds: W meets its equation on the kernel's moves", "[solver]") {
    // Along random games from each root: W of a position is the best, for the side to move, of
    // W after each move History allows (a pass that ends the game: its score).
    std::mt19937_64 rng(test::seed(11));
    int checked = 0, zero = 0, nonzero = 0;
    for (int round = 0; round < 280; ++round) {
        History h = random_game(round, Boards, round % 8, rng);
        if (h.game_over()) continue;
        auto b = CycleBounds::build(h, std::size_t{64} << 20);
        REQUIRE(b);
        const int root_turns = h.turns();
        for (int step = 0; step < 40 && !h.game_over(); ++step) {
            int w;
            REQUIRE(b->value(h, w));
            const bool black = h.current().to_move == Color::Black;
            int best = black ? -100000 : 100000;
            std::vector<Move> legal;
            for (int m = -1; m < h.geometry().points(); ++m) {
                if (h.play(static_cast<Move>(m)) != Verdict::Legal) continue;
                legal.push_back(static_cast<Move>(m));
                int x;
                if (h.current().game_over())
                    x = 2 * area_score(h.geometry(), h.current()) - h.rules().komi_x2;
                else
                    REQUIRE(b->value(h, x));  // a state after a cycle too: W leaves history out
                best = black ? std::max(best, x) : std::min(best, x);
                h.pop();
            }
            REQUIRE(best == w);
            ++checked;
            (w == 0 ? zero : nonzero)++;
            const auto pick = std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng);
            h.play(legal[pick]);
        }
        while (h.turns() > root_turns) h.pop();
    }
    REQUIRE(checked >= 2000);
    REQUIRE(zero >= 200);
    REQUIRE(nonzero >= 200);
}

TEST_CASE("solver: cycle bounds: the reference value lies between 0 and W", "[solver]") {
    // After random histories on boards the reference solves, under both simple-ko presets:
    // min(W, 0) <= value <= max(W, 0), so W = 0 means a value of 0.
    std::mt19937_64 rng(test::seed(20261125));
    int checked = 0, decided = 0, strict = 0;
    for (int round = 0; checked < 300 && round < 3000; ++round) {
        History h = random_game(round, std::span(Boards).first(4), round % 16, rng);
        if (h.game_over()) continue;
        int expected;
        // The 300 histories this seed draws need at most 907,785 of the reference's nodes; the
        // ones it skips cost half as much at this limit as at 2,000,000.
        if (!reference::value_x2(h, expected, 1'000'000)) continue;
        auto b = CycleBounds::build(h, std::size_t{64} << 20);
        REQUIRE(b);
        int w;
        REQUIRE(b->value(h, w));
        INFO(h.geometry().name() << " " << describe(h.rules()) << " after " << h.turns()
                                 << " turns: W " << w);
        REQUIRE(std::min(w, 0) <= expected);
        REQUIRE(expected <= std::max(w, 0));
        ++checked;
        decided += w == 0;
        strict += expected != w;  // the history made the value differ from W
    }
    WARN("decided by W = 0: " << decided << ", value other than W: " << strict);
    REQUIRE(checked >= 300);
    REQUIRE(decided >= 30);
    REQUIRE(checked - decided >= 30);
}

TEST_CASE("solver: cycle bounds: the search uses them", "[solver]") {
    // Where W of the root is 0 the value is 0 and the search needs few nodes; without the bounds
    // the same positions cost many times more (or stop at a limit of 100,000 nodes, which then
    // counts). Random histories on 1x6, 2x3 and 1x7.
    std::mt19937_64 rng(test::seed(5));
    const std::pair<int, int> boards[] = {{1, 6}, {2, 3}, {1, 7}};
    int decided = 0;
    u64 with = 0, without = 0;
    for (int round = 0; decided < 30 && round < 600; ++round) {
        History h = random_game(round, boards, round % 12, rng);
        if (h.game_over()) continue;
        auto b = CycleBounds::build(h, std::size_t{64} << 20);
        REQUIRE(b);
        int w;
        REQUIRE(b->value(h, w));
        if (w != 0) continue;
        SolveOptions o;
        o.hash_bytes = std::size_t{16} << 20;
        o.node_limit = 50'000'000;
        auto bounded = solve(h, o);
        o.use_cycle_bounds = false;
        // Some take hundreds of millions of nodes without the bounds. The 30 with the bounds take
        // 12,655 nodes in all.
        o.node_limit = 100'000;
        auto plain = solve(h, o);
        REQUIRE(bounded.complete);
        REQUIRE(bounded.value_x2 == 0);
        REQUIRE(bounded.cycle_states == b->states());
        if (plain.complete) REQUIRE(plain.value_x2 == 0);
        with += bounded.nodes, without += plain.nodes;
        ++decided;
    }
    WARN("nodes with the bounds " << with << ", without " << without);
    REQUIRE(decided >= 30);
    REQUIRE(with * 20 < without);
}

TEST_CASE("solver: cycle bounds: refused over their memory, on request, and without cycles",
          "[solver]") {
    Geometry g = *Geometry::make(3, 3);
    History mg(g, find_preset("mg")->rules);
    mg.play(static_cast<Move>(g.point(1, 1)));
    auto b = CycleBounds::build(mg, std::size_t{64} << 20);
    REQUIRE(b);
    // The same build with one byte less than it held at its peak is refused, and the table it
    // keeps is within its limit.
    REQUIRE(b->bytes() <= b->peak_bytes);
    REQUIRE(CycleBounds::build(mg, b->peak_bytes));
    REQUIRE_FALSE(CycleBounds::build(mg, b->peak_bytes - 1));
    // A refusal by size is not reported as a stop. (A stop asked for before a build from a
    // position that is not empty ends it at its first state, before any size is known: the case
    // of a refusal while a stop is asked for is the empty board's, below.)
    std::atomic<bool> stop{false};
    bool stopped = false;
    REQUIRE_FALSE(CycleBounds::build(mg, b->peak_bytes - 1, &stop, &stopped));
    REQUIRE_FALSE(stopped);
    // From an empty board there are at least 2 L(m,n) states: 5x5 (L above 4 * 10^11) and 5x6
    // are refused at once even with a terabyte (a breadth-first build would not end).
    for (auto [rows, cols] : {std::pair{5, 5}, {5, 6}}) {
        History empty(*Geometry::make(rows, cols), find_preset("simple")->rules);
        REQUIRE_FALSE(CycleBounds::build(empty, std::size_t{1} << 40));
    }
    // A stop request, reported as one.
    stop = true;
    REQUIRE_FALSE(CycleBounds::build(mg, std::size_t{64} << 20, &stop, &stopped));
    REQUIRE(stopped);
    // The empty board's size check comes before the first state, and a stop asked for then is
    // not reported: nothing was stopped.
    stopped = false;
    History empty(*Geometry::make(5, 5), find_preset("simple")->rules);
    REQUIRE_FALSE(CycleBounds::build(empty, std::size_t{1} << 40, &stop, &stopped));
    REQUIRE_FALSE(stopped);
    // No cycle rule without simple ko.
    History tt(g, find_preset("tromp-taylor")->rules);
    REQUIRE_FALSE(CycleBounds::build(tt, std::size_t{64} << 20));
}
