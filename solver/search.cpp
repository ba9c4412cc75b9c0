// solve(): the root of the search. It builds the tables, takes one first move per symmetry
// class, solves them in turn with the Searcher (solver/searcher.hpp), then finds every optimal
// first move and a principal variation, each step proven by a search.
#include "solver/search.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <optional>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include "rules/thread_stack.hpp"
#include "solver/searcher.hpp"

namespace smallgo {

namespace {
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Symmetries of the board that map every position of the history onto itself.
std::vector<int> history_symmetries(const History& h) {
    std::vector<int> syms;
    const Geometry& g = h.geometry();
    for (int s = 1; s < g.symmetry_count(); ++s) {
        bool ok = true;
        for (int i = 0; i <= h.turns() && ok; ++i)
            ok = g.map(s, h.at(i).black()) == h.at(i).black() &&
                 g.map(s, h.at(i).white()) == h.at(i).white();
        if (ok) syms.push_back(s);
    }
    return syms;
}

// The legal first moves, and one representative of each class of moves that a symmetry of the
// whole history maps onto each other (the least), ordered for the search.
struct RootMoves {
    std::vector<Move> legal, reps;
    std::vector<Move> rep_of = std::vector<Move>(MaxPoints + 1, NoMove);  // [m], a pass at the end
    Move rep(Move m) const { return rep_of[m == Pass ? MaxPoints : m]; }
};

RootMoves root_moves(const History& h) {
    const Geometry& g = h.geometry();
    const auto syms = history_symmetries(h);
    RootMoves r;
    r.legal = h.legal_moves();  // the game goes on here (both callers)
    for (Move m : r.legal) {
        Move canon = m;
        for (int sym : syms) canon = std::min(canon, g.symmetries().map_move(sym, m));
        if (canon == m) r.reps.push_back(m);
        r.rep_of[m == Pass ? MaxPoints : m] = canon;
    }
    // Central points first (the first move solved exactly sets the bar the others must beat),
    // the pass last.
    auto off_centre = [&](Move m) { return m == Pass ? INT_MAX : g.centre_distance(m); };
    std::stable_sort(r.reps.begin(), r.reps.end(),
                     [&](Move a, Move b) { return off_centre(a) < off_centre(b); });
    return r;
}

// n times a cap (n >= 1), without overflow: NoCap where the product passes it.
u64 times(u64 cap, u64 n) {
    return cap > Searcher::NoCap / n ? Searcher::NoCap : cap * n;
}

// The next cap of a race's round: twice the last.
u64 doubled(u64 cap) {
    return times(cap, 2);
}

// Whether the first move m reaches target (mover's view), within about `cap` nodes: first one
// null-window test of the child within half of `cap`, as before; where that stays open, a race of
// the opponent's replies with the other half: one test per reply (a representative of each
// symmetry class of the history after m), within caps that start at 1/64 of `cap` and double each
// round, until one reply is proven to hold the mover below target (Low), every reply is proven
// not to (High), or the nodes are spent (Unknown). `proven` as for
// Searcher::child_at_least_within.
//
// Why: one test of the child searches the opponent's replies in the move order, each until its
// test ends, so a hard reply that does not refute (its proof for the mover is long) holds up a
// cheap one that does. On 1x12 after B1 L1 the root's race left E1's test "does Black reach +2?"
// open at a cap of 2^28 nodes, while a search of the position after E1, whose own root races
// White's replies, proved E1 worth exactly +1 in 13.7 million (results.md, 2026-11-28
// (afternoon)). The plain test comes first because where it ends within its half (every test of
// every board up to 4x4) it is the cheaper one: the race alone cost 4x4 12% more value nodes.
//
// Sound as the race is: every answer comes from completed tests of the replies, combined by
// minimax (the mover reaches target after m exactly when every reply leaves him at least target),
// and a cap only leaves the answer open.
Kind replies_reach_within(Searcher& s, Move m, int target, u64 cap, int* proven, u64& decided) {
    const u64 start = s.nodes;
    auto spent = [&] { return s.nodes - start; };
    const Kind plain = s.child_at_least_within(m, target, cap / 2, proven);
    if (plain != Unknown || s.stopped() || spent() >= cap) return plain;
    // Left open, so m is legal and the game goes on after it: the plain test decides the others.
    History& h = s.history();
    h.play(m);
    std::vector<Move> open = root_moves(h).reps;
    int least = Infinity;  // the mover's least proven bound over the replies settled, its view
    Kind result = Unknown;
    for (u64 c = std::max<u64>(cap / 64, 1); result == Unknown && !s.stopped(); c = doubled(c)) {
        std::vector<Move> still;
        for (Move r : open) {
            if (result != Unknown || s.stopped() || spent() >= cap) {
                still.push_back(r);
                continue;
            }
            // The reply reaches 1 - target (opponent's view): it holds the mover below target.
            int bound = 0;
            const Kind k =
                s.child_at_least_within(r, 1 - target, std::min(c, cap - spent()), &bound);
            if (k == High) {
                result = Low;
                if (proven) *proven = -bound;
            } else if (k == Low) {
                least = std::min(least, -bound);
            } else {
                still.push_back(r);
            }
        }
        open.swap(still);
        if (result == Unknown && open.empty()) {
            result = High;
            if (proven) *proven = least;
        }
        if (spent() >= cap) break;
    }
    h.pop();
    if (result != Unknown) ++decided;
    return result;
}

// The root's value (side to move's view), into r's bounds as tests finish, so that a stop still
// reports what is proven; each representative's proven bounds into `known`.
//
// The representatives whose value needs no search (the game ends, or the child's static bounds
// meet) come first: where one of them reaches the root's static upper bound, no move can do better
// and nothing is searched (a pass that ends the game with the whole board won is one node, however
// hard the other moves are).
//
// The searched ones then race: in each round, the work of each still undecided, in order, within a
// cap of nodes (SolveOptions::race_cap in the first round, doubled each round; a resumed race
// starts from the round it had reached, race_first_round), until no move's
// upper bound is above the best value proven, which is then the root's. Where no move decided
// without a search gave a best, the first searched move (the most central) is solved exactly, by
// Searcher::exact's tests, within twice the nodes of all the moves' caps together: its value
// sets the bar the others must beat. Each other move gets one test, whether it beats that best
// (a proof that it does not is the cheap, common answer); before any move has a lower bound,
// whether it gets more than half the board, as exact's first test asks. Where the test against
// the best stays open at its cap, tests halfway between the best and the move's upper bound
// follow at once, while they prove the move lower: they lower the root's upper bound where the
// test at the best is hard. So one hard move no longer holds up the others, nor the bounds
// reported: a 10-minute run of 1x12 ended at [1, 12] before the race and at [1, 2] with it
// (docs/solver.md, "The root's race"). Where the first move's value fits in the first round's
// nodes (every board up to 4x4), the search is that of an exact first move and a race of the
// others; where it does not (4x5 spent 640 million nodes on it), the others no longer wait for
// it. With all_moves each representative is solved exactly, in order.
//
// Sound because every bound comes from a completed test: High proves the move at least the test's
// beta (or the larger bound the test proved), Low at most beta - 1 (or the smaller); a cap only
// ever leaves a test open, which changes no bound.
int root_value(Searcher& s, const RootMoves& moves, const SolveOptions& o, int sign,
               bool values_on_grid, int komi_x2, SolveResult& r, std::vector<RootBound>& known) {
    const int ceiling = s.static_upper();
    std::vector<std::size_t> searched;
    for (Move m : moves.reps) {
        int v;
        if (s.child_decided(m, v))
            known.push_back({m, v, v});
        else
            searched.push_back(known.size()), known.push_back({m, -Infinity, ceiling});
    }
    // The first searched move is solved exactly where no move decided without a search gives a
    // best; otherwise it races like the others, as before the race. Decided here, before the
    // bounds of an earlier run are merged: those hold a lower bound for the first move as soon
    // as its first test proved one (often the least score of the board, which says nothing),
    // and deciding after them made a resumed root race every move from the start. 4x4 at
    // --hash 48, stopped at 200k nodes and resumed, then took 3.5 million nodes instead of about
    // the 1.3 million of the solve never stopped (docs/results.md, 2026-12-02).
    const std::size_t exact_first =
        searched.size() == known.size() && !searched.empty() ? searched.front() : known.size();
    // What earlier searches of this node proved (a checkpoint resumed). Proven here too, so the
    // intervals meet; one that did not could only come from a fault, and is not used.
    for (const RootBound& b : o.root_bounds)
        for (std::size_t i : searched)
            if (RootBound& k = known[i];
                k.move == b.move && std::max(k.lo, b.lo) <= std::min(k.hi, b.hi))
                k.lo = std::max(k.lo, b.lo), k.hi = std::min(k.hi, b.hi);
    // Without draws every final score is an area difference less komi, so a proven bound moves to
    // the nearest such score inside it, and so do the tests halfway up. The test against the best
    // still asks for half a point above it, as before the race: that is what the certificate
    // writer asks the table (docs/solver.md, "The root's race").
    auto grid_up = [&](int v) {
        return values_on_grid && std::abs(v) < Infinity && ((v - komi_x2) & 1) ? v + 1 : v;
    };
    auto grid_down = [&](int v) {
        return values_on_grid && std::abs(v) < Infinity && ((v - komi_x2) & 1) ? v - 1 : v;
    };
    // One test of k's move, "does it reach t?", within cap nodes; its answer narrows k's bounds.
    auto test_move = [&](RootBound& k, int t, u64 cap) {
        int proven = 0;
        const Kind answer = o.reply_race
                                ? replies_reach_within(s, k.move, t, cap, &proven, r.reply_races)
                                : s.child_at_least_within(k.move, t, cap, &proven);
        if (answer == High) k.lo = grid_up(std::max(t, proven));
        if (answer == Low) k.hi = grid_down(std::min(t - 1, proven));
        return answer;
    };
    int best = -Infinity;
    bool met = false;  // the bounds have met: r.value_nodes holds the nodes then, for a stop
    auto report = [&] {
        int top = -Infinity;
        for (const RootBound& k : known) best = std::max(best, k.lo), top = std::max(top, k.hi);
        const int black_lo = sign > 0 ? best : -top, black_hi = sign > 0 ? top : -best;
        r.lower_x2 = std::max(r.lower_x2, black_lo);
        r.upper_x2 = std::min(r.upper_x2, black_hi);
        if (!met && r.lower_x2 == r.upper_x2) r.value_nodes = s.nodes, met = true;
        return top;
    };
    // Whether a move may still beat the best: report() updates best, so it is called first.
    auto undecided = [&] {
        const int top = report();
        return top > best;
    };
    report();
    if (o.all_moves) {
        for (std::size_t i : searched) {
            int v;
            if (known[i].lo == known[i].hi) continue;  // exact in an earlier run (root_bounds)
            if (!s.child_value(known[i].move, v) || s.stopped()) return best;
            known[i].lo = known[i].hi = v;
            report();
        }
        return best;
    }
    if (best >= ceiling) return best;  // proven: no move beats the bound
    // Before any move has a lower bound, the tests ask the first question of Searcher::exact (in
    // the child, and so its complement): does the mover get more than half the board before komi
    // (with draws, a win)?
    // With a conjecture (SolveOptions::aim_x2) they ask whether Black reaches it, as exact does.
    const int guess = o.aim_x2         ? (sign > 0 ? *o.aim_x2 : 1 - *o.aim_x2)
                      : values_on_grid ? 1 - sign * komi_x2
                                       : 1;
    // SolveOptions::aim_only: each move is asked only whether it reaches the guess, in rounds
    // of caps as below, until one does (the root reaches it) or every one is proven below it.
    // The exact first move and the tests at the best and halfway up ask what a yes or no does
    // not need. Sound as the race is: every bound comes from a completed test.
    if (o.aim_only && o.aim_x2) {
        auto answered = [&] {
            const int top = report();  // updates best
            return best >= guess || top < guess;
        };
        int round = std::clamp(o.race_first_round, 0, MaxRaceRound);
        for (u64 cap = times(std::max<u64>(o.race_cap, 1), u64{1} << round);
             !answered() && !s.stopped(); cap = doubled(cap), ++round) {
            r.race_round = std::min(round, MaxRaceRound);
            for (std::size_t i : searched) {
                RootBound& k = known[i];
                if (k.lo >= guess || k.hi < guess || s.stopped()) continue;
                test_move(k, guess, cap);
                if (answered()) break;
            }
        }
        return best;
    }
    // The bar a move must beat to matter: the best proven; before there is one, just below the
    // guess, or, once every move is proven below the guess, just below the largest upper bound
    // (a test there that succeeds is the value).
    auto bar = [&](int top) { return best > -Infinity ? best : std::min(guess, top) - 1; };
    // A resumed race starts with the caps it had reached (SolveOptions::race_first_round).
    const int first_round = std::clamp(o.race_first_round, 0, MaxRaceRound);
    int round = first_round;
    for (u64 cap = times(std::max<u64>(o.race_cap, 1), u64{1} << first_round);
         undecided() && !s.stopped(); cap = doubled(cap), ++round) {
        r.race_round = std::min(round, MaxRaceRound);  // in progress: where a resumed race starts
        for (std::size_t i : searched) {
            RootBound& k = known[i];
            // The first (most central) move is solved as before the race, by Searcher::exact's
            // tests with their depth kept from one to the next, within twice the nodes of all the
            // moves' caps together: where it fits (every board up to 4x4) the race is the one
            // that had an exact first value; where it does not (4x5), the others are no longer
            // held up behind it. With the moves' caps alone, 4x4 under --proof's options (no
            // territory, no lists) left its first value open after one round, and the certificate
            // written from that table took 288 million search nodes instead of 4.6 million.
            if (i == exact_first) {
                if (k.hi > bar(report()) && k.lo < k.hi) {
                    s.child_narrow_within(k.move, k.lo, k.hi, times(cap, 2 * searched.size()));
                    k.lo = grid_up(k.lo), k.hi = grid_down(k.hi);
                }
                continue;
            }
            bool halving = false;  // the test at the bar stayed open: tests halfway up
            for (int low = bar(report()); k.hi > low && k.lo < k.hi && !s.stopped();
                 low = bar(report())) {
                // The test at the bar, and the least score it asks for.
                const int t_bar = low + 1, least = grid_up(t_bar);
                const int t_half = grid_up(least + (k.hi - least) / 2);
                const bool halfway = halving && t_half > least;
                if (halving && !halfway) break;  // nothing left between: the next round
                const Kind answer = test_move(k, halfway ? t_half : t_bar, cap);
                // Open at the bar: halve from the top at once. Halving goes on while its tests
                // prove the move lower, and ends with one open (the next round) or a higher best.
                if (!halfway && answer == Unknown) {
                    if (best == -Infinity) break;
                    halving = true;
                }
                if (halfway && answer == Unknown) break;
                if (halfway && answer == High) halving = false;
            }
        }
    }
    return best;
}

// Every optimal first move into r.best_moves, in point order (a move is optimal when its value
// reaches the best), and with all_moves every move's value into r.move_values. The moves the root's
// tests already showed optimal are entered first, without a search, so that a stop in the tests
// of the others still leaves a proven optimal move (GTP's genmove plays it). The others race as in
// root_value, each asked "value >= best" within caps that double each round, in the order of the
// points: the certificate writer follows the proofs these tests leave in the table, and in the
// race's order 4x4's certificate took 166 million search nodes to write instead of 4.6 million.
// The moves a stop leaves undecided go to r.undecided_moves.
//
// The root has one race: this one goes on from the round the value's race ended in (r.race_round
// on entry; race_first_round where root_value ran no round, as when a resumed search's bounds
// already prove the value), so the round never goes back. What it decides goes into `known`
// (r.root_bounds) as it is proven, and its round into r.race_round, so a checkpoint written during
// it keeps both: a resumed search enters the moves decided before without a search and goes on with
// the caps it had reached, instead of asking every open move again from a cap of race_cap.
void optimal_moves(Searcher& s, const RootMoves& moves, const SolveOptions& o, int sign, int best,
                   bool values_on_grid, std::vector<RootBound>& known, SolveResult& r) {
    enum { No, Yes, Open };
    std::vector<int> verdict(MaxPoints + 1, Open);  // [rep], a pass at the end
    auto slot = [](Move m) { return m == Pass ? MaxPoints : int{m}; };
    for (const RootBound& k : known)
        verdict[slot(k.move)] = k.lo >= best ? Yes : k.hi < best ? No : Open;
    std::vector<Move> open;  // representatives, in the order of the legal moves
    for (Move m : moves.legal)
        if (m == moves.rep(m) && verdict[slot(m)] == Open) open.push_back(m);
    // A proven verdict as a bound of the move's value: High is "at least best", Low "below it",
    // which on the grid of scores (root_value) is a whole point below, as best is on it.
    const int below = best - (values_on_grid ? 2 : 1);
    auto record = [&](Move m, Kind answer) {
        for (RootBound& k : known)
            if (k.move == m) {
                if (answer == High) k.lo = std::max(k.lo, best);
                if (answer == Low) k.hi = std::min(k.hi, below);
            }
    };
    const int first_round = std::clamp(r.race_round, 0, MaxRaceRound);
    int round = first_round;
    for (u64 cap = times(std::max<u64>(o.race_cap, 1), u64{1} << first_round);
         !open.empty() && !s.stopped(); cap = doubled(cap), ++round) {
        r.race_round = std::min(round, MaxRaceRound);
        std::vector<Move> still;
        for (Move m : open) {
            const Kind answer = s.stopped() ? Unknown
                                : o.reply_race
                                    ? replies_reach_within(s, m, best, cap, nullptr, r.reply_races)
                                    : s.child_at_least_within(m, best, cap);
            if (answer == Unknown) {
                still.push_back(m);
            } else {
                verdict[slot(m)] = answer == High ? Yes : No;
                record(m, answer);
            }
        }
        open.swap(still);
    }
    for (Move m : moves.legal) {
        const int v = verdict[slot(moves.rep(m))];
        if (v == Yes) r.best_moves.push_back(m);
        if (v == Open) r.undecided_moves.push_back(m);
        if (o.all_moves)  // the moves whose value is exact: after a stop, not every one
            for (const RootBound& k : known)
                if (k.move == moves.rep(m) && k.lo == k.hi)
                    r.move_values.push_back({m, sign * k.lo});
    }
    // Point order, the pass last, as the legal moves are listed.
    auto rank = [](Move m) { return m == Pass ? MaxPoints : int{m}; };
    std::sort(r.best_moves.begin(), r.best_moves.end(),
              [&](Move x, Move y) { return rank(x) < rank(y); });
}

// A principal variation from h's current position of value `value` (side to move's view), into
// pv: at each turn the first optimal move in the order of pv_order, which puts the pass last for
// a side that loses (it resists) and first otherwise (the game ends sooner). Each step is proven
// by a search ("reaches the value" is "equals it", as no move beats an optimal one), and the
// line ends when the game does, which every rule makes finite (a repetition is forbidden or ends
// the game). Resisting costs refutations under ever new histories, so once the line has taken
// `budget` nodes every side passes first. h is unchanged on return.
//
// One test can cost far more than the search of the value did (a refutation under a history
// that search never met: 1x8 under tromp-taylor-1996 spent over 50 million nodes on one step
// after a value of 2 million), while an optimal move later in the order costs little. So each
// test gets SolveOptions::pv_test_cap nodes at first; a test still open at its cap is passed over,
// and when no move is chosen, those passed over are tried again in the same order with twice the
// cap, and so on. Every chosen move is still proven; the first move in the order is chosen whenever
// its test ends within the first cap.
//
// A side that resists would lose its plays to the caps: its pass, last in the order, is often
// proven within a cap at which its plays are still open. So it holds a pass proven optimal back
// while a play is open, and takes it only once every play is proven below the value or the
// plays have had a round at `pass_held_until` nodes each (2^20, the first cap before it became
// 2^12: a play whose test ends within that is still chosen, as before). A play proven optimal
// in the meantime is chosen.
//
// A move is also proven optimal when it is the only one left open after a round: the value of
// the position is exactly `target` (the root's value is proven, and each step's move was proven to
// reach it, which is equality since no move beats an optimal one), so some move reaches it, and
// every other legal move was proven below it (pv_order lists every empty point and the pass, and
// an illegal one tests as below). Without this the line paid for the hardest proof of a step
// whose other moves were cheap to refute: 1x11 at --hash 32M spent 142 million nodes proving
// White's only optimal reply after B1, after a value of 1.06 million. A stop in the round leaves
// the moves it did not test unproven, so no move is chosen that way once stopped.
void principal_variation(Searcher& s, History& h, int value, u64 budget, u64 first_cap,
                         u64 pass_held_until, std::vector<Move>& pv, u64& passed_over,
                         u64& by_elimination) {
    const u64 start = s.nodes;
    int target = value;  // side-to-move's view at the current node
    std::array<Move, MaxPoints + 1> moves;
    while (!h.game_over() && !s.stopped()) {
        Move chosen = NoMove;
        const bool resist = target < 0 && s.nodes - start < budget;
        int count = s.pv_order(h.current(), !resist, moves);
        bool pass_held = false;  // resisting: the pass is proven optimal, and a play still open
        for (u64 cap = first_cap; chosen == NoMove && count > 0 && !s.stopped();
             cap = doubled(cap)) {
            if (pass_held && cap > pass_held_until) break;
            int open = 0;  // the moves passed over, kept in order at the front
            for (int i = 0; i < count && chosen == NoMove && !s.stopped(); ++i) {
                const Kind k = s.child_at_least_within(moves[i], target, cap);
                if (k == High && resist && moves[i] == Pass && open > 0 && cap < pass_held_until)
                    pass_held = true;
                else if (k == High)
                    chosen = moves[i];
                else if (k == Unknown && !s.stopped())
                    moves[open++] = moves[i], ++passed_over;
            }
            count = open;
            // With the pass held the one play left open may still be below the value.
            if (chosen == NoMove && count == 1 && !pass_held && !s.stopped())
                chosen = moves[0], ++by_elimination;
        }
        if (chosen == NoMove && pass_held) chosen = Pass;  // proven, whether stopped or not
        if (chosen == NoMove) break;  // cannot happen for a correct search; the test suite checks
        pv.push_back(chosen);
        h.play(chosen);
        target = -target;
        if (h.ended_by_cycle()) break;
    }
    for (std::size_t i = 0; i < pv.size(); ++i) h.pop();
}
}  // namespace

std::vector<Move> first_move_class(const History& h, Move m) {
    std::vector<Move> moves{m};
    for (int sym : history_symmetries(h)) {
        const Move image = h.geometry().symmetries().map_move(sym, m);
        if (std::find(moves.begin(), moves.end(), image) == moves.end()) moves.push_back(image);
    }
    return moves;
}

ScoreRange score_range(const History& h) {
    const int reach = 2 * h.geometry().points(), komi = h.rules().komi_x2;
    return {std::min(-reach - komi, 0), std::max(reach - komi, 0)};
}

CycleBoundsBuild build_cycle_bounds(const History& h, const SolveOptions& o) {
    const auto start = Clock::now();
    CycleBoundsBuild b;
    if (o.use_cycle_bounds && h.rules().ko == KoRule::Simple)
        b.bounds = CycleBounds::build(h, o.hash_bytes / 2, o.stop, &b.stopped);
    b.seconds = seconds_since(start);
    return b;
}

SolveResult solve(History& h, const SolveOptions& o) {
    const auto start = Clock::now();
    // Step 1. The tables. Simple ko: the history-free game's values (retrograde.hpp), where they
    // fit in half of the memory. The table of proofs takes 7/8 of the rest, the cache of open
    // tests 1/8, unless the caller keeps its own (SolveOptions::tables).
    std::optional<CycleBoundsBuild> built;
    if (!o.cycle_bounds) built = build_cycle_bounds(h, o);
    const CycleBoundsBuild& cycle_build = o.cycle_bounds ? *o.cycle_bounds : *built;
    const CycleBounds* cycle = cycle_build.bounds ? &*cycle_build.bounds : nullptr;
    std::optional<SolveTables> own;
    if (!o.tables) own.emplace(o.hash_bytes - cycle_build.bytes(), o.board_lists);
    SolveTables& tables = o.tables ? *o.tables : *own;
    TranspositionTable& tt = tables.proofs;
    OpenTable& open = tables.open;
    Searcher s(h, tt, tables.lists, open, o, cycle);
    const u64 searched_before = tables.searched;
    const u64 relists_before = tt.relists();  // a caller's tables count earlier solves' too
    s.age_entries_from(searched_before);

    SolveResult r;
    const int sign = h.current().to_move == Color::Black ? 1 : -1;
    const ScoreRange range = score_range(h);
    r.lower_x2 = range.lower_x2, r.upper_x2 = range.upper_x2;
    r.threads = std::max(1, o.threads);
    // Rests before the race starts report the round it will start from.
    r.race_round = std::clamp(o.race_first_round, 0, MaxRaceRound);
    s.report_bounds_from(&r);
    auto finish = [&] {
        r.nodes = s.nodes;  // with more threads, every task's nodes are added at its split point
        tables.searched = searched_before + r.nodes;
        // A build made by the caller counts as it would had it been made here.
        r.seconds = seconds_since(start) + (o.cycle_bounds ? o.cycle_bounds->seconds : 0);
        r.table_bytes = tt.bytes() + tables.lists.bytes() + open.bytes();
        r.table_capacity = tt.capacity();
        r.table_used = tt.used();
        r.table_hits = s.hits;
        r.table_stores = s.stores;
        r.lookup_cutoffs = s.lookup_cutoffs;
        r.lean_cutoffs = s.lean_cutoffs;
        r.reply_leaves = s.reply_leaves;
        r.list_saves = s.list_saves;
        r.list_renewals = tt.relists() - relists_before;
        r.stack_cutoffs = s.stack_cutoffs;
        r.restarts = s.restarts();
        r.cycle_seconds = cycle_build.seconds;
        if (cycle) {
            r.cycle_states = cycle->states(), r.cycle_decided = cycle->zero;
            r.table_bytes += cycle->bytes();
        }
        return r;
    };
    if (h.game_over()) {
        r.complete = true;
        r.value_x2 = r.lower_x2 = r.upper_x2 = h.result_x2();
        return finish();
    }

    // Step 2. More threads: young brothers wait (solver/parallel.hpp), in an arena of exactly that
    // many threads (more than the cores when asked: the tests oversubscribe on purpose). Proofs
    // found by any task are proofs on every path (each entry is checked against the reader's own
    // path, transposition.hpp) and open-test entries never decide a value, so the value cannot
    // depend on the thread count; node counts can.
    Parallel par;
    std::optional<tbb::global_control> allow;
    std::optional<tbb::task_arena> arena;
    std::optional<tbb::global_control> worker_stack;
    if (o.threads > 1) {
        allow.emplace(tbb::global_control::max_allowed_parallelism,
                      static_cast<std::size_t>(o.threads));
        worker_stack.emplace(tbb::global_control::thread_stack_size, o.stack_bytes);
        arena.emplace(o.threads);
        s.make_parallel(&par, o.threads);
    }

    // Step 3. The value, the optimal first moves and a principal variation; with aim_only, the
    // aim's answer alone (SolveOptions::aim_only asks for the aim, which it needs).
    const bool aim_only = o.aim_only && o.aim_x2;
    const RootMoves moves = root_moves(h);
    int best = -Infinity;
    auto search = [&] {
        // What the root's tests proved of each representative, kept in the result, where the
        // checkpoints' at_rest (Searcher::start_run) reads it during the search.
        std::vector<RootBound>& known = r.root_bounds;
        const bool values_on_grid = h.rules().ko != KoRule::Simple;
        best = root_value(s, moves, o, sign, values_on_grid, h.rules().komi_x2, r, known);
        // Unless stopped first, root_value's bounds answer the aim (in its every way out, a
        // value proven without a search included): nothing more is asked (aim_answered below).
        if (aim_only) return;
        if (s.stopped()) {
            // A stop may come after the bounds have met: with all_moves while the other moves'
            // values were being found, or with the race's last answer. The value is then proven,
            // and the optimal moves below are sorted out from what the tests proved (optimal_moves
            // runs no test once stopped).
            if (r.lower_x2 != r.upper_x2) return;
            best = sign * r.lower_x2;  // r.value_nodes: set by root_value's report
        } else {
            r.value_nodes = s.nodes;
        }
        // Proven, even if a stop comes before the rest.
        r.value_x2 = r.lower_x2 = r.upper_x2 = sign * best;
        optimal_moves(s, moves, o, sign, best, values_on_grid, known, r);
        if (s.stopped()) return;
        const u64 before = s.nodes;
        principal_variation(s, h, best, std::max(before, PvBudgetFloor),
                            std::max<u64>(o.pv_test_cap, 1), o.pv_pass_held_until, r.pv,
                            r.pv_passed_over, r.pv_by_elimination);
        r.pv_nodes = s.nodes - before;
    };
    // On a thread of its own, for the stack (solver/stack.hpp).
    run_with_stack(o.stack_bytes, [&] {
        if (arena)
            arena->execute(search);
        else
            search();
    });
    // Read from the bounds, so that a stop that came with or after the last test's answer
    // still reports the answer.
    r.aim_answered = aim_only && (r.lower_x2 >= *o.aim_x2 || r.upper_x2 < *o.aim_x2);
    if (s.stopped() || aim_only) return finish();

    r.complete = true;
    r.value_x2 = r.lower_x2 = r.upper_x2 = sign * best;
    return finish();
}

}  // namespace smallgo
