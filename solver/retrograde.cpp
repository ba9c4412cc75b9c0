// The retrograde analysis of retrograde.hpp: the states reachable from a position, breadth
// first; value iteration for P and N; the check of the equation; then only a map from state to W
// is kept.
#include "solver/retrograde.hpp"

#include <algorithm>
#include <bit>
#include <climits>

#include "rules/scoring.hpp"
#include "rules/zobrist.hpp"
#include "tables/legal_count.hpp"

namespace smallgo {

Bitboard ko_forbidden(const Geometry& g, const Rules& r, const Position* prev, const Position& cur) {
    if (!prev) return 0;
    // A play keeps its stone unless it removes its own string, which it does only when it
    // captures nothing; the board then has no new stone of the opponent's, so it recreates prev
    // only if the last turn added none either: prev's board is cur's, and the play removed just
    // its own stone. Otherwise prev has the mover's stone where the play is.
    const Bitboard candidates =
        prev->same_board(cur) ? cur.empty(g) : cur.empty(g) & prev->of(cur.to_move);
    Bitboard out = 0;
    for (Bitboard c = candidates; c; c &= c - 1) {
        const int p = std::countr_zero(c);
        Position next;
        if (cur.play(g, static_cast<Move>(p), r.suicide_allowed, next) == PlayStatus::Ok &&
            next.same_board(*prev))
            out |= Geometry::bit(p);
    }
    return out;
}

u64 CycleBounds::hash(const Key& k) {
    return zobrist::splitmix64(
        k.black ^ zobrist::splitmix64(k.white ^ zobrist::splitmix64(
                                                    k.forbidden ^ (u64{k.to_move} << 1 | k.passes))));
}

CycleBounds::Key CycleBounds::key_of(const Geometry& g, const Rules& r, const History& h) {
    const Position& cur = h.current();
    const Position* prev = h.turns() >= 1 ? &h.at(h.turns() - 1) : nullptr;
    return Key{cur.black(), cur.white(), ko_forbidden(g, r, prev, cur),
               static_cast<u8>(cur.to_move), cur.passes};
}

long CycleBounds::find(const Key& k) const {
    if (slots_.empty()) return -1;
    for (u64 i = hash(k) & mask_;; i = (i + 1) & mask_) {
        const u32 s = slots_[i];
        if (s == 0) return -1;
        if (keys_[s - 1] == k) return static_cast<long>(s - 1);
    }
}

void CycleBounds::grow() {
    std::vector<u32> old(std::max<std::size_t>(1024, slots_.size() * 2), 0);
    old.swap(slots_);
    mask_ = slots_.size() - 1;
    for (u32 s : old) {
        if (s == 0) continue;
        u64 i = hash(keys_[s - 1]) & mask_;
        while (slots_[i] != 0) i = (i + 1) & mask_;
        slots_[i] = s;
    }
}

u32 CycleBounds::insert(const Key& k) {
    if (2 * (keys_.size() + 1) > slots_.size()) grow();
    u64 i = hash(k) & mask_;
    for (; slots_[i] != 0; i = (i + 1) & mask_)
        if (keys_[slots_[i] - 1] == k) return slots_[i] - 1;
    keys_.push_back(k);
    slots_[i] = static_cast<u32>(keys_.size());
    return static_cast<u32>(keys_.size() - 1);
}

std::optional<CycleBounds> CycleBounds::build(const History& h, std::size_t max_bytes,
                                              const std::atomic<bool>* stop) {
    const Geometry& g = h.geometry();
    const Rules& r = h.rules();
    if (r.ko != KoRule::Simple || h.game_over()) return std::nullopt;
    auto stopped = [&] { return stop && stop->load(std::memory_order_relaxed); };
    // The least a state holds in used() below: its key, its work arrays and two hash slots.
    constexpr std::size_t MinBytesPerState =
        sizeof(Key) + sizeof(u32) + sizeof(int) + 3 * sizeof(i16) + 2 * sizeof(u32);
    if (h.current().occupied() == 0) {
        // At least 2 L(m,n) states (the header). Beyond 25 points L is above 2 * 10^11 (1x26,
        // the least: 220,305,664,445 by `smallgo count 1x26`): no memory holds that many.
        if (g.points() > 25) return std::nullopt;
        const auto lower = 2 * legal_positions(g.rows(), g.cols());
        if (lower * MinBytesPerState > max_bytes) return std::nullopt;
    }
    constexpr int NoFinal = INT_MIN;
    CycleBounds b;
    std::vector<u32> first{0};  // moves of state i: succ[first[i] .. first[i + 1])
    std::vector<u32> succ;
    std::vector<int> final_pass;  // the score of a pass that ends the game, or NoFinal
    // The memory held (vectors grow by doubling, so up to twice this for a moment).
    auto used = [&] {
        return b.keys_.capacity() * (sizeof(Key) + sizeof(u32) + sizeof(int) + 3 * sizeof(i16)) +
               b.slots_.capacity() * sizeof(u32) + succ.capacity() * sizeof(u32);
    };
    b.insert(key_of(g, r, h));
    for (std::size_t i = 0; i < b.keys_.size(); ++i) {
        const Key k = b.keys_[i];  // a copy: insert() may move the keys
        Position cur = make_position(k.black, k.white, static_cast<Color>(k.to_move));
        cur.passes = k.passes;
        for (Bitboard e = cur.empty(g) & ~k.forbidden; e; e &= e - 1) {
            Position next;
            if (cur.play(g, static_cast<Move>(std::countr_zero(e)), r.suicide_allowed, next) !=
                PlayStatus::Ok)
                continue;
            succ.push_back(b.insert(Key{next.black(), next.white(), ko_forbidden(g, r, &cur, next),
                                        static_cast<u8>(next.to_move), 0}));
        }
        const Position next = cur.after_pass();
        if (next.game_over()) {
            final_pass.push_back(2 * area_score(g, next) - r.komi_x2);
        } else {
            final_pass.push_back(NoFinal);
            succ.push_back(b.insert(Key{next.black(), next.white(), ko_forbidden(g, r, &cur, next),
                                        static_cast<u8>(next.to_move), next.passes}));
        }
        first.push_back(static_cast<u32>(succ.size()));
        if ((i & 0xFFF) == 0 && stopped()) return std::nullopt;
        b.peak_bytes = std::max(b.peak_bytes, used());
        if (b.peak_bytes > max_bytes) return std::nullopt;
    }

    // The best for the side to move over the moves of state i, with `final_score` mapping a final
    // pass's score and `v` the values of the states.
    const std::size_t n = b.keys_.size();
    auto best = [&](std::size_t i, const std::vector<i16>& v, auto final_score) {
        const bool black = b.keys_[i].to_move == static_cast<u8>(Color::Black);
        int out = black ? INT_MIN : INT_MAX;
        auto consider = [&](int x) { out = black ? std::max(out, x) : std::min(out, x); };
        if (final_pass[i] != NoFinal) consider(final_score(final_pass[i]));
        for (u32 j = first[i]; j < first[i + 1]; ++j) consider(v[succ[j]]);
        return out;  // every state has a move: the pass
    };
    // Value iteration from 0, in place, deepest states first, until nothing changes: from below
    // for P (its least fixed point), from above for N (its greatest).
    auto iterate = [&](std::vector<i16>& v, auto final_score) {
        for (bool changed = true; changed && !stopped(); ++b.sweeps) {
            changed = false;
            for (std::size_t i = n; i-- > 0;) {
                const int x = best(i, v, final_score);
                if (x != v[i]) v[i] = static_cast<i16>(x), changed = true;
            }
        }
    };
    std::vector<i16> p(n, 0), q(n, 0);
    iterate(p, [](int s) { return std::max(s, 0); });
    iterate(q, [](int s) { return std::min(s, 0); });
    if (stopped()) return std::nullopt;
    b.w_.resize(n);
    for (std::size_t i = 0; i < n; ++i) b.w_[i] = p[i] > 0 ? p[i] : q[i];
    // The equation of retrograde.hpp, at every state: the bounds rest on it.
    for (std::size_t i = 0; i < n; ++i) {
        if (best(i, b.w_, [](int s) { return s; }) != b.w_[i]) return std::nullopt;
        (b.w_[i] == 0 ? b.zero : b.w_[i] > 0 ? b.positive : b.negative)++;
    }
    b.keys_.shrink_to_fit();
    return b;
}

bool CycleBounds::value(const History& h, int& w) const {
    const long i = find(key_of(h.geometry(), h.rules(), h));
    if (i < 0) return false;
    w = w_[static_cast<std::size_t>(i)];
    return true;
}

}  // namespace smallgo
