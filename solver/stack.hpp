// The search's stack. Searcher::test recurses once per ply, about 1.2 KB a frame (g++ 12, -O3),
// and under superko a test may go as deep as a game can last: proofs on 1x8 went past 1,000 plies,
// and long runs deepen further. An 8 MB stack ends near 7,000 plies, a oneTBB worker's 4 MB near
// 3,500, and there the process died (a search with a sibling depth of 0 crashed 2x7 so). So
// solve() runs its search on a thread with a stack of SolveOptions::stack_bytes, its workers get
// as much, and a test that would come within StackReserve of its thread's stack end returns open
// instead. That is sound: an open test proves nothing and stores nothing, as at the end of the
// depth.
#pragma once

#include <cstddef>

namespace smallgo {

// What a test leaves free on its thread's stack for the calls below it (Benson's algorithm, the
// table's reads, the list merges) and for a signal handler.
constexpr std::size_t StackReserve = std::size_t{256} << 10;

// Whether less than StackReserve is left on the calling thread's stack below the caller's frame.
// The stack's extent is asked once per thread.
bool stack_nearly_full();

}  // namespace smallgo
