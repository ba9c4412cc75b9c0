// Checkpoints of the legal-position counter: the state table of one rank at a point between two
// steps, in one file, written so that a crash at any moment leaves the last complete checkpoint
// readable, and read back only when it is the same count of the same program.
//
// A checkpoint directory holds generations. Generation g is one file per rank, `g<g>-r<rank>.ckpt`,
// and the text file `latest` ("g<g> ranks <n>"), which names the newest generation whose files
// are all complete. Each file is written as `<name>.tmp`, fsync'ed, renamed and the directory
// fsync'ed; only then (after every rank has done so) is `latest` replaced the same way, and the
// files of older generations removed. A kill at any moment leaves `latest` naming a whole
// generation. Before a file is written, the free space of the file system is checked.
//
// A file is a header, then `prefix_words` words of row sums, then `states` entries of
// 1 + `limbs` words (border word, count: legal_sweep.hpp), all little-endian u64:
//
//   | bytes  | field         | meaning                                                      |
//   |--------|---------------|--------------------------------------------------------------|
//   | 0..7   | magic         | "SGCOUNT1"                                                   |
//   | 8..31  | version       | the program's version, NUL-padded                            |
//   | 32..35 | rows, cols    | the board as asked (u16 each)                                |
//   | 36..39 | method, limbs | CountMethod (u16), words per count (u16)                     |
//   | 40..47 | modulus       | the modulus of this sweep (0 for exact limbs)                |
//   | 48..55 | sweep, sweeps | the residue sweep under way and how many (u32 each)          |
//   | 56..63 | rank, ranks   | this file's rank and the number of ranks (u32 each)          |
//   | 64..71 | point, pad    | the next point of the sweep (u32), zero                      |
//   | 72..79 | states        | entries in this file                                         |
//   | 80..87 | prefix_words  | words of row sums after the header                           |
//   | 88..95 | max_states    | the most states (all ranks) before any point so far          |
//   | 96..103| checksum      | CRC-32 of the header (this field 0) and of everything after  |
//
// The row sums are lists of big integers, each list its length then each integer its word count
// and its words (least significant first): the sums L(k, width) of this sweep so far, then, for a
// count by residues, the row sums of each sweep already complete.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "count/legal_counts.hpp"

namespace smallgo {

enum class CountMethod : u16 { Exact = 0, Modulus = 1, Residues = 2 };

struct CheckpointHeader {
    char magic[8];
    char version[24];
    u16 rows, cols;
    u16 method, limbs;
    u64 modulus;
    u32 sweep, sweeps;
    u32 rank, ranks;
    u32 point, pad;
    u64 states;
    u64 prefix_words;
    u64 max_states;
    u64 checksum;
};
static_assert(sizeof(CheckpointHeader) == 104);

// What a checkpoint must match to be resumed: everything but the point, the states and the sums.
struct CheckpointKey {
    std::string version;
    int rows = 0, cols = 0;
    CountMethod method = CountMethod::Exact;
    u64 modulus = 0;  // CountMethod::Modulus only
    int sweeps = 1;   // CountMethod::Residues only
    int rank = 0, ranks = 1;
};

// One rank's table at a point, with what goes with it.
struct CheckpointData {
    int sweep = 0, point = 0, limbs = 1;
    u64 modulus = 0;  // of this sweep
    u64 max_states = 0;
    std::vector<std::vector<BigCount>> sums;  // this sweep's row sums, then completed sweeps'
    u64 states = 0;
    const u64* entries = nullptr;  // states * (1 + limbs) words (writing)
};

// The directory of one count's checkpoints, for one rank.
class CheckpointDir {
  public:
    CheckpointDir(std::string dir, CheckpointKey key)
        : dir_(std::move(dir)), key_(std::move(key)) {}

    // Writes this rank's file of generation `generation` (already on disk when it returns, under
    // its final name); an error text (no space, I/O error) when it could not.
    std::optional<std::string> write_file(int generation, const CheckpointData& d) const;
    // Makes `generation` the latest (rank 0 alone, after every rank's write_file), then removes
    // this rank's older files (every rank, after that). Error text on failure.
    std::optional<std::string> commit(int generation) const;
    void remove_older(int generation) const;

    // The latest complete generation, or an error text (none, or another rank count).
    std::optional<int> latest(std::string* problem) const;
    // Reads this rank's file of `generation`: header checks against the key, then the row sums;
    // `entries` receives the states (into memory it allocates through `reserve(words)`, which
    // returns where to put them or nullptr), the checksum is checked at the end. Error text on
    // any mismatch, truncation or corruption.
    template <class Reserve>
    std::optional<std::string> read_file(int generation, CheckpointData& d,
                                         Reserve&& reserve) const;

    const std::string& dir() const { return dir_; }

  private:
    std::string file_name(int generation) const;
    std::optional<std::string> read_with(int generation, CheckpointData& d,
                                         u64* (*reserve)(void*, u64), void* context) const;

    std::string dir_;
    CheckpointKey key_;
};

template <class Reserve>
std::optional<std::string> CheckpointDir::read_file(int generation, CheckpointData& d,
                                                    Reserve&& reserve) const {
    auto call = [](void* c, u64 words) { return (*static_cast<Reserve*>(c))(words); };
    return read_with(generation, d, call, &reserve);
}

}  // namespace smallgo
