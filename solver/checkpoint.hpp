// Checkpoints of a solve: the proofs of its tables (SolveTables) in one file, so that a long search
// stopped by a limit, a signal or a crash goes on from what it proved instead of from nothing.
//
// Why a checkpoint's proofs may be used by another process. An entry of the table is a proof
// together with what it rests on (transposition.hpp), checked against the reader's own path
// before use; a solve's table already outlives its restarts and, in a game, its solves
// (SolveTables). So a table written out and read back is sound wherever the same table kept in
// memory would be: under the same rules and komi (the values are scores under them), on the same
// board from the same start (the 1996 readings treat the start apart), with the fingerprint lists
// that its entries name (the ring is saved whole, with its head) and the same hashes (fixed at
// compile time: rules/zobrist.hpp). The moves before the solved position may differ: they are
// part of the reader's path, which every entry is checked against. What an entry means may change
// with the code, so a checkpoint is read only by a solver built from the same rules/ and solver/
// sources (a SHA-256 of them, solver/build_id.cmake). The open-test cache is not saved: it is
// never a proof, and a restart empties it anyway.
//
// The file, all little-endian:
//
//   | bytes    | field            | meaning                                                |
//   |----------|------------------|--------------------------------------------------------|
//   | 0..7     | magic            | "SGSOLVE3"                                             |
//   | 8..71    | build            | the solver's build id, 64 hex digits                   |
//   | 72..75   | rows, cols       | the board (u16 each)                                   |
//   | 76..79   | ko, suicide, pad | KoRule (u8), suicide allowed (u8), zero                |
//   | 80..83   | komi_x2          | komi in half points (i32)                              |
//   | 84..87   | lists, round     | whether the tables keep fingerprint lists (u8); the    |
//   |          |                  | root's race's round (u8, at most 62); zero, zero       |
//   | 88..111  | start            | black, white stones (u64 each); to move, passes (u64)  |
//   | 112..119 | hash_bytes       | the memory the tables were made with (--hash)          |
//   | 120..127 | table_words      | words of the proof table that follow                   |
//   | 128..135 | ring_words       | words of the fingerprint ring that follow              |
//   | 136..143 | used             | the proof table's entries in use                       |
//   | 144..151 | head             | the ring's head                                        |
//   | 152..159 | nodes            | nodes searched by every run that wrote this file       |
//   | 160..167 | seconds          | their time (f64)                                       |
//   | 168..175 | runs, lower, upper | runs (u32); the proven bounds (i16 each, half points) |
//   | 176..183 | restarts         | the restarts of those runs (SolveOptions::first_run)   |
//   | 184..191 | checksum         | of the header (this field 0) and everything after it   |
//   | 192..199 | path             | the solved position's history (checkpoint_path)        |
//   | 200..207 | root_count       | first moves whose bounds follow (at most 65)           |
//   | 208..727 | root             | per first move: move (i16, -1 a pass), lo, hi (i16     |
//   |          |                  | each, the side to move's view, half points), zero      |
//   | 728..735 | move_count       | moves from the start to the solved position, or ~0     |
//   |          |                  | where they are unnamed (none given, more than 256)     |
//   | 736..991 | moves            | those moves, a byte each (-1 a pass), zero after them  |
//
// then table_words words of the proof table and ring_words words of the ring, as in memory.
// The moves name the solved position for people (`solve --resume F --peek`); what a resumed solve
// goes by is `path`, which holds every position of the history. The format before the moves
// ("SGSOLVE2", the first 728 bytes the same) is read for a peek, its moves unnamed.
// The bounds of the first moves (SolveOptions::root_bounds) hold for the position solved after
// its history, so a resumed solve takes them only where its own history is the same (`path`);
// otherwise its race proves its own, from the table. So with the race's round
// (SolveOptions::race_first_round), which only sets how many nodes its tests may take.
// The checksum is a 64-bit hash of the words, four lanes of the xxHash64 round (Collet), which
// catches a truncated or damaged file; it is no defence against a forged one (a certificate and
// `smallgo verify` are that).
#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "rules/history.hpp"
#include "solver/search.hpp"

