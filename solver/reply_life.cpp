// Life after one reply (reply_life.hpp): every move of the opponent, and c's first reply that
// makes its safe points reach `need`, or with depth 2 its first reply after which one more
// answer to any move does.
#include "solver/reply_life.hpp"

#include <algorithm>
#include <bit>

#include "solver/benson.hpp"
#include "solver/reply_life_memo.hpp"

namespace smallgo {

namespace {

// The points of c's enclosed regions of at most MaxRegion points (all of them, stones of the
// opponent included) and, within them, those of at least two points: the candidate replies.
struct SmallRegions {
    Bitboard all = 0, spaces = 0;
};

SmallRegions small_regions(const Geometry& g, Bitboard own) {
    SmallRegions r;
    const Bitboard open = g.all() & ~own;
    for (Bitboard rest = open; rest;) {
        const Bitboard region = g.flood(rest & (0 - rest), open);
        rest &= ~region;
        const int size = std::popcount(region);
        if (size > ReplyLife::MaxRegion) continue;
        r.all |= region;
        if (size >= 2) r.spaces |= region;
    }
    return r;
}

// One call's walk: the records [0, path_end] of h are the path's own (those above it are the
// lines' moves pushed by depth 2), whether one of them refused a reply, and whether any record
// did (the path's or a line's).
struct Walk {
    int path_end = 0;
    bool path_refused = false;
    bool refused = false;
};

// Whether z is a legal reply of c to the position after y on h's path: a play, not a suicide
// the rules forbid, that repeats neither the board after y nor a record of h. On true,
// `after_z` is its result.
bool legal_reply(const History& h, const Position& after_y, Move z, Position& after_z, Walk& walk) {
    if (after_y.play(h.geometry(), z, h.rules().suicide_allowed, after_z) != PlayStatus::Ok ||
        after_z.same_board(after_y))
        return false;
    const int match = h.repetition(after_z, h.turns() + 1);
    if (match < 0) return true;
    walk.refused = true;
    if (match <= walk.path_end) walk.path_refused = true;
    return false;
}

// The line y, z pushed on the path for the walk below it, and popped however that ends.
class LineOnPath {
  public:
    LineOnPath(History& h, const Position& after_y, bool y_played, const Position& after_z)
        : h_(h) {
        h_.push(after_y, y_played);
        try {
            h_.push(after_z, true);
        } catch (...) {
            h_.pop();  // no destructor runs for a constructor that throws
            throw;
        }
    }
    LineOnPath(const LineOnPath&) = delete;
    LineOnPath& operator=(const LineOnPath&) = delete;
    ~LineOnPath() {
        h_.pop();
        h_.pop();
    }

