// The retrograde analysis of retrograde.hpp: the states reachable from a position, breadth
// first; value iteration for P and N; the check of the equation; then only a map from state to W
// is kept.
#include "solver/retrograde.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <tuple>

#include "count/legal_count.hpp"
#include "rules/scoring.hpp"
#include "rules/symmetry.hpp"
#include "rules/zobrist.hpp"

namespace smallgo {

Bitboard ko_forbidden(const Geometry& g, const Rules& r, const Position* prev,
                      const Position& cur) {
    if (!prev) return 0;
    // A play keeps its stone unless it removes its own string, which it does only when it
    // captures nothing; the board then has no new stone of the opponent's, so it recreates prev
    // only if the last turn added none either: prev's board is cur's, and the play removed just
    // its own stone. Otherwise prev has the mover's stone where the play is.
    Bitboard candidates = cur.empty(g) & prev->of(cur.to_move);
    if (prev->same_board(cur)) {
        // A single-stone suicide: only where suicide is allowed, and only on a point whose
        // neighbours are all the opponent's (a stone of one's own would join the string).
        if (!r.suicide_allowed) return 0;
        candidates = 0;
        const Bitboard theirs = cur.of(opponent(cur.to_move));
        for (Bitboard e = cur.empty(g); e; e &= e - 1) {
            const Bitboard b = e & (0 - e);
            if ((g.neighbours(b) & ~theirs) == 0) candidates |= b;
        }
    }
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

u64 CycleBounds::hash(const State& k) {
    return zobrist::splitmix64(
        k.black ^
        zobrist::splitmix64(k.white ^
                            zobrist::splitmix64(k.forbidden ^ (u64{k.to_move} << 1 | k.passes))));
}

CycleBounds::State CycleBounds::canonical(const State& k) const {
    std::array<Bitboard, 3> b{k.black, k.white, k.forbidden};
    sym_->least(b);
    return State{b[0], b[1], b[2], k.to_move, k.passes};
}

CycleBounds::State CycleBounds::state(const History& h) const {
    const Position& cur = h.current();
    const Position* prev = h.turns() >= 1 ? &h.at(h.turns() - 1) : nullptr;
    return canonical(State{cur.black(), cur.white(),
                           ko_forbidden(h.geometry(), h.rules(), prev, cur),
                           static_cast<u8>(cur.to_move), cur.passes});
}

void CycleBounds::grow() {
    std::vector<u64> old(std::max<std::size_t>(1024, slots_.size() * 2), 0);
    old.swap(slots_);
    slot_mask_ = slots_.size() - 1;
    for (u64 s : old) {
        if (s == 0) continue;
        u64 i = hash(keys_[(s & 0xFFFFFFFF) - 1]) & slot_mask_;
        while (slots_[i] != 0) i = (i + 1) & slot_mask_;
        slots_[i] = s;
    }
}

u32 CycleBounds::insert(const State& k) {
    if (2 * (keys_.size() + 1) > slots_.size()) grow();
    const u64 hk = hash(k), tag = hk >> 32 << 32;
    u64 i = hk & slot_mask_;
    for (; slots_[i] != 0; i = (i + 1) & slot_mask_)
        if ((slots_[i] & ~u64{0xFFFFFFFF}) == tag && keys_[(slots_[i] & 0xFFFFFFFF) - 1] == k)
            return static_cast<u32>((slots_[i] & 0xFFFFFFFF) - 1);
    keys_.push_back(k);
    slots_[i] = tag | keys_.size();
    return static_cast<u32>(keys_.size() - 1);
}

std::optional<CycleBounds> CycleBounds::build(const History& h, std::size_t max_bytes,
                                              const std::atomic<bool>* stop, bool* stopped_out) {
    const Geometry& g = h.geometry();
    const Rules& r = h.rules();
    if (r.ko != KoRule::Simple || h.game_over()) return std::nullopt;
    auto stopped = [&] {
        const bool yes = stop && stop->load(std::memory_order_relaxed);
        if (yes && stopped_out) *stopped_out = true;
        return yes;
    };
    // What a state holds while building: its key and work arrays (first, final_pass, and P, N
    // and W), and at least two hash slots (a load of at most 1/2).
    constexpr std::size_t BytesPerKey = sizeof(State) + sizeof(u32) + sizeof(int) + 3 * sizeof(i16);
    constexpr std::size_t MinBytesPerState = BytesPerKey + 2 * sizeof(u64);
    if (h.current().occupied() == 0) {
        // At least 2 L(m,n) states (the header), so 2 L(m,n) / symmetries least copies. Beyond
        // 25 points L is above 2 * 10^11 (1x26, the least: 220,305,664,445 by `smallgo count
        // 1x26`): no memory holds that many.
        if (g.points() > 25) return std::nullopt;
        const auto lower = 2 * legal_positions(g.rows(), g.cols()) / g.symmetry_count();
        if (lower * MinBytesPerState > max_bytes) return std::nullopt;
    }
    constexpr int NoFinal = INT_MIN;
    CycleBounds b;
    b.sym_ = &g.symmetries();
    std::vector<u32> first{0};  // moves of state i: succ[first[i] .. first[i + 1])
    std::vector<u32> succ;
    std::vector<int> final_pass;  // the score of a pass that ends the game, or NoFinal
    // The memory held (vectors grow by doubling, so up to twice this for a moment).
    auto used = [&] {
        return b.keys_.capacity() * BytesPerKey + b.slots_.capacity() * sizeof(u64) +
               succ.capacity() * sizeof(u32);
    };
    b.insert(b.state(h));
    for (std::size_t i = 0; i < b.keys_.size(); ++i) {
        const State k = b.keys_[i];  // a copy: insert() may move the keys
        Position cur = make_position(k.black, k.white, static_cast<Color>(k.to_move));
        cur.passes = k.passes;
        for (Bitboard e = cur.empty(g) & ~k.forbidden; e; e &= e - 1) {
            Position next;
            if (cur.play(g, static_cast<Move>(std::countr_zero(e)), r.suicide_allowed, next) !=
                PlayStatus::Ok)
                continue;
            succ.push_back(b.insert(
                b.canonical(State{next.black(), next.white(), ko_forbidden(g, r, &cur, next),
                                  static_cast<u8>(next.to_move), 0})));
        }
        const Position next = cur.after_pass();
        if (next.game_over()) {
            final_pass.push_back(2 * area_score(g, next) - r.komi_x2);
        } else {
            final_pass.push_back(NoFinal);
            succ.push_back(b.insert(
                b.canonical(State{next.black(), next.white(), ko_forbidden(g, r, &cur, next),
                                  static_cast<u8>(next.to_move), next.passes})));
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
        for (bool changed = true; changed && !stopped();) {
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
    std::vector<i16>& w = p;  // W = P where P > 0, N elsewhere
    for (std::size_t i = 0; i < n; ++i) w[i] = p[i] > 0 ? p[i] : q[i];
    // The equation of retrograde.hpp, at every state: the bounds rest on it.
    for (std::size_t i = 0; i < n; ++i) {
        if (best(i, w, [](int s) { return s; }) != w[i]) return std::nullopt;
        b.zero += w[i] == 0;
    }

    // The lookup table: the moves, the search's hash slots and N go first.
    std::vector<u32>().swap(succ), std::vector<u32>().swap(first);
    std::vector<int>().swap(final_pass), std::vector<i16>().swap(q);
    std::vector<u64>().swap(b.slots_);
    std::size_t size = 1024;
    while (3 * size < 4 * n) size *= 2;
    b.peak_bytes = std::max(b.peak_bytes, b.keys_.capacity() * sizeof(State) +
                                              w.capacity() * sizeof(i16) + size * sizeof(Entry));
    if (b.peak_bytes > max_bytes) return std::nullopt;
    b.table_.assign(size, Entry{});
    b.mask_ = size - 1;
    for (std::size_t i = 0; i < n; ++i) {
        const State& k = b.keys_[i];
        u64 j = hash(k) & b.mask_;
        while (b.table_[j].to_move != EmptyEntry) j = (j + 1) & b.mask_;
        b.table_[j] = Entry{k.black, k.white, k.forbidden, k.to_move, k.passes, w[i]};
    }
    b.states_ = n;
    std::vector<State>().swap(b.keys_);
    return b;
}

bool CycleBounds::value(const State& s, int& w) const {
    if (table_.empty()) return false;
    for (u64 i = hash(s) & mask_;; i = (i + 1) & mask_) {
        const Entry& e = table_[i];
        if (e.to_move == EmptyEntry) return false;
        if (e.black == s.black && e.white == s.white && e.forbidden == s.forbidden &&
            e.to_move == s.to_move && e.passes == s.passes) {
            w = e.w;
            return true;
        }
    }
}

}  // namespace smallgo
