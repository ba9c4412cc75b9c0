// The differential test: the bitboard kernel against the naive reference (naive_rules.hpp) over
// random games on every board from 1x1 to 8x8 under every preset. At each turn both must give
// the same verdict (and kind of illegality) for every point and for pass; then one random legal
// move is played in both and the positions must be equal point by point, with the same player to
// move, passes, areas and game state; at the end the results must be equal. Fixed seeds.
#include <array>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "rules/diagram.hpp"
#include "rules/scoring.hpp"
#include "tests/case_budget.hpp"
#include "tests/naive_bridge.hpp"

namespace smallgo::test {
namespace {

struct DiffStats {
    long moves = 0;  // moves played, each after comparing the verdicts of every point and pass
    long games = 0;
    long draws = 0;                  // games ended by the MG repetition
    std::array<long, 6> verdicts{};  // verdicts seen, by kind (Verdict as index)
    std::string first_mismatch;

    void mismatch(std::string what) {
        if (first_mismatch.empty()) first_mismatch = std::move(what);
    }
};

// The game so far, for the message of a failed comparison.
std::string describe_state(const Geometry& g, const History& h, const Preset& p,
                           const std::vector<Move>& moves) {
    std::string text{p.name};
    text += " on ";
    text += g.name();
    text += ", moves:";
    for (Move m : moves) {
        text += ' ';
        text += g.aga(m);
    }
    text += '\n';
    text += to_diagram(g, h.current());
    text += h.current().to_move == Color::Black ? "Black" : "White";
    text += " to move\n";
    return text;
}

// Plays random games on board g under preset p until at least `min_moves` moves have been
// played, comparing the kernel with the naive reference at every step.
void differential_games(const Geometry& g, const Preset& p, u64 seed, long min_moves,
                        DiffStats& stats) {
    Rng rng{seed};
    // Random games under superko can run long; past this many turns both players pass.
    const int max_turns = 3 * g.points() + 8;
    long moves = 0;
    while (moves < min_moves && stats.first_mismatch.empty()) {
        History h(g, p.rules);
        naive::Game ref(g.rows(), g.cols(), to_naive(p.rules));
        std::vector<Move> played;
        ++stats.games;
        while (!h.game_over() && stats.first_mismatch.empty()) {
            std::array<Move, MaxPoints + 1> legal{};
            int legal_count = 0;
            for (int m = Pass; m < g.points(); ++m) {
                Verdict v = h.check(static_cast<Move>(m));
                naive::Verdict nv = ref.check(m);
                ++stats.verdicts[static_cast<int>(v)];
                if (to_naive(v) != nv)
                    stats.mismatch(describe_state(g, h, p, played) + "verdicts differ at " +
                                   g.aga(static_cast<Move>(m)) + ": kernel " +
                                   std::string(verdict_name(v)) + ", naive " +
                                   std::to_string(static_cast<int>(nv)));
                if (v == Verdict::Legal) legal[legal_count++] = static_cast<Move>(m);
            }
            Move m = h.turns() >= max_turns ? Pass : legal[rng.below(legal_count)];
            if (h.play(m) != Verdict::Legal) stats.mismatch("kernel refused its legal move");
            ref.play(m);
            played.push_back(m);
            ++moves;
            ++stats.moves;

            const Position& pos = h.current();
            const naive::Grid grid = to_grid(g, pos);
            if (grid != ref.grid())
                stats.mismatch(describe_state(g, h, p, played) + "grids differ after " + g.aga(m));
            if (to_naive(pos.to_move) != ref.to_move() || pos.passes != ref.consecutive_passes() ||
                h.game_over() != ref.over() || h.ended_by_cycle() != ref.ended_by_repetition())
                stats.mismatch(describe_state(g, h, p, played) + "game state differs after " +
                               g.aga(m));
            Areas a = areas(g, pos);
            if (a.black != naive::score(grid, naive::Colour::Black) ||
                a.white != naive::score(grid, naive::Colour::White))
                stats.mismatch(describe_state(g, h, p, played) + "areas differ");
            // The static test: every string reaches empty, i.e. clearing changes nothing.
            bool naive_legal = naive::clear(grid, naive::Colour::Black) == grid &&
                               naive::clear(grid, naive::Colour::White) == grid;
            if (pos.is_legal(g) != naive_legal || !naive_legal)
                stats.mismatch(describe_state(g, h, p, played) + "is_legal differs");
        }
        if (!stats.first_mismatch.empty()) break;
        if (h.ended_by_cycle()) ++stats.draws;
        if (h.result_x2() != ref.result_x2())
            stats.mismatch(describe_state(g, h, p, played) + "results differ: kernel " +
                           std::to_string(h.result_x2()) + ", naive " +
                           std::to_string(ref.result_x2()));
        for (int m = Pass; m < g.points(); ++m)
            if (h.check(static_cast<Move>(m)) != Verdict::GameOver ||
                ref.check(m) != naive::Verdict::GameOver)
                stats.mismatch(describe_state(g, h, p, played) + "a move after the end");
    }
}

// Every board from 1x1 to 8x8 under every preset, `per_board` moves each.
DiffStats run_all(long per_board, u64 seed_base) {
    DiffStats stats;
    for (std::size_t k = 0; k < presets().size(); ++k)
        for (int rows = 1; rows <= 8; ++rows)
            for (int cols = 1; cols <= 8; ++cols) {
                const u64 seed = seed_base + k * 1000 + static_cast<u64>(rows * 10 + cols);
                differential_games(*Geometry::make(rows, cols), presets()[k], seed, per_board,
                                   stats);
            }
    return stats;
}

void report(const DiffStats& s) {
    INFO(s.first_mismatch);
    CHECK(s.first_mismatch.empty());
    // The random games reach every kind of verdict and the MG draw.
    CHECK(s.verdicts[static_cast<int>(Verdict::Occupied)] > 0);
    CHECK(s.verdicts[static_cast<int>(Verdict::Suicide)] > 0);
    CHECK(s.verdicts[static_cast<int>(Verdict::Ko)] > 0);
    CHECK(s.verdicts[static_cast<int>(Verdict::Superko)] > 0);
    CHECK(s.draws > 0);
    WARN("differential test: " << s.moves << " random moves in " << s.games << " games, " << s.draws
                               << " repetition draws; verdicts compared: legal " << s.verdicts[0]
                               << ", occupied " << s.verdicts[1] << ", suicide " << s.verdicts[2]
                               << ", ko " << s.verdicts[3] << ", superko " << s.verdicts[4]);
}

}  // namespace

TEST_CASE("rules: kernel and naive reference agree on 100,000 random moves, every board and preset",
          "[diff]") {
    // 6 presets x 64 boards x 320 moves = 122,880 at least (a quarter under a sanitizer).
    DiffStats s = run_all(cases(320), 0x5eed0000);
    report(s);
    REQUIRE(s.moves >= cases(100000));
}

TEST_CASE("rules: kernel and naive reference agree on 1,000,000 random moves", "[diff][.][slow]") {
    DiffStats s = run_all(3200, 0xb16b0000);
    report(s);
    REQUIRE(s.moves >= 1000000);
}

}  // namespace smallgo::test