  private:
    History& h_;
};

ReplyLife& inner_scratch() {
    thread_local ReplyLife inner;  // depth 1 below depth 2; depth 1 never goes deeper
    return inner;
}

bool reply_life_walk(History& h, Color c, int need, ReplyLife& out, int depth, Walk& walk);

// c's safe points after p by Benson's algorithm (alive stones and one-point eyes), where they can
// reach `need`; else a number below `need`. Alive stones are among c's stones and eyes among the
// empty points whose neighbours are all c's, so where those count fewer than `need` the lookup
// is skipped: most of the boards the walk meets fall short, and the answer is the same.
int safe_count(const Geometry& g, const Position& p, Color c, int need, bool suicide) {
    const Bitboard own = p.of(c), empty = p.empty(g);
    const int most = std::popcount(own | eyes_of(g, own, empty));
    if (most < need) return most;
    const Bitboard alive = cached_alive_stones(g, p, c, suicide);
    return std::popcount(alive | eyes_of(g, alive, empty));
}

// c's best answer to the position after the opponent's move y (h's current position is the one
// before y): none where its safe points already reach `need`, else the first legal reply that
// makes them do, else (depth 2) the first legal reply among `second` after which depth 1 holds.
// Returns the points reached (below `need` where nothing does); on success the boards c's
// replies make are appended to `boards`, and `plies` says how many answers c made on the line
// (0, 1 or 2).
int answer(History& h, const Position& after_y, bool y_played, Color c, int need, Bitboard replies,
           Bitboard second, int depth, std::vector<Position>& boards, int& plies, Walk& walk) {
    const Geometry& g = h.geometry();
    const bool suicide = h.rules().suicide_allowed;
    plies = 0;
    const int got = safe_count(g, after_y, c, need, suicide);
    if (got >= need) return got;
    plies = 1;
    Bitboard legal = 0;  // the legal replies, for the second answer: asked of the path once
    for (Bitboard z = replies & after_y.empty(g); z; z &= z - 1) {
        Position after_z;
        if (!legal_reply(h, after_y, static_cast<Move>(std::countr_zero(z)), after_z, walk))
            continue;
        const int with_z = safe_count(g, after_z, c, need, suicide);
        if (with_z >= need) return boards.push_back(after_z), with_z;
        legal |= z & (0 - z);
    }
    if (depth < 2) return got;
    plies = 2;
    for (legal &= second; legal; legal &= legal - 1) {
        Position after_z;
        after_y.play(g, static_cast<Move>(std::countr_zero(legal)), suicide, after_z);
        ReplyFailureMemo& memo = reply_failure_memo();
        if (ReplyFailureMemo::enabled && memo.fails(h, after_z, c, need, depth - 1)) continue;
        ReplyLife& inner = inner_scratch();
        const bool refused_before = walk.refused;
        walk.refused = false;
        bool holds = false;
        {
            LineOnPath line(h, after_y, y_played, after_z);
            holds = reply_life_walk(h, c, need, inner, depth - 1, walk);
        }
        const bool refused_inside = walk.refused;
        walk.refused |= refused_before;
        if (!holds && !refused_inside && ReplyFailureMemo::enabled)
            memo.record(h, after_z, c, need, depth - 1);
        if (!holds) continue;
        boards.push_back(after_z);
        boards.insert(boards.end(), inner.replies.begin(), inner.replies.end());
        return inner.count;
    }
    return got;
}

bool reply_life_walk(History& h, Color c, int need, ReplyLife& out, int depth, Walk& walk) {
    const Geometry& g = h.geometry();
    const bool suicide = h.rules().suicide_allowed;
    const Position pos = h.current();  // a copy: h grows and shrinks below
    if (pos.to_move == c || pos.passes != 0) return false;
    const Bitboard own = pos.of(c), empty = pos.empty(g);
    const SmallRegions small = small_regions(g, own);
    const Bitboard replies = small.spaces & empty;
    if (replies == 0) return false;
    // After y and z c's alive stones lie among its stones and z, and its one-point eyes in its
    // small regions (z's captures empty points of z's own region only; y's captures of c's
    // stones only make c's regions larger). Where those cannot reach `need`, nothing can (with
    // two answers this is only a guess that gives up early; a false answer claims nothing).
    if (std::popcount(own) + std::popcount(small.all) < need) return false;
    out.count = MaxPoints + 1;
    out.replies.clear();
    // c's answer to the position after a move y of the opponent, kept; false where none is
    // enough.
    int plies = 0;
    const auto answered = [&](const Position& after_y, bool y_played, Bitboard second) {
        const int got =
            answer(h, after_y, y_played, c, need, replies, second, depth, out.replies, plies, walk);
        if (got < need) return false;
        out.count = std::min(out.count, got);
        return true;
    };
    // The opponent's plays in c's small regions first, the moves most likely to leave c short,
    // so that a failure ends the work early; then his pass; then his plays that take c's stones
    // (the last liberties of c's strings) or fill an eye. A second answer to a play in a small
    // region is asked only in that region, where the fight is: most walks fail, and a failure
    // tries every reply it may. Measured against every legal reply (docs/results.md,
    // 2026-12-07, sixth session): fewer nodes and less time on 3x5, 2x8 and a late 5x5
    // position, up to 28% more nodes on 4x4 and 2x7, in about the same time.
    const Bitboard everywhere = g.all(), open = g.all() & ~own;
    const Bitboard near = (small.all | last_liberties(g, own, empty)) & empty;
    for (Bitboard ys = replies; ys; ys &= ys - 1) {
        const Bitboard y = ys & (0 - ys);
        Position after_y;
        if (pos.play(g, static_cast<Move>(std::countr_zero(y)), suicide, after_y) != PlayStatus::Ok)
            continue;  // a suicide the rules forbid: no such move
        if (!answered(after_y, true, g.flood(y, open))) return false;
    }
    const Position after_pass = pos.after_pass();
    if (!answered(after_pass, false, everywhere)) return false;
    // The answer to the pass: none, one reply (its position), or two (far moves asked fully).
    const int pass_plies = plies;
    const Position after_pass_reply = pass_plies == 1 ? out.replies.back() : after_pass;
    for (Bitboard ys = near & ~replies; ys; ys &= ys - 1) {
        Position after_y;
        if (pos.play(g, static_cast<Move>(std::countr_zero(ys)), suicide, after_y) !=
            PlayStatus::Ok)
            continue;
        if (!answered(after_y, true, everywhere)) return false;
    }
    // Every other play y takes none of c's stones and lies outside c's small regions, so it
    // adds one opponent stone (or, as a suicide, removes opponent stones) where no reply goes and
    // changes no region of c: the regions are the sets of points that are not c's, and Benson's
    // condition of a vital region asks about all its points (suicide allowed) or only its empty
    // ones (forbidden), so c's alive stones after y and the answer to the pass include those
    // after the pass and that answer, and out.count already holds that answer's count. Only the
    // answer's legality is asked again.
    for (Bitboard ys = empty & ~near; ys; ys &= ys - 1) {
        Position after_y;
        if (pos.play(g, static_cast<Move>(std::countr_zero(ys)), suicide, after_y) !=
            PlayStatus::Ok)
            continue;
        if (pass_plies == 0) continue;  // no answer needed
        if (pass_plies == 1) {
            Position after_z;
            const Move z = static_cast<Move>(
                std::countr_zero(after_pass_reply.of(c) & ~after_pass.of(c)));  // its stone
            if (legal_reply(h, after_y, z, after_z, walk) &&
                after_z.of(c) == after_pass_reply.of(c)) {
                out.replies.push_back(after_z);
                continue;
            }
        }
        if (!answered(after_y, true, everywhere)) return false;
    }
    return true;
}

}  // namespace

bool reply_life(History& h, Color c, int need, ReplyLife& out, int depth) {
    if (h.current().to_move == c || h.current().passes != 0) return false;  // before the memo
    Walk walk{h.turns(), false};
    if (depth < 2) return reply_life_walk(h, c, need, out, depth, walk);
    ReplyFailureMemo& memo = reply_failure_memo();
    if (ReplyFailureMemo::enabled && memo.fails(h, h.current(), c, need, depth)) return false;
    const bool holds = reply_life_walk(h, c, need, out, depth, walk);
    if (!holds && !walk.path_refused && ReplyFailureMemo::enabled)
        memo.record(h, h.current(), c, need, depth);
    return holds;
}

int default_reply_depth(const Geometry& g) {
    return std::min(g.rows(), g.cols()) >= 2 ? 2 : 1;
}

void reply_life_memo(bool on) {
    ReplyFailureMemo::enabled = on;
}

u64 reply_life_memo_hits() {
    return ReplyFailureMemo::ended_hits.load(std::memory_order_relaxed);
}

}  // namespace smallgo
