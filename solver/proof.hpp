// What the search's proofs are made of (private to solver/): a test's answer, and what a proof
// rests on, its keep set and its dependencies on records of the path (see transposition.hpp for
// why a proof under superko must carry them). Implemented here and in solver/proof.cpp.
#pragma once

#include <algorithm>
#include <array>
#include <climits>

#include "rules/position.hpp"
#include "rules/types.hpp"

namespace smallgo {

constexpr int Infinity = 1 << 14;
constexpr int NoDependency = INT_MAX;

// A test's answer: the value reaches beta (High, value a lower bound), stays below it (Low,
// value an upper bound), or is not decided within the depth searched (Unknown).
enum Kind { Low = -1, Unknown = 0, High = 1 };
struct Outcome {
    Kind kind;
    int value;
};

// What a proof resting on unconditional territory of one colour needs of the records before its
// node (transposition.hpp, point 4): nothing, every record holding `from` followed only by
// records holding `through` (Run), or no record holding `from` (Absent). Ordered by strictness.
enum TerritoryNeed : u8 { NoNeed = 0, Run = 1, Absent = 2 };

// What a proof rests on (see transposition.hpp): the stones present in every candidate board it
// generated, and a Bloom filter of those boards (bits of their symmetry-invariant hashes); and,
// per colour, the condition of the unconditional territory it used.
struct Keep {
    Bitboard black = ~Bitboard{0}, white = ~Bitboard{0};
    u64 boards = 0;
    // Whether the searcher's list of the boards' fingerprints misses some (a list lost from the
    // BoardLog, a child searched by another thread, a list too long): then only the filter holds.
    bool inexact = false;
    std::array<TerritoryNeed, 2> land{NoNeed, NoNeed};
    std::array<Bitboard, 2> from{~Bitboard{0}, ~Bitboard{0}}, through{0, 0};

    void meet(const Position& p, u64 bits) {
        black &= p.black(), white &= p.white(), boards |= bits;
    }
    void meet(const Keep& k) {
        black &= k.black, white &= k.white, boards |= k.boards, inexact = inexact || k.inexact;
        for (int c = 0; c < 2; ++c)
            land[c] = std::max(land[c], k.land[c]), from[c] &= k.from[c],
            through[c] |= k.through[c];
    }
    // A leaf's territory of colour c with alive stones `alive`: their records must form a run.
    void rest_on_territory(Color c, Bitboard alive) {
        const int i = static_cast<int>(c);
        land[i] = std::max(land[i], Run), from[i] &= alive, through[i] |= alive;
    }
    // The condition of a child's proof as one on the records before its parent `parent`.
    void lift(const Position& parent) {
        for (int c = 0; c < 2; ++c)
            if (land[c] == Run && (through[c] & ~parent.of(static_cast<Color>(c))) != 0)
                land[c] = Absent;
    }
    bool on_territory() const { return land[0] != NoNeed || land[1] != NoNeed; }
};

// The queries of a proof that were answered by records of the path (transposition.hpp): the
// oldest such record, the query that asked it (its kind and candidate position), and the oldest
// record that answered any other query. A proof stored at a node may rest on one query answered
// before the node (its requirement, asked again wherever the entry is used), not on two.
struct Dep {
    int first = NoDependency, second = NoDependency;
    u8 kind = 0;  // TTData::req_kind
    Position query;
    void add(int record, u8 k, const Position& y) {
        if (record == NoDependency) return;
        if (first != NoDependency && kind == k && query.same_board(y) &&
            query.to_move == y.to_move) {
            first = std::min(first, record);
        } else if (record < first) {
            second = std::min(second, first);
            first = record, kind = k, query = y;
        } else {
            second = std::min(second, record);
        }
    }
    void merge(const Dep& d) {
        add(d.first, d.kind, d.query);
        second = std::min(second, d.second);
    }
};
constexpr u8 KoQuery = 1, RepeatQuery = 2;

}  // namespace smallgo
