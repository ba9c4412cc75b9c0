// Life after one reply (reply_life.hpp): every move of the opponent, and c's first reply that
// makes its safe points reach `need`.
#include "solver/reply_life.hpp"

#include <algorithm>
#include <bit>

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

// c's best answer to the position after the opponent's move: none where its safe points already
// reach `need`, else the first legal reply that makes them do. Returns the points reached (below
// `need` where nothing does) and sets `reply` to the position the answer makes (unchanged if none
// was needed).
int answer(const History& h, const Position& after_y, Color c, int need, Bitboard replies,
           SafetyCache& cache, Position& reply, bool& replied) {
    const Geometry& g = h.geometry();
    const bool suicide = h.rules().suicide_allowed;
    replied = false;
    const int got = cache.lookup(g, after_y, suicide).of(after_y, c).count();
    if (got >= need) return got;
    for (Bitboard zs = replies & after_y.empty(g); zs; zs &= zs - 1) {
        Position after_z;
        if (after_y.play(g, static_cast<Move>(std::countr_zero(zs)), suicide, after_z) !=
                PlayStatus::Ok ||
            after_z.same_board(after_y) || h.repetition(after_z, h.turns() + 1) >= 0)
            continue;  // not a legal reply on this path
        const int with_z = cache.lookup(g, after_z, suicide).of(after_z, c).count();
        if (with_z >= need) return reply = after_z, replied = true, with_z;
    }
    return got;
}

}  // namespace

bool reply_life(const History& h, Color c, int need, SafetyCache& cache, ReplyLife& out) {
    const Geometry& g = h.geometry();
    const bool suicide = h.rules().suicide_allowed;
    const Position& pos = h.current();
    if (pos.to_move == c || pos.passes != 0) return false;
    const Bitboard own = pos.of(c), empty = pos.empty(g);
    const SmallRegions small = small_regions(g, own);
    const Bitboard replies = small.spaces & empty;
    if (replies == 0) return false;
    // After y and z c's alive stones lie among its stones and z, and its one-point eyes in its
    // small regions (z's captures empty points of z's own region only; y's captures of c's
    // stones only make c's regions larger). Where those cannot reach `need`, nothing can.
    if (std::popcount(own) + std::popcount(small.all) < need) return false;
    out.count = MaxPoints + 1;
    out.boards = 0;
    const auto keep = [&](int got, bool replied, const Position& reply) {
        out.count = std::min(out.count, got);
        if (replied) out.replies[static_cast<std::size_t>(out.boards++)] = reply;
    };
    // The opponent's plays in c's small regions first, the moves most likely to leave c short,
    // so that a failure ends the work early; then his pass; then his plays that take c's stones
    // (the last liberties of c's strings) or fill an eye.
    const Bitboard near = (small.all | last_liberties(g, own, empty)) & empty;
    Position reply, after_pass_reply;
    bool replied = false;
    // c's answer to the position after a play y of the opponent, kept; false where none is enough.
    const auto answered = [&](const Position& after_y) {
        const int got = answer(h, after_y, c, need, replies, cache, reply, replied);
        if (got < need) return false;
        keep(got, replied, reply);
        return true;
    };
    for (Bitboard ys = replies; ys; ys &= ys - 1) {
        Position after_y;
        if (pos.play(g, static_cast<Move>(std::countr_zero(ys)), suicide, after_y) !=
            PlayStatus::Ok)
            continue;  // a suicide the rules forbid: no such move
        if (!answered(after_y)) return false;
    }
    const Position after_pass = pos.after_pass();
    const int pass_got = answer(h, after_pass, c, need, replies, cache, after_pass_reply, replied);
    if (pass_got < need) return false;
    const bool pass_replied = replied;
    keep(pass_got, pass_replied, after_pass_reply);
    for (Bitboard ys = near & ~replies; ys; ys &= ys - 1) {
        Position after_y;
        if (pos.play(g, static_cast<Move>(std::countr_zero(ys)), suicide, after_y) !=
            PlayStatus::Ok)
            continue;
        if (!answered(after_y)) return false;
    }
    // Every other play y takes none of c's stones and lies outside c's small regions, so it
    // adds one opponent stone (or, as a suicide, removes opponent stones) where no reply goes and
    // changes no region of c: the regions are the sets of points that are not c's, and Benson's
    // condition of a vital region asks about all its points (suicide allowed) or only its empty
    // ones (forbidden), so c's alive stones after y and the answer to the pass include those
    // after the pass and that answer. Only the answer's legality is asked again.
    for (Bitboard ys = empty & ~near; ys; ys &= ys - 1) {
        Position after_y;
        if (pos.play(g, static_cast<Move>(std::countr_zero(ys)), suicide, after_y) !=
            PlayStatus::Ok)
            continue;
        if (!pass_replied) {
            keep(pass_got, false, reply);
            continue;
        }
        Position after_z;
        const Move z = static_cast<Move>(
            std::countr_zero(after_pass_reply.of(c) & ~after_pass.of(c)));  // the answer's stone
        if (after_y.play(g, z, suicide, after_z) == PlayStatus::Ok &&
            after_z.of(c) == after_pass_reply.of(c) && !after_z.same_board(after_y) &&
            h.repetition(after_z, h.turns() + 1) < 0) {
            keep(pass_got, true, after_z);
            continue;
        }
        if (!answered(after_y)) return false;
    }
    return true;
}

}  // namespace smallgo
