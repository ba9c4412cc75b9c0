// The caches of the walk of life after a reply (reply_life_memo.hpp).
#include "solver/reply_life_memo.hpp"

#include <algorithm>

#include "solver/benson.hpp"

namespace smallgo {

namespace {

// The slot index of p's board for colour c (and a salt), spread over `size` slots (a power of 2).
std::size_t index_of(const Position& p, Color c, u64 salt, std::size_t size) {
    const u64 key =
        p.hash ^ (c == Color::Black ? 0 : 0x9e3779b97f4a7c15ULL) ^ salt * 0xc2b2ae3d27d4eb4fULL;
    return static_cast<std::size_t>(key ^ key >> 29) & (size - 1);
}

class AliveCache {
  public:
    Bitboard alive(const Geometry& g, const Position& p, Color c, bool suicide) {
        const u32 context = board_rule_context(g, suicide);
        if (context != context_) {
            std::fill(slots_.begin(), slots_.end(), Slot{});
            context_ = context;
        }
        Slot& s = slots_[index_of(p, c, 0, slots_.size())];
        const Bitboard own = p.of(c), other = p.of(opponent(c));
        if (!s.set || s.own != own || s.other != other)
            s = {own, other, alive_stones(g, p, c, suicide), true};
        return s.alive;
    }

  private:
    struct Slot {
        Bitboard own = 0, other = 0, alive = 0;
        bool set = false;
    };
    // 128 KiB: small enough to stay in a core's second-level cache beside the memo and
    // SafetyCache; with 2^15 slots a 4x4 search spent a tenth of its time waiting for them.
    std::vector<Slot> slots_ = std::vector<Slot>(std::size_t{1} << 12);
    u32 context_ = 0;
};

}  // namespace

std::atomic<bool> ReplyFailureMemo::enabled{true};
std::atomic<u64> ReplyFailureMemo::ended_hits{0};

bool ReplyFailureMemo::Slot::fails(const Position& p, Color c, int at_need, int at_depth) const {
    return need != 0 && need <= at_need && depth == at_depth && colour == static_cast<u8>(c) &&
           black == p.black() && white == p.white();
}

bool ReplyFailureMemo::fails(const History& h, const Position& p, Color c, int need, int depth) {
    const bool hit = slot(h, p, c, depth).fails(p, c, need, depth);
    hits_ += hit;
    return hit;
}

void ReplyFailureMemo::record(const History& h, const Position& p, Color c, int need, int depth) {
    Slot& s = slot(h, p, c, depth);
    if (s.fails(p, c, need, depth)) return;  // a smaller need already fails
    s = {p.black(), p.white(), static_cast<u16>(need), static_cast<u8>(depth), static_cast<u8>(c)};
}

ReplyFailureMemo::Slot& ReplyFailureMemo::slot(const History& h, const Position& p, Color c,
                                               int depth) {
    // The replies' legality reads the ko rule too.
    const u32 context = board_rule_context(h.geometry(), h.rules().suicide_allowed) |
                        static_cast<u32>(h.rules().ko) << 17;
    if (context != context_) {
        std::fill(slots_.begin(), slots_.end(), Slot{});
        context_ = context;
    }
    return slots_[index_of(p, c, static_cast<u64>(depth), slots_.size())];
}

ReplyFailureMemo& reply_failure_memo() {
    thread_local ReplyFailureMemo memo;
    return memo;
}

Bitboard cached_alive_stones(const Geometry& g, const Position& p, Color c, bool suicide_allowed) {
    thread_local AliveCache cache;
    return cache.alive(g, p, c, suicide_allowed);
}

}  // namespace smallgo
