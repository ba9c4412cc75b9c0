// The root of a solve: principal variations with capped tests, the race of the first moves and of
// the replies, a conjectured first test (--aim), stops after the value, and progress reports.
#include <catch2/catch.hpp>

#include <algorithm>
#include <mutex>
#include <random>
#include <tuple>

#include "case_budget.hpp"
#include "play_moves.hpp"
#include "reference_solver.hpp"
#include "rules/history.hpp"
#include "solver/proof.hpp"
#include "solver/search.hpp"
#include "solver_cases.hpp"

using namespace smallgo;
using namespace smallgo::test;

namespace {
// How many plays (not the pass) keep h's value `value_x2` (Black's view), by the reference
// solver; -1 where it gives up on one of them.
int optimal_plays(const History& h, int value_x2) {
    int plays = 0;
    for (int i = 0; i < h.geometry().points(); ++i) {
        History child = h;
        if (child.play(static_cast<Move>(i)) != Verdict::Legal) continue;
        int v;
        if (!reference::value_x2(child, v, 20'000'000)) return -1;
        plays += v == value_x2;
    }
    return plays;
}
}  // namespace

// The principal variation's tests with a cap of one node (with one thread each test then gives
// up at its first node, and its cap doubles each round): every move of the line is
// optimal, checked by the reference solver after each move, and the value, its nodes and the
// optimal first moves are those of the search without a cap, which the cap does not touch. The
// caps leave many steps with one move open after a round, chosen with no test of its own
// (search.cpp, principal_variation): the reference checks those moves too. A losing side
// resists though its pass is often proven at a smaller cap than its plays: where it passes, no
// play may be optimal (the line stays far within its budget on these boards, and every test
// here ends long before pv_pass_held_until). With the pass held only until a cap of 2 it takes
// the pass with a play still open, and its line must be optimal all the same.
TEST_CASE("solver: a principal variation with capped tests is optimal move by move", "[solver]") {
    u64 passed_over = 0, by_elimination = 0;
    int pv_steps = 0, beyond_reference_steps = 0, losing_passes = 0, losing_plays = 0;
    int early_passes = 0;  // with the pass held until 2: a losing side's pass, a play optimal
    // Every move of r's line from h keeps the value `expected` (the reference after each move);
    // for each step, `at_step` gets the position before the move, the move and the side's view.
    auto check_line = [&](const History& h, const SolveResult& r, int expected, auto at_step) {
        History line = h;
        for (Move m : r.pv) {
            const int sign = line.current().to_move == Color::Black ? 1 : -1;
            at_step(line, m, sign * expected);
            REQUIRE(line.play(m) == Verdict::Legal);
            if (line.game_over()) break;
            int after;
            // A position beyond the reference's 20M nodes is passed over (some seeds of
            // SMALLGO_TEST_SEED draw one, on 1x5 under the 1996 wording); the line's others
            // are still checked.
            if (!reference::value_x2(line, after, 20'000'000)) {
                ++beyond_reference_steps;
                continue;
            }
            INFO("after " << line.turns() << " turns");
            REQUIRE(after == expected);
            ++pv_steps;
        }
    };
    const int checked =
        check_random_histories(20261127, cases(60), [&](History& h, int expected, bool) {
            SolveOptions o = small_options();
            const SolveResult plain = solve(h, o);
            o.pv_test_cap = 1;
            const SolveResult r = solve(h, o);
            if (!plain.complete || !r.complete) return false;
            REQUIRE(r.value_x2 == expected);
            REQUIRE(r.value_nodes == plain.value_nodes);
            REQUIRE(r.best_moves == plain.best_moves);
            check_pv(h, r);
            REQUIRE(r.pv_nodes < PvBudgetFloor);  // so every step resisted where it could
            check_line(h, r, expected, [&](const History& line, Move m, int mine) {
                const int plays = mine < 0 ? optimal_plays(line, expected) : -1;
                if (plays < 0) return;
                INFO("a losing side's move after " << line.turns() << " turns");
                REQUIRE((m == Pass) == (plays == 0));
                ++(m == Pass ? losing_passes : losing_plays);
            });
            passed_over += r.pv_passed_over;
            by_elimination += r.pv_by_elimination;
            SolveOptions short_hold = o;
            short_hold.pv_pass_held_until = 2;
            const SolveResult held = solve(h, short_hold);
            REQUIRE(held.complete);
            REQUIRE(held.value_x2 == expected);
            check_pv(h, held);
            check_line(h, held, expected, [&](const History& line, Move m, int mine) {
                if (mine < 0 && m == Pass && optimal_plays(line, expected) > 0) ++early_passes;
            });
            // With two threads the cap is checked every 4,096 nodes of each, through the
            // restart's flag that every task sees.
            o.threads = 2;
            const SolveResult two = solve(h, o);
            REQUIRE(two.complete);
            REQUIRE(two.value_x2 == expected);
            check_pv(h, two);
            return true;
        });
    INFO(passed_over << " tests passed over; " << by_elimination << " moves chosen as the only "
                     << "ones open; " << pv_steps << " steps of the lines checked, "
                     << beyond_reference_steps << " beyond the reference; a losing side "
                     << losing_plays << " times played, " << losing_passes << " times passed, "
                     << early_passes << " times passed early with the pass held until 2");
    REQUIRE(checked >= cases(60));
    REQUIRE(losing_plays >= 10);
    REQUIRE(losing_passes >= 1);
    REQUIRE(early_passes >= 1);
    REQUIRE(passed_over >= 10);
    REQUIRE(by_elimination >= 10);
    REQUIRE(beyond_reference_steps * 20 <= pv_steps);
}

