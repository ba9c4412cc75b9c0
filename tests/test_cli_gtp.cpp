// The GTP engine (cli/gtp_engine.hpp) driven in-process: every required command of GTP 2 and
// each extension, command by command, with the specification's replies and error texts; the
// preprocessing of input lines; a game of genmoves that keeps the exact value; and run() over
// streams until quit; loadsgf and printsgf through a file.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>

#include "cli/gtp_clock.hpp"
#include "cli/gtp_engine.hpp"

using smallgo::cli::GtpEngine;
using smallgo::cli::GtpOptions;

namespace {
GtpOptions small_options() {
    GtpOptions o;
    o.hash_bytes = std::size_t{16} << 20;
    o.threads = 1;
    o.move_seconds = 30;
    return o;
}

// Sends each command in turn and checks its framed reply.
void expect_replies(GtpEngine& e,
                    std::initializer_list<std::pair<std::string, const char*>> steps) {
    for (const auto& [command, reply] : steps) {
        INFO("command: " << command);
        CHECK(e.answer_line(command) == reply);
    }
}
}  // namespace

TEST_CASE("cli: gtp administrative commands", "[cli][gtp]") {
    std::ostringstream log;
    GtpEngine e(small_options(), log);
    expect_replies(e, {{"protocol_version", "= 2\n\n"},
                       {"1 protocol_version", "=1 2\n\n"},
                       {"name", "= smallgo\n\n"},
                       {"known_command genmove", "= true\n\n"},
                       {"known_command smallgo-move_values", "= true\n\n"},
                       {"known_command loadsgf", "= true\n\n"},
                       {"known_command printsgf", "= true\n\n"},
                       {"known_command nosuch", "= false\n\n"},
                       {"known_command", "? syntax error\n\n"},
                       {"7 nosuch", "?7 unknown command\n\n"},
                       {"PLAY b a1", "? unknown command\n\n"}});
    const std::string list = e.answer_line("list_commands");
    // Each name on a line of its own (the first after "= ").
    std::string lines = list;
    lines[1] = '\n';
    for (auto name : GtpEngine::command_names()) {
        std::string needle = "\n";
        needle.append(name).append("\n");
        CHECK(lines.find(needle) != std::string::npos);
    }
    CHECK(list.ends_with("smallgo-move_values\n\n"));
    CHECK(e.answer_line("version").starts_with("= " SMALLGO_VERSION));
    CHECK_FALSE(e.quit_requested());
    CHECK(e.answer_line("9 quit") == "=9 \n\n");
    CHECK(e.quit_requested());
}

TEST_CASE("cli: gtp preprocessing of input lines", "[cli][gtp]") {
    std::ostringstream log;
    GtpEngine e(small_options(), log);
    expect_replies(e, {{"", ""},
                       {"   \t  ", ""},
                       {"# a comment", ""},
                       {"name # the rest is a comment", "= smallgo\n\n"},
                       {"\tname\r", "= smallgo\n\n"},
                       {"na\x01me", "= smallgo\n\n"},
                       {"12\tname", "=12 smallgo\n\n"},
                       {"12", "?12 syntax error\n\n"},
                       {"-1 name", "? unknown command\n\n"}});
}

TEST_CASE("cli: gtp board setup commands", "[cli][gtp]") {
    std::ostringstream log;
    GtpEngine e(small_options(), log);
    expect_replies(e, {{"boardsize 9", "? unacceptable size\n\n"},
                       {"boardsize 0", "? unacceptable size\n\n"},
                       {"boardsize -3", "? unacceptable size\n\n"},
                       {"boardsize 26", "? unacceptable size\n\n"},
                       {"boardsize x", "? syntax error\n\n"},
                       {"boardsize", "? syntax error\n\n"},
                       {"boardsize 8", "= \n\n"},
                       {"boardsize 1", "= \n\n"},
                       {"smallgo-boardsize 3 4", "= \n\n"},
                       {"smallgo-boardsize 8 9", "? unacceptable size\n\n"},
                       {"smallgo-boardsize 3", "? syntax error\n\n"},
                       {"komi 6.5", "= \n\n"},
                       {"komi -2", "= \n\n"},
                       {"komi 0.3", "? syntax error (komi must be a multiple of 0.5)\n\n"},
                       {"komi abc", "? syntax error (komi must be a multiple of 0.5)\n\n"},
                       {"smallgo-rules nosuch", "? unknown rules preset\n\n"},
                       {"smallgo-rules mg", "= \n\n"},
                       {"clear_board", "= \n\n"}});
    CHECK(e.history().geometry().rows() == 3);
    CHECK(e.history().geometry().cols() == 4);
    CHECK(e.history().rules().komi_x2 == -4);  // komi stays the komi command's
    CHECK(e.history().rules().ko == smallgo::KoRule::Simple);
}

