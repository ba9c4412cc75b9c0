// Knuth's estimator: random walks in blocks over oneTBB, summed in block order.
#include "count/game_estimate.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <mutex>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "rules/history.hpp"

namespace smallgo {

namespace {

// Walks per block: the unit of work, of progress and of the ordered sum.
constexpr u64 BlockWalks = 256;

u64 splitmix(u64& state) {
    u64 z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

struct BlockSum {
    long double sum = 0, sum_squares = 0;
    u64 turns = 0, walks = 0;
    int longest = 0;
};

}  // namespace

long double random_game_weight(const Geometry& g, const Rules& r, u64 state, int* turns) {
    History h(g, r);
    long double weight = 1;
    std::array<Move, MaxPoints + 1> legal{};
    while (!h.game_over()) {
        int d = 0;
        for (int m = Pass; m < g.points(); ++m)
            if (h.check(static_cast<Move>(m)) == Verdict::Legal) legal[d++] = static_cast<Move>(m);
        // A pass is always legal, so d >= 1. Uniform choice: the high half of a 64x64 product.
        const u64 pick = static_cast<u64>((static_cast<u128>(splitmix(state)) * u64(d)) >> 64);
        weight *= d;
        h.play(legal[pick]);
    }
    if (turns) *turns = h.turns();
    return weight;
}

GameEstimate estimate_games(const Geometry& g, const Rules& r, const GameEstimateOptions& o) {
    const auto start = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    const u64 blocks = (o.samples + BlockWalks - 1) / BlockWalks;
    std::vector<BlockSum> sums(blocks);
    std::atomic<bool> stopped{false};
    std::atomic<u64> done{0};
    std::mutex progress_mutex;
    // Walk i's stream starts from a state mixed from the seed and i, so streams do not overlap
    // in any way that depends on the order walks run.
    u64 base = o.seed;
    const u64 seed_state = splitmix(base);

    tbb::task_arena arena(std::max(1, o.threads));
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<u64>(0, blocks, 1), [&](const auto& range) {
            for (u64 b = range.begin(); b != range.end(); ++b) {
                if (stopped.load(std::memory_order_relaxed)) return;
                if (o.stop && o.stop->load(std::memory_order_relaxed)) {
                    stopped.store(true, std::memory_order_relaxed);
                    return;
                }
                BlockSum s;
                const u64 end = std::min(o.samples, (b + 1) * BlockWalks);
                for (u64 i = b * BlockWalks; i < end; ++i) {
                    u64 state = seed_state ^ (i * 0xD1B54A32D192ED03ULL);
                    int t = 0;
                    const long double w = random_game_weight(g, r, splitmix(state), &t);
                    s.sum += w;
                    s.sum_squares += w * w;
                    s.turns += u64(t);
                    s.longest = std::max(s.longest, t);
                    ++s.walks;
                }
                sums[b] = s;
                const u64 n = done.fetch_add(end - b * BlockWalks) + (end - b * BlockWalks);
                if (o.progress) {
                    std::lock_guard lock(progress_mutex);
                    o.progress(n, o.samples, seconds());
                }
            }
        });
    });

    // Only a prefix of whole blocks counts when stopped, so that the walks used are the first
    // ones, whatever the threads did.
    GameEstimate e;
    BlockSum total;
    for (const BlockSum& s : sums) {
        if (s.walks == 0) break;
        total.sum += s.sum;
        total.sum_squares += s.sum_squares;
        total.turns += s.turns;
        total.walks += s.walks;
        total.longest = std::max(total.longest, s.longest);
    }
    e.samples = total.walks;
    e.complete = !stopped.load() && total.walks == o.samples;
    if (e.samples > 0) {
        const long double n = static_cast<long double>(e.samples);
        e.mean = total.sum / n;
        const long double var =
            e.samples > 1
                ? std::max<long double>(0, (total.sum_squares - n * e.mean * e.mean) / (n - 1))
                : 0;
        e.std_error = std::sqrt(var / n);
        e.low = e.mean - 1.96L * e.std_error;
        e.high = e.mean + 1.96L * e.std_error;
        e.mean_turns = static_cast<double>(total.turns) / static_cast<double>(e.samples);
        e.longest_turns = total.longest;
    }
    e.seconds = seconds();
    return e;
}

}  // namespace smallgo