// The root's race (search.cpp, root_value) with a cap of one node: with one thread each first
// test gives up at its first node (the first move's exact tests at their 2n-th, for n moves), so
// the first move's value is left open too, the others' tests ask whether they get more than half
// the board, the moves take turns, tests halfway up the bounds come in, and the caps double many
// times. The value must be the reference's, the optimal first moves exactly those after which the
// reference finds the value, and the bounds of a search stopped part way (by a node limit, with one
// and two threads) must hold the value.
TEST_CASE("solver: the root's race with capped tests finds the value and every optimal move",
          "[solver]") {
    int stopped = 0, narrowed = 0;
    const int checked =
        check_random_histories(20261128, cases(60), [&](History& h, int expected, bool) {
            std::vector<Move> optimal;
            for (int m = -1; m < h.geometry().points(); ++m) {
                History after = h;
                if (after.play(static_cast<Move>(m)) != Verdict::Legal) continue;
                int v;
                if (!reference::value_x2(after, v, 2'000'000)) return false;
                if (v == expected) optimal.push_back(static_cast<Move>(m));
            }
            std::sort(optimal.begin(), optimal.end(), [](Move x, Move y) {
                return (x == Pass ? MaxPoints : int{x}) < (y == Pass ? MaxPoints : int{y});
            });
            SolveOptions o = small_options();
            o.race_cap = 1;
            const auto r = solve_against(h, o, expected);
            if (!r) return false;
            REQUIRE(r->best_moves == optimal);
            REQUIRE(r->undecided_moves.empty());
            for (int threads : {1, 2})
                for (u64 limit : {u64{5}, u64{50}, u64{500}}) {
                    const SolveResult p = solve_limited(h, o, threads, limit);
                    INFO("threads " << threads << " limit " << limit);
                    REQUIRE(p.lower_x2 <= expected);
                    REQUIRE(expected <= p.upper_x2);
                    if (!p.complete) ++stopped;
                    const int area = 2 * h.geometry().points();
                    if (!p.complete && p.upper_x2 - p.lower_x2 < 2 * area) ++narrowed;
                }
            return true;
        });
    REQUIRE(checked >= cases(60));
    REQUIRE(stopped >= cases(32));  // the limits stop many searches part way
    CAPTURE(stopped, narrowed);
    REQUIRE(narrowed >= 1);  // and some of those with bounds narrower than the board
}

