// The Searcher's node: one null-window test, as numbered steps (static bounds, the table, move
// ordering, the children looked up, the children searched, the answer stored), and the steps of
// a child shared with the parallel search (prepare, proves_high).
#include <algorithm>

#include "rules/scoring.hpp"
#include "solver/benson.hpp"
#include "solver/reply_life.hpp"
#include "solver/searcher.hpp"
#include "solver/stack.hpp"

namespace smallgo {

namespace {

// One cache of Benson's results per thread (benson.hpp), 2^14 slots of 64 bytes: oneTBB's worker
// threads live as long as the process, so each allocates its cache once. A cache per Searcher
// cost every parallel task's copy that allocation (docs/experiments.md).
SafetyCache& thread_safety_cache() {
    thread_local SafetyCache cache(14);
    return cache;
}

}  // namespace

int Searcher::terminal_x2(const Position& p) const {
    return 2 * area_score(g_, p) - rules_.komi_x2;
}

i8 Searcher::horizon_lean(const Position& p, int beta) const {
    return side(p, terminal_x2(p)) >= beta ? 1 : -1;
}

Searcher::Bounds Searcher::static_bounds(const Position& pos,
                                         const CycleBounds::State* state) const {
    // Bounds from unconditional life: alive stones and the one-point eyes they enclose stay
    // their owner's to the end whatever the history, so a result resting on them needs nothing
    // of the path. Unconditional territory (benson.hpp) counts whole regions too, but only on
    // paths where the alive stones' records form one run: `land` bounds, used with that condition.
    const int n = g_.points();
    int count[2] = {0, 0}, land[2] = {0, 0};
    Bounds b;
    if (options_.use_bounds) {
        const BoardSafety both = options_.safety_cache
                                     ? thread_safety_cache().lookup(g_, pos, rules_.suicide_allowed)
                                     : board_safety(g_, pos, rules_.suicide_allowed);
        for (Color c : {Color::Black, Color::White}) {
            const int i = static_cast<int>(c);
            const SafePoints safe = both.of(pos, c);
            count[i] = land[i] = safe.count();
            if (options_.use_territory && (safe.territory & ~safe.eyes) != 0)
                land[i] = safe.count_with_territory(), b.alive[i] = safe.alive;
        }
    }
    // Simple ko: the value lies between 0 and W of the node's state, whatever the history
    // (retrograde.hpp); pos is the path's current position.
    int w = 0;
    const bool cycle = cycle_ && (state ? cycle_->value(*state, w) : cycle_->value(*h_, w));
    const auto finish = [&](const int* safe, int& lo, int& hi) {
        lo = 2 * (2 * safe[0] - n) - rules_.komi_x2;
        hi = 2 * (n - 2 * safe[1]) - rules_.komi_x2;
        if (draws_possible_) lo = std::min(lo, 0), hi = std::max(hi, 0);
        if (cycle) lo = std::max(lo, std::min(w, 0)), hi = std::min(hi, std::max(w, 0));
        if (pos.to_move == Color::White) std::swap(lo, hi), lo = -lo, hi = -hi;
    };
    finish(count, b.lo, b.hi);
    finish(land, b.land_lo, b.land_hi);
    b.lo_colour = pos.to_move, b.hi_colour = opponent(pos.to_move);
    return b;
}

Outcome Searcher::decide_statically(const Bounds& b, int beta, Keep& keep) {
    if (b.lo >= beta) return {High, b.lo};
    if (b.hi < beta) return {Low, b.hi};
    const int lo = static_cast<int>(b.lo_colour), hi = static_cast<int>(b.hi_colour);
    if (b.land_lo >= beta && territory_holds(*h_, b.alive[lo], b.lo_colour)) {
        keep.rest_on_territory(b.lo_colour, b.alive[lo]);
        return {High, b.land_lo};
    }
    if (b.land_hi < beta && territory_holds(*h_, b.alive[hi], b.hi_colour)) {
        keep.rest_on_territory(b.hi_colour, b.alive[hi]);
        return {Low, b.land_hi};
    }
    return decide_by_reply(b, beta, keep);
}

Outcome Searcher::decide_by_reply(const Bounds& b, int beta, Keep& keep) {
    // The side not to move, c, keeping k points bounds the mover's value by `upper(k)`, as
    // static_bounds' `finish` does; need is the least k whose bound is below beta.
    if (!options_.reply_life || !options_.use_bounds || draws_possible_ || cycle_)
        return {Unknown, 0};
    const Color c = b.hi_colour;
    const int n = g_.points(), komi = c == Color::White ? rules_.komi_x2 : -rules_.komi_x2;
    const auto upper = [&](int k) { return 2 * (n - 2 * k) - komi; };
    int need = 0;
    while (need <= n && upper(need) >= beta) ++need;
    if (need > n) return {Unknown, 0};
    ReplyLife& r = reply_.life;
    if (!reply_life(*h_, c, need, r, reply_depth_)) return {Unknown, 0};
    ++reply_leaves;
    const std::size_t base = boards_top();
    for (const Position& reply : r.replies) meet_board(keep, reply, base);
    return {Low, upper(r.count)};
}

void Searcher::path_bounds(int& lo, int& hi) const {
    const Bounds b = static_bounds(h_->current());
    lo = b.lo, hi = b.hi;
    const int l = static_cast<int>(b.lo_colour), u = static_cast<int>(b.hi_colour);
    if (b.land_lo > lo && territory_holds(*h_, b.alive[l], b.lo_colour)) lo = b.land_lo;
    if (b.land_hi < hi && territory_holds(*h_, b.alive[u], b.hi_colour)) hi = b.land_hi;
}

// One child at or above beta proves High: that proof needs only this child (its board and its
// proof). Every child below beta proves Low: that proof needs the proofs of all children, but not
// their legality, since a move another history forbids only removes an option. Under simple ko a
// repetition is a draw instead, which can raise a child's value: there every candidate board
// counts.
Searcher::Child Searcher::prepare(Node& n, Move m, Position& next, int& value, Dep& cd) {
    int match = -1;
    if (m == Pass) {
        next = n.pos.after_pass();
    } else {
        Verdict v = h_->check(m, next, &match);
        if (v == Verdict::Occupied || v == Verdict::Suicide) return Child::Skip;
        if (v != Verdict::Legal) {  // ko or superko: the answer came from record `match`
            if (draws_possible_) meet_board(n.keep_all, next, n.base);
            n.dep_all.add(match, rules_.ko == KoRule::Simple ? KoQuery : RepeatQuery, next);
            return Child::Skip;
        }
    }
    if (draws_possible_) meet_board(n.keep_all, next, n.base);
    if (next.passes >= 2) {
        value = side(n.pos, terminal_x2(next));
        return Child::Decided;
    }
    if (m != Pass && draws_possible_ && (match = h_->cycle_match(next)) >= 0) {
        value = 0;  // the repetition ends the game as a draw
        cd.add(match, RepeatQuery, next);
        return Child::Decided;
    }
    return Child::Search;
}

bool Searcher::proves_high(Node& n, Move m, const Position& next, int value, const Keep& child,
                           const Dep& cd, std::size_t child_base) {
    Keep ck = child;
    ck.lift(n.pos);
    if (value >= n.beta) {
        n.keep = ck;
        take_boards(n.base, child_base);  // the siblings' boards are not this proof's
        meet_board(n.keep, next, n.base);
        n.dep = cd;
        add_cutoff(n, m);
        store(n.c, n.slot, n.pos, n.ply, n.old, value, Infinity, m, n.keep, n.dep, n.base,
              n.entered);
        return true;
    }
    n.keep_all.meet(ck);
    merge_boards(n.base, child_base, n.keep_all);
    n.dep_all.merge(cd);
    if (value > n.best_low) n.best_low = value, n.low_move = m;
    return false;
}

Outcome Searcher::read_table(const Canonical& c, const Position& pos, int ply, int beta, Keep& keep,
                             Dep& dep, TableRead& read) {
    // Entries are in the canonical frame; `back` maps them to this position's.
    const int back = sym_.inverse(c.sym);
    int free = -1;
    for (int v = 0; v < variants_; ++v) {
        TTData e;
        if (!tt_.probe(c.key, c.pos, e, static_cast<unsigned>(v))) {
            free = v;
            break;
        }
        if (v == 0) read.tt_move = sym_.map_move(back, e.move);
        const Bitboard entry_keep = sym_.map(back, e.keep);
        Dep d;
        if (!usable(entry_keep, pos, ply, e, back, d)) continue;
        ++hits;
        if (options_.renew_lists && lists_.aging(e.list)) renew_list(c, v, e);
        Keep k = e.land ? land_of(e, back, pos) : Keep{};
        k.black = entry_keep & pos.black(), k.white = entry_keep & pos.white(), k.boards = e.boards;
        if (e.lower >= beta || e.upper < beta) read_boards(e, k);
        if (e.lower >= beta) {
            read.tt_move = sym_.map_move(back, e.move);  // the proof's own move
            return keep = k, dep = d, Outcome{High, e.lower};
        }
        if (e.upper < beta) return keep = k, dep = d, Outcome{Low, e.upper};
        if (!read.have_entry)
            read.have_entry = true, read.entry = e, read.slot = v,
            read.tt_move = sym_.map_move(back, e.move);
    }
    // Every proof held here rests on another history: replace one in turn.
    if (!read.have_entry) read.slot = free >= 0 ? free : static_cast<int>(nodes % variants_);
    return {Unknown, 0};
}

Outcome Searcher::look_up_child(const Position& next, int ply, int child_beta, Keep& keep, Dep& dep,
                                int sym) {
    const Outcome r = decide_statically(static_bounds(next), child_beta, keep);
    if (r.kind != Unknown) return r;
    TableRead unused;
    const Canonical c = sym >= 0 ? canonical_by(next, sym) : canonical(next);
    return read_table(c, next, ply, child_beta, keep, dep, unused);
}

Outcome Searcher::cutoff_by_lookup(Node& n, const Move* moves, int count,
                                   std::array<i8, MaxPoints + 1>& syms) {
    // The children's reads (their table buckets, their cache slots of Benson's results) are
    // asked for first, so that they overlap one another instead of each waiting in turn: 4x5
    // with two threads searches its first 80M nodes in 9-10 s instead of 11-12.
    // The symmetries found for the children's keys are kept for their lookups below and for
    // their searches. A pass leaves the stones, and so the symmetry, as they are.
    SafetyCache* cache =
        options_.use_bounds && options_.safety_cache ? &thread_safety_cache() : nullptr;
    for (int i = 0; i < count; ++i) {
        Position next;
        syms[static_cast<std::size_t>(i)] = moves[i] == Pass ? static_cast<i8>(n.c.sym) : -1;
        if (moves[i] == Pass ||
            n.pos.play(g_, moves[i], rules_.suicide_allowed, next) != PlayStatus::Ok)
            continue;
        const Canonical c = canonical(next);
        syms[static_cast<std::size_t>(i)] = static_cast<i8>(c.sym);
        tt_.prefetch(c.key);
        if (cache) cache->prefetch(next);
    }
    for (int i = 0; i < count; ++i) {
        const Move m = moves[i];
        Position next;
        Dep cd;
        int value = 0;
        const Child step = prepare(n, m, next, value, cd);
        if (step == Child::Skip) continue;
        Keep ck;
        const std::size_t mark = boards_top();
        if (step == Child::Search) {
            // The child's own steps 1 and 2 at the null window 1 - beta: a Low answer there
            // (its value below 1 - beta) is this node's High.
            h_->push(next, m != Pass);
            const Outcome r = look_up_child(next, n.ply + 1, 1 - n.beta, ck, cd,
                                            syms[static_cast<std::size_t>(i)]);
            h_->pop();
            if (r.kind != Low) {
                stack_.fps.resize(mark);
                continue;
            }
            value = -r.value;
        }
        if (value >= n.beta) {
            proves_high(n, m, next, value, ck, cd, mark);
            ++lookup_cutoffs;
            return {High, value};
        }
        stack_.fps.resize(mark);
    }
    return {Unknown, 0};
}

Outcome Searcher::test(int beta, int depth, Keep& keep, Dep& dep, int sym) {
    const u64 entered = nodes++;
    keep = Keep{};
    dep = Dep{};
    const std::size_t base = boards_top();
    if ((++tick_ & TickMask) == 0) {
        if (tick()) stopped_ = true;
        if (restart_due()) abort_ = true;
    } else if (nodes >= give_up_at_ && !par_) {
        abort_ = true;  // a query's cap (set_cap), to the node with one thread
    }
    if (stopped_ || abort_) return {Unknown, 0};
    // Open where the stack ends (solver/stack.hpp): it proves nothing, as at the depth's end.
    if (stack_nearly_full()) {
        ++stack_cutoffs;
        return {Unknown, 0};
    }
    const Position pos = h_->current();
    const int ply = h_->turns();

    // Step 1. Static bounds; past the horizon nothing more is known. Before them, where the table
    // will be read, its entries are asked for, so that the memory reads overlap the bounds' work
    // (reads from a table of gigabytes are a large part of the time on 4x4).
    const bool probing = options_.use_table && depth > 0;
    const Canonical c = !probing   ? Canonical{pos, 0, 0}
                        : sym >= 0 ? canonical_by(pos, sym)
                                   : canonical(pos);
    if (probing) tt_.prefetch(c.key), open_.prefetch(c.key ^ salt_);
    CycleBounds::State cs;
    if (cycle_) cs = cycle_->state(*h_), cycle_->prefetch(cs);
    if (const Outcome r = decide_statically(static_bounds(pos, cycle_ ? &cs : nullptr), beta, keep);
        r.kind != Unknown)
        return r;
    if (depth <= 0) return {Unknown, lean_ ? horizon_lean(pos, beta) : 0};

    // Step 2. The table: a usable proven bound may decide the test; any entry supplies a move.
    TableRead read;
    if (options_.use_table) {
        const Outcome r = read_table(c, pos, ply, beta, keep, dep, read);
        if (r.kind != Unknown) return r;
    }
    const int back = sym_.inverse(c.sym);
    // An open test of the same beta searched at least as deep stays open (transpositions within
    // one iteration are searched once; with more threads every searcher works on the same
    // iteration's tree); its most promising move goes first otherwise. An open entry never
    // decides a value: it only sends the search to a deeper iteration.
    Move hint = NoMove;
    OpenData open_entry;
    if (options_.use_table && open_.probe(c.key ^ salt_, open_entry)) {
        if (open_entry.beta == beta && open_entry.depth >= depth) {
            ++open_hits;
            return {Unknown, open_entry.lean};
        }
        hint = sym_.map_move(back, open_entry.move);
    }

    // Step 3. Move ordering (move_order.cpp).
    Node n{pos,
           beta,
           ply,
           static_cast<int>(pos.to_move),
           c,
           read.slot,
           read.have_entry ? &read.entry : nullptr,
           killers_[std::min(ply, 1023)],
           keep,
           dep,
           base,
           entered};
    std::array<Move, MaxPoints + 1> moves;
    const int count = order_moves(n, read.tt_move, hint, moves);

    // Step 4. Enhanced transposition cutoffs: a child already proven (by the table, its static
    // bounds or the end of the game) to refute beta proves this node without a search.
    std::array<i8, MaxPoints + 1> syms;
    syms.fill(-1);
    if (options_.use_table && options_.lookup_children && depth >= LookupDepth) {
        const Outcome r = cutoff_by_lookup(n, moves.data(), count, syms);
        if (r.kind == High) return r;
    }

    // Step 5. The children (prepare, proves_high). Any child unknown leaves the test open. An
    // open child that leans this node's way (its own lean Low) ends the step: the node is open
    // and leans High, and that child goes first at the next depth (searcher.hpp, LeanDepth).
    Move open_move = NoMove;
    bool open = false;
    i8 lean = -1;
    int searched = 0;
    for (int i = 0; i < count; ++i) {
        if (par_ && searched > 0 && count - i >= 2 && depth > 2 &&
            (ply - root_turns_ <= par_->split_plies || par_->idle())) {
            // Young brothers wait: the first child did not prove High; the rest in parallel.
            Outcome r =
                split(n, moves.data() + i, count - i, depth, open, open_move, syms.data() + i);
            if (r.kind == High || stopped_ || abort_) return r;
            if (r.kind == Unknown) lean = 1;  // a job stayed open leaning this node's way
            break;
        }
        const Move m = moves[i];
        Position next;
        Keep ck;
        Dep cd;
        int value = 0;
        const Child step = prepare(n, m, next, value, cd);
        if (step == Child::Skip) continue;
        const std::size_t mark = boards_top();
        if (step == Child::Search) {
            // Once a child stays open, the rest get less depth (sibling_depth): any proof they
            // find is as good, and the open child, ordered first next time (the open-test
            // cache), gets the depth. Every child still gets any depth as the iterations deepen.
            h_->push(next, m != Pass);
            Outcome r = test(1 - beta, open ? sibling_depth(depth) : depth - 1, ck, cd,
                             syms[static_cast<std::size_t>(i)]);
            h_->pop();
            ++searched;
            if (stopped_ || abort_) return {Unknown, 0};
            if (r.kind == Unknown) {
                if (!open) open_move = m;
                open = true;
                stack_.fps.resize(mark);
                if (lean_ && r.value < 0 && depth <= lean_depth_) {
                    open_move = m, lean = 1;
                    ++lean_cutoffs;
                    break;
                }
                continue;
            }
            value = -r.value;  // child High (>= 1 - beta) means this move is below beta
        }
        if (proves_high(n, m, next, value, ck, cd, mark)) return {High, value};
    }

    // Step 6. The answer: open (remembered in the open-test cache), or Low, stored.
    if (open) {
        if (options_.use_table)
            open_.store(c.key ^ salt_, {static_cast<i16>(beta), static_cast<u16>(depth),
                                        sym_.map_move(c.sym, open_move), lean});
        return {Unknown, lean_ ? lean : 0};
    }
    keep = n.keep_all;
    dep = n.dep_all;
    store(c, read.slot, pos, ply, n.old, -Infinity, n.best_low, n.low_move, keep, dep, base,
          entered);
    return {Low, n.best_low};
}

}  // namespace smallgo
