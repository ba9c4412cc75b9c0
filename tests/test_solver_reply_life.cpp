// Life after one reply (solver/reply_life.hpp) against the reference solver: wherever the bound
// holds on a random history, the side not to move gets at least what it claims, and the solver
// with the bound and without it finds the reference's value.
#include <catch2/catch.hpp>

#include <random>

#include "case_budget.hpp"
#include "random_games.hpp"
#include "reference_solver.hpp"
#include "solver/benson.hpp"
#include "solver/reply_life.hpp"
#include "solver/search.hpp"

using namespace smallgo;
using smallgo::test::cases;

namespace {

// The most points c keeps by the bound at h's current position (its opponent to move), or -1
// where the bound claims no more than Benson's alive stones and eyes already do.
int best_claim(History& h, Color c, ReplyLife& life, int depth = 1) {
    const Geometry& g = h.geometry();
    const int benson = unconditional(g, h.current(), c, h.rules().suicide_allowed).count();
    int best = -1;
    for (int need = benson + 1; need <= g.points(); ++need) {
        if (!reply_life(h, c, need, life, depth)) break;
        best = life.count;
    }
    return best;
}

}  // namespace

TEST_CASE(
    "solver: life after one or two replies is within the reference value on random "
    "histories",
    "[solver][reply]") {
    // Depth 2 (two answers) is checked on the same kind of histories; there the claims must go
    // beyond depth 1's often enough to show that the second answer is exercised.
    const int depth = GENERATE(1, 2);
    const std::pair<int, int> boards[] = {{2, 3}, {2, 4}, {3, 3}, {1, 7}, {2, 5}};
    const char* const presets[] = {"tromp-taylor", "aga", "tromp-taylor-1996",
                                   "tromp-taylor-1996-plays"};
    std::mt19937_64 rng(test::seed(2026120601));
    ReplyLife life;
    int bounded = 0, solved = 0, tight = 0, deeper = 0;
    for (int round = 0; round < 20000 && bounded < cases(100); ++round) {
        History h = testing::random_game(round, boards, presets, 6 + round % 30, rng);
        if (h.game_over() || h.current().passes != 0) continue;
        const Geometry& g = h.geometry();
        const Rules& rules = h.rules();
        const Position pos = h.current();
        const Color c = opponent(pos.to_move);
        const int claim = best_claim(h, c, life, depth);
        if (claim < 0) continue;
        const bool beyond_one = depth == 2 && claim > best_claim(h, c, life, 1);
        if (depth == 2 && !beyond_one && round % 4 != 0) continue;  // mostly the new claims
        int value = 0;
        if (!reference::value_x2(h, value, 300'000)) continue;
        const int n = g.points();
        // c's view before komi: at least 2 * (2 * claim - n) half points.
        const int own_view = (c == Color::Black ? value : -value) +
                             (c == Color::Black ? rules.komi_x2 : -rules.komi_x2);
        INFO("records" << testing::records_line(h));
        INFO(g.name() << " " << ko_rule_name(rules.ko) << " turns " << h.turns() << " black "
                      << pos.black() << " white " << pos.white() << " claim " << claim << " value "
                      << value);
        CHECK(own_view >= 2 * (2 * claim - n));
        tight += own_view == 2 * (2 * claim - n);
        deeper += beyond_one;
        ++bounded;
        for (bool on : {true, false}) {
            SolveOptions o;
            o.hash_bytes = std::size_t{4} << 20;
            o.reply_life = on;
            o.reply_depth = depth;
            o.threads = depth == 2 ? 1 + bounded % 2 : 1;  // two answers with two threads too
            History copy = h;
            const SolveResult r = solve(copy, o);
            REQUIRE(r.complete);
            CHECK(r.value_x2 == value);
            ++solved;
        }
    }
    INFO("depth " << depth << ": " << bounded << " bounded (" << tight << " exactly at the value; "
                  << deeper << " beyond depth 1), " << solved << " solves");
    CHECK(bounded >= cases(80));
    if (depth == 2) CHECK(deeper >= cases(40));
}

TEST_CASE("solver: life after one reply counts no reply that repeats a board of the path",
          "[solver][reply]") {
    // The same positions with their earlier records dropped: there the replies that the path's
    // records forbid are allowed, and the claims they make must be wrong often enough to show that
    // the check of the replies' boards is needed. Long random games on small boards repeat boards.
    // With two answers the second replies are checked against the path as well.
    const int depth = GENERATE(1, 2);
    const std::pair<int, int> boards[] = {{2, 3}, {1, 7}, {2, 4}};
    const char* const presets[] = {"tromp-taylor", "aga", "tromp-taylor-1996",
                                   "tromp-taylor-1996-plays"};
    std::mt19937_64 rng(test::seed(2026120602));
    ReplyLife life;
    int lowered = 0, solved = 0, wrong_without = 0;
    for (int round = 0; round < 400000 && wrong_without < cases(6); ++round) {
        History h = testing::random_game(round, boards, presets, 10 + round % 50, rng);
        if (h.game_over() || h.current().passes != 0) continue;
        const Geometry& g = h.geometry();
        const Position pos = h.current();
        const Color c = opponent(pos.to_move);
        const int claim = best_claim(h, c, life, depth);
        History fresh(g, h.rules(), pos);
        const int fresh_claim = best_claim(fresh, c, life, depth);
        if (fresh_claim <= claim) continue;
        ++lowered;
        int value = 0;
        if (!reference::value_x2(h, value, 300'000)) continue;
        ++solved;
        const int n = g.points(), komi = h.rules().komi_x2;
        const int own_view = c == Color::Black ? value + komi : -value - komi;
        INFO(g.name() << " " << ko_rule_name(h.rules().ko) << " turns " << h.turns() << " claim "
                      << claim << " without the records " << fresh_claim << " value " << value);
        if (claim >= 0) CHECK(own_view >= 2 * (2 * claim - n));
        wrong_without += own_view < 2 * (2 * fresh_claim - n);
    }
    INFO("depth " << depth << ": " << lowered << " claims lowered by the path's records, " << solved
                  << " of them solved, " << wrong_without << " would have been wrong");
    CHECK(wrong_without >= cases(4));
}

TEST_CASE("solver: the memo of depth 2's failures changes no node count", "[solver][reply]") {
    // The memo answers only failures that hold on every path (reply_life.cpp), so a search with
    // it visits exactly the nodes of one without it.
    const std::pair<int, int> boards[] = {{3, 3}, {2, 5}, {3, 4}, {2, 6}};
    int compared = 0;
    for (const auto& [rows, cols] : boards)
        for (const char* preset : {"tromp-taylor", "aga"}) {
            const Geometry g = *Geometry::make(rows, cols);
            const Rules rules = find_preset(preset)->rules;
            u64 nodes[2] = {0, 0}, hits[2] = {0, 0};
            int values[2] = {0, 0};
            for (int on = 0; on < 2; ++on) {
                reply_life_memo(on == 1);
                const u64 hits_before = reply_life_memo_hits();
                SolveOptions o;
                o.hash_bytes = std::size_t{16} << 20;
                o.threads = 1;
                o.reply_depth = 2;
                History h(g, rules);
                const SolveResult r = solve(h, o);
                REQUIRE(r.complete);
                nodes[on] = r.nodes, values[on] = r.value_x2;
                hits[on] = reply_life_memo_hits() - hits_before;
            }
            reply_life_memo(true);
            INFO(g.name() << " " << preset << ": " << nodes[0] << " / " << nodes[1] << " nodes, "
                          << hits[1] << " answers of the memo");
            CHECK(hits[0] == 0);
            CHECK(hits[1] > 0);  // the memo was used: the comparison is not idle
            CHECK(nodes[1] == nodes[0]);
            CHECK(values[1] == values[0]);
            ++compared;
        }
    CHECK(compared == 8);
}
