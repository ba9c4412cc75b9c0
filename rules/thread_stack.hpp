// A thread with a stack of a chosen size, for the project's deep recursions: the search's tests
// (solver/stack.hpp) and the certificate checker's walk (verify/). Each recurses once per turn of
// a line, about 1 KB a frame, and a line under superko may be as long as a game: a main thread's
// 8 MB hold about 7,000 of the search's frames and 10,000 of the checker's (which crashed so on a
// legal line of 10,473 turns).
#pragma once

#include <cstddef>
#include <functional>

namespace smallgo {

// Runs fn on a new thread with a stack of `bytes` (reserved address space; pages are used only as
// the stack reaches them) and waits for it. An exception of fn is rethrown here; std::bad_alloc
// where the system has no memory for the thread.
void run_with_stack(std::size_t bytes, const std::function<void()>& fn);

}  // namespace smallgo