// A stop that comes after the value is proven (here at once: the opponent has just passed and the
// mover's pass ends the game with the whole board, the most any move can give) must still report
// that value, the moves proven optimal and the rest as undecided, and, with all_moves, only exact
// values: before this was mended, an all-moves search stopped so reported a draw and no moves.
// Each stopped search is compared with the same search run to its end, with one thread and two.
TEST_CASE("solver: a search stopped after its value is proven reports the value and the moves",
          "[solver]") {
    auto tt = find_preset("tromp-taylor")->rules;
    const std::tuple<int, int, const char*> starts[] = {
        {3, 3, "B2 pass"}, {2, 4, "B1 pass"}, {3, 4, "B2 pass"}};
    int stopped = 0, partial = 0;
    for (auto [rows, cols, moves] : starts)
        for (bool all_moves : {false, true}) {
            const Geometry g = *Geometry::make(rows, cols);
            History h(g, tt);
            testing::play_moves(h, moves);
            SolveOptions o = small_options();
            o.all_moves = all_moves;
            const SolveResult full = solve(h, o);
            REQUIRE(full.complete);
            REQUIRE(full.value_x2 == 2 * g.points());
            auto in = [](const std::vector<Move>& v, Move m) {
                return std::find(v.begin(), v.end(), m) != v.end();
            };
            for (int threads : {1, 2})
                for (u64 limit : {u64{1}, u64{4097}, u64{16385}}) {
                    const SolveResult p = solve_limited(h, o, threads, limit);
                    INFO(g.name() << " all_moves " << all_moves << " threads " << threads
                                  << " limit " << limit);
                    if (p.complete) continue;
                    ++stopped;
                    REQUIRE(p.lower_x2 == full.value_x2);
                    REQUIRE(p.upper_x2 == full.value_x2);
                    REQUIRE(p.value_x2 == full.value_x2);
                    REQUIRE(in(p.best_moves, Pass));
                    for (Move m : p.best_moves) REQUIRE(in(full.best_moves, m));
                    for (Move m : p.best_moves) REQUIRE(!in(p.undecided_moves, m));
                    for (Move m : full.best_moves)
                        REQUIRE((in(p.best_moves, m) || in(p.undecided_moves, m)));
                    for (const MoveValue& mv : p.move_values) {
                        const auto same =
                            std::find_if(full.move_values.begin(), full.move_values.end(),
                                         [&](const MoveValue& f) { return f.move == mv.move; });
                        REQUIRE(same != full.move_values.end());
                        REQUIRE(same->value_x2 == mv.value_x2);
                    }
                    if (all_moves && p.move_values.size() < full.move_values.size()) ++partial;
                }
        }
    CAPTURE(stopped, partial);
    REQUIRE(stopped >= 12);  // the limits stop most of these searches part way,
    REQUIRE(partial >= 4);   // all-moves searches among them before every move's value
}

// The race of the replies (SolveOptions::reply_race) decides a first move's test from tests of
// the opponent's replies once one test of the child stays open at half its cap: Low as soon as
// one reply holds the mover below the target, High once every reply is proven not to. With
// race caps from 1 node many tests reach it, so a wrong combination (High on the first reply
// proven, say) would show in the value or in the optimal moves, which must be the reference's
// and those of the search without it.
TEST_CASE("solver: the race of the replies changes no value nor any optimal move", "[solver]") {
    u64 decided = 0;
    int with_moves = 0;  // positions in which a race of the replies decided a test (one thread)
    const int checked =
        check_random_histories(20261129, cases(200), [&](History& h, int expected, bool) {
            SolveOptions o = small_options();
            o.race_cap = 1;
            o.reply_race = false;
            const auto plain = solve_against(h, o, expected);
            if (!plain) return false;
            for (int threads : {1, 2}) {
                o.reply_race = true;
                o.threads = threads;
                INFO("threads " << threads);
                const auto r = solve_against(h, o, expected);
                if (!r) return false;
                REQUIRE(r->best_moves == plain->best_moves);
                REQUIRE(r->undecided_moves.empty());
                decided += r->reply_races;
                if (threads == 1 && r->reply_races > 0) ++with_moves;
            }
            REQUIRE(plain->reply_races == 0);
            return true;
        });
    REQUIRE(checked >= cases(200));
    CAPTURE(decided, with_moves);
    REQUIRE(with_moves >= cases(200) / 20);  // the races of the replies did decide tests
}

namespace {
// The aims the tests below ask of a position of value `expected`: the value itself, one step
// either side, half a point above, the ends of the score range and 0, those within the range.
std::vector<int> aims_around(const History& h, int expected) {
    const int reach = 2 * h.geometry().points(), komi = h.rules().komi_x2;
    std::vector<int> aims;
    for (int aim :
         {expected, expected + 2, expected - 2, expected + 1, -reach - komi, reach - komi, 0})
        if (aim >= -reach - komi && aim <= reach - komi) aims.push_back(aim);
    return aims;
}
}  // namespace

