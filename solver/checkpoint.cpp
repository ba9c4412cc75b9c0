// Checkpoints of a solve's tables (checkpoint.hpp): the header, the words of both tables, and a
// checksum over all of it; written through a temporary file, read with every check.
#include "solver/checkpoint.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <vector>

#include "rules/durable_file.hpp"
#include "rules/zobrist.hpp"
#include "solver/build_id.hpp"
#include "solver/proof.hpp"

namespace smallgo {

namespace {
constexpr char Magic[8] = {'S', 'G', 'S', 'O', 'L', 'V', 'E', '3'};
// The format before the moves: the same header up to them, read for a peek.
constexpr char MagicWithoutMoves[8] = {'S', 'G', 'S', 'O', 'L', 'V', 'E', '2'};
constexpr std::size_t BytesWithoutMoves = 728;
// move_count where the moves are not named.
constexpr u64 MovesUnnamed = ~u64{0};
// First moves whose bounds the header holds: every point and the pass.
constexpr std::size_t RootSlots = MaxPoints + 1;
// Room left free on the file system beyond a file, so that a checkpoint never fills it.
constexpr u64 DiskMargin = u64{64} << 20;
// Words per read or write call and per pass of the checksum.
constexpr std::size_t ChunkWords = std::size_t{1} << 20;

struct Header {
    char magic[8];
    char build[64];
    u16 rows, cols;
    u8 ko, suicide;
    u16 pad0;
    i32 komi_x2;
    u8 lists;
    u8 race_round;
    u8 pad1[2];
    u64 black, white, side_passes;
    u64 hash_bytes;
    u64 table_words, ring_words;
    u64 used, head;
    u64 nodes;
    double seconds;
    u32 runs;
    i16 lower_x2, upper_x2;
    u64 restarts;
    u64 checksum;
    u64 path;
    u64 root_count;
    u64 root[RootSlots];
    u64 move_count;
    i8 moves[MaxCheckpointMoves];
};
static_assert(offsetof(Header, move_count) == BytesWithoutMoves);
static_assert(sizeof(Header) == 992);
static_assert(std::endian::native == std::endian::little);

// Four lanes of the xxHash64 round over the words in order, whatever the chunks they come in.
class WordSum {
  public:
    void add(const u64* w, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i, ++count_) {
            u64& lane = lanes_[count_ & 3];
            lane = std::rotl(lane + w[i] * Prime2, 31) * Prime1;
        }
    }
    u64 value() const {
        u64 h = count_ * Prime1;
        for (u64 lane : lanes_) h = std::rotl(h ^ lane, 27) * Prime1 + Prime2;
        return h ^ (h >> 29);
    }