TEST_CASE("cli: gtp play, undo and their errors", "[cli][gtp]") {
    std::ostringstream log;
    GtpEngine e(small_options(), log);
    expect_replies(e, {{"boardsize 3", "= \n\n"},
                       {"play b B2", "= \n\n"},
                       {"play w b2", "? illegal move\n\n"},  // occupied
                       {"play b a1", "? illegal move\n\n"},  // White's turn
                       {"play w d1", "? invalid color or coordinate\n\n"},
                       {"play w a4", "? invalid color or coordinate\n\n"},
                       {"play w a0", "? invalid color or coordinate\n\n"},
                       {"play w i1", "? invalid color or coordinate\n\n"},
                       {"play w a01", "? invalid color or coordinate\n\n"},
                       {"play red a1", "? invalid color or coordinate\n\n"},
                       {"play w", "? syntax error\n\n"},
                       {"play WHITE A1", "= \n\n"},
                       {"play black PASS", "= \n\n"},
                       {"undo", "= \n\n"},
                       {"undo", "= \n\n"},
                       {"undo", "= \n\n"},
                       {"undo", "? cannot undo\n\n"},
                       {"play b c3", "= \n\n"}});
    CHECK(e.history().turns() == 1);
    // A play after two passes ends nothing: the game is over and the move is illegal.
    expect_replies(e, {{"play w pass", "= \n\n"},
                       {"play b pass", "= \n\n"},
                       {"play w a1", "? illegal move\n\n"},
                       {"genmove w", "? game is over\n\n"}});
}

TEST_CASE("cli: gtp showboard, final_score and final_status_list", "[cli][gtp]") {
    std::ostringstream log;
    GtpEngine e(small_options(), log);
    expect_replies(e, {{"boardsize 3", "= \n\n"},
                       {"play b b2", "= \n\n"},
                       {"play w a1", "= \n\n"},
                       {"showboard", R"(= 
    A B C
  3 . . .
  2 . X .
  1 O . .
Rules tromp-taylor: positional superko, suicide allowed, komi 0
Black to move

)"},
                       {"final_score", "= 0\n\n"},
                       {"play b a2", "= \n\n"},
                       {"final_score", "= B+1\n\n"},
                       {"komi 1.5", "= \n\n"},
                       {"final_score", "= W+0.5\n\n"},
                       {"final_status_list alive", "= A1 A2 B2\n\n"},
                       {"final_status_list DEAD", "= \n\n"},
                       {"final_status_list seki", "= \n\n"},
                       {"final_status_list foo", "? syntax error\n\n"}});
}

TEST_CASE("cli: gtp genmove keeps the exact value on 3x3", "[cli][gtp]") {
    // Both sides by genmove: the game ends with two passes at the board's exact value, B+9.
    std::ostringstream log;
    GtpEngine e(small_options(), log);
    REQUIRE(e.answer_line("boardsize 3") == "= \n\n");
    expect_replies(e, {{"genmove x", "? invalid color or coordinate\n\n"},
                       {"genmove w", "? it is not White's turn\n\n"},
                       {"genmove", "? syntax error\n\n"}});
    for (int turn = 0; turn < 40 && !e.history().game_over(); ++turn) {
        const char* c = e.history().current().to_move == smallgo::Color::Black ? "b" : "w";
        const std::string reply = e.answer_line(std::string("genmove ") + c);
        REQUIRE(reply.starts_with("= "));
    }
    CHECK(e.history().game_over());
    CHECK(e.answer_line("final_score") == "= B+9\n\n");
    CHECK(log.str().find("proven: Black wins by 9") != std::string::npos);
    CHECK(e.answer_line("showboard").find("Last genmove: proven") != std::string::npos);
}

TEST_CASE("cli: gtp genmove as White resists and the value holds", "[cli][gtp]") {
    // Black plays a weak first move (a corner); White's genmove keeps what the solver proves.
    std::ostringstream log;
    GtpEngine e(small_options(), log);
    REQUIRE(e.answer_line("boardsize 3") == "= \n\n");
    REQUIRE(e.answer_line("play b a1") == "= \n\n");
    const std::string values = e.answer_line("smallgo-move_values");
    REQUIRE(values.starts_with("= "));
    CHECK(values.find("\npass ") != std::string::npos);
    REQUIRE(e.answer_line("genmove w").starts_with("= "));
    CHECK(e.answer_line("smallgo-move_values").starts_with("= "));
}

TEST_CASE("cli: gtp time settings give a budget and genmove answers within it", "[cli][gtp]") {
    std::ostringstream log;
    GtpEngine e(small_options(), log);
    expect_replies(e, {{"time_settings 10 0 0", "= \n\n"},
                       {"time_settings 0 5 1", "= \n\n"},
                       {"time_settings 0 5 0", "= \n\n"},
                       {"time_settings 1 x 0", "? syntax error\n\n"},
                       {"time_settings 1 1", "? syntax error\n\n"},
                       {"time_left b 30 0", "= \n\n"},
                       {"time_left q 30 0", "? syntax error\n\n"},
                       {"time_left w 30", "? syntax error\n\n"}});
    // A 4x4 board with 0.2 seconds a move: not proven, but a legal move in time.
    REQUIRE(e.answer_line("boardsize 4") == "= \n\n");
    REQUIRE(e.answer_line("time_settings 0 0.2 1") == "= \n\n");
    const std::string reply = e.answer_line("genmove b");
    REQUIRE(reply.starts_with("= "));
    CHECK(reply != "= pass\n\n");
    CHECK(log.str().find("NOT proven") != std::string::npos);
    CHECK(e.answer_line("showboard").find("Last genmove: NOT proven") != std::string::npos);
}

