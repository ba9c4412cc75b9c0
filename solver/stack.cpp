// The room left on the current thread's stack (stack.hpp).
#include "solver/stack.hpp"

#include <pthread.h>

#include <cstdint>

namespace smallgo {

namespace {
// The lowest address of the calling thread's stack, 0 where it cannot be found (no guard then).
std::uintptr_t stack_low() {
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return 0;
    void* low = nullptr;
    std::size_t size = 0;
    const bool ok = pthread_attr_getstack(&attr, &low, &size) == 0;
    pthread_attr_destroy(&attr);
    return ok ? reinterpret_cast<std::uintptr_t>(low) : 0;
}
}  // namespace

bool stack_nearly_full() {
    thread_local const std::uintptr_t low = stack_low();
    const auto here = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
    return low != 0 && here - low < StackReserve;
}

}  // namespace smallgo