namespace smallgo {

// What a checkpoint must match to be read: the board, the rules and the start of the game, and
// the tables' size (a position's bucket depends on it) and kind.
struct SolveCheckpointKey {
    int rows = 0, cols = 0;
    Rules rules;
    Position start;
    std::size_t hash_bytes = 0;
    bool board_lists = true;
};

// The key of a solve of h's game with these tables.
SolveCheckpointKey checkpoint_key(const History& h, std::size_t hash_bytes, bool board_lists);

// What the runs so far did, kept in the file beside the proofs.
struct SolveCheckpointTotals {
    u64 nodes = 0;
    double seconds = 0;
    u32 runs = 0;
    u64 restarts = 0;  // where the next run's restarts go on (SolveOptions::first_run)
    // The bounds proven when the file was written (Black's view, half points), for people; a
    // resumed solve proves its own from the table.
    int lower_x2 = 0, upper_x2 = 0;
    // The solved position's history (checkpoint_path) and what the root's tests had proved of
    // its first moves, which a resumed solve of the same history starts its race from.
    u64 path = 0;
    std::vector<RootBound> root;
    // The round of the root's race (the value's, then the optimal first moves', which goes on
    // from it; search.cpp): where a resumed race goes on (at most 62).
    int race_round = 0;
    // The moves from the start to the solved position, for people; none where the file does not
    // name them (more than MaxCheckpointMoves, or the older format).
    std::optional<std::vector<Move>> moves;
};

// The most moves a checkpoint names.
constexpr std::size_t MaxCheckpointMoves = 256;

// A 64-bit hash of every position of h's history, in order: equal for the same history.
u64 checkpoint_path(const History& h);

// Writes the tables to `path` (a temporary file renamed over it, so a kill at any moment leaves
// the old file or the new one whole). Only while no search runs on them. An error text when it
// could not (no room on the disk, an I/O error); the old file then stays.
std::optional<std::string> write_solve_checkpoint(const std::string& path,
                                                  const SolveCheckpointKey& key,
                                                  SolveTables& tables,
                                                  const SolveCheckpointTotals& totals);

// What a checkpoint was made with, read from its header alone (for --hash's default); an error
// text when it is no solver checkpoint or cannot be read.
std::optional<std::string> read_solve_checkpoint_key(const std::string& path,
                                                     SolveCheckpointKey& key);

// What a checkpoint's header says, for people (`solve --resume F --peek`): what it was made with,
// its runs' totals (the first moves' bounds included), the proof table's entries in use, and
// whether this build wrote it (a file of another build is read too: its bounds were proven).
struct SolveCheckpointHeader {
    SolveCheckpointKey key;
    SolveCheckpointTotals totals;
    u64 used = 0;
    bool this_build = false;
};

// Reads the header of `path` alone: the checksum, which covers the tables too, is not checked
// (--resume does). An error text when it is no solver checkpoint, cannot be read, or its header
// is bad.
std::optional<std::string> read_solve_checkpoint_header(const std::string& path,
                                                        SolveCheckpointHeader& out);

// Why the checkpoint `path` of `theirs` is not of the game of `ours` (board, rules and komi,
// start), or nothing when it is.
std::optional<std::string> checkpoint_game_mismatch(const std::string& path,
                                                    const SolveCheckpointKey& theirs,
                                                    const SolveCheckpointKey& ours);

// Reads `path` into `tables` (made with key.hash_bytes and key.board_lists) and the totals. An
// error text on any mismatch with `key`, truncation or damage, or when *stop is set between two
// chunks of the read (a signal: a file of gigabytes takes up to a minute); the tables then hold
// no usable proofs and must be dropped. tables.searched becomes the runs' nodes (SolveTables).
std::optional<std::string> read_solve_checkpoint(const std::string& path,
                                                 const SolveCheckpointKey& key, SolveTables& tables,
                                                 SolveCheckpointTotals& totals,
                                                 const std::atomic<bool>* stop = nullptr);

}  // namespace smallgo
