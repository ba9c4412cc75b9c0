// The exact number of complete Go games on a small board from the empty grid: every sequence of
// turns (passes and plays) that History allows, ending at the second consecutive pass or, under
// simple ko, at the play that repeats a grid and side to move (the MG draw). Optionally the number
// of games of each length in turns, passes included.
//
// Method: a depth-first walk of the game tree with a memo (game_memo.hpp) of the number of games
// from each state counted so far. Its turns come from GameSpace's play table (made through
// Position::play) and the seen atoms, or under simple ko from History::check. A state's key is
// what the rest of the game depends on (GameKey): the current grid, side to move and passes, and
// of the history only the atoms (game_space.hpp) that a later play could run into; two histories
// with the same key have the same continuations turn for turn, so the same counts (docs/games.md
// has the proof). The first turns are expanded into opening lines, counted as oneTBB tasks and
// summed in their order, so the result does not depend on the threads.
//
// Counts are exact: the memo holds 64-bit counts, every addition is checked, and a count past
// 2^64 ends the run with an error instead of a wrong value; the total and the lengths are
// summed in Boost.Multiprecision integers. Costs: time and memo grow with the number of distinct
// keys (docs/results.md: 1x4 and 2x2); memory is the memo's, fixed at the start.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

#include "count/game_space.hpp"

namespace smallgo {

using GameCount = boost::multiprecision::cpp_int;

struct GameCountProgress {
    u64 lines_done = 0, lines = 0;  // opening lines counted, of all
    u64 nodes = 0;                  // states walked (memo misses)
    double seconds = 0;
};

struct GameCountOptions {
    // Count the games that begin with these turns (legal ones, from the empty board); lengths are
    // then the turns after them. Empty: the games from the empty board.
    std::vector<Move> start;
    bool by_length = false;
    // Key states up to the symmetries of the board and the exchange of colours (GameSpace):
    // the same counts, from fewer states; off only to test that.
    bool symmetry = true;
    int threads = 1;
    u64 memo_bytes = u64{256} << 20;
    const std::atomic<bool>* stop = nullptr;                 // polled every few thousand states
    std::function<void(const GameCountProgress&)> progress;  // after each opening line
};

enum class GameCountEnd : u8 { Complete, Interrupted, Overflow };

struct GameCountResult {
    GameCount total = 0;
    // by_length[t]: games of t turns (with by_length; else empty). Trailing zeros removed.
    std::vector<GameCount> by_length;
    int longest = -1;  // the most turns of a game (with by_length)
    GameCountEnd end = GameCountEnd::Complete;
    // Opening lines counted in full, and all: when interrupted, `total` and `by_length` are the
    // games of the counted lines and of the games that end within the opening turns.
    u64 lines_done = 0, lines = 0;
    int opening_turns = 0;  // the turns an opening line has (games ending sooner are counted)
    u64 nodes = 0, memo_hits = 0;
    u64 memo_bytes = 0, memo_slots = 0, memo_used = 0;
    double seconds = 0;

    bool complete() const { return end == GameCountEnd::Complete; }
};

// Counts the games of `space` from the empty board (or that begin with o.start).
GameCountResult count_games(const GameSpace& space, const GameCountOptions& o);

// The most turns a game of `space` can have: each play makes a record whose atom later plays may
// not recreate (or end the game by recreating), the start and pass records aside, and at most
// one pass comes between two plays, two at the end. The length of the by-length vectors.
int max_game_turns(const GameSpace& space);

}  // namespace smallgo