// SolveOptions::aim_x2 only changes the root's first test, so with any aim (the value itself, one
// step either side, half a point above, the ends of the score range, 0) the value and the optimal
// moves are those of the search without one, and the reference's; with small race caps too, so
// that the other first moves' tests ask the aim before a best is proven.
TEST_CASE("solver: a conjectured value to test first (--aim) changes no value", "[solver]") {
    int aims = 0, moved = 0;  // solves; those whose value took other nodes than without an aim
    const int checked =
        check_random_histories(20261127, cases(80), [&](History& h, int expected, bool) {
            const auto plain = solve_against(h, small_options(), expected);
            if (!plain) return false;
            for (int aim : aims_around(h, expected)) {
                for (u64 race_cap : {u64{1} << 20, u64{1}}) {
                    SolveOptions o = small_options();
                    o.aim_x2 = aim;
                    o.race_cap = race_cap;
                    INFO("aim " << aim << " race cap " << race_cap);
                    const auto r = solve_against(h, o, expected);
                    if (!r) return false;
                    REQUIRE(r->best_moves == plain->best_moves);
                    ++aims;
                    if (r->value_nodes != plain->value_nodes) ++moved;
                }
            }
            return true;
        });
    REQUIRE(checked >= cases(80));
    REQUIRE(aims >= 6 * cases(80));
    REQUIRE(moved >= cases(80));  // the aim does change the tests asked
}

// SolveOptions::aim_only answers whether Black reaches the aim and stops: against the reference
// value, on random histories of every preset with the aims of the test above, small race caps
// and two threads, the bounds hold the value and answer the question (lower >= aim exactly where
// the value reaches it, else upper < aim), and each first move's bounds hold that move's
// reference value. Where it stops short of the value its bounds stay apart: counted, so that a
// mode that proved the value before it stopped would fail.
TEST_CASE("solver: --aim-only answers whether Black reaches the aim, and stops", "[solver]") {
    int answers = 0, short_of_value = 0, moves_decided = 0;
    const int checked =
        check_random_histories(20261207, cases(60), [&](History& h, int expected, bool) {
            const int sign = h.current().to_move == Color::Black ? 1 : -1;
            for (int aim : aims_around(h, expected)) {
                const int guess = sign > 0 ? aim : 1 - aim;  // the side to move's view
                for (auto [race_cap, threads] :
                     {std::pair{u64{1} << 20, 1}, {u64{1}, 1}, {u64{1} << 20, 2}}) {
                    SolveOptions o = small_options();
                    o.aim_x2 = aim;
                    o.aim_only = true;
                    o.race_cap = race_cap;
                    o.threads = threads;
                    INFO("aim " << aim << " race cap " << race_cap << " threads " << threads);
                    const SolveResult r = solve(h, o);
                    if (r.nodes >= o.node_limit) return false;  // too large for the check
                    REQUIRE(r.aim_answered);
                    REQUIRE(r.lower_x2 <= expected);
                    REQUIRE(expected <= r.upper_x2);
                    REQUIRE((r.lower_x2 >= aim) == (expected >= aim));
                    REQUIRE((r.upper_x2 < aim) == (expected < aim));
                    ++answers;
                    short_of_value += r.lower_x2 < r.upper_x2;
                    for (const RootBound& b : r.root_bounds) {
                        History child = h;
                        REQUIRE(child.play(b.move) == Verdict::Legal);
                        int v;
                        if (!reference::value_x2(child, v, 2'000'000)) continue;
                        REQUIRE(b.lo <= sign * v);
                        REQUIRE(sign * v <= b.hi);
                        moves_decided += b.lo >= guess || b.hi < guess;
                    }
                }
            }
            return true;
        });
    REQUIRE(checked >= cases(60));
    CAPTURE(answers, short_of_value, moves_decided);
    REQUIRE(answers >= 3 * 5 * cases(60));
    REQUIRE(short_of_value * 4 >= answers);
    REQUIRE(moves_decided * 2 >= answers);
}

// Stopped by its node limit before the answer, an --aim-only solve of 4x4 (B+2, van der Werf
// and Winands 2009) keeps proven bounds and says it did not answer: not complete, not answered.
TEST_CASE("solver: --aim-only stopped before its answer keeps proven bounds", "[solver]") {
    const Geometry g = *Geometry::make(4, 4);
    History h(g, find_preset("tromp-taylor")->rules);
    for (int aim : {4, 6}) {  // half points: +2 and +3
        SolveOptions o = small_options();
        o.aim_x2 = aim;
        o.aim_only = true;
        o.node_limit = 20'000;
        const SolveResult r = solve(h, o);
        INFO("aim " << aim << ": " << r.lower_x2 << " to " << r.upper_x2 << " after " << r.nodes);
        REQUIRE_FALSE(r.aim_answered);
        REQUIRE_FALSE(r.complete);
        REQUIRE(r.lower_x2 <= 4);
        REQUIRE(4 <= r.upper_x2);
    }
}

