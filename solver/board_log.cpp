#include "solver/board_log.hpp"

#include <new>

namespace smallgo {

namespace {
u32 load(u32& x) {
    return std::atomic_ref<u32>(x).load(std::memory_order_relaxed);
}
}  // namespace

BoardLog::BoardLog(std::size_t bytes) : capacity_(bytes / sizeof(u32)) {
    if (capacity_ == 0) return;
    if (!region_.reserve(capacity_ * sizeof(u32))) throw std::bad_alloc();
    data_ = reinterpret_cast<u32*>(region_.data());
}

u64 BoardLog::append(const u16* fps, std::size_t count) {
    if (count == 0 || count > MaxLength || count > capacity_ / 4) return NoList;
    const u64 start = head_.fetch_add(count, std::memory_order_relaxed);
    // Seen by a reader that reads any of the stores below, with the head moved on (intact()).
    std::atomic_thread_fence(std::memory_order_release);
    for (std::size_t i = 0; i < count; ++i)
        std::atomic_ref<u32>(at(start + i))
            .store(slot_word(start + i, fps[i]), std::memory_order_relaxed);
    return start << 16 | count;
}

bool BoardLog::intact(u64 ref) const {
    std::atomic_thread_fence(std::memory_order_acquire);
    // A writer reserving up to the head writes over the positions below head - capacity.
    return head_.load(std::memory_order_relaxed) <= start_of(ref) + capacity_;
}

bool BoardLog::fingerprint_at(u64 position, u16& fp) const {
    const u32 word = load(at(position));
    fp = static_cast<u16>(word);
    return word == slot_word(position, fp);
}

bool BoardLog::may_hold(u64 ref, u16 fp) const {
    if (ref == NoList || capacity_ == 0) return true;
    // Binary search of the sorted list; a slot of another lap means the list is lost.
    const u64 end = start_of(ref) + length_of(ref);
    u64 lo = start_of(ref), hi = end;
    u16 x = 0;
    while (lo < hi) {
        const u64 mid = lo + (hi - lo) / 2;
        if (!fingerprint_at(mid, x)) return true;
        if (x < fp)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < end && (!fingerprint_at(lo, x) || x == fp)) return true;
    return !intact(ref);
}

bool BoardLog::read(u64 ref, std::vector<u16>& out) const {
    if (ref == NoList || capacity_ == 0) return false;
    const std::size_t before = out.size();
    u16 fp = 0;
    for (u64 p = start_of(ref), end = p + length_of(ref); p < end; ++p) {
        if (!fingerprint_at(p, fp)) break;
        out.push_back(fp);
    }
    if (out.size() - before == length_of(ref) && intact(ref)) return true;
    out.resize(before);
    return false;
}

}  // namespace smallgo
