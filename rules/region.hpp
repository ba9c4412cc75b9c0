// Region: a growable anonymous private mapping, the memory of the counter's arrays and of the
// solver's tables. A fresh region reads as zero and commits a page only when it is touched (2 MB
// pages where the kernel gives them), so reserving an upper bound costs address space, not
// memory, and a table whose empty slot is all zero needs no clearing pass: a 2 GB solver table
// took 10 s to allocate and clear in 4 KB pages on the developers' machine, and its pages now
// fault in as the search first reaches them.
#pragma once

#include <cstddef>
#include <utility>

#include "rules/types.hpp"

namespace smallgo {

class Region {
  public:
    Region() = default;
    Region(Region&& o) noexcept { swap(o); }
    Region& operator=(Region&& o) noexcept {
        swap(o);
        return *this;
    }
    Region(const Region&) = delete;
    Region& operator=(const Region&) = delete;
    ~Region();
    void swap(Region& o) noexcept {
        std::swap(data_, o.data_);
        std::swap(bytes_, o.bytes_);
    }

    u64* data() { return data_; }
    const u64* data() const { return data_; }
    std::size_t bytes() const { return bytes_; }
    // Makes at least `bytes` addressable, keeping the contents; false when the system refuses.
    bool reserve(std::size_t bytes);
    // Gives the pages back to the system; the contents read as zero afterwards.
    void discard();

    // A test's stand-in for a limit on memory: while `bytes` is not 0, every reserve() asked for
    // more than it (before rounding to pages) returns false, as when the system refuses. Process
    // wide; RefusalAbove sets and restores it. No program sets it.
    static void refuse_above(std::size_t bytes);

  private:
    u64* data_ = nullptr;
    std::size_t bytes_ = 0;
};

// Region::refuse_above(bytes) for the life of the object, then none again.
struct RefusalAbove {
    explicit RefusalAbove(std::size_t bytes) { Region::refuse_above(bytes); }
    ~RefusalAbove() { Region::refuse_above(0); }
    RefusalAbove(const RefusalAbove&) = delete;
    RefusalAbove& operator=(const RefusalAbove&) = delete;
};

}  // namespace smallgo
