// History and hashing along random games: incremental Zobrist hashes equal hashes recomputed from
// scratch, History::is_ok after every push and pop, and games mapped by a symmetry of the board
// give mapped positions, the same verdicts and the same scores. Fixed seeds.
#include <vector>

#include <catch2/catch.hpp>

#include "rules/scoring.hpp"
#include "tests/naive_bridge.hpp"

namespace smallgo::test {
namespace {

// A random legal move (pass included) for the side to move, drawn among all legal ones.
Move random_legal(const History& h, Rng& rng) {
    std::vector<Move> legal;
    for (int m = Pass; m < h.geometry().points(); ++m)
        if (h.check(static_cast<Move>(m)) == Verdict::Legal) legal.push_back(static_cast<Move>(m));
    return legal[rng.below(static_cast<int>(legal.size()))];
}

// A random game, moves only; past 3 * points + 8 turns both players pass.
std::vector<Move> random_game(const Geometry& g, const Rules& r, Rng& rng) {
    History h(g, r);
    std::vector<Move> moves;
    while (!h.game_over()) {
        Move m = h.turns() >= 3 * g.points() + 8 ? Pass : random_legal(h, rng);
        REQUIRE(h.play(m) == Verdict::Legal);
        moves.push_back(m);
    }
    return moves;
}

}  // namespace

TEST_CASE("rules: incremental hashes equal hashes from scratch; History stays consistent",
          "[history]") {
    Rng rng{0x4a54};
    long positions = 0;
    for (const auto& p : presets())
        for (int rows = 1; rows <= 8; ++rows)
            for (int cols = 1; cols <= 8; ++cols) {
                INFO(p.name << " " << rows << "x" << cols);
                const Geometry g = *Geometry::make(rows, cols);
                History h(g, p.rules);
                std::vector<Position> seen{h.current()};
                for (Move m : random_game(g, p.rules, rng)) {
                    Position next;
                    REQUIRE(h.check(m, next) == Verdict::Legal);
                    REQUIRE(h.play(m) == Verdict::Legal);
                    const Position& cur = h.current();
                    // check() and play() give the same position.
                    CHECK((cur.same_board(next) && cur.hash == next.hash &&
                           cur.to_move == next.to_move && cur.passes == next.passes));
                    CHECK(cur.is_ok(g));
                    CHECK(cur.hash == make_position(cur.black(), cur.white()).hash);
                    CHECK(cur.situational_hash() ==
                          make_position(cur.black(), cur.white(), cur.to_move).situational_hash());
                    CHECK(h.is_ok());
                    seen.push_back(cur);
                    ++positions;
                }
                // Take every turn back: the history returns through the same positions.
                while (h.turns() > 0) {
                    h.pop();
                    CHECK(h.is_ok());
                    const Position& cur = h.current();
                    const Position& want = seen[static_cast<std::size_t>(h.turns())];
                    CHECK((cur.same_board(want) && cur.hash == want.hash &&
                           cur.to_move == want.to_move && cur.passes == want.passes));
                }
                CHECK(h.turns() == 0);
            }
    CHECK(positions > 10000);
}

TEST_CASE("rules: the situational hash tells the player to move", "[history]") {
    Position a = make_position(0b101, 0b010, Color::Black);
    Position b = make_position(0b101, 0b010, Color::White);
    CHECK(a.hash == b.hash);
    CHECK(a.situational_hash() != b.situational_hash());
    CHECK(Position{}.hash == 0);
}

TEST_CASE("rules: symmetric games give symmetric positions, verdicts and scores", "[history]") {
    Rng rng{0x5937};
    long compared = 0;
    for (const auto& p : presets())
        for (int rows = 1; rows <= 8; ++rows)
            for (int cols = 1; cols <= 8; ++cols) {
                if (rows * cols > 40 && (rows + cols) % 3 != 0) continue;  // a sample of the big
                const Geometry g = *Geometry::make(rows, cols);
                const std::vector<Move> game = random_game(g, p.rules, rng);
                for (int s = 1; s < g.symmetry_count(); ++s) {
                    INFO(p.name << " " << g.name() << " symmetry " << s);
                    auto map_move = [&](Move m) {
                        return m == Pass ? Pass : static_cast<Move>(g.map_point(s, m));
                    };
                    History h(g, p.rules), hs(g, p.rules);
                    for (Move m : game) {
                        for (int q = Pass; q < g.points(); ++q) {
                            Move mq = static_cast<Move>(q);
                            if (h.check(mq) != hs.check(map_move(mq))) {
                                FAIL_CHECK("verdicts differ at " << g.aga(mq));
                            }
                        }
                        REQUIRE(h.play(m) == Verdict::Legal);
                        REQUIRE(hs.play(map_move(m)) == Verdict::Legal);
                        const Position &a = h.current(), &b = hs.current();
                        CHECK(g.map(s, a.black()) == b.black());
                        CHECK(g.map(s, a.white()) == b.white());
                        CHECK((a.to_move == b.to_move && a.passes == b.passes));
                        CHECK(area_score(g, a) == area_score(g, b));
                        ++compared;
                    }
                    CHECK(hs.game_over());
                    CHECK(h.ended_by_cycle() == hs.ended_by_cycle());
                    CHECK(h.result_x2() == hs.result_x2());
                }
            }
    CHECK(compared > 10000);
}

}  // namespace smallgo::test
