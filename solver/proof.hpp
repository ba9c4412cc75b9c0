// What the search's proofs are made of (private to solver/): a test's answer, and what a proof
// rests on, its keep set and its dependencies on records of the path (see transposition.hpp for
// why a proof under superko must carry them). Implemented here and in solver/proof.cpp.
#pragma once

#include <algorithm>
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

// What a proof rests on (see transposition.hpp): the stones present in every candidate board it
// generated, and a Bloom filter of those boards (bits of their symmetry-invariant hashes).
struct Keep {
    Bitboard black = ~Bitboard{0}, white = ~Bitboard{0};
    u64 boards = 0;
    void meet(const Position& p, u64 bits) {
        black &= p.black(), white &= p.white(), boards |= bits;
    }
    void meet(const Keep& k) { black &= k.black, white &= k.white, boards |= k.boards; }
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