  private:
    static constexpr u64 Prime1 = 0x9E3779B185EBCA87, Prime2 = 0xC2B2AE3D27D4EB4F;
    u64 lanes_[4] = {1, 2, 3, 4};
    u64 count_ = 0;
};

void sum_header(WordSum& sum, Header h) {
    h.checksum = 0;
    sum.add(reinterpret_cast<const u64*>(&h), sizeof h / 8);
}

bool write_words(int fd, const u64* w, std::size_t n, WordSum& sum) {
    for (std::size_t at = 0; at < n; at += ChunkWords) {
        const std::size_t k = std::min(ChunkWords, n - at);
        sum.add(w + at, k);
        if (!write_fully(fd, w + at, k * 8)) return false;
    }
    return true;
}

bool read_words(int fd, u64* w, std::size_t n, WordSum& sum, const std::atomic<bool>* stop) {
    for (std::size_t at = 0; at < n; at += ChunkWords) {
        if (stop && stop->load(std::memory_order_relaxed)) return false;
        const std::size_t k = std::min(ChunkWords, n - at);
        if (!read_fully(fd, w + at, k * 8)) return false;
        sum.add(w + at, k);
    }
    return true;
}

// The start's side to move and passes in one header word.
u64 side_passes(const Position& p) {
    return static_cast<u64>(p.to_move) | u64{p.passes} << 8;
}

// What the header says the checkpoint was made with.
SolveCheckpointKey key_of(const Header& h) {
    SolveCheckpointKey key;
    key.rows = h.rows, key.cols = h.cols;
    key.rules.ko = static_cast<KoRule>(h.ko);
    key.rules.suicide_allowed = h.suicide;
    key.rules.komi_x2 = h.komi_x2;
    key.board_lists = h.lists;
    key.hash_bytes = h.hash_bytes;
    key.start = make_position(h.black, h.white, static_cast<Color>(h.side_passes & 1));
    key.start.passes = static_cast<u8>(h.side_passes >> 8);
    return key;
}

// A first move's bounds in one header word: move, lo, hi as i16 (a bound is at most Infinity,
// 2^14, in magnitude).
u64 pack(const RootBound& b) {
    auto u = [](int v) { return static_cast<u64>(static_cast<u16>(static_cast<i16>(v))); };
    return u(b.move) | u(b.lo) << 16 | u(b.hi) << 32;
}

// A first move's bound as pack() wrote it on a board of `points` points, or nothing where a
// field cannot be one of pack()'s: a move off the board, bounds out of order or beyond Infinity,
// bits past the three fields.
std::optional<RootBound> unpack(u64 w, int points) {
    auto i = [&](int shift) { return static_cast<int>(static_cast<i16>(w >> shift & 0xFFFF)); };
    // The move's field is checked before it narrows to a Move, which could bring it on the board.
    const int move = i(0), lo = i(16), hi = i(32);
    if (w >> 48 != 0 || move < Pass || move >= points || lo > hi || lo < -Infinity || hi > Infinity)
        return std::nullopt;
    return RootBound{static_cast<Move>(move), lo, hi};
}

struct Fd {
    int fd;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

bool this_build(const Header& h) {
    return std::string(h.build, sizeof h.build) == SMALLGO_SOLVER_BUILD_ID;
}

// Opens `path` into `in` (which holds no open file yet), reads its header and checks the header's
// own fields (magic, build unless `any_build`); the checksum's start in `sum`. The file is left at
// the first word after the header.
std::optional<std::string> open_checkpoint(const std::string& path, Fd& in, Header& h, WordSum& sum,
                                           bool any_build = false) {
    in.fd = ::open(path.c_str(), O_RDONLY);
    if (in.fd < 0) return system_error("cannot read checkpoint " + path);
    const std::string bad = "checkpoint " + path;
    if (!read_fully(in.fd, &h, BytesWithoutMoves))
        return bad + " is truncated or not a solver checkpoint";
    const bool without_moves =
        any_build && std::memcmp(h.magic, MagicWithoutMoves, sizeof MagicWithoutMoves) == 0;
    if (!without_moves && std::memcmp(h.magic, Magic, 7) == 0 && h.magic[7] != Magic[7])
        return bad + " was written by another build of the solver (an older format)";
    if (!without_moves && std::memcmp(h.magic, Magic, sizeof Magic) != 0)
        return bad + " is not a solver checkpoint";
    if (without_moves) {
        h.move_count = MovesUnnamed;
    } else if (!read_fully(in.fd, reinterpret_cast<char*>(&h) + BytesWithoutMoves,
                           sizeof h - BytesWithoutMoves)) {
        return bad + " is truncated or not a solver checkpoint";
    }
    if (!any_build && !this_build(h))
        return bad +
               " was written by another build of the solver (its proofs are read only by "
               "the build that wrote them)";
    if (h.ko > static_cast<u8>(KoRule::OwnPlays) || h.suicide > 1 || h.lists > 1 || h.rows == 0 ||
        h.cols == 0 || u32{h.rows} * u32{h.cols} > MaxPoints)
        return bad + " has a bad header";
    sum_header(sum, h);
    return std::nullopt;
}

// The header's totals, with the first moves' bounds checked; an error text where a field cannot
// be one that write_solve_checkpoint wrote.
std::optional<std::string> totals_of(const Header& h, const std::string& path,
                                     SolveCheckpointTotals& totals) {
    const std::string bad = "checkpoint " + path + " has a bad header";
    if (h.head == 0 || h.root_count > RootSlots || h.race_round > MaxRaceRound || h.pad1[0] != 0 ||
        h.pad1[1] != 0)
        return bad;
    std::vector<RootBound> root;
    for (std::size_t i = 0; i < h.root_count; ++i) {
        const std::optional<RootBound> b = unpack(h.root[i], h.rows * h.cols);
        if (!b) return bad;
        root.push_back(*b);
    }
    totals.nodes = h.nodes, totals.seconds = h.seconds, totals.runs = h.runs;
    totals.restarts = h.restarts;
    totals.lower_x2 = h.lower_x2, totals.upper_x2 = h.upper_x2;
    totals.path = h.path;
    totals.root = std::move(root);
    totals.race_round = h.race_round;
    totals.moves.reset();
    if (h.move_count != MovesUnnamed) {
        if (h.move_count > MaxCheckpointMoves) return bad;
        totals.moves.emplace();
        for (std::size_t i = 0; i < MaxCheckpointMoves; ++i) {
            const int m = h.moves[i];
            if (i >= h.move_count ? m != 0 : m < Pass || m >= h.rows * h.cols) return bad;
            if (i < h.move_count) totals.moves->push_back(static_cast<Move>(m));
        }
    } else if (std::any_of(std::begin(h.moves), std::end(h.moves), [](i8 m) { return m != 0; })) {
        return bad;
    }
    return std::nullopt;
}
}  // namespace

std::optional<std::string> checkpoint_game_mismatch(const std::string& path,
                                                    const SolveCheckpointKey& theirs,
                                                    const SolveCheckpointKey& ours) {
    const std::string bad = "checkpoint " + path;
    if (theirs.rows != ours.rows || theirs.cols != ours.cols)
        return bad + " is of board " + std::to_string(theirs.rows) + "x" +
               std::to_string(theirs.cols) + ", not " + std::to_string(ours.rows) + "x" +
               std::to_string(ours.cols);
    if (theirs.rules != ours.rules)
        return bad + " is of the rules " + describe(theirs.rules) + ", not " + describe(ours.rules);
    const Position &a = theirs.start, &b = ours.start;
    if (a.black() != b.black() || a.white() != b.white() || side_passes(a) != side_passes(b))
        return bad + " is of a game with another start (setup stones or side to move)";
    return std::nullopt;
}

std::optional<std::string> read_solve_checkpoint_header(const std::string& path,
                                                        SolveCheckpointHeader& out) {
    Fd in{-1};
    Header h{};
    WordSum sum;
    if (auto problem = open_checkpoint(path, in, h, sum, true)) return problem;
    if (auto problem = totals_of(h, path, out.totals)) return problem;
    out.key = key_of(h);
    out.used = h.used;
    out.this_build = this_build(h);
    return std::nullopt;
}

SolveCheckpointKey checkpoint_key(const History& h, std::size_t hash_bytes, bool board_lists) {
    SolveCheckpointKey k;
    k.rows = h.geometry().rows();
    k.cols = h.geometry().cols();
    k.rules = h.rules();
    k.start = h.at(0);
    k.hash_bytes = hash_bytes;
    k.board_lists = board_lists;
    return k;
}

u64 checkpoint_path(const History& h) {
    u64 x = zobrist::splitmix64(static_cast<u64>(h.turns()));
    for (int i = 0; i <= h.turns(); ++i) {
        const Position& p = h.at(i);
        for (u64 w : {p.black(), p.white(), side_passes(p)}) x = zobrist::splitmix64(x ^ w);
    }
    return x;
}

std::optional<std::string> write_solve_checkpoint(const std::string& path,
                                                  const SolveCheckpointKey& key,
                                                  SolveTables& tables,
                                                  const SolveCheckpointTotals& totals) {
    Header h{};
    std::memcpy(h.magic, Magic, sizeof Magic);
    static_assert(sizeof SMALLGO_SOLVER_BUILD_ID == sizeof h.build + 1);
    std::memcpy(h.build, SMALLGO_SOLVER_BUILD_ID, sizeof h.build);
    h.rows = static_cast<u16>(key.rows), h.cols = static_cast<u16>(key.cols);
    h.ko = static_cast<u8>(key.rules.ko), h.suicide = key.rules.suicide_allowed;
    h.komi_x2 = key.rules.komi_x2;
    h.lists = key.board_lists;
    h.black = key.start.black(), h.white = key.start.white();
    h.side_passes = side_passes(key.start);
    h.hash_bytes = key.hash_bytes;
    h.table_words = tables.proofs.word_count();
    h.ring_words = tables.lists.word_count();
    h.used = tables.proofs.used();
    h.head = tables.lists.head();
    h.nodes = totals.nodes, h.seconds = totals.seconds, h.runs = totals.runs;
    h.restarts = totals.restarts;
    h.lower_x2 = static_cast<i16>(totals.lower_x2), h.upper_x2 = static_cast<i16>(totals.upper_x2);
    h.path = totals.path;
    h.race_round = static_cast<u8>(std::clamp(totals.race_round, 0, MaxRaceRound));
    h.root_count = std::min(totals.root.size(), RootSlots);
    for (std::size_t i = 0; i < h.root_count; ++i) h.root[i] = pack(totals.root[i]);
    h.move_count = MovesUnnamed;
    if (totals.moves && totals.moves->size() <= MaxCheckpointMoves) {
        h.move_count = totals.moves->size();
        std::copy(totals.moves->begin(), totals.moves->end(), h.moves);
    }

    const std::filesystem::path file(path);
    const std::string dir = file.has_parent_path() ? file.parent_path().string() : std::string(".");
    const u64 bytes = sizeof h + (h.table_words + h.ring_words) * 8;
    const u64 free = free_disk_bytes(dir);
    if (free < bytes + DiskMargin)
        return "no room for a checkpoint of " + std::to_string(bytes >> 20) + " MB in " + dir +
               " (" + std::to_string(free >> 20) + " MB free)";
    const std::string tmp = path + ".tmp";
    Fd out{::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644)};
    if (out.fd < 0) return system_error("cannot write " + tmp);
    WordSum sum;
    sum_header(sum, h);
    bool ok = write_fully(out.fd, &h, sizeof h) &&
              write_words(out.fd, tables.proofs.words(), h.table_words, sum) &&
              write_words(out.fd, tables.lists.words(), h.ring_words, sum);
    h.checksum = sum.value();
    ok = ok && ::pwrite(out.fd, &h.checksum, 8, offsetof(Header, checksum)) == 8;
    ok = ok && ::fsync(out.fd) == 0;
    std::string error = ok ? std::string() : system_error("cannot write " + tmp);
    ok = ::close(out.fd) == 0 && ok;
    out.fd = -1;
    if (!ok) {
        if (error.empty()) error = system_error("cannot close " + tmp);
        std::remove(tmp.c_str());
        return error;
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string failed = system_error("cannot rename " + tmp + " to " + path);
        std::remove(tmp.c_str());
        return failed;
    }
    if (!sync_dir(dir)) return system_error("cannot sync the directory " + dir);
    return std::nullopt;
}

