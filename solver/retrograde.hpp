// Bounds for the simple-ko presets from a retrograde analysis of the game without its history.
//
// Under simple ko (KoRule::Simple) a play that recreates an earlier board with the same player to
// move ends the game as a draw, so the value of a position depends on every board before it, and
// the table's proofs rarely carry from one history to another (without these bounds even mg 2x3
// stays open for hundreds of millions of nodes). Leave the history out, and what remains of a node
// is its state: the stones, the side to move, the passes just made and the plays the ko rule
// forbids (those that would recreate the board before the opponent's last turn). The state fixes
// every legal move and its result.
//
// The argument. Let W be any function on states with W(s) = the best, for the side to move, of
// W(s') over the moves from s, where a pass that ends the game counts its final score (Black's
// view, half points, komi included). Then at every node of the real game with state s, whatever
// its history, the value R satisfies
//     min(W(s), 0) <= R <= max(W(s), 0).
// Proof of the left half (the right one is the same for White): let t = min(W(s), 0). Black
// always plays a move that keeps W >= t, which exists because W(s) is the best of its moves;
// every move White has keeps it too, because W(s) is the least of them. The real game, which is
// finite (a play that repeats a board and side ends it), ends either by two passes, with a score
// that is the W of a final pass, so >= t, or by a repetition, a draw, 0 >= t.
//
// So W(s) = 0 decides a node: its value is a draw or a jigo whatever came before. The tightest
// such W is the value of the history-free game in which a game that never ends scores 0; it is
// computed here from its two halves, each the fixed point that value iteration reaches from 0:
// P, what Black can force above 0 (final scores below 0 count as 0), and N, what White can force
// below it; W = P where P > 0, N elsewhere. The build then checks the equation above at every
// state and keeps no table if one fails, so the bounds rest on that check, not on this paragraph.
// A state is held as its least copy over the board's symmetries (the rules are the same on every
// copy), which divides the states by about 4 on rectangles and 7 on squares.
#pragma once

#include <atomic>
#include <cstddef>
#include <optional>
#include <vector>

#include "rules/history.hpp"

namespace smallgo {

class Symmetries;

// The plays that the simple-ko rule forbids at `cur` when `prev` is the position before the last
// turn (nullptr at the start of a history): those that recreate prev's board.
Bitboard ko_forbidden(const Geometry& g, const Rules& r, const Position* prev, const Position& cur);

class CycleBounds {
  public:
    // A state: the stones, the plays the ko rule forbids, the side to move and the passes.
    struct State {
        Bitboard black = 0, white = 0, forbidden = 0;
        u8 to_move = 0, passes = 0;
        friend bool operator==(const State&, const State&) = default;
    };

    // The analysis of every state reachable from h's current one (h's rules must be simple ko);
    // nullopt when it would need more than max_bytes, when *stop is set (checked every 4,096
    // states and every sweep; then *stopped, where given, is set, so a caller can tell a stop
    // from a refusal), or when the equation check fails. From an empty board every legal board
    // is reachable with either side to move, so there are at least 2 L(m,n) states; where that
    // many would not fit, nothing is built.
    static std::optional<CycleBounds> build(const History& h, std::size_t max_bytes,
                                            const std::atomic<bool>* stop = nullptr,
                                            bool* stopped = nullptr);

    // The state of h's current position, as its least copy over the board's symmetries (the
    // game is the same on every copy, so W is too).
    State state(const History& h) const;
    // Asks for the memory that value(s) will read.
    void prefetch(const State& s) const { __builtin_prefetch(&table_[hash(s) & mask_]); }
    // W of state s (Black's view, half points), if it was reached.
    bool value(const State& s, int& w) const;
    bool value(const History& h, int& w) const { return value(state(h), w); }
    std::size_t states() const { return states_; }
    std::size_t bytes() const { return table_.capacity() * sizeof(Entry); }
    std::size_t zero = 0;        // states with W = 0: decided
    std::size_t peak_bytes = 0;  // held while building (vectors at capacity)

  private:
    static u64 hash(const State& k);
    State canonical(const State& k) const;
    // While building: the index of k among keys_, added when absent.
    u32 insert(const State& k);
    void grow();

    // While building: the states in the order found, and open addressing over them: the hash's
    // high 32 bits, then index + 1 in the low 32 (0: empty slot), so a probe reads a key only
    // when the high bits match.
    std::vector<State> keys_;
    std::vector<u64> slots_;
    u64 slot_mask_ = 0;
    // Then: each state with its W in one 32-byte entry, open addressing at a load of at most 3/4,
    // so that a lookup reads one place in memory.
    struct Entry {
        Bitboard black = 0, white = 0, forbidden = 0;
        u8 to_move = EmptyEntry, passes = 0;
        i16 w = 0;
    };
    static constexpr u8 EmptyEntry = 0xFF;
    std::vector<Entry> table_;
    u64 mask_ = 0;
    std::size_t states_ = 0;
    const Symmetries* sym_ = nullptr;  // the board's (rules/symmetry.hpp), shared
};

// CycleBounds::build's answer with the time it took (finding that the bounds do not fit included).
struct CycleBoundsBuild {
    std::optional<CycleBounds> bounds;
    double seconds = 0;
    bool stopped = false;  // a stop ended the build (else no bounds means they do not fit or hold)
    std::size_t bytes() const { return bounds ? bounds->bytes() : 0; }  // of --hash taken
};

}  // namespace smallgo
