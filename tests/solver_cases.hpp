// The helpers of the solver's tests (test_solver*.cpp): the small solves checked against the
// reference solver (tests/reference_solver.hpp) and the random histories they are drawn from.
#pragma once

#include <catch2/catch.hpp>

#include <bit>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <random>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "case_budget.hpp"
#include "random_games.hpp"
#include "reference_solver.hpp"
#include "rules/history.hpp"
#include "solver/search.hpp"

namespace smallgo::test {

// The options of the small solves: a 4 MB table, at most 20 million nodes, one thread.
inline SolveOptions small_options() {
    SolveOptions o;
    o.hash_bytes = std::size_t{4} << 20;
    o.node_limit = 20'000'000;
    return o;
}

// With table = false: plain alpha-beta, without the table and without the simple-ko bounds.
inline SolveResult solve_small(History& h, bool table = true, int threads = 1) {
    SolveOptions o = small_options();
    o.use_table = table;
    o.use_cycle_bounds = table;
    o.threads = threads;
    return solve(h, o);
}

// The PV replays legally to a finished game whose result is the value.
inline void check_pv(History h, const SolveResult& r) {
    for (Move m : r.pv) REQUIRE(h.play(m) == Verdict::Legal);
    REQUIRE(h.game_over());
    REQUIRE(h.result_x2() == r.value_x2);
}

// Compares `kept`, a solve of h with tables kept from earlier solves, with a fresh solve_small(h):
// where both completed, they must have the same value and optimal moves and kept's principal
// variation must replay to it. Returns the fresh solve where both completed, nothing otherwise.
inline std::optional<SolveResult> same_as_fresh(History& h, const SolveResult& kept) {
    SolveResult fresh = solve_small(h);
    if (!kept.complete || !fresh.complete) return std::nullopt;
    REQUIRE(kept.value_x2 == fresh.value_x2);
    REQUIRE(kept.best_moves == fresh.best_moves);
    check_pv(h, kept);
    return fresh;
}

// Solves h with o. A search stopped by its node limit gives nothing; a complete one must have
// the reference's value, and its principal variation must replay to it.
inline std::optional<SolveResult> solve_against(History& h, const SolveOptions& o, int expected) {
    SolveResult r = solve(h, o);
    if (!r.complete) return std::nullopt;
    REQUIRE(r.value_x2 == expected);
    check_pv(h, r);
    return r;
}

// o's search with `threads` threads, stopped after about `limit` nodes.
inline SolveResult solve_limited(History& h, SolveOptions o, int threads, u64 limit) {
    o.threads = threads;
    o.node_limit = limit;
    return solve(h, o);
}

inline const char* const PresetNames[] = {
    "tromp-taylor", "tromp-taylor-1996", "tromp-taylor-1996-plays", "mg", "simple", "aga"};
inline constexpr int PresetCount = static_cast<int>(std::size(PresetNames));

// Whether the reference solver cannot finish this board from the start under this preset (over
// 10^8 nodes): 1x5 under the MG rules and under both readings of the 1996 wording.
inline bool beyond_reference(std::string_view name, const Geometry& g) {
    return (name == "mg" || name.starts_with("tromp-taylor-1996")) && g.points() == 5;
}

// Round r's position for the random-history tests: board and preset cycle with r, then 2 to 14
// random moves (illegal ones skipped, three passes in four skipped). `captured` tells whether a
// play emptied a point.
inline History random_history(int round, std::mt19937_64& rng, bool& captured) {
    const std::pair<int, int> boards[] = {{2, 2}, {1, 4}, {1, 5}, {2, 3}};
    auto [rows, cols] = boards[round % 4];
    Geometry g = *Geometry::make(rows, cols);
    History h(g, find_preset(PresetNames[(round / 4) % PresetCount])->rules);
    int length = std::uniform_int_distribution<int>(2, 14)(rng);
    captured = false;
    for (int i = 0; i < length && !h.game_over(); ++i) {
        Move m = static_cast<Move>(std::uniform_int_distribution<int>(-1, g.points() - 1)(rng));
        if (m == Pass && std::uniform_int_distribution<int>(0, 3)(rng) != 0) continue;
        int before = std::popcount(h.current().occupied());
        if (h.play(m) == Verdict::Legal && m != Pass &&
            std::popcount(h.current().occupied()) <= before)
            captured = true;
    }
    return h;
}

// Draws round after round of random_history until `wanted` positions were checked or 5,000 rounds
// were drawn. A position the game has ended in, or that the reference does not solve within 2M
// nodes, is skipped; the others go to check(h, expected, captured), with the reference's value,
// which returns whether it checked the position (every search it ran completed). Returns the
// number checked. The tests against the reference on random histories share this loop.
template <class Check>
int check_random_histories(u64 seed, int wanted, Check check) {
    std::mt19937_64 rng(test::seed(seed));
    int checked = 0;
    for (int round = 0; checked < wanted && round < 5000; ++round) {
        bool captured;
        History h = random_history(round, rng, captured);
        if (h.game_over()) continue;
        int expected;
        if (!reference::value_x2(h, expected, 2'000'000)) continue;
        INFO(h.geometry().name() << " " << describe(h.rules()) << " after " << h.turns()
                                 << " turns");
        checked += check(h, expected, captured) ? 1 : 0;
    }
    return checked;
}

// Solves h with a search option on and off (`set(o, on)` on small_options()) with each of
// `threads` threads, every search against the reference value `expected`: all must name the same
// optimal first moves. `seen(result, threads, on)` is shown each result, to count what the option
// did. False if a solve did not complete.
template <class Set, class Seen>
bool same_moves_every_way(History& h, int expected, std::initializer_list<int> threads, Set set,
                          Seen seen) {
    std::optional<std::vector<Move>> best;
    for (int t : threads)
        for (bool on : {true, false}) {
            SolveOptions o = small_options();
            o.threads = t;
            set(o, on);
            const auto r = solve_against(h, o, expected);
            if (!r) return false;
            seen(*r, t, on);
            if (!best) best = r->best_moves;
            REQUIRE(r->best_moves == *best);
        }
    return true;
}

// same_moves_every_way with one thread; `differed` counts the positions the option searched
// differently.
template <class Set>
bool same_moves_both_ways(History& h, int expected, Set set, int& differed) {
    u64 nodes_on = 0;
    return same_moves_every_way(h, expected, {1}, set, [&](const SolveResult& r, int, bool on) {
        if (on)
            nodes_on = r.nodes;
        else if (r.nodes != nodes_on)
            ++differed;
    });
}

// Round r's position for the tests beyond the reference's reach: board (from `boards`) and preset
// cycle with r, then 3 to 16 random moves (illegal ones skipped, three passes in four skipped).
inline History longer_random_history(int round, std::span<const std::pair<int, int>> boards,
                                     std::mt19937_64& rng) {
    const int length = std::uniform_int_distribution<int>(3, 16)(rng);
    return testing::random_game(round, boards, PresetNames, length, rng);
}

}  // namespace smallgo::test