std::optional<std::string> read_solve_checkpoint_key(const std::string& path,
                                                     SolveCheckpointKey& key) {
    Fd in{-1};
    Header h{};
    WordSum sum;
    if (auto problem = open_checkpoint(path, in, h, sum)) return problem;
    key = key_of(h);
    return std::nullopt;
}

std::optional<std::string> read_solve_checkpoint(const std::string& path,
                                                 const SolveCheckpointKey& key, SolveTables& tables,
                                                 SolveCheckpointTotals& totals,
                                                 const std::atomic<bool>* stop) {
    Fd in{-1};
    Header h{};
    WordSum sum;
    if (auto problem = open_checkpoint(path, in, h, sum)) return problem;
    const std::string bad = "checkpoint " + path;
    if (auto problem = checkpoint_game_mismatch(path, key_of(h), key)) return problem;
    if (h.hash_bytes != key.hash_bytes)
        return bad + " was written with --hash " + std::to_string(h.hash_bytes >> 20) + "M, not " +
               std::to_string(key.hash_bytes >> 20) + "M";
    if (bool(h.lists) != key.board_lists)
        return bad + (h.lists ? " keeps" : " does not keep") +
               " the boards' fingerprint lists, unlike this solve";
    if (h.table_words != tables.proofs.word_count() || h.ring_words != tables.lists.word_count())
        return bad +
               " was written with tables of another size (under simple ko, the history-free "
               "bounds take part of --hash, with --no-cycle-bounds none)";
    if (h.used > tables.proofs.capacity()) return bad + " has a bad header";
    SolveCheckpointTotals read;
    if (auto problem = totals_of(h, path, read)) return problem;
    if (!read_words(in.fd, tables.proofs.words(), h.table_words, sum, stop) ||
        !read_words(in.fd, tables.lists.words(), h.ring_words, sum, stop))
        return bad + (stop && stop->load() ? " was not read to its end: stopped" : " is truncated");
    char extra = 0;
    if (::read(in.fd, &extra, 1) != 0) return bad + " is longer than its header says";
    if (sum.value() != h.checksum) return bad + " is damaged (checksum)";
    tables.proofs.set_used(h.used);
    tables.lists.set_head(h.head);
    tables.searched = h.nodes;  // the proofs read are aged as their runs left them
    totals = std::move(read);
    return std::nullopt;
}

}  // namespace smallgo
