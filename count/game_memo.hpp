// The game counter's memo: a fixed-size table of counted states, shared by the threads, that
// never grows past the memory it was given. A state's key is verified in full on every probe (a
// hash only picks the slots), so a hit is always the count of that very state. When the four
// slots a key may use are full, the entry that cost the least work to count is replaced: the
// count stays exact, it only has to be made again if that state comes back.
//
//   slot layout, `stride` 64-bit words:
//   word 0       work: nodes walked to count the state (capped at 2^32 - 1), 0 for an empty slot
//   words 1..3   the key (GameKey::words)
//   words 4..    the counts, one per remaining length (or one, the total, without lengths)
//
// Each slot has its own spin lock (an atomic flag, acquire on take, release on give back), held
// only to copy a slot in or out. Memory: stride * 8 + 4 bytes a slot.
#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include "count/game_space.hpp"

namespace smallgo {

// What the rest of a game depends on (docs/games.md): the current grid, side to move and passes,
// the seen atoms a play could still run into, and under simple ko the grid two records back.
struct GameKey {
    AtomSet seen;
    u16 grid = 0;
    u8 to_move = 0;
    u8 passes = 0;
    u16 ko_grid = NoKoGrid;

    static constexpr u16 NoKoGrid = 0xFFFF;
    // Field positions in the third word of the key.
    static constexpr int ToMoveShift = 16, PassesShift = 17, KoShift = 24;

    std::array<u64, 3> words() const {
        return {seen.w[0], seen.w[1],
                u64{grid} | u64{to_move} << ToMoveShift | u64{passes} << PassesShift |
                    u64{ko_grid} << KoShift};
    }
    u64 hash() const;
};

class GameMemo {
  public:
    // A table of about `bytes` for counts of `coefficients` words each.
    GameMemo(u64 bytes, int coefficients);

    // Bytes of one slot for counts of `coefficients` words.
    static u64 slot_bytes(int coefficients) { return 8 * u64(HeaderWords + coefficients) + 4; }
    u64 slots() const { return slots_; }
    u64 bytes() const { return slots_ * slot_bytes(coefficients_); }

    // Copies the counts of `key` into out (coefficients words) and returns true, if stored.
    bool probe(const GameKey& key, u64* out) const;
    // Stores the counts of `key`, which cost `work` nodes.
    void store(const GameKey& key, const u64* counts, u64 work);
    // Slots in use (a scan; for reports).
    u64 used() const;

  private:
    static constexpr int HeaderWords = 4;
    static constexpr int Ways = 4;  // slots a key may use, from its home slot on
    u64 home(const GameKey& key) const;
    u64* slot(u64 i) { return &data_[i * stride_]; }
    const u64* slot(u64 i) const { return &data_[i * stride_]; }
    void lock(u64 i) const;
    void unlock(u64 i) const { locks_[i].store(false, std::memory_order_release); }

    int coefficients_;
    u64 stride_, slots_;
    std::vector<u64> data_;
    std::unique_ptr<std::atomic<bool>[]> locks_;
};

}  // namespace smallgo
