// Region on mmap/mremap, with transparent huge pages asked for (madvise).
#include "rules/region.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <atomic>

namespace smallgo {

namespace {
std::atomic<std::size_t> refused_above{0};  // Region::refuse_above; 0: nothing refused
}  // namespace

void Region::refuse_above(std::size_t bytes) {
    refused_above.store(bytes);
}

Region::~Region() {
    if (data_) munmap(data_, bytes_);
}

bool Region::reserve(std::size_t bytes) {
    if (bytes <= bytes_) return true;
    const std::size_t limit = refused_above.load(std::memory_order_relaxed);
    if (limit != 0 && bytes > limit) return false;
    constexpr std::size_t Huge = std::size_t(1) << 21;
    bytes = std::max(bytes, bytes_ + bytes_ / 2);
    bytes = (bytes + Huge - 1) / Huge * Huge;
    void* p = data_ ? mremap(data_, bytes_, bytes, MREMAP_MAYMOVE)
                    : mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) return false;
    madvise(p, bytes, MADV_HUGEPAGE);
    data_ = static_cast<u64*>(p);
    bytes_ = bytes;
    return true;
}

void Region::discard() {
    if (data_) madvise(data_, bytes_, MADV_DONTNEED);
}

}  // namespace smallgo
