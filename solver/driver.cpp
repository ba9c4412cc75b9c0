// The Searcher's root driver: iterative deepening of the null-window tests, the MTD-style steps
// that make an exact value of them, the queries of solve() on first moves, and the stops, limits
// and restarts of a search.
#include <algorithm>

#include "rules/scoring.hpp"
#include "solver/searcher.hpp"

namespace smallgo {

namespace {
// Depths of the iterations: 1, 2, 4, 7, 11, 17, 26, 40, ... (x1.5, which costs fewer nodes on
// 4x4 than x1.25 or +1), up to MaxDepth. Where every test stays open cheaply (the stack's end,
// solver/stack.hpp, leaves them open after a few plies), the iterations come fast, and without
// the cap the depth overflowed an int after about 50 of them (UBSan, 2026-11-28). No search
// reaches MaxDepth plies: 256 MB of stack ends near 200,000.
constexpr int MaxDepth = 1 << 24;
int next_depth(int d) {
    return d >= MaxDepth / 2 ? MaxDepth : d + 1 + d / 2;
}

// The Luby sequence (1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...; i from 1): the lengths of the search's
// runs between restarts, in units of SolveOptions::restart_nodes.
u64 luby(u64 i) {
    for (u64 k = 1;; ++k) {
        if (i == (u64{1} << k) - 1) return u64{1} << (k - 1);
        if (i < (u64{1} << k) - 1) i -= (u64{1} << (k - 1)) - 1, k = 0;
    }
}
}  // namespace

Searcher::Searcher(History& h, TranspositionTable& tt, BoardLog& lists, OpenTable& open,
                   const SolveOptions& o, const CycleBounds* cycle)
    : h_(&h),
      g_(h.geometry()),
      sym_(h.geometry().symmetries()),
      rules_(h.rules()),
      tt_(tt),
      lists_(lists),
      open_(open),
      options_(o),
      cycle_(cycle) {
    draws_possible_ = rules_.ko == KoRule::Simple;
    reply_depth_ = o.reply_depth != 0 ? std::clamp(o.reply_depth, 1, ReplyLife::MaxDepth)
                                      : default_reply_depth(g_);
    runs_ = o.first_run;
    if (o.restart_nodes) restart_at_ = o.restart_nodes * luby(runs_ + 1);
    // Static order: points nearer the centre first (0..15), a fixed tie-break by index.
    for (int p = 0; p < g_.points(); ++p)
        centrality_[p] = static_cast<u32>(std::max(0, 15 - g_.centre_distance(p)));
    variants_ = proofs_per_position(g_, tt_, o.proofs_per_position);
    sibling_divisor_ = sibling_divisor();
    lean_ = o.lean_cutoffs;
    lean_depth_ = lean_depth();
    // The hash of a board under each symmetry (board_hash).
    for (int s = 0; s < sym_.count(); ++s)
        for (int p = 0; p < g_.points(); ++p)
            for (int c = 0; c < 2; ++c)
                board_key_[s][c][p] = zobrist::splitmix64(
                    u64{0x9E3779B97F4A7C15} *
                    (1 + 2 * static_cast<u64>(g_.map_point(s, p)) + static_cast<u64>(c)));
}

void Searcher::make_parallel(Parallel* p, int threads) {
    par_ = p;
    sibling_divisor_ = sibling_divisor();
    lean_depth_ = lean_depth();
    p->history = history_;
    p->threads = threads;
    p->restart_at.store(restart_at_);
}

int Searcher::exact(int lower, int upper) {
    narrow_within(lower, upper, NoCap);
    return lower;
}

// The cap ends the tests as in at_least_within (below): a test dropped at the cap proves nothing
// and leaves the bounds as the tests before it proved them.
void Searcher::narrow_within(int& lower, int& upper, u64 cap,
                             const std::function<void(int, int)>& proven) {
    const Position pos = h_->current();
    int lo, hi;
    Keep k;
    path_bounds(lo, hi);
    lower = std::max(lower, lo), upper = std::min(upper, hi);
    set_cap(cap);
    // MTD-style steps: first "does the side to move win?", then the test at the bound just
    // proven, so every test is close to the value; the depth is kept from one test to the next.
    // Without draws komi shifts every final score alike, so the first test asks it before komi
    // (the side gets at least half the board) and every later test is that of komi 0, shifted:
    // asked with komi, the first test was far from the value and left 4x4 under `aga` undecided
    // many times longer than the komi-free start. With draws (simple ko) a repetition scores 0
    // whatever the komi, and the first test stays "wins with komi".
    // A conjecture (SolveOptions::aim_x2) asks first whether Black reaches it: the side to move
    // tests the aim itself, or, for White, "more than Black's aim" (Low proves Black reaches it).
    const int first = options_.aim_x2
                          ? (pos.to_move == Color::Black ? *options_.aim_x2 : 1 - *options_.aim_x2)
                      : draws_possible_ ? 0
                                        : side(pos, -rules_.komi_x2);
    int depth = 1, beta = std::clamp(first, lower + 1, upper);
    while (lower < upper && !stopped_) {
        Dep d;
        stack_.fps.clear();  // the boards of the last test's proof
        Outcome r = test(beta, depth, k, d);
        if (abort_) {
            if (cap_reached()) break;  // the tests end open
            start_run(), depth = 1;
            continue;
        }
        report(depth, r.kind);
        if (r.kind == High)
            lower = std::max(lower, r.value), beta = lower + 1;
        else if (r.kind == Low)
            upper = std::min(upper, r.value), beta = upper;
        else
            depth = next_depth(depth);
        if (proven && r.kind != Unknown) proven(lower, upper);
    }
    give_up_at_ = NoCap;
}

bool Searcher::at_least(int beta) {
    return at_least_within(beta, NoCap) == High;
}

// The cap works as a restart that ends the query: restart_due() reports it once the nodes
// searched pass give_up_at_, every task drops its test (as for a restart, which stores no proof),
// and the query returns Unknown. Without a cap (NoCap) give_up_at_ is never reached, so the
// search is node for node the uncapped one.
void Searcher::set_cap(u64 cap) {
    const u64 now = searched();
    give_up_at_ = cap > NoCap - now ? NoCap : now + cap;
}

bool Searcher::cap_reached() {
    if (searched() < give_up_at_) return false;  // a restart
    abort_ = false;
    if (par_) par_->restart.store(false);
    return true;
}

Kind Searcher::at_least_within(int beta, u64 cap, int* proven) {
    set_cap(cap);
    Kind result = Unknown;
    for (int depth = 1; !stopped_; depth = next_depth(depth)) {
        Keep k;
        Dep d;
        stack_.fps.clear();
        Outcome r = test(beta, depth, k, d);
        if (abort_) {
            if (cap_reached()) break;  // the query ends open
            start_run(), depth = 0;    // the loop's step makes it 1
            continue;
        }
        report(depth, r.kind);
        if (r.kind != Unknown) {
            result = r.kind;
            if (proven) *proven = r.value;
            break;
        }
    }
    give_up_at_ = NoCap;
    return result;
}

Searcher::Step Searcher::enter(Move m, int& value) {
    const Position pos = h_->current();
    Position next;
    root_move_ = m;
    if (h_->check(m, next) != Verdict::Legal) return Step::Illegal;
    if (next.passes >= 2) {
        value = side(pos, terminal_x2(next));
        return Step::Ended;
    }
    if (m != Pass && draws_possible_ && h_->cycle_match(next) >= 0) {
        value = 0;
        return Step::Ended;
    }
    h_->push(next, m != Pass);
    return Step::Entered;
}

bool Searcher::child_value(Move m, int& value) {
    Step step = enter(m, value);
    if (step == Step::Entered) {
        value = -exact(-Infinity, Infinity);
        h_->pop();
    }
    return step != Step::Illegal;
}

void Searcher::child_narrow_within(Move m, int& lower, int& upper, u64 cap) {
    int value = 0;
    switch (enter(m, value)) {
        case Step::Illegal:
            lower = upper = -Infinity;
            return;
        case Step::Ended:
            lower = upper = value;
            return;
        case Step::Entered:
            break;
    }
    // The child's bounds are the move's, negated and swapped.
    int child_lower = -upper, child_upper = -lower;
    narrow_within(child_lower, child_upper, cap, [&](int cl, int cu) { lower = -cu, upper = -cl; });
    h_->pop();
    lower = -child_upper, upper = -child_lower;
}

bool Searcher::child_decided(Move m, int& value) {
    switch (enter(m, value)) {
        case Step::Illegal:
            return false;
        case Step::Ended:
            return true;
        case Step::Entered:
            break;
    }
    int lo, hi;
    path_bounds(lo, hi);
    h_->pop();
    value = -lo;
    return lo == hi;
}

bool Searcher::child_at_least(Move m, int target) {
    return child_at_least_within(m, target, NoCap) == High;
}

Kind Searcher::child_at_least_within(Move m, int target, u64 cap, int* proven) {
    int value = 0;
    switch (enter(m, value)) {
        case Step::Illegal:
            if (proven) *proven = -Infinity;
            return Low;
        case Step::Ended:
            if (proven) *proven = value;
            return value >= target ? High : Low;
        case Step::Entered:
            break;
    }
    // The child reaches 1 - target: this move is below target. The child's proven bound is the
    // negated bound of the move (a child at least b: the move at most -b).
    int child_bound = 0;
    const Kind child = at_least_within(1 - target, cap, &child_bound);
    h_->pop();
    if (child != Unknown && proven) *proven = -child_bound;
    return child == Unknown ? Unknown : child == High ? Low : High;
}

Move Searcher::move_known_to_reach(int target, const Move* moves, int count) {
    for (int i = 0; i < count; ++i) {
        int value = 0;
        switch (enter(moves[i], value)) {
            case Step::Illegal:
                continue;
            case Step::Ended:
                if (value >= target) return moves[i];
                continue;
            case Step::Entered:
                break;
        }
        Keep k;
        Dep d;
        stack_.fps.clear();
        const Position child = h_->current();  // a copy: the lookup may push on the path
        const Outcome r = look_up_child(child, h_->turns(), 1 - target, k, d);
        h_->pop();
        if (r.kind == Low) return moves[i];
    }
    return NoMove;
}

Move Searcher::table_move_reaching(int target) {
    const Position pos = h_->current();
    Keep keep;
    Dep dep;
    TableRead read;
    stack_.fps.clear();
    const Outcome r = read_table(canonical(pos), pos, h_->turns(), target, keep, dep, read);
    return r.kind == High ? read.tt_move : NoMove;
}

void Searcher::report(int depth, Kind kind) const {
    if (options_.progress && h_->turns() == root_turns_ + 1)
        options_.progress({root_move_, depth, static_cast<int>(kind), nodes, result_ != nullptr,
                           result_ ? result_->lower_x2 : 0, result_ ? result_->upper_x2 : 0});
}

bool Searcher::restart_due() {
    const bool give_up = searched() >= give_up_at_;  // at_least_within's or narrow_within's cap
    if (!options_.restart_nodes && !give_up) return false;
    if (!par_) return give_up || nodes >= restart_at_;
    if (par_->restart.load(std::memory_order_relaxed)) return true;
    if (!give_up && par_->counted.load(std::memory_order_relaxed) < par_->restart_at.load())
        return false;
    par_->restart.store(true);
    return true;
}

bool Searcher::over_limit() {
    if (!options_.node_limit) return false;
    if (!par_) return nodes > options_.node_limit;
    if (par_->counted.load(std::memory_order_relaxed) <= options_.node_limit) return false;
    par_->halt.store(true);
    return true;
}

// Restarts. One search's node count depends heavily on what the open-test cache holds when a
// test is made: the same search can take several times the nodes with another table size, and
// some stay undecided for orders of magnitude longer. Those are the long tails of a heavy-tailed
// distribution, which restarts cut short (Luby, Sinclair and Zuckerman, 1993, for the schedule;
// Gomes, Selman and Kautz, 1998, for restarts of tree search): after each run of restart_nodes
// times luby(run), the test in progress is dropped and the depth starts again at 1 with fresh
// open-test keys. Dropping is sound: the dropped test returns "open" up the tree, which stores
// no proof. Proofs found before stay in the table, so no run starts from nothing.
void Searcher::start_run() {
    // Every task of the dropped test has returned (a split waits for its jobs), so the tables
    // are at rest until the next test starts.
    // runs_ + 1: the run that just ended counts as a restart, as ++runs_ below makes it. The
    // bounds are written by the root's thread, which is this one.
    if (options_.at_rest)
        options_.at_rest(searched(), runs_ + 1, result_ ? result_->lower_x2 : -Infinity,
                         result_ ? result_->upper_x2 : Infinity,
                         result_ ? result_->root_bounds : std::vector<RootBound>{},
                         result_ ? result_->race_round : 0);
    abort_ = false;
    ++runs_;
    salt_ = zobrist::splitmix64(salt_ + runs_);
    const u64 length = options_.restart_nodes * luby(runs_ + 1);
    if (!par_) {
        restart_at_ = nodes + length;
    } else {
        par_->restart_at.store(par_->counted.load() + length);
        par_->restart.store(false);
    }
}

}  // namespace smallgo
