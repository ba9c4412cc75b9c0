// Plays a written line of moves in a test, as the command line's `--moves` would.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "rules/history.hpp"

namespace smallgo::testing {

// Plays the space-separated moves of `line` ("C3 C2 pass D2") in h. Every move must parse on h's
// board and be legal where it is played: a typo in a test's line fails the test at that move,
// rather than playing a null move or leaving a shorter history than the test believes.
inline void play_moves(History& h, std::string_view line) {
    while (!line.empty()) {
        const std::size_t start = line.find_first_not_of(' ');
        if (start == std::string_view::npos) break;
        line.remove_prefix(start);
        const std::string move(line.substr(0, line.find(' ')));
        line.remove_prefix(move.size());
        INFO("move " << move << " after " << h.turns() << " turns");
        const auto parsed = h.geometry().parse_move(move);
        REQUIRE(parsed);
        REQUIRE(h.play(*parsed) == Verdict::Legal);
    }
}

}  // namespace smallgo::testing
