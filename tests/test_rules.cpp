// The rules from board pictures: capture, suicide, the AGA figures (capture, ko, seki), the
// differences between the ko rules, the MG repetition draw and area scores with each preset's komi.
// Every expected answer is worked out by hand from the rule texts each preset cites.
#include <string>
#include <string_view>

#include <catch2/catch.hpp>

#include "rules/diagram.hpp"
#include "rules/history.hpp"
#include "rules/scoring.hpp"

namespace smallgo {
namespace {

Diagram picture(std::string_view text, Color to_move = Color::Black) {
    auto d = parse_diagram(text, to_move);
    REQUIRE(d);
    return *d;
}

Rules preset(std::string_view name) {
    auto p = find_preset(name);
    REQUIRE(p);
    return p->rules;
}

Move at(const Geometry& g, std::string_view name) {
    auto m = g.parse_move(name);
    REQUIRE(m);
    return *m;
}

// A picture as to_diagram() writes it: rows without spaces, each ending in '\n'.
std::string normal(std::string_view text) {
    std::string out, row;
    for (char ch : text) {
        if (ch == '\n') {
            if (!row.empty()) out += row + '\n';
            row.clear();
        } else if (ch != ' ') {
            row += ch;
        }
    }
    if (!row.empty()) out += row + '\n';
    return out;
}

std::string board(const History& h) {
    return to_diagram(h.geometry(), h.current());
}

// The verdict of `move` after `moves` from the picture's position under rules r.
Verdict verdict_after(const Diagram& d, const Rules& r, std::initializer_list<const char*> moves,
                      const char* move) {
    History h(d.geometry, r, d.position);
    for (const char* m : moves) REQUIRE(h.play(at(d.geometry, m)) == Verdict::Legal);
    return h.check(at(d.geometry, move));
}

}  // namespace

TEST_CASE("rules: a play captures the opponent strings it leaves without liberties", "[rules]") {
    auto d = picture(R"(
        . X X .
        X O O .
        . X X .
    )");
    const Geometry& g = d.geometry;
    Position next;
    Bitboard captured = 0;
    REQUIRE(d.position.play(g, at(g, "D2"), false, next, &captured) == PlayStatus::Ok);
    CHECK(to_diagram(g, next) == normal(R"(
        . X X .
        X . . X
        . X X .
    )"));
    CHECK(captured == (Geometry::bit(at(g, "B2")) | Geometry::bit(at(g, "C2"))));
    CHECK(next.to_move == Color::White);
    CHECK(next.is_ok(g));
    CHECK(area_score(g, next) == 12);
}

TEST_CASE("rules: single-stone suicide: allowed, forbidden, and caught by positional superko",
          "[rules]") {
    auto d = picture(R"(
        . X .
        X . X
        . X .
    )",
                     Color::White);
    const Geometry& g = d.geometry;
    // Without suicide (AGA rule 5, evercat) the play is refused as suicide.
    CHECK(verdict_after(d, preset("aga"), {}, "B2") == Verdict::Suicide);
    CHECK(verdict_after(d, preset("simple"), {}, "B2") == Verdict::Suicide);
    // With suicide the stone is placed and cleared: the grid is the one before the play, which
    // Tromp-Taylor forbids as a repeated grid coloring; the MG rules and the 1996 wording allow it.
    CHECK(verdict_after(d, preset("tromp-taylor"), {}, "B2") == Verdict::Superko);
    CHECK(verdict_after(d, preset("tromp-taylor-1996"), {}, "B2") == Verdict::Legal);
    CHECK(verdict_after(d, preset("tromp-taylor-1996-plays"), {}, "B2") == Verdict::Legal);
    History h(g, preset("mg"), d.position);
    REQUIRE(h.play(at(g, "B2")) == Verdict::Legal);
    CHECK(board(h) == to_diagram(g, d.position));
    CHECK(h.current().to_move == Color::Black);
    CHECK_FALSE(h.game_over());
}

TEST_CASE("rules: multi-stone suicide: the whole string is cleared, or the play is refused",
          "[rules]") {
    auto d = picture(R"(
        . X X .
        X O . X
        . X X .
    )",
                     Color::White);
    const Geometry& g = d.geometry;
    CHECK(verdict_after(d, preset("aga"), {}, "C2") == Verdict::Suicide);
    CHECK(verdict_after(d, preset("simple"), {}, "C2") == Verdict::Suicide);
    for (const char* name :
         {"tromp-taylor", "tromp-taylor-1996", "tromp-taylor-1996-plays", "mg"}) {
        INFO(name);
        History h(g, preset(name), d.position);
        REQUIRE(h.play(at(g, "C2")) == Verdict::Legal);
        CHECK(board(h) == normal(R"(
            . X X .
            X . . X
            . X X .
        )"));
    }
    // The static test: every string of the position reaches empty.
    CHECK(d.position.is_legal(g));
    CHECK_FALSE(picture("XO").position.is_legal(*Geometry::make(1, 2)));
}

TEST_CASE("rules: AGA figure 2: a capture may leave the capturing stone momentarily surrounded",
          "[rules]") {
    auto d = picture(R"(
        . . . . . . . . .
        . . O O O O O . .
        . . O X X X O . .
        . . O X . X O . .
        . . O X X X O . .
        . . O O O O O . .
        . . . . . . . . .
    )",
                     Color::White);
    History h(d.geometry, preset("aga"), d.position);  // AGA: no suicide
    REQUIRE(h.play(at(d.geometry, "E4")) == Verdict::Legal);
    CHECK(board(h) == normal(R"(
        . . . . . . . . .
        . . O O O O O . .
        . . O . . . O . .
        . . O . O . O . .
        . . O . . . O . .
        . . O O O O O . .
        . . . . . . . . .
    )"));
}

TEST_CASE("rules: AGA figure 3: simple ko forbids the immediate recapture, not a later one",
          "[rules]") {
    // Figure 3 before Black's E3; White D3 then takes the ko.
    auto d = picture(R"(
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . X O . . .
        . . X . . O . .
        . . . X O . . .
        . . . . . . . .
    )");
    for (const auto& p : presets()) {
        INFO(p.name);
        Verdict expected = p.rules.ko == KoRule::Simple ? Verdict::Ko : Verdict::Superko;
        CHECK(verdict_after(d, p.rules, {"E3", "D3"}, "E3") == expected);
        // After an exchange elsewhere (a ko threat and its answer) the recapture is legal.
        CHECK(verdict_after(d, p.rules, {"E3", "D3", "A1", "H7"}, "E3") == Verdict::Legal);
    }
    History h(d.geometry, preset("mg"), d.position);
    for (const char* m : {"E3", "D3"}) REQUIRE(h.play(at(d.geometry, m)) == Verdict::Legal);
    CHECK(board(h) == normal(R"(
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . X O . . .
        . . X O . O . .
        . . . X O . . .
        . . . . . . . .
    )"));
    CHECK(h.check(at(d.geometry, "E3")) == Verdict::Ko);
    CHECK(h.check(Pass) == Verdict::Legal);  // no rule stops a pass
}

TEST_CASE(
    "rules: simple ko looks back past a pass: the position before the other player's last move",
    "[rules]") {
    // MG: "the position just before the other player's last move is not recreated"; a pass is a
    // move. On 1x1, after Black passes, White's suicide would recreate the grid before that pass.
    auto d = picture(".");
    CHECK(verdict_after(d, preset("mg"), {"pass"}, "A1") == Verdict::Ko);
    // Without the pass, Black's suicide is allowed (nothing before White's last move).
    CHECK(verdict_after(d, preset("mg"), {}, "A1") == Verdict::Legal);
    CHECK(verdict_after(d, preset("simple"), {}, "A1") == Verdict::Suicide);
}

TEST_CASE(
    "rules: positional and situational superko disagree on a repeated grid with the other player "
    "to move",
    "[rules]") {
    // Black fills B1 and captures (XX.), White captures the two (..O), Black plays A1: the grid
    // X.O returns, now with White to move instead of Black.
    auto d = picture("X . O");
    Rules situational = preset("aga");
    Rules positional = situational;
    positional.ko = KoRule::Positional;
    CHECK(verdict_after(d, situational, {"B1", "C1"}, "A1") == Verdict::Legal);
    CHECK(verdict_after(d, positional, {"B1", "C1"}, "A1") == Verdict::Superko);
    CHECK(verdict_after(d, preset("tromp-taylor"), {"B1", "C1"}, "A1") == Verdict::Superko);
    // The grid X.O was left by no turn of Black's (the start was left by no one): both readings
    // of the 1996 wording allow it.
    CHECK(verdict_after(d, preset("tromp-taylor-1996"), {"B1", "C1"}, "A1") == Verdict::Legal);
    CHECK(verdict_after(d, preset("tromp-taylor-1996-plays"), {"B1", "C1"}, "A1") ==
          Verdict::Legal);
    // Simple ko looks one turn back only.
    CHECK(verdict_after(d, preset("simple"), {"B1", "C1"}, "A1") == Verdict::Legal);
}

TEST_CASE("rules: the 1996 wording: the empty start was left by no one (1x1)", "[rules]") {
    auto d = picture(".");
    const Geometry& g = d.geometry;
    Rules tt = preset("tromp-taylor"), tt96 = preset("tromp-taylor-1996"),
          plays = preset("tromp-taylor-1996-plays");
    // AGA rule 6 with suicide allowed: the 1996 reading but for the start.
    Rules situational = tt;
    situational.ko = KoRule::Situational;
    // Black's suicide recreates the empty grid (with White to move).
    CHECK(verdict_after(d, tt, {}, "A1") == Verdict::Superko);
    CHECK(verdict_after(d, situational, {}, "A1") == Verdict::Legal);
    CHECK(verdict_after(d, tt96, {}, "A1") == Verdict::Legal);
    CHECK(verdict_after(d, plays, {}, "A1") == Verdict::Legal);
    // Then White's suicide recreates the empty grid with Black to move, the starting position:
    // a repeat under AGA rule 6, but no one left the start and White has left no grid.
    CHECK(verdict_after(d, situational, {"A1"}, "A1") == Verdict::Superko);
    CHECK(verdict_after(d, tt96, {"A1"}, "A1") == Verdict::Legal);
    CHECK(verdict_after(d, plays, {"A1"}, "A1") == Verdict::Legal);
    // Now Black would leave the empty grid with White to move a second time.
    CHECK(verdict_after(d, tt96, {"A1", "A1"}, "A1") == Verdict::Superko);
    CHECK(verdict_after(d, plays, {"A1", "A1"}, "A1") == Verdict::Superko);
    History h(g, tt96);
    for (int i = 0; i < 2; ++i) REQUIRE(h.play(at(g, "A1")) == Verdict::Legal);
    CHECK_FALSE(h.game_over());  // the draw by repetition belongs to simple ko only
    REQUIRE(h.play(Pass) == Verdict::Legal);
    REQUIRE(h.play(Pass) == Verdict::Legal);
    CHECK(h.game_over());
    CHECK(h.result_x2() == 0);
}

TEST_CASE("rules: the 1996 readings: a suicide on 1x1 after a pass", "[rules]") {
    auto d = picture(".");
    Rules tt96 = preset("tromp-taylor-1996"), plays = preset("tromp-taylor-1996-plays");
    Rules situational = tt96;
    situational.ko = KoRule::Situational;
    // Black passes: under the plain reading Black has left the empty grid, White to move.
    // White's suicide leaves the empty grid with Black to move, the start: allowed by both
    // readings, refused by AGA rule 6 with suicide allowed.
    CHECK(verdict_after(d, tt96, {"pass"}, "A1") == Verdict::Legal);
    CHECK(verdict_after(d, plays, {"pass"}, "A1") == Verdict::Legal);
    CHECK(verdict_after(d, situational, {"pass"}, "A1") == Verdict::Superko);
    // Black's suicide would leave the empty grid with White to move, which Black left by its
    // pass: refused by the plain reading, allowed where a pass leaves no grid.
    CHECK(verdict_after(d, tt96, {"pass", "A1"}, "A1") == Verdict::Superko);
    CHECK(verdict_after(d, plays, {"pass", "A1"}, "A1") == Verdict::Legal);
    // A pass is always allowed, even where it leaves a grid its player left before.
    CHECK(verdict_after(d, tt96, {"pass", "A1"}, "pass") == Verdict::Legal);
}

TEST_CASE("rules: the 1996 readings: the 3x3 line that recreates a grid left by a pass",
          "[rules]") {
    auto d = picture(R"(
        . . .
        . . .
        . . .
    )");
    const Geometry& g = d.geometry;
    // B2, White B1, Black A2, White C2, Black A1, White passes (leaving the grid below, Black to
    // move), Black C1 takes B1:
    const std::initializer_list<const char*> line = {"B2", "B1", "A2", "C2", "A1", "pass", "C1"};
    History h(g, preset("tromp-taylor-1996-plays"), d.position);
    for (const char* m : line) REQUIRE(h.play(at(g, m)) == Verdict::Legal);
    CHECK(board(h) == normal(R"(
        . . .
        X X O
        X . X
    )"));
    // White's B1 takes C1 back and recreates the grid White left by its pass, Black to move.
    REQUIRE(h.play(at(g, "B1")) == Verdict::Legal);
    CHECK(board(h) == normal(R"(
        . . .
        X X O
        X O .
    )"));
    CHECK(board(h) == to_diagram(g, h.at(6)));
    CHECK(h.current().to_move == h.at(6).to_move);
    // The plain reading: White left that grid at its pass, so the play is refused, as under AGA
    // rule 6. The reading where passes leave no grid allows it.
    CHECK(verdict_after(d, preset("tromp-taylor-1996"), line, "B1") == Verdict::Superko);
    CHECK(verdict_after(d, preset("tromp-taylor-1996-plays"), line, "B1") == Verdict::Legal);
    CHECK(verdict_after(d, preset("aga"), line, "B1") == Verdict::Superko);
    CHECK(verdict_after(d, preset("tromp-taylor"), line, "B1") == Verdict::Superko);
}

TEST_CASE(
    "rules: MG rules: a play that recreates an earlier grid and player ends the game as a draw",
    "[rules]") {
    auto d = picture(". .");
    const Geometry& g = d.geometry;
    History h(g, preset("mg"));
    REQUIRE(h.play(at(g, "A1")) == Verdict::Legal);  // X.
    REQUIRE(h.play(at(g, "B1")) == Verdict::Legal);  // .O: captures
    CHECK(board(h) == normal(". O"));
    CHECK(h.check(at(g, "A1")) == Verdict::Ko);  // would recreate X. (before White's B1)
    REQUIRE(h.play(Pass) == Verdict::Legal);
    CHECK_FALSE(h.game_over());
    // White's suicide of both stones recreates the empty grid with Black to move.
    REQUIRE(h.play(at(g, "A1")) == Verdict::Legal);
    CHECK(board(h) == normal(". ."));
    CHECK(h.ended_by_cycle());
    CHECK(h.game_over());
    CHECK(h.result_x2() == 0);  // a draw, whatever the komi (7)
    CHECK(h.check(Pass) == Verdict::GameOver);
    CHECK(h.is_ok());
    // Taking the play back reopens the game.
    h.pop();
    CHECK_FALSE(h.game_over());
}

TEST_CASE("rules: AGA figure 4: seki; the shared liberties are neutral", "[rules][scoring]") {
    auto d = picture(R"(
        . . . . O X . . .
        . . . . O X . . .
        . . . . O X . . .
        . . O O O X X . .
        . . O X X O X . .
        . . O X . O X . .
        . . O X . O X . .
    )");
    const Geometry& g = d.geometry;
    Areas a = areas(g, d.position);
    // White: 12 stones + 20 empty points; Black: 12 stones + 17; E1 and E2 reach both colours.
    CHECK(a.white == 32);
    CHECK(a.black == 29);
    CHECK(area_score(g, d.position) == -3);
    History h(g, preset("aga"), d.position);
    // Filling a shared liberty is self-atari for either side, but legal.
    CHECK(h.check(at(g, "E1")) == Verdict::Legal);
    REQUIRE(h.play(Pass) == Verdict::Legal);
    REQUIRE(h.play(Pass) == Verdict::Legal);
    CHECK(h.game_over());
    CHECK(h.result_x2() == 2 * -3 - 11);  // komi 5.5
}

TEST_CASE("rules: area scores with each preset's komi", "[rules][scoring]") {
    auto d = picture(R"(
        . X O
        X X O
        . X O
    )");
    const Geometry& g = d.geometry;
    Areas a = areas(g, d.position);
    CHECK(a.black == 6);  // 4 stones + A1 and A3
    CHECK(a.white == 3);
    struct Expected {
        const char* preset;
        int komi_x2;
    };
    for (auto e : {Expected{"tromp-taylor", 0}, Expected{"tromp-taylor-1996", 0},
                   Expected{"tromp-taylor-1996-plays", 0}, Expected{"mg", 14},
                   Expected{"simple", 0}, Expected{"aga", 11}}) {
        INFO(e.preset);
        History h(g, preset(e.preset), d.position);
        CHECK(h.rules().komi_x2 == e.komi_x2);
        REQUIRE(h.play(Pass) == Verdict::Legal);
        REQUIRE(h.play(Pass) == Verdict::Legal);
        CHECK(h.result_x2() == 2 * 3 - e.komi_x2);
    }
    // The empty board: nobody's area. One stone: the whole board.
    CHECK(area_score(g, Position{}) == 0);
    auto one = picture(R"(
        . . . . .
        . . . . .
        . . O . .
        . . . . .
    )");
    CHECK(areas(one.geometry, one.position).white == 20);
    CHECK(areas(one.geometry, one.position).black == 0);
}

TEST_CASE("rules: diagrams read and write the same picture", "[rules][diagram]") {
    const char* text = R"(
        X . O .
        . . . X
        O X . .
    )";
    auto d = picture(text);
    CHECK(d.geometry.rows() == 3);
    CHECK(d.geometry.cols() == 4);
    CHECK(to_diagram(d.geometry, d.position) == normal(text));
    CHECK(d.position.black() ==
          (Geometry::bit(at(d.geometry, "A3")) | Geometry::bit(at(d.geometry, "D2")) |
           Geometry::bit(at(d.geometry, "B1"))));
    CHECK(d.position.is_ok(d.geometry));
    CHECK_FALSE(parse_diagram(""));
    CHECK_FALSE(parse_diagram("X.\nX"));               // ragged
    CHECK_FALSE(parse_diagram("X#"));                  // unknown character
    CHECK_FALSE(parse_diagram(std::string(65, '.')));  // 65 points
    CHECK(parse_diagram(std::string(64, '.')));
}

}  // namespace smallgo
