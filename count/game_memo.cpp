// The memo's probe and store under per-slot spin locks.
#include "count/game_memo.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>

namespace smallgo {

u64 GameKey::hash() const {
    const auto w = words();
    u64 h = w[0] * 0x9E3779B97F4A7C15ULL;
    h ^= (w[1] + 0x632BE59BD9B4E019ULL) * 0xBF58476D1CE4E5B9ULL;
    h ^= (w[2] + 0x8CB92BA72F3D8DD7ULL) * 0x94D049BB133111EBULL;
    return h ^ (h >> 31);
}

GameMemo::GameMemo(u64 bytes, int coefficients)
    : coefficients_(coefficients),
      stride_(HeaderWords + coefficients),
      slots_(std::max<u64>(bytes / slot_bytes(coefficients), Ways)),
      data_(slots_ * stride_, 0),
      locks_(new std::atomic<bool>[slots_]) {
    for (u64 i = 0; i < slots_; ++i) locks_[i].store(false, std::memory_order_relaxed);
}

u64 GameMemo::home(const GameKey& key) const {
    // The high half of hash * slots: any table size, no power of two needed.
    return static_cast<u64>((static_cast<u128>(key.hash()) * slots_) >> 64);
}

void GameMemo::lock(u64 i) const {
    while (locks_[i].exchange(true, std::memory_order_acquire))
        while (locks_[i].load(std::memory_order_relaxed)) {
        }
}

bool GameMemo::probe(const GameKey& key, u64* out) const {
    const auto w = key.words();
    const u64 h = home(key);
    for (int k = 0; k < Ways; ++k) {
        const u64 i = (h + k) % slots_;
        lock(i);
        const u64* s = slot(i);
        const bool hit = s[0] != 0 && s[1] == w[0] && s[2] == w[1] && s[3] == w[2];
        if (hit) std::memcpy(out, s + HeaderWords, 8 * std::size_t(coefficients_));
        unlock(i);
        if (hit) return true;
    }
    return false;
}

void GameMemo::store(const GameKey& key, const u64* counts, u64 work) {
    const auto w = key.words();
    const u64 h = home(key);
    const u64 cost = std::clamp<u64>(work, 1, 0xFFFFFFFFULL);
    // The slot to use: the key's own, else an empty one, else the cheapest to make again.
    u64 best = h % slots_, best_work = ~u64{0};
    for (int k = 0; k < Ways; ++k) {
        const u64 i = (h + k) % slots_;
        lock(i);
        const u64* s = slot(i);
        const u64 sw = s[0];
        const bool same = sw != 0 && s[1] == w[0] && s[2] == w[1] && s[3] == w[2];
        unlock(i);
        if (same) return;
        if (sw < best_work) best = i, best_work = sw;
        if (sw == 0) break;
    }
    if (best_work != 0 && best_work > cost) return;  // keep the costlier states
    lock(best);
    u64* s = slot(best);
    s[0] = cost;
    s[1] = w[0], s[2] = w[1], s[3] = w[2];
    std::memcpy(s + HeaderWords, counts, 8 * std::size_t(coefficients_));
    unlock(best);
}

u64 GameMemo::used() const {
    u64 n = 0;
    for (u64 i = 0; i < slots_; ++i) {
        lock(i);
        n += slot(i)[0] != 0;
        unlock(i);
    }
    return n;
}

}  // namespace smallgo
