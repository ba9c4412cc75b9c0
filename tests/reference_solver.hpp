// The reference solver: plain negamax alpha-beta over the full history, straight from the
// definition of the game value. No table, no bounds, no symmetry, no move ordering beyond trying
// a pass first (which only makes it finish sooner). Exponential; for boards of a few points.
#pragma once

#include <algorithm>

#include "rules/history.hpp"

namespace smallgo::reference {

// Value in half points from the side to move's view, searched in (alpha, beta); `nodes` counts
// positions visited, and the search gives up (returning false) past `limit`.
inline bool negamax(History& h, int alpha, int beta, int& value, long& nodes, long limit) {
    if (++nodes > limit) return false;
    const int sign = h.current().to_move == Color::Black ? 1 : -1;
    if (h.game_over()) {
        value = sign * h.result_x2();
        return true;
    }
    int best = -100000;
    for (int m = -1; m < h.geometry().points(); ++m) {
        if (h.play(static_cast<Move>(m)) != Verdict::Legal) continue;
        int v;
        bool ok = negamax(h, -beta, -std::max(alpha, best), v, nodes, limit);
        h.pop();
        if (!ok) return false;
        best = std::max(best, -v);
        if (best >= beta) break;
    }
    value = best;
    return true;
}

// Exact value (half points, Black minus White minus komi) of h's current position, or false if
// it needs more than `limit` nodes.
inline bool value_x2(History& h, int& value, long limit) {
    long nodes = 0;
    int v;
    if (!negamax(h, -100000, 100000, v, nodes, limit)) return false;
    value = h.current().to_move == Color::Black ? v : -v;
    return true;
}

}  // namespace smallgo::reference
