// The Searcher's move ordering: which child a node searches first. Table move, then the open
// move (the most promising of an open test, from the open-test cache), killers, then tactics
// (captures, then moves that give a string in atari liberties), the other points by history
// counts with points nearer the centre first, then the pass, and last the plays that fill one of
// the mover's own one-point eyes. The pass goes first where it ends the game (the opponent has
// just passed): that child's value is the final score, known without a search.
//
// Measured (docs/results.md, 2026-11-25): with the pass second, after the table move, as before,
// 4x4 took 80.5M nodes; the pass last and eye fills after it, 14.8M; the pass first where it
// ends the game, 9.2M; captures and saves, 4.84M (with enhanced transposition cutoffs, node.cpp).
// An order never changes a value, only the nodes a proof takes.
#include <algorithm>

#include "solver/searcher.hpp"

namespace smallgo {

namespace {
// Scores, highest first. The tactical scores sit just below the killers; an ordinary point
// scores its history count times 16 plus its centrality plus 2, so every one of them comes before
// the pass (1), and an eye fill (0) comes last.
constexpr u32 TableScore = 1u << 31, HintScore = TableScore - 1, KillerScore = 1u << 29;
constexpr u32 CaptureScore = KillerScore - 1, SaveScore = KillerScore - 2;
constexpr u32 EndingPassScore = 1u << 30, PassScore = 1, EyeFillScore = 0;
// An ordinary point's history count is capped here, so that its score stays below the tactical
// ones (and the product cannot wrap past 2^32) even after 2^25 cutoffs at one point.
constexpr u32 MaxHistory = (SaveScore - 1024) / 16;

// The tactical points of the side to move: last liberties of the opponent's strings (a play
// there captures), last liberties of its own strings (a play there may save them), and empty
// points whose neighbours are all its own stones (a play there fills its own eye).
struct Tactics {
    Bitboard captures = 0, saves = 0, eyes = 0;
};

Tactics tactics(const Geometry& g, const Position& p) {
    const Bitboard own = p.of(p.to_move), empty = p.empty(g);
    Tactics t;
    t.captures = last_liberties(g, p.of(opponent(p.to_move)), empty);
    t.saves = last_liberties(g, own, empty);
    // Empty points with no neighbour but own stones.
    t.eyes = empty & ~g.neighbours(g.all() & ~own);
    return t;
}
}  // namespace

int Searcher::order_moves(const Node& n, Move tt_move, Move hint,
                          std::array<Move, MaxPoints + 1>& moves) {
    std::array<u32, MaxPoints + 1> score;
    int count = 0;
    const bool tactical = options_.tactical_order;
    const Tactics t = tactical ? tactics(g_, n.pos) : Tactics{};
    for (Bitboard empty = n.pos.empty(g_); empty; empty &= empty - 1) {
        const Move m = static_cast<Move>(std::countr_zero(empty));
        const Bitboard b = empty & (0 - empty);
        moves[count] = m;
        score[count++] = m == tt_move                               ? TableScore
                         : m == hint                                ? HintScore
                         : (m == n.killers[0] || m == n.killers[1]) ? KillerScore
                         : (t.captures & b)                         ? CaptureScore
                         : (t.saves & b)                            ? SaveScore
                         : (t.eyes & b)
                             ? EyeFillScore
                             : std::min(history(n.me, m), MaxHistory) * 16 + centrality_[m] + 2;
    }
    moves[count] = Pass;
    score[count++] = tt_move == Pass                  ? TableScore
                     : hint == Pass                   ? HintScore
                     : !tactical || n.pos.passes == 1 ? EndingPassScore
                                                      : PassScore;
    // Insertion sort, stable: equal scores keep the order of the points. Each move's score and
    // index go into one key (index reversed, so that among equal scores the earlier is larger),
    // and the keys are shifted, not swapped in pairs: the sort was most of this function's time.
    std::array<u64, MaxPoints + 1> key;
    for (int i = 0; i < count; ++i) key[i] = u64{score[i]} << 8 | static_cast<u64>(255 - i);
    for (int i = 1; i < count; ++i) {
        const u64 k = key[i];
        int j = i;
        for (; j > 0 && key[j - 1] < k; --j) key[j] = key[j - 1];
        key[j] = k;
    }
    const std::array<Move, MaxPoints + 1> unsorted = moves;
    for (int i = 0; i < count; ++i) moves[i] = unsorted[255 - (key[i] & 0xFF)];
    return count;
}

int Searcher::pv_order(const Position& pos, bool pass_first,
                       std::array<Move, MaxPoints + 1>& moves) const {
    int count = 0;
    if (pass_first) moves[count++] = Pass;
    for (Bitboard empty = pos.empty(g_); empty; empty &= empty - 1)
        moves[count++] = static_cast<Move>(std::countr_zero(empty));
    if (!pass_first) moves[count++] = Pass;
    return count;
}

void Searcher::add_cutoff(Node& n, Move m) {
    if (m == Pass) return;
    if (m != n.killers[0]) n.killers[1] = n.killers[0], n.killers[0] = m;
    if (!par_)
        ++history_[n.me][m];
    else
        std::atomic_ref<u32>(par_->history[n.me][m]).fetch_add(1, std::memory_order_relaxed);
}

}  // namespace smallgo
