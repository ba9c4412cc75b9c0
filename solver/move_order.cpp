// The Searcher's move ordering: which child a node searches first. Table move, then the open
// move (the most promising of an open test, from the open-test cache), then the pass, killers,
// and the other points by history counts with points nearer the centre first.
#include "solver/searcher.hpp"

namespace smallgo {

namespace {
// Pass right after the table move: it ends many lines at once (Tromp's 2x2 solver searches
// orders of magnitude more nodes with passes last).
constexpr u32 PassScore = 1u << 30;
constexpr u32 TableScore = 1u << 31, HintScore = TableScore - 1, KillerScore = 1u << 29;
}  // namespace

int Searcher::order_moves(const Node& n, Move tt_move, Move hint,
                          std::array<Move, MaxPoints + 1>& moves) {
    std::array<u32, MaxPoints + 1> score;
    int count = 0;
    for (Bitboard empty = n.pos.empty(g_); empty; empty &= empty - 1) {
        Move m = static_cast<Move>(std::countr_zero(empty));
        moves[count] = m;
        score[count++] = m == tt_move ? TableScore
                         : m == hint  ? HintScore
                         : (m == n.killers[0] || m == n.killers[1])
                             ? KillerScore
                             : history(n.me, m) * 16 + centrality_[m];
    }
    moves[count] = Pass;
    score[count++] = tt_move == Pass ? TableScore : hint == Pass ? HintScore : PassScore;
    // Insertion sort, stable: equal scores keep the order of the points.
    for (int i = 1; i < count; ++i)
        for (int j = i; j > 0 && score[j] > score[j - 1]; --j)
            std::swap(score[j], score[j - 1]), std::swap(moves[j], moves[j - 1]);
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
