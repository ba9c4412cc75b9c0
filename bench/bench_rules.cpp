// The rules kernel on random legal games under tromp-taylor (positional superko), beside the naive
// reference of tests/naive_rules.hpp playing the very same games. One move is: draw a random
// candidate (uniformly among the empty points and pass), check its legality against the history,
// drop it and draw again while illegal, play it and record it in the superko history. Items are
// moves played, so items_per_second is moves per second; a game ends after two passes (or at
// MaxTurns) and the next starts from the empty board (the kernel's History pops back to the start).
// Fixed seeds.
//
//   bench_rules --benchmark_filter=. [--benchmark_min_time=2]
#include <benchmark/benchmark.h>

#include <bit>
#include <vector>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "tests/naive_bridge.hpp"

namespace smallgo {
namespace {

constexpr u64 Seed = 0x5a11'90;
// A game that runs this long is abandoned (random games under superko can be very long).
constexpr int MaxTurns = 1000;

// The k-th (from 0) set bit of b, which has more than k set bits.
int nth_bit(Bitboard b, int k) {
#ifdef __BMI2__
    return std::countr_zero(_pdep_u64(Bitboard{1} << k, b));
#else
    for (; k > 0; --k) b &= b - 1;
    return std::countr_zero(b);
#endif
}

// Plays one random game with the kernel; returns the moves played.
long kernel_game(History& h, test::Rng& rng) {
    const Geometry& g = h.geometry();
    while (h.turns() > 0) h.pop();
    while (!h.game_over() && h.turns() < MaxTurns) {
        // The candidates: every empty point, then pass (always legal).
        Bitboard candidates = h.current().empty(g);
        for (int count = std::popcount(candidates) + 1;; --count) {
            const int pick = rng.below(count);
            const Move m = pick == count - 1 ? Pass : static_cast<Move>(nth_bit(candidates, pick));
            if (h.play(m) == Verdict::Legal) break;  // check, play, record
            candidates &= ~Geometry::bit(m);
        }
    }
    return h.turns();
}

// The same game with the naive reference.
long naive_game(int rows, int cols, const naive::Rules& r, test::Rng& rng) {
    naive::Game game(rows, cols, r);
    long turns = 0;
    while (!game.over() && turns < MaxTurns) {
        std::vector<int> candidates;
        for (int p = 0; p < rows * cols; ++p)
            if (game.grid().colour[p] == naive::Colour::Empty) candidates.push_back(p);
        candidates.push_back(naive::PassMove);
        for (;;) {
            const int pick = rng.below(static_cast<int>(candidates.size()));
            const int m = candidates[static_cast<std::size_t>(pick)];
            if (game.check(m) == naive::Verdict::Legal) {
                game.play(m);
                break;
            }
            candidates.erase(candidates.begin() + pick);
        }
        ++turns;
    }
    return turns;
}

void BM_KernelRandomGames(benchmark::State& state) {
    const int side = static_cast<int>(state.range(0));
    const Geometry g = *Geometry::make(side, side);
    History h(g, find_preset("tromp-taylor")->rules);
    test::Rng rng{Seed};
    long moves = 0, games = 0;
    for (auto _ : state) {
        moves += kernel_game(h, rng);
        ++games;
        benchmark::DoNotOptimize(h.current());
    }
    state.SetItemsProcessed(moves);
    state.counters["moves_per_game"] = static_cast<double>(moves) / static_cast<double>(games);
}

void BM_NaiveRandomGames(benchmark::State& state) {
    const int side = static_cast<int>(state.range(0));
    const naive::Rules r = test::to_naive(find_preset("tromp-taylor")->rules);
    test::Rng rng{Seed};
    long moves = 0, games = 0;
    for (auto _ : state) {
        moves += naive_game(side, side, r, rng);
        ++games;
    }
    state.SetItemsProcessed(moves);
    state.counters["moves_per_game"] = static_cast<double>(moves) / static_cast<double>(games);
}

BENCHMARK(BM_KernelRandomGames)->Arg(3)->Arg(4)->Arg(5)->Arg(7);
BENCHMARK(BM_NaiveRandomGames)->Arg(3)->Arg(4)->Arg(5)->Arg(7);

}  // namespace
}  // namespace smallgo

BENCHMARK_MAIN();
