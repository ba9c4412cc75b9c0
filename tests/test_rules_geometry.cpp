// Geometry: board sizes, "MxN" parsing, AGA coordinates (columns skip I, rows from the bottom),
// SGF coordinates (rows from the top), neighbours and edges on every board including 1xn, nx1,
// 8x8, 1x64 and 64x1 (checked against row/column arithmetic), the symmetries, and their tables
// (rules/symmetry.hpp) checked against the plain per-point mapping.
#include <catch2/catch.hpp>

#include <random>

#include "rules/geometry.hpp"
#include "rules/symmetry.hpp"

namespace smallgo {
namespace {

// Every board of 1..64 points.
template <class F>
void for_each_board(F f) {
    for (int rows = 1; rows <= 64; ++rows)
        for (int cols = 1; rows * cols <= 64; ++cols) f(*Geometry::make(rows, cols));
}

// Neighbours of point p by row and column arithmetic.
Bitboard neighbours_by_arithmetic(const Geometry& g, int p) {
    Bitboard out = 0;
    int r = g.row_of(p), c = g.col_of(p);
    if (r > 0) out |= Geometry::bit(g.point(r - 1, c));
    if (r + 1 < g.rows()) out |= Geometry::bit(g.point(r + 1, c));
    if (c > 0) out |= Geometry::bit(g.point(r, c - 1));
    if (c + 1 < g.cols()) out |= Geometry::bit(g.point(r, c + 1));
    return out;
}

}  // namespace

TEST_CASE("rules: boards of 1 to 64 points, parsed from MxN", "[geometry]") {
    CHECK(Geometry::make(1, 1));
    CHECK(Geometry::make(8, 8));
    CHECK(Geometry::make(1, 64));
    CHECK(Geometry::make(64, 1));
    CHECK_FALSE(Geometry::make(0, 5));
    CHECK_FALSE(Geometry::make(5, 0));
    CHECK_FALSE(Geometry::make(5, 13));  // 65 points
    CHECK_FALSE(Geometry::make(65, 1));
    CHECK_FALSE(Geometry::make(9, 9));
    CHECK_FALSE(Geometry::make(-1, -1));

    auto g = Geometry::parse("3x4");
    REQUIRE(g);
    CHECK(g->rows() == 3);
    CHECK(g->cols() == 4);
    CHECK(g->points() == 12);
    CHECK(g->name() == "3x4");
    CHECK(Geometry::parse("3X4"));
    CHECK(Geometry::parse("1x64"));
    for (const char* bad : {"", "x", "3x", "x4", "3x4x", "3 x4", " 3x4", "3x4 ", "0x5", "5x13",
                            "9x9", "-3x4", "3x-4", "+3x4", "axb", "3*4", "1000x1", "3x4.0"}) {
        INFO(bad);
        CHECK_FALSE(Geometry::parse(bad));
    }
}

TEST_CASE("rules: AGA coordinates skip I; rows count from the bottom", "[geometry]") {
    const Geometry g = *Geometry::make(8, 8);
    CHECK(g.aga(static_cast<Move>(g.point(0, 0))) == "A1");
    CHECK(g.aga(static_cast<Move>(g.point(7, 7))) == "H8");
    CHECK(g.aga(static_cast<Move>(g.point(2, 1))) == "B3");
    CHECK(g.aga(Pass) == "pass");
    const Geometry wide = *Geometry::make(1, 10);
    CHECK(wide.aga(8) == "J1");
    CHECK(wide.aga(9) == "K1");
    CHECK(wide.parse_move("J1") == Move{8});
    CHECK_FALSE(wide.parse_move("I1"));
    // 1x64: after Z come two letters, AA for column 26 (the 25 letters without I, then again).
    const Geometry line = *Geometry::make(1, 64);
    CHECK(line.aga(24) == "Z1");
    CHECK(line.aga(25) == "AA1");
    CHECK(line.aga(63) == "BO1");
    CHECK(line.parse_move("AA1") == Move{25});
    CHECK(line.parse_move("BO1") == Move{63});

    CHECK(g.parse_move("a1") == Move{0});
    CHECK(g.parse_move("pass") == Pass);
    CHECK(g.parse_move("PASS") == Pass);
    CHECK(g.parse_move("Pass") == Pass);
    for (const char* bad :
         {"", "A", "1", "A0", "A9", "J1", "I1", "A1x", "1A", "A-1", "AAA1", "A 1", "passs", "Z1"}) {
        INFO(bad);
        CHECK_FALSE(g.parse_move(bad));
    }
}

TEST_CASE("rules: SGF coordinates: column then row from the top", "[geometry]") {
    const Geometry g = *Geometry::make(3, 3);
    CHECK(g.sgf(static_cast<Move>(g.point(0, 0))) == "ac");
    CHECK(g.sgf(static_cast<Move>(g.point(2, 0))) == "aa");
    CHECK(g.sgf(static_cast<Move>(g.point(1, 2))) == "cb");
    CHECK(g.parse_move("ac") == Move{0});
    CHECK(g.parse_move("cb") == static_cast<Move>(g.point(1, 2)));
    CHECK_FALSE(g.parse_move("ad"));
    CHECK_FALSE(g.parse_move("da"));
    // Beyond z come the capitals: column 26 of a 1x64 line is "Aa", row 26 of 64x1 is "aA"
    // counted from the top.
    const Geometry line = *Geometry::make(1, 64), column = *Geometry::make(64, 1);
    CHECK(line.sgf(26) == "Aa");
    CHECK(line.parse_move("Aa") == Move{26});
    CHECK(line.parse_move("Za") == Move{51});
    CHECK(column.sgf(static_cast<Move>(column.point(63 - 26, 0))) == "aA");
    CHECK(column.parse_move("aA") == static_cast<Move>(column.point(63 - 26, 0)));
}

TEST_CASE("rules: AGA and SGF names read back as the same point on every board", "[geometry]") {
    for_each_board([](const Geometry& g) {
        for (int p = 0; p < g.points(); ++p) {
            const Move m = static_cast<Move>(p);
            INFO(g.name() << " point " << p << " " << g.aga(m) << " " << g.sgf(m));
            CHECK(g.parse_move(g.aga(m)) == m);
            // SGF has letters for coordinates 0..51 only (a..z, A..Z).
            if (g.col_of(p) < 52 && g.rows() - 1 - g.row_of(p) < 52)
                CHECK(g.parse_move(g.sgf(m)) == m);
        }
    });
}

TEST_CASE("rules: neighbours and edges on every board, 1x1 to 1x64 and 64x1", "[geometry]") {
    for_each_board([](const Geometry& g) {
        INFO(g.name());
        Bitboard edge = 0;
        for (int p = 0; p < g.points(); ++p) {
            const Bitboard want = neighbours_by_arithmetic(g, p);
            CHECK(g.neighbours(Geometry::bit(p)) == want);
            if (g.row_of(p) == 0 || g.row_of(p) == g.rows() - 1 || g.col_of(p) == 0 ||
                g.col_of(p) == g.cols() - 1)
                edge |= Geometry::bit(p);
        }
        CHECK(g.edge() == edge);
        CHECK(g.neighbours(g.all()) == (g.points() == 1 ? 0 : g.all()));
        CHECK(g.flood(Geometry::bit(0), g.all()) == g.all());
    });
    const Geometry line = *Geometry::make(1, 5);
    CHECK(line.neighbours(Geometry::bit(0)) == Geometry::bit(1));
    CHECK(line.neighbours(Geometry::bit(2)) == (Geometry::bit(1) | Geometry::bit(3)));
    const Geometry g = *Geometry::make(8, 8);
    CHECK(g.neighbours(Geometry::bit(0)) == (Geometry::bit(1) | Geometry::bit(8)));
    CHECK(g.neighbours(Geometry::bit(63)) == (Geometry::bit(62) | Geometry::bit(55)));
    CHECK(g.neighbours(Geometry::bit(27)) ==
          (Geometry::bit(26) | Geometry::bit(28) | Geometry::bit(19) | Geometry::bit(35)));
    CHECK(g.neighbours(Geometry::bit(7)) == (Geometry::bit(6) | Geometry::bit(15)));
    // Flood stays inside `within`: two separate strings of a 1x5 line.
    CHECK(line.flood(Geometry::bit(0), 0b11011) == 0b00011);
}

TEST_CASE("rules: symmetries map the board onto itself, keeping adjacency", "[geometry]") {
    for_each_board([](const Geometry& g) {
        INFO(g.name());
        CHECK(g.symmetry_count() == (g.rows() == g.cols() ? 8 : 4));
        for (int s = 0; s < g.symmetry_count(); ++s) {
            Bitboard image = 0;
            for (int p = 0; p < g.points(); ++p) {
                image |= Geometry::bit(g.map_point(s, p));
                // Adjacent points stay adjacent.
                CHECK(g.map(s, g.neighbours(Geometry::bit(p))) ==
                      g.neighbours(Geometry::bit(g.map_point(s, p))));
            }
            CHECK(image == g.all());
            if (s == 0) CHECK(g.map(s, g.all()) == g.all());
        }
    });
}

TEST_CASE("rules: symmetry tables equal the per-point mapping on every board", "[geometry]") {
    // The plain mapping, one point at a time, from Geometry::map_point.
    auto plain = [](const Geometry& g, int s, Bitboard b) {
        Bitboard out = 0;
        for (; b; b &= b - 1) out |= Geometry::bit(g.map_point(s, std::countr_zero(b)));
        return out;
    };
    std::mt19937_64 rng(20);
    for_each_board([&](const Geometry& g) {
        INFO(g.name());
        const Symmetries& sym = g.symmetries();
        CHECK(&sym == &Geometry::make(g.rows(), g.cols())->symmetries());  // built once per shape
        REQUIRE(sym.count() == g.symmetry_count());
        for (int s = 0; s < sym.count(); ++s) {
            INFO("symmetry " << s);
            // Every single point, the whole board, and random boards.
            for (int p = 0; p < g.points(); ++p) {
                CHECK(sym.map(s, Geometry::bit(p)) == Geometry::bit(g.map_point(s, p)));
                CHECK(sym.map_move(s, static_cast<Move>(p)) == g.map_point(s, p));
            }
            CHECK(sym.map(s, g.all()) == g.all());
            for (int i = 0; i < 64; ++i) {
                const Bitboard b = rng() & g.all();
                CHECK(sym.map(s, b) == plain(g, s, b));
                CHECK(g.map(s, b) == plain(g, s, b));
                CHECK(sym.map(sym.inverse(s), sym.map(s, b)) == b);
            }
            CHECK(sym.map_move(s, Pass) == Pass);
        }
        // The least copy is the least over the plain images, with the first symmetry that gives it,
        // for two boards and for three (the simple-ko states); the first boards are often empty
        // or symmetric, so that copies tie on them and the later boards decide.
        for (int i = 0; i < 48; ++i) {
            Bitboard first_board = rng() & rng() & g.all();
            if (i % 3 == 1) first_board = 0;
            if (i % 3 == 2) first_board |= plain(g, 1 + i / 3 % (sym.count() - 1), first_board);
            const Bitboard second = rng() & rng() & g.all() & ~first_board, third = rng() & g.all();
            std::array<Bitboard, 2> b{first_board, second};
            std::array<Bitboard, 3> b3{first_board, second, third};
            const int found = sym.least(b), found3 = sym.least(b3);
            std::array<Bitboard, 2> best{first_board, second};
            std::array<Bitboard, 3> best3{first_board, second, third};
            int first = 0, first3 = 0;
            for (int s = 1; s < sym.count(); ++s) {
                const std::array<Bitboard, 2> c{plain(g, s, first_board), plain(g, s, second)};
                const std::array<Bitboard, 3> c3{c[0], c[1], plain(g, s, third)};
                if (c < best) best = c, first = s;
                if (c3 < best3) best3 = c3, first3 = s;
            }
            CHECK(b == best);
            CHECK(found == first);
            CHECK(b3 == best3);
            CHECK(found3 == first3);
        }
        // The centre distance is the same on every symmetric copy of a point.
        for (int s = 0; s < sym.count(); ++s)
            for (int p = 0; p < g.points(); ++p)
                CHECK(g.centre_distance(g.map_point(s, p)) == g.centre_distance(p));
    });
}

}  // namespace smallgo
