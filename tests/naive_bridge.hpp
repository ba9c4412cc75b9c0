// Translation between the kernel's types (rules/) and the naive reference's (naive_rules.hpp),
// for the differential test and the benchmark, plus the small fixed-seed random generator they
// share. The naive reference itself includes none of rules/; only this bridge sees both.
#pragma once

#include "rules/history.hpp"
#include "rules/position.hpp"
#include "rules/rules.hpp"
#include "tests/naive_rules.hpp"

namespace smallgo::test {

// The kernel's rules as the naive reference spells them.
inline naive::Rules to_naive(const Rules& r) {
    naive::KoRule ko = naive::KoRule::Positional;
    switch (r.ko) {
        case KoRule::Simple:
            ko = naive::KoRule::Simple;
            break;
        case KoRule::Positional:
            ko = naive::KoRule::Positional;
            break;
        case KoRule::Situational:
            ko = naive::KoRule::Situational;
            break;
        case KoRule::OwnGrids:
            ko = naive::KoRule::OwnGrids;
            break;
        case KoRule::OwnPlays:
            ko = naive::KoRule::OwnPlays;
            break;
    }
    return naive::Rules{ko, r.suicide_allowed, r.komi_x2};
}

// The kernel's verdict as the naive reference spells it.
inline naive::Verdict to_naive(Verdict v) {
    switch (v) {
        case Verdict::Legal:
            return naive::Verdict::Legal;
        case Verdict::Occupied:
            return naive::Verdict::Occupied;
        case Verdict::Suicide:
            return naive::Verdict::Suicide;
        case Verdict::Ko:
            return naive::Verdict::Ko;
        case Verdict::Superko:
            return naive::Verdict::Superko;
        case Verdict::GameOver:
            return naive::Verdict::GameOver;
    }
    return naive::Verdict::GameOver;
}

// The grid of a kernel position.
inline naive::Grid to_grid(const Geometry& g, const Position& p) {
    naive::Grid grid = naive::empty_grid(g.rows(), g.cols());
    for (int i = 0; i < g.points(); ++i) {
        if (p.black() & Geometry::bit(i)) grid.colour[i] = naive::Colour::Black;
        if (p.white() & Geometry::bit(i)) grid.colour[i] = naive::Colour::White;
    }
    return grid;
}

inline naive::Colour to_naive(Color c) {
    return c == Color::Black ? naive::Colour::Black : naive::Colour::White;
}

// splitmix64: a fixed, portable sequence for a given seed (std distributions differ by library).
struct Rng {
    u64 state;
    u64 next() {
        u64 z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    // Uniform in 0..n-1 (1 <= n < 2^31): the high half of a 32x32-bit product.
    int below(int n) { return static_cast<int>(((next() >> 32) * static_cast<u64>(n)) >> 32); }
};

}  // namespace smallgo::test
