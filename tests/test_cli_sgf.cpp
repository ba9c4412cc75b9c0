// SGF in and out (cli/sgf.hpp): write then read gives the game back (board shapes, komi, preset,
// setup, passes in both forms), only the main line is read, and every kind of malformed file
// gives an SgfError at the right line and column.
#include <fmt/core.h>
#include <catch2/catch.hpp>

#include "cli/sgf.hpp"

namespace smallgo::cli {
namespace {

Geometry board(int rows, int cols) {
    return *Geometry::make(rows, cols);
}

SgfGame read_ok(std::string_view text) {
    auto r = read_sgf(text);
    if (auto* e = std::get_if<SgfError>(&r)) FAIL(to_string(*e) << "\n" << text);
    return std::get<SgfGame>(r);
}

SgfError read_error(std::string_view text) {
    auto r = read_sgf(text);
    if (!std::holds_alternative<SgfError>(r)) FAIL("read without error:\n" << text);
    return std::get<SgfError>(r);
}

void check_same(const SgfGame& a, const SgfGame& b) {
    CHECK(a.geometry.rows() == b.geometry.rows());
    CHECK(a.geometry.cols() == b.geometry.cols());
    CHECK(a.preset == b.preset);
    CHECK(a.komi_x2 == b.komi_x2);
    CHECK(a.start.black() == b.start.black());
    CHECK(a.start.white() == b.start.white());
    CHECK(a.start.to_move == b.start.to_move);
    CHECK(a.moves == b.moves);
}

}  // namespace

TEST_CASE("cli: SGF round trip of moves, passes, komi and preset on every board shape") {
    for (auto [rows, cols] : {std::pair{3, 3}, {2, 5}, {5, 2}, {1, 7}, {8, 8}, {4, 16}, {1, 52}}) {
        const Geometry g = board(rows, cols);
        const Move last = static_cast<Move>(g.points() - 1);
        SgfGame game{g, "simple", -13, make_position(0, 0), {0, Pass, last, Pass}, {}};
        const std::string text = write_sgf(game);
        INFO(text);
        const SgfGame back = read_ok(text);
        check_same(game, back);
        CHECK(back.places.size() == game.moves.size());
        CHECK(text.find(g.is_square() ? fmt::format("SZ[{}]", rows)
                                      : fmt::format("SZ[{}:{}]", cols, rows)) != std::string::npos);
    }
}

TEST_CASE("cli: SGF round trip of a starting grid with White to move") {
    const Geometry g = board(3, 4);
    // Black on A1 B1, White on D3, White to move.
    SgfGame game{
        g, "tromp-taylor", std::nullopt, make_position(0b11, Geometry::bit(11), Color::White), {5},
        {}};
    const std::string text = write_sgf(game);
    INFO(text);
    CHECK(text.find("AB[ac][bc]AW[da]PL[W]") != std::string::npos);
    check_same(game, read_ok(text));
    auto h = sgf_history(read_ok(text), Rules{});
    REQUIRE(std::holds_alternative<History>(h));
    CHECK(std::get<History>(h).turns() == 1);
    CHECK(std::get<History>(h).current().white() == (Geometry::bit(11) | Geometry::bit(5)));
}

TEST_CASE("cli: SGF passes as B[] and B[tt]; tt is a point beyond 19 columns") {
    const SgfGame a = read_ok("(;SZ[3];B[tt];W[];B[bb])");
    CHECK(a.moves == std::vector<Move>{Pass, Pass, 4});
    // On a 1x20 board "tt" is column 20, row 20 from the top: off the board.
    const SgfError e = read_error("(;SZ[20:1];B[tt])");
    CHECK(e.line == 1);
    CHECK(e.column == 13);
    CHECK(read_ok("(;SZ[20:1];B[ta])").moves == std::vector<Move>{19});
}

TEST_CASE("cli: SGF with variations: only the main line is read") {
    const SgfGame a = read_ok(
        "(;FF[4]GM[1]SZ[3]KM[0.5]RU[mg]\n(;B[bb](;W[aa];B[])(;W[cc]))\n(;B[aa];W[bb]))\n"
        "(;SZ[2];B[aa])");
    CHECK(a.moves == std::vector<Move>{4, 6, Pass});
    CHECK(a.komi_x2 == 1);
    CHECK(a.preset == "mg");
    // A rules name that is not a preset leaves the preset empty.
    CHECK(read_ok("(;SZ[3]RU[Japanese])").preset.empty());
    // The variations written for the optimal first moves are not part of the main line.
    SgfAnnotations notes;
    notes.branch_at = 1;
    notes.variations = {{0, "optimal"}, {2, "optimal"}};
    notes.labels = {{0, "B+9"}};
    notes.branch_comment = "value: B+9 ] \\ done";
    const SgfGame game{board(3, 3), "", 0, make_position(0, 0), {4, 3, Pass}, {}};
    const std::string text = write_sgf(game, notes);
    INFO(text);
    CHECK(text.find("LB[ac:B+9]\n(;W[ab]\n;B[])\n(;W[ac]C[optimal])") != std::string::npos);
    check_same(game, read_ok(text));
}

TEST_CASE("cli: SGF escapes in comments, soft line breaks and CRLF are read") {
    const SgfGame a = read_ok("(;SZ[3]C[a \\] b \\\\]\r\n;B[bb]C[x\\\ny];W[aa])");
    CHECK(a.moves == std::vector<Move>{4, 6});
    CHECK(a.places.at(1).line == 3);
    CHECK(a.places.at(1).column == 4);
}

TEST_CASE("cli: malformed SGF gives the line and column of the fault") {
    struct Case {
        const char* text;
        int line, column;
        const char* says;
    };
    const Case cases[] = {
        {"(;SZ[3];B[bb]", 1, 14, "missing ')'"},
        {"(;SZ[3];B[bb)", 1, 10, "unterminated"},
        {"(;SZ[3]\nC[a \\] b)", 2, 2, "unterminated"},
        {"(;SZ[3];B[bb]))", 1, 15, "without a matching"},
        {"(;SZ[3];b[bb])", 1, 9, "property identifier"},
        {"(;SZ[3];B)", 1, 10, "no value"},
        {"(;SZ[3];B[b])", 1, 10, "bad coordinate"},
        {"(;SZ[3];B[b1])", 1, 10, "bad coordinate"},
        {"(;SZ[3]\n;B[bb]\n;W[dd])", 3, 3, "off the"},
        {"(;SZ[3:2];B[ac])", 1, 12, "off the"},
        {"(;SZ[9];B[aa])", 1, 5, "more than 64"},
        {"(;SZ[5:13])", 1, 5, "more than 64"},
        {"(;SZ[0])", 1, 5, "bad SZ"},
        {"(;B[aa])", 1, 3, "no SZ"},
        {"(;SZ[3]KM[6.25])", 1, 10, "bad KM"},
        {"(;SZ[3]GM[2])", 1, 10, "not a game of Go"},
        {"(;SZ[3]PL[X])", 1, 10, "bad PL"},
        {"(;SZ[3];B[aa];B[bb])", 1, 15, "out of turn"},
        {"(;SZ[3];B[aa];AB[bb])", 1, 15, "after the root"},
        {"(;SZ[3];B[aa]W[bb])", 1, 14, "two moves"},
        {"(;SZ[3]AB[aa][ba][ab]AW[bb][ca][ac])", 1, 8, "without liberties"},
        {"()", 1, 2, "expected ';'"},
        {"x(;SZ[3])", 1, 1, "expected '('"},
        {"", 1, 1, "no game tree"},
        {"(;SZ[3](;B[aa]);W[bb])", 1, 16, "after ')'"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        const SgfError e = read_error(c.text);
        INFO(to_string(e));
        CHECK(e.line == c.line);
        CHECK(e.column == c.column);
        CHECK(e.message.find(c.says) != std::string::npos);
    }
}

TEST_CASE("cli: SGF moves illegal under the rules are errors at their place, by number") {
    // On one row of 4, White's A1 would be a suicide that repeats the board: positional superko.
    const char* repeat = "(;SZ[4:1];B[ba];W[ca];B[da];W[aa];B[])";
    const char* legal = "(;SZ[4:1];B[ba];W[da];B[];W[])";
    auto superko = sgf_history(read_ok(repeat), Rules{});
    REQUIRE(std::holds_alternative<SgfError>(superko));
    CHECK(to_string(std::get<SgfError>(superko)) == "1:29: move 4: White A1 is illegal (superko)");
    SgfGame game = read_ok("(;SZ[3]\n;B[bb];W[bb])");
    auto h = sgf_history(game, Rules{});
    REQUIRE(std::holds_alternative<SgfError>(h));
    const SgfError e = std::get<SgfError>(h);
    CHECK(to_string(e) == "2:8: move 2: White B2 is illegal (occupied)");
    CHECK(std::holds_alternative<History>(sgf_history(read_ok(legal), Rules{})));
}

TEST_CASE("cli: sgf_rules takes the file's preset and komi over the fallback") {
    Rules fallback;
    fallback.komi_x2 = 15;
    const Rules mg = find_preset("mg")->rules;
    CHECK(sgf_rules(read_ok("(;SZ[3]RU[mg])"), fallback) == mg);
    Rules mg_komi = mg;
    mg_komi.komi_x2 = -4;
    CHECK(sgf_rules(read_ok("(;SZ[3]RU[mg]KM[-2])"), fallback) == mg_komi);
    CHECK(sgf_rules(read_ok("(;SZ[3]RU[Chinese])"), fallback) == fallback);
}

}  // namespace smallgo::cli
