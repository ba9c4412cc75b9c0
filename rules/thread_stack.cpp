// A thread with a stack of a chosen size (thread_stack.hpp), on POSIX threads: std::thread cannot
// set one.
#include "rules/thread_stack.hpp"

#include <pthread.h>

#include <cerrno>
#include <exception>
#include <new>
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
}  // namespace

void run_with_stack(std::size_t bytes, const std::function<void()>& fn) {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, bytes);
    Job job{&fn, nullptr};
    pthread_t thread;
    const int started = pthread_create(&thread, &attr, run_job, &job);
    pthread_attr_destroy(&attr);
    // No memory or address space for the stack is the caller's memory limit, as a table that
    // does not fit is: the programs answer both the same way (gtp, serve, main).
    if (started == EAGAIN || started == ENOMEM) throw std::bad_alloc();
    if (started != 0)
        throw std::runtime_error("cannot start a thread with a stack of " +
                                 std::to_string(bytes >> 20) + " MB");
    pthread_join(thread, nullptr);
    if (job.error) std::rethrow_exception(job.error);
}

}  // namespace smallgo