TEST_CASE("cli: gtp run reads commands from a stream until quit", "[cli][gtp]") {
    std::istringstream in("1 name\n\n# nothing\nboardsize 2\n2 play b a1\nquit\nname\n");
    std::ostringstream out, log;
    GtpEngine e(small_options(), log);
    e.run(in, out);
    CHECK(out.str() == "=1 smallgo\n\n= \n\n=2 \n\n= \n\n");
}

TEST_CASE("cli: gtp printsgf and loadsgf round trip", "[cli][gtp]") {
    const std::string file =
        (std::filesystem::temp_directory_path() / "smallgo_test_cli_gtp.sgf").string();
    std::ostringstream log;
    GtpEngine e(small_options(), log);
    expect_replies(e, {{"smallgo-boardsize 3 4", "= \n\n"},
                       {"komi 1.5", "= \n\n"},
                       {"play b b2", "= \n\n"},
                       {"play w c2", "= \n\n"},
                       {"play b pass", "= \n\n"}});
    const std::string text = e.answer_line("printsgf");
    CHECK(text.starts_with("= (;FF[4]GM[1]"));
    CHECK(text.find("SZ[4:3]") != std::string::npos);
    CHECK(text.find("KM[1.5]") != std::string::npos);
    REQUIRE(e.answer_line("printsgf " + file) == "= \n\n");
    expect_replies(e, {{"boardsize 5", "= \n\n"}, {"komi 0", "= \n\n"}});
    REQUIRE(e.answer_line("loadsgf " + file) == "= \n\n");
    CHECK(e.history().geometry().rows() == 3);
    CHECK(e.history().geometry().cols() == 4);
    CHECK(e.history().rules().komi_x2 == 3);
    CHECK(e.history().turns() == 3);
    CHECK(e.history().current().to_move == smallgo::Color::White);
    // Move number n: the position before move n.
    REQUIRE(e.answer_line("loadsgf " + file + " 2") == "= \n\n");
    CHECK(e.history().turns() == 1);
    CHECK(e.answer_line("play w c2") == "= \n\n");
    REQUIRE(e.answer_line("loadsgf " + file + " 99") == "= \n\n");
    CHECK(e.history().turns() == 3);
    expect_replies(e, {{"loadsgf " + file + " 0", "? syntax error\n\n"},
                       {"loadsgf " + file + " x", "? syntax error\n\n"},
                       {"loadsgf", "? syntax error\n\n"},
                       {"loadsgf /nonexistent/nosuch.sgf", "? cannot load file\n\n"},
                       {"printsgf /nonexistent/dir/out.sgf", "? cannot write file\n\n"}});
    {
        std::ofstream bad(file);
        bad << "(;FF[4]SZ[3];B[bb";
    }
    CHECK(e.answer_line("loadsgf " + file) == "? cannot load file\n\n");
    CHECK(e.history().turns() == 3);  // a failed load changes nothing
    std::filesystem::remove(file);
}

TEST_CASE("cli: gtp clock budgets", "[cli][gtp]") {
    using smallgo::Color;
    smallgo::cli::GtpClock clock;
    CHECK(clock.budget(Color::Black, 60) == 60);  // no time_settings: the default
    clock.settings(100, 0, 0);                    // absolute: a tenth of what is left, 80%
    CHECK(clock.budget(Color::Black, 60) == Approx(8));
    CHECK(clock.budget(Color::White, 5) == 5);  // never over the default
    clock.spent(Color::Black, 50);
    CHECK(clock.budget(Color::Black, 60) == Approx(4));
    clock.settings(0, 5, 1);  // byo-yomi only: the period's time per stone
    CHECK(clock.budget(Color::White, 60) == Approx(4));
    clock.left(Color::White, 10, 2);
    CHECK(clock.budget(Color::White, 60) == Approx(4));
    clock.left(Color::White, 0, 1);
    CHECK(clock.budget(Color::White, 60) == Approx(0.01));  // the floor
    clock.settings(0, 5, 0);                                // no time limit
    CHECK(clock.budget(Color::Black, 60) == 60);
    clock.settings(0, 0, 0);
    CHECK(clock.budget(Color::Black, 60) == 60);
    clock.settings(30, 10, 5);  // main time, then byo-yomi: main / 10 + one stone's share
    CHECK(clock.budget(Color::Black, 60) == Approx((3 + 2) * 0.8));
}
