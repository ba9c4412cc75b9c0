// The search's stack (stack.hpp): a thread with a stack of a given size, and the room left on the
// current thread's.
#include "solver/stack.hpp"

#include <pthread.h>

#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>

namespace smallgo {

namespace {
struct Job {
    const std::function<void()>* fn;
    std::exception_ptr error;
};

extern "C" void* run_job(void* arg) {
    Job& job = *static_cast<Job*>(arg);
    try {
        (*job.fn)();
    } catch (...) {
        job.error = std::current_exception();
    }
    return nullptr;
}

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

void run_with_stack(std::size_t bytes, const std::function<void()>& fn) {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, bytes);
    Job job{&fn, nullptr};
    pthread_t thread;
    const int started = pthread_create(&thread, &attr, run_job, &job);
    pthread_attr_destroy(&attr);
    if (started != 0)
        throw std::runtime_error("cannot start the search's thread with a stack of " +
                                 std::to_string(bytes >> 20) + " MB");
    pthread_join(thread, nullptr);
    if (job.error) std::rethrow_exception(job.error);
}

bool stack_nearly_full() {
    thread_local const std::uintptr_t low = stack_low();
    const auto here = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
    return low != 0 && here - low < StackReserve;
}

}  // namespace smallgo
