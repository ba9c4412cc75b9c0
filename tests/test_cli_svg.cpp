// Board pictures (cli/svg_board.hpp): the colour scale's ends, the ko marks of a position under
// its history, and the principal variation numbered as a game record does (a play on a point
// already used goes under the board, "3 at 2").
#include <catch2/catch.hpp>

#include "cli/svg_board.hpp"

namespace smallgo::cli {
namespace {

int count(const std::string& text, std::string_view what) {
    int n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

TEST_CASE("cli svg: the colour scale runs from green (optimal) to red (the worst move)", "[svg]") {
    CHECK(value_hue(0, 0) == 120);  // every move equal
    CHECK(value_hue(0, 18) == 120);
    CHECK(value_hue(18, 18) == 0);
    CHECK(value_hue(9, 18) == 60);
    CHECK(value_hue(30, 18) == 0);  // beyond the worst: clamped
}

TEST_CASE("cli svg: a ko mark on the point the simple-ko rule forbids", "[svg]") {
    // 1x4 under simple ko: B C1, W B1, B A1 takes B1; W may not take back at B1 at once.
    const Geometry g = *Geometry::make(1, 4);
    History h(g, find_preset("simple")->rules);
    for (Move m : {Move{2}, Move{1}, Move{0}}) REQUIRE(h.play(m) == Verdict::Legal);
    REQUIRE(h.check(1) == Verdict::Ko);
    const BoardPicture pic = board_picture(h);
    CHECK(pic.ko_forbidden == Geometry::bit(1));
    CHECK(pic.last == 0);
    const std::string svg = svg_board(pic);
    CHECK(count(svg, R"(class="ko" data-move="B1")") == 1);
    CHECK(count(svg, R"(class="ko")") == 1);
    CHECK(count(svg, R"(class="point")") == 4);
}

TEST_CASE("cli svg: the principal variation numbered, later plays on a used point listed",
          "[svg]") {
    // 1x3, Tromp-Taylor (suicide allowed): B B1, W A1 (suicide, removed), B A1, then two passes.
    const Geometry g = *Geometry::make(1, 3);
    History h(g, find_preset("tromp-taylor")->rules);
    BoardPicture pic = board_picture(h);
    pic.values = {{1, 6}, {0, -2}, {Pass, 0}};
    pic.best_moves = {1};
    pic.pv = std::vector<Move>{1, 0, 0, Pass, Pass};
    pic.standalone = true;
    const std::string svg = svg_board(pic);
    CHECK(svg.starts_with("<?xml version=\"1.0\""));
    CHECK(count(svg, R"(data-move="B1" data-value="3" )") == 1);
    CHECK(count(svg, R"(data-move="A1" data-value="-1" )") == 1);
    CHECK(count(svg, ">B+3</text>") == 1);
    CHECK(count(svg, ">W+1</text>") == 1);
    CHECK(count(svg, R"(class="disc best")") == 1);
    CHECK(count(svg, R"(data-move="B1" data-number="1")") == 1);
    CHECK(count(svg, R"(data-move="A1" data-number="2")") == 1);
    CHECK(count(svg, "data-number=") == 2);
    CHECK(count(svg, "Principal variation, also: 3 at 2, 4 pass, 5 pass") == 1);
}

}  // namespace
}  // namespace smallgo::cli