// The aim's first test asks whether Black reaches it, whichever side moves: the first test of a
// first move to end is High in a Black child (Low in a White one) exactly where that move reaches
// the aim. On 1x7 with at most two stones no static bound narrows the test asked, and the aims
// (the move's value and a point either side) make a test asked with the sides' roles swapped, or
// at the aim's negation, answer the other way at least once.
TEST_CASE("solver: --aim's first test asks whether Black reaches it, either side to move",
          "[solver]") {
    const Geometry g = *Geometry::make(1, 7);
    for (const char* preset : {"tromp-taylor", "aga"}) {
        const Rules rules = find_preset(preset)->rules;
        for (Move before : {NoMove, Move{3}, Move{1}}) {
            History h(g, rules);
            if (before != NoMove) REQUIRE(h.play(before) == Verdict::Legal);
            SolveOptions all = small_options();
            all.all_moves = true;
            const SolveResult each = solve(h, all);
            REQUIRE(each.complete);
            const Color child = h.current().to_move == Color::Black ? Color::White : Color::Black;
            int checked = 0;
            for (int offset : {0, 2, -2}) {
                Progress first{NoMove, 0, Unknown, 0};
                SolveOptions o = small_options();
                o.progress = [&](const Progress& p) {
                    if (first.answer == Unknown && p.answer != Unknown) first = p;
                };
                // The value of the move the race asks first, found from a first run.
                auto value_of = [&](Move m) {
                    for (const MoveValue& mv : each.move_values)
                        if (mv.move == m) return mv.value_x2;
                    FAIL("no value for the move asked first");
                    return 0;
                };
                o.aim_x2 = 0;
                solve(h, o);
                REQUIRE(first.answer != Unknown);
                const Move asked = first.move;
                const int aim = value_of(asked) + offset;
                first = {NoMove, 0, Unknown, 0};
                o.aim_x2 = aim;
                const SolveResult r = solve(h, o);
                REQUIRE(r.complete);
                REQUIRE(r.value_x2 == each.value_x2);
                INFO(preset << " after " << int{before} << ": aim " << aim << ", move "
                            << int{first.move} << " of value " << value_of(first.move));
                REQUIRE(first.move == asked);
                const bool reaches = value_of(asked) >= aim;
                const int expected =
                    (child == Color::Black) == reaches ? smallgo::High : smallgo::Low;
                CHECK(first.answer == expected);
                ++checked;
            }
            REQUIRE(checked == 3);
        }
    }
}

TEST_CASE("solver: progress reports hold the value within their bounds, which only narrow",
          "[solver][parallel]") {
    // Random histories on 1x6, 2x3, 1x7 and 2x4 under every preset, with 1 and 2 threads: every
    // report of a solve carries bounds of the position's value (Black's view) that hold the value
    // the solve ends with, lie within the board's scores, and never widen from one report to the
    // next (the progress line shows them as proven).
    std::mt19937_64 rng(test::seed(20261128));
    const std::pair<int, int> boards[] = {{1, 6}, {2, 3}, {1, 7}, {2, 4}};
    int checked = 0, narrowed = 0;
    for (int round = 0; checked < cases(30) && round < 3000; ++round) {
        History h = longer_random_history(round, boards, rng);
        if (h.game_over()) continue;
        const ScoreRange range = score_range(h);
        for (int threads : {1, 2}) {
            std::vector<Progress> reports;
            std::mutex m;
            SolveOptions o = small_options();
            o.threads = threads;
            o.progress = [&](const Progress& p) {
                std::lock_guard<std::mutex> lock(m);
                reports.push_back(p);
            };
            const SolveResult r = solve(h, o);
            if (!r.complete || reports.empty()) continue;
            INFO(h.geometry().name() << " " << describe(h.rules()) << " after " << h.turns()
                                     << " turns, " << threads << " threads");
            int lower = range.lower_x2, upper = range.upper_x2;
            for (const Progress& p : reports) {
                REQUIRE(p.bounds);
                CHECK(p.lower_x2 <= r.value_x2);
                CHECK(r.value_x2 <= p.upper_x2);
                CHECK(p.lower_x2 >= lower);
                CHECK(p.upper_x2 <= upper);
                if (p.lower_x2 > range.lower_x2 || p.upper_x2 < range.upper_x2) ++narrowed;
                lower = p.lower_x2, upper = p.upper_x2;
            }
            ++checked;
        }
    }
    REQUIRE(checked >= cases(30));
    REQUIRE(narrowed >= cases(30));  // bounds were reported narrowed, not only the whole range
}
