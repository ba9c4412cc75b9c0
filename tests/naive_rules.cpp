// The naive reference, sentence by sentence from the rule texts (see naive_rules.hpp).
#include "tests/naive_rules.hpp"

#include <cassert>
#include <utility>

namespace smallgo::naive {

Colour other(Colour c) {
    return c == Colour::Black ? Colour::White : Colour::Black;
}

std::vector<int> Grid::adjacent(int p) const {
    std::vector<int> out;
    int r = p / cols, c = p % cols;
    if (r > 0) out.push_back(p - cols);
    if (r + 1 < rows) out.push_back(p + cols);
    if (c > 0) out.push_back(p - 1);
    if (c + 1 < cols) out.push_back(p + 1);
    return out;
}

Grid empty_grid(int rows, int cols) {
    return Grid{rows, cols,
                std::vector<Colour>(static_cast<std::size_t>(rows * cols), Colour::Empty)};
}

namespace {
// A path from p through points of p's colour (none visited yet) ends next to a point of colour c.
bool reaches_from(const Grid& g, int p, Colour c, std::vector<bool>& visited) {
    visited[p] = true;
    for (int q : g.adjacent(p)) {
        if (g.colour[q] == c) return true;
        if (g.colour[q] == g.colour[p] && !visited[q] && reaches_from(g, q, c, visited))
            return true;
    }
    return false;
}
}  // namespace

bool reaches(const Grid& g, int p, Colour c) {
    assert(g.colour[p] != c);
    std::vector<bool> visited(g.colour.size(), false);
    return reaches_from(g, p, c, visited);
}

Grid clear(const Grid& g, Colour c) {
    // Decide every point on the grid as it stands, then empty them all at once.
    Grid out = g;
    for (int p = 0; p < static_cast<int>(g.colour.size()); ++p)
        if (g.colour[p] == c && !reaches(g, p, Colour::Empty)) out.colour[p] = Colour::Empty;
    return out;
}

Grid move(const Grid& g, int p, Colour c) {
    assert(g.colour[p] == Colour::Empty);
    Grid coloured = g;
    coloured.colour[p] = c;
    return clear(clear(coloured, other(c)), c);
}

int score(const Grid& g, Colour c) {
    int n = 0;
    for (int p = 0; p < static_cast<int>(g.colour.size()); ++p) {
        if (g.colour[p] == c) ++n;
        if (g.colour[p] == Colour::Empty && reaches(g, p, c) && !reaches(g, p, other(c))) ++n;
    }
    return n;
}

Game::Game(int rows, int cols, const Rules& r) : rules_(r) {
    turns_.push_back(Turn{empty_grid(rows, cols), Colour::Black, Colour::Empty, false});
}

int Game::consecutive_passes() const {
    int n = 0;
    for (auto t = turns_.rbegin(); t != turns_.rend() && t->pass; ++t) ++n;
    return n;
}

Verdict Game::check(int p) const {
    if (over()) return Verdict::GameOver;
    // "A turn is either a pass; or a move that ...": a pass is always allowed.
    if (p == PassMove) return Verdict::Legal;
    const Colour me = to_move();
    if (grid().colour[p] != Colour::Empty) return Verdict::Occupied;
    if (!rules_.suicide_allowed) {
        Grid coloured = grid();
        coloured.colour[p] = me;
        Grid captured = clear(coloured, other(me));
        if (clear(captured, me) != captured) return Verdict::Suicide;
    }
    const Grid next = move(grid(), p, me);
    switch (rules_.ko) {
        case KoRule::Simple:
            // The position just before the other player's last move (pass or play).
            if (turns_.size() >= 2 && turns_[turns_.size() - 2].grid == next) return Verdict::Ko;
            break;
        case KoRule::Positional:
            for (const Turn& t : turns_)
                if (t.grid == next) return Verdict::Superko;
            break;
        case KoRule::Situational:
            // After this play the other player is to play.
            for (const Turn& t : turns_)
                if (t.grid == next && t.to_move == other(me)) return Verdict::Superko;
            break;
        case KoRule::OwnGrids:
            // Every turn, pass or play, left its grid; the starting grid was left by no one.
            for (const Turn& t : turns_)
                if (t.grid == next && t.mover == me) return Verdict::Superko;
            break;
        case KoRule::OwnPlays:
            // Only plays leave a grid.
            for (const Turn& t : turns_)
                if (t.grid == next && t.mover == me && !t.pass) return Verdict::Superko;
            break;
    }
    return Verdict::Legal;
}

void Game::play(int p) {
    assert(check(p) == Verdict::Legal);
    const Colour me = to_move();
    if (p == PassMove) {
        turns_.push_back(Turn{grid(), other(me), me, true});
        return;
    }
    Grid next = move(grid(), p, me);
    if (rules_.ko == KoRule::Simple) {
        // The MG repetition: an earlier grid with the same player to move comes back.
        for (const Turn& t : turns_)
            if (t.grid == next && t.to_move == other(me)) repetition_ = true;
    }
    turns_.push_back(Turn{std::move(next), other(me), me, false});
}

int Game::result_x2() const {
    if (repetition_) return 0;
    return 2 * (score(grid(), Colour::Black) - score(grid(), Colour::White)) - rules_.komi_x2;
}

}  // namespace smallgo::naive
