// ASCII diagrams: 'X' Black, 'O' White, '.' empty, one text line per row, top row first.
// Used by the tests (board pictures in raw strings) and by the program's output.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "rules/geometry.hpp"
#include "rules/position.hpp"

namespace smallgo {

struct Diagram {
    Geometry geometry;
    Position position;  // Black to move unless the caller sets otherwise
};

// Parses a picture; blank lines and spaces are ignored, every row must have the same width, and
// the board must have 1..64 points. nullopt when malformed.
std::optional<Diagram> parse_diagram(std::string_view text, Color to_move = Color::Black);
// The bare picture (rows of X O ., top row first, each ending in '\n'), as parse_diagram reads it.
std::string to_diagram(const Geometry& g, const Position& p);
// The picture with AGA coordinates around it, for people.
std::string to_board_text(const Geometry& g, const Position& p);

}  // namespace smallgo
