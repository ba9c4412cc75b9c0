// Random games for the tests that compare searches on positions with histories.
#pragma once

#include <random>
#include <span>
#include <string>
#include <utility>

#include "rules/history.hpp"

namespace smallgo::testing {

// Round r's game: the board (from `boards`) and the preset (from `presets`) cycle with r, then up
// to `length` random moves (illegal ones skipped, three passes in four skipped).
inline History random_game(int round, std::span<const std::pair<int, int>> boards,
                           std::span<const char* const> presets, int length, std::mt19937_64& rng) {
    const int n = static_cast<int>(boards.size());
    const int k = static_cast<int>(presets.size());
    auto [rows, cols] = boards[static_cast<std::size_t>(round % n)];
    Geometry g = *Geometry::make(rows, cols);
    History h(g, find_preset(presets[static_cast<std::size_t>((round / n) % k)])->rules);
    for (int i = 0; i < length && !h.game_over(); ++i) {
        Move m = static_cast<Move>(std::uniform_int_distribution<int>(-1, g.points() - 1)(rng));
        if (m != Pass || std::uniform_int_distribution<int>(0, 3)(rng) == 0) h.play(m);
    }
    return h;
}

// Plays a random legal move in h, a pass one time in four: up to 100 draws, illegal ones and
// three passes in four skipped; false when none of them was played.
inline bool play_random_legal_move(History& h, std::mt19937_64& rng) {
    const int points = h.geometry().points();
    for (int tries = 0; tries < 100; ++tries) {
        const Move m = static_cast<Move>(std::uniform_int_distribution<int>(-1, points - 1)(rng));
        if (m == Pass && std::uniform_int_distribution<int>(0, 3)(rng) != 0) continue;
        if (h.play(m) == Verdict::Legal) return true;
    }
    return false;
}

// h's records after the start, each as its black and white stones ("5/8 13/8 ..."), for a
// failing check's message.
inline std::string records_line(const History& h) {
    // Appended piece by piece: GCC 12 misreads a chain of `+` on strings (-Wrestrict), which
    // warnings as errors would fail.
    std::string line;
    for (int i = 1; i <= h.turns(); ++i) {
        line += ' ';
        line += std::to_string(h.at(i).black());
        line += '/';
        line += std::to_string(h.at(i).white());
    }
    return line;
}

}  // namespace smallgo::testing
