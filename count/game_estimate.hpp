// An estimate of the number of complete games of a board too big to count exactly, by Knuth's
// random-path estimator ("Estimating the efficiency of backtrack programs", D. E. Knuth,
// Mathematics of Computation 29, 1975): walk one game from the empty board choosing each turn
// uniformly among the d legal ones (History::check decides); the product of the d along the game
// is an unbiased estimate of the number of games, since a game chosen with probability 1 / prod d
// contributes prod d. The mean of K independent walks is unbiased too; its interval is the
// normal one, mean +- 1.96 s / sqrt(K) with s the walks' sample standard deviation. The
// products are heavy-tailed (a few long games weigh most), so on big boards the interval is only
// as good as K is large: docs/games.md says how to read it.
//
// Walk i draws from a splitmix64 stream seeded by (seed, i), and walks are summed in blocks in
// their order, so an estimate depends on the seed and K only, never on the threads. Products are
// kept in long double (range 10^4932). Costs: one walk is one game's turns times the board's
// points of History::check; no memory beyond the walk.
#pragma once

#include <atomic>
#include <functional>

#include "rules/geometry.hpp"
#include "rules/rules.hpp"

namespace smallgo {

struct GameEstimateOptions {
    u64 samples = 10000;
    u64 seed = 1;
    int threads = 1;
    const std::atomic<bool>* stop = nullptr;
    std::function<void(u64 done, u64 samples, double seconds)> progress;  // after each block
};

struct GameEstimate {
    u64 samples = 0;                // walks made (fewer than asked when stopped)
    long double mean = 0;           // the estimate of the number of games
    long double std_error = 0;      // of the mean: s / sqrt(samples)
    long double low = 0, high = 0;  // the 95% normal interval, mean -+ 1.96 std_error
    double mean_turns = 0;          // the walks' average length
    int longest_turns = 0;          // the longest walk
    bool complete = true;
    double seconds = 0;
};

// Knuth's estimate of the number of games of g under r from the empty board.
GameEstimate estimate_games(const Geometry& g, const Rules& r, const GameEstimateOptions& o);

// One random walk: the product of the numbers of legal turns along it, and its length in turns.
// `state` is the walk's splitmix64 state.
long double random_game_weight(const Geometry& g, const Rules& r, u64 state, int* turns = nullptr);

}  // namespace smallgo
