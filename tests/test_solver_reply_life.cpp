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
int best_claim(const History& h, Color c, SafetyCache& cache, ReplyLife& life) {
    const Geometry& g = h.geometry();
    const int benson = unconditional(g, h.current(), c, h.rules().suicide_allowed).count();
    int best = -1;
    for (int need = benson + 1; need <= g.points(); ++need) {
        if (!reply_life(h, c, need, cache, life)) break;
        best = life.count;
    }
    return best;
}

}  // namespace

TEST_CASE("solver: life after one reply is within the reference value on random histories",
          "[solver][reply]") {
    const std::pair<int, int> boards[] = {{2, 3}, {2, 4}, {3, 3}, {1, 7}, {2, 5}};
    const char* const presets[] = {"tromp-taylor", "aga", "tromp-taylor-1996",
                                   "tromp-taylor-1996-plays"};
    std::mt19937_64 rng(test::seed(2026120601));
    SafetyCache cache(10);
    ReplyLife life;
    int bounded = 0, solved = 0, tight = 0;
    for (int round = 0; round < 20000 && bounded < cases(100); ++round) {
        History h = testing::random_game(round, boards, presets, 6 + round % 30, rng);
        if (h.game_over() || h.current().passes != 0) continue;
        const Geometry& g = h.geometry();
        const Rules& rules = h.rules();
        const Position pos = h.current();
        const Color c = opponent(pos.to_move);
        const int claim = best_claim(h, c, cache, life);
        if (claim < 0) continue;
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
        ++bounded;
        for (bool on : {true, false}) {
            SolveOptions o;
            o.hash_bytes = std::size_t{4} << 20;
            o.reply_life = on;
            o.threads = 1;
            History copy = h;
            const SolveResult r = solve(copy, o);
            REQUIRE(r.complete);
            CHECK(r.value_x2 == value);
            ++solved;
        }
    }
    INFO(bounded << " bounded (" << tight << " exactly at the value), " << solved << " solves");
    CHECK(bounded >= cases(80));
}

TEST_CASE("solver: life after one reply counts no reply that repeats a board of the path",
          "[solver][reply]") {
    // The same positions with their earlier records dropped: there the replies that the path's
    // records forbid are allowed, and the claims they make must be wrong often enough to show that
    // the check of the replies' boards is needed. Long random games on small boards repeat boards.
    const std::pair<int, int> boards[] = {{2, 3}, {1, 7}, {2, 4}};
    const char* const presets[] = {"tromp-taylor", "aga", "tromp-taylor-1996",
                                   "tromp-taylor-1996-plays"};
    std::mt19937_64 rng(test::seed(2026120602));
    SafetyCache cache(10);
    ReplyLife life;
    int lowered = 0, solved = 0, wrong_without = 0;
    for (int round = 0; round < 400000 && wrong_without < cases(6); ++round) {
        History h = testing::random_game(round, boards, presets, 10 + round % 50, rng);
        if (h.game_over() || h.current().passes != 0) continue;
        const Geometry& g = h.geometry();
        const Position pos = h.current();
        const Color c = opponent(pos.to_move);
        const int claim = best_claim(h, c, cache, life);
        const int fresh_claim = best_claim(History(g, h.rules(), pos), c, cache, life);
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
    INFO(lowered << " claims lowered by the path's records, " << solved << " of them solved, "
                 << wrong_without << " would have been wrong");
    CHECK(wrong_without >= cases(4));
}
