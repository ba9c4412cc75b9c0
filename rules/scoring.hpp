// Area scoring by the Tromp-Taylor text: "A player's score is the number of points of her
// color, plus the number of empty points that reach only her color." Two flood fills.
#pragma once

#include "rules/geometry.hpp"
#include "rules/position.hpp"

namespace smallgo {

// Black's area minus White's area (komi not included).
int area_score(const Geometry& g, const Position& p);
// Black's and White's areas.
struct Areas {
    int black = 0, white = 0;
};
Areas areas(const Geometry& g, const Position& p);

}  // namespace smallgo
