// The memoised walk of the game tree, and the opening lines that spread it over threads.
#include "count/game_count.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <chrono>
#include <mutex>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "count/game_memo.hpp"
#include "rules/history.hpp"

namespace smallgo {

int max_game_turns(const GameSpace& space) {
    return 2 * (space.atoms() + 1) + 2;
}

namespace {

// How often (in states walked) a walker looks at the stop flag.
constexpr u64 StopPollMask = 4095;

// The flags every walker of one count shares.
struct Shared {
    const GameSpace& space;
    GameMemo& memo;
    int coefficients;  // words of a count: one, or one per remaining length
    bool symmetry;     // keys are least images under the game's symmetries
    const std::atomic<bool>* stop;
    std::atomic<bool> stopped{false};
    std::atomic<bool> overflow{false};
    std::atomic<u64> nodes{0}, hits{0};
};

// One walk from one opening line, on its own History; the memo is shared.
class Walker {
  public:
    Walker(Shared& s, const std::vector<Move>& line)
        : s_(s), h_(s.space.geometry(), s.space.rules()) {
        const int depth = max_game_turns(s.space) + 2;
        seen_.assign(depth, AtomSet{});
        buf_.assign(std::size_t(depth) * s.coefficients, 0);
        if (s.space.record_counts(0, false)) seen_[0].add(s.space.atom(h_.current()));
        for (Move m : line) {
            [[maybe_unused]] const Verdict v = h_.play(m);
            assert(v == Verdict::Legal);
            seen_[h_.turns()] = seen_[h_.turns() - 1];
            if (s.space.record_counts(h_.turns(), m != Pass))
                seen_[h_.turns()].add(s.space.atom(h_.current()));
        }
    }
    ~Walker() {
        s_.nodes.fetch_add(nodes_, std::memory_order_relaxed);
        s_.hits.fetch_add(hits_, std::memory_order_relaxed);
    }

    // The counts of the line's end, or nullptr when stopped or past 2^64.
    const u64* count() {
        u64* out = &buf_[std::size_t(h_.turns()) * s_.coefficients];
        if (s_.space.rules().ko == KoRule::Simple || h_.game_over()) {
            walk(out);
        } else {
            const Position& cur = h_.current();
            walk_table(s_.space.grid_index(cur), cur.to_move, cur.passes, h_.turns(), out);
        }
        if (stopped()) return nullptr;
        return &buf_[std::size_t(h_.turns()) * s_.coefficients];
    }

  private:
    bool stopped() const {
        return s_.stopped.load(std::memory_order_relaxed) ||
               s_.overflow.load(std::memory_order_relaxed);
    }

    // The key of the current state of the History walk (simple ko).
    GameKey key() const {
        const Position& cur = h_.current();
        // Simple ko reads the grid two records back (History::check); no other rule does.
        const u16 ko_grid = h_.turns() >= 1
                                ? static_cast<u16>(s_.space.grid_index(h_.at(h_.turns() - 1)))
                                : GameKey::NoKoGrid;
        return key_of(s_.space.grid_index(cur), cur.to_move, cur.passes, ko_grid,
                      seen_[h_.turns()]);
    }

    GameKey key_of(int gi, Color to_move, int passes, u16 ko_grid, const AtomSet& seen) const {
        GameKey k;
        k.seen = s_.space.relevant_seen(s_.space.atom_of(gi, to_move), seen);
        k.grid = static_cast<u16>(gi);
        k.to_move = static_cast<u8>(to_move);
        k.passes = static_cast<u8>(passes);
        k.ko_grid = ko_grid;
        return s_.symmetry ? least_image(k) : k;
    }

    // The least key among the images of k under the game's symmetries, ordered by the grid
    // word first (GameKey::words()[2]) and then the seen atoms: one key for all the states that
    // symmetry makes alike, since their counts are equal. Only the images whose grid word ties
    // with the least so far have their seen atoms mapped.
    GameKey least_image(const GameKey& k) const {
        const GameSpace& sp = s_.space;
        GameKey best = k;
        u64 best_grid_word = k.words()[2];
        for (int sym = 1; sym < sp.symmetries(); ++sym) {
            GameKey c;
            c.grid = static_cast<u16>(sp.map_grid(sym, k.grid));
            c.to_move = static_cast<u8>(k.to_move ^ u8(sp.swaps_colours(sym)));
            c.passes = k.passes;
            if (k.ko_grid != GameKey::NoKoGrid)
                c.ko_grid = static_cast<u16>(sp.map_grid(sym, k.ko_grid));
            const u64 grid_word = c.words()[2];
            if (grid_word > best_grid_word) continue;
            k.seen.for_each([&](int a) { c.seen.add(sp.map_atom(sym, a)); });
            if (grid_word < best_grid_word || c.seen.w < best.seen.w)
                best = c, best_grid_word = grid_word;
        }
        return best;
    }

    // Adds `child` (the counts one turn later) into `out`; on overflow marks the count as past
    // 2^64 for every walker and returns false.
    bool add_child(u64* out, const u64* child) const {
        const int k = s_.coefficients;
        bool ok = true;
        if (k == 1) {
            ok = !__builtin_add_overflow(out[0], child[0], &out[0]);
        } else {
            assert(child[k - 1] == 0);
            for (int i = 0; ok && i + 1 < k; ++i)
                ok = !__builtin_add_overflow(out[i + 1], child[i], &out[i + 1]);
        }
        if (!ok) s_.overflow.store(true, std::memory_order_relaxed);
        return ok;
    }

    // Counts one more state walked, looks at the stop flag every few thousand, and says whether
    // the walk must end (stopped, or a count past 2^64).
    bool count_state_and_stop() {
        if ((++nodes_ & StopPollMask) == 0 && s_.stop && s_.stop->load(std::memory_order_relaxed))
            s_.stopped.store(true, std::memory_order_relaxed);
        return stopped();
    }

    // Writes into out the counts of games from the state with grid gi, `side` to move, `passes`
    // consecutive passes and seen_[d] seen; returns the states walked. The rules enter through
    // the play table (GameSpace::play_grid, made by Position::play) and the atoms: under every
    // ko rule but simple ko a play is forbidden exactly when its record's atom is seen, a pass is
    // always allowed, and the second pass in a row ends the game (History::check; the tests
    // compare the counts with a plain enumeration through the naive rules on every preset).
    u64 walk_table(int gi, Color side, int passes, int d, u64* out) {
        const int k = s_.coefficients;
        std::fill(out, out + k, 0);
        if (passes >= 2) {
            out[0] = 1;  // the game is complete: zero turns left
            return 1;
        }
        const GameKey key_here = key_of(gi, side, passes, GameKey::NoKoGrid, seen_[d]);
        if (s_.memo.probe(key_here, out)) {
            ++hits_;
            return 1;
        }
        return expand(gi, side, passes, d, key_here, out);
    }

    // walk_table for a state not in the memo, whose key is key_here. The children's keys are
    // made and their memo slots fetched first, before any child is probed: the memo's cache
    // misses then overlap instead of coming one after another.
    u64 expand(int gi, Color side, int passes, int d, const GameKey& key_here, u64* out) {
        if (count_state_and_stop()) return 0;

        const GameSpace& sp = s_.space;
        const Color other = opponent(side);
        struct Child {
            int gi, passes;
            AtomSet seen;
            GameKey key;
        };
        std::array<Child, MaxGamePoints + 1> children;
        int count = 0;
        auto add = [&](int next_gi, int next_passes, bool counts) {
            Child& c = children[count++];
            c.gi = next_gi, c.passes = next_passes, c.seen = seen_[d];
            if (counts) c.seen.add(sp.atom_of(next_gi, other));
            if (next_passes < 2) {
                c.key = key_of(next_gi, other, next_passes, GameKey::NoKoGrid, c.seen);
                s_.memo.prefetch(c.key);
            }
        };
        add(gi, passes + 1, pass_counts_);
        const int points = sp.geometry().points();
        for (int m = 0; m < points; ++m) {
            const int next_gi = sp.play_grid(gi, side, m);
            if (next_gi >= 0 && !seen_[d].has(sp.atom_of(next_gi, other)))
                add(next_gi, 0, play_counts_);
        }

        const int k = s_.coefficients;
        std::fill(out, out + k, 0);
        u64 work = 1;
        u64* child = &buf_[std::size_t(d + 1) * k];
        for (int i = 0; i < count; ++i) {
            const Child& c = children[i];
            std::fill(child, child + k, 0);
            if (c.passes >= 2) {
                child[0] = 1;  // the game is complete: zero turns left
            } else if (s_.memo.probe(c.key, child)) {
                ++hits_;
            } else {
                seen_[d + 1] = c.seen;
                work += expand(c.gi, other, c.passes, d + 1, c.key, child);
                if (stopped()) return 0;
            }
            if (!add_child(out, child)) return 0;
        }
        s_.memo.store(key_here, out, work);
        return work;
    }

    // Writes the counts of games from the current state into out; returns the states walked.
    // The History walk, for simple ko, where a repetition ends the game and the ko reads the
    // grid two records back.
    u64 walk(u64* out) {
        const int k = s_.coefficients;
        std::fill(out, out + k, 0);
        if (h_.game_over()) {
            out[0] = 1;  // the game is complete: zero turns left
            return 1;
        }
        const GameKey key_here = key();
        if (s_.memo.probe(key_here, out)) {
            ++hits_;
            return 1;
        }
        if (count_state_and_stop()) return 0;

        u64 work = 1;
        const int d = h_.turns();
        u64* child = &buf_[std::size_t(d + 1) * k];
        const int points = s_.space.geometry().points();
        for (int m = Pass; m < points; ++m) {
            Position next;
            if (h_.check(static_cast<Move>(m), next) != Verdict::Legal) continue;
            const bool by_play = m != Pass;
            h_.push(next, by_play);
            seen_[d + 1] = seen_[d];
            if (s_.space.record_counts(d + 1, by_play)) seen_[d + 1].add(s_.space.atom(next));
            work += walk(child);
            h_.pop();
            if (stopped()) return 0;
            if (!add_child(out, child)) return 0;
        }
        s_.memo.store(key_here, out, work);
        return work;
    }

    Shared& s_;
    History h_;
    std::vector<AtomSet> seen_;  // [turns]: the atoms of the records so far that plays may not
                                 // recreate
    std::vector<u64> buf_;       // [turns]: the counts being summed at that depth
    // Whether a record made by a pass, or by a play, after the start joins the seen atoms.
    const bool pass_counts_ = s_.space.record_counts(1, false);
    const bool play_counts_ = s_.space.record_counts(1, true);
    u64 nodes_ = 0, hits_ = 0;
};

// The opening lines: every turn sequence of `turns` turns after `start` that has not ended the
// game; the games that end sooner go into `ended` by their length after `start`.
std::vector<std::vector<Move>> opening_lines(const GameSpace& space, const std::vector<Move>& start,
                                             int min_lines, int& turns, std::vector<u64>& ended) {
    std::vector<std::vector<Move>> lines{start};
    {
        History h(space.geometry(), space.rules());
        for (Move m : start) h.play(m);
        if (h.game_over()) {  // nothing after the start: one game, of no further turns
            ended.assign(1, 1);
            lines.clear();
        }
    }
    turns = 0;
    const int points = space.geometry().points();
    while (int(lines.size()) < min_lines && turns < 8) {
        std::vector<std::vector<Move>> next_lines;
        for (const auto& line : lines) {
            History h(space.geometry(), space.rules());
            for (Move m : line) h.play(m);
            for (int m = Pass; m < points; ++m) {
                if (h.check(static_cast<Move>(m)) != Verdict::Legal) continue;
                h.play(static_cast<Move>(m));
                if (h.game_over()) {
                    ended.resize(std::max<std::size_t>(ended.size(), turns + 2), 0);
                    ++ended[turns + 1];
                } else {
                    next_lines.push_back(line);
                    next_lines.back().push_back(static_cast<Move>(m));
                }
                h.pop();
            }
        }
        lines = std::move(next_lines);
        ++turns;
        if (lines.empty()) break;
    }
    return lines;
}

}  // namespace

GameCountResult count_games(const GameSpace& space, const GameCountOptions& o) {
    const auto start = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    const int coefficients = o.by_length ? max_game_turns(space) + 1 : 1;
    GameMemo memo(o.memo_bytes, coefficients);
    Shared shared{space, memo, coefficients, o.symmetry, o.stop};

    GameCountResult r;
    std::vector<u64> ended;
    const auto lines =
        opening_lines(space, o.start, 64 * std::max(1, o.threads), r.opening_turns, ended);
    r.lines = lines.size();

    // Per line: its counts, or nothing when it was not counted in full.
    std::vector<std::vector<u64>> counts(lines.size());
    std::atomic<u64> done{0};
    std::mutex progress_mutex;
    tbb::task_arena arena(std::max(1, o.threads));
    arena.execute([&] {
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, lines.size(), 1),
            [&](const tbb::blocked_range<std::size_t>& range) {
                for (std::size_t i = range.begin(); i != range.end(); ++i) {
                    if (o.stop && o.stop->load(std::memory_order_relaxed))
                        shared.stopped.store(true, std::memory_order_relaxed);
                    if (shared.stopped.load(std::memory_order_relaxed) ||
                        shared.overflow.load(std::memory_order_relaxed))
                        return;
                    {
                        Walker w(shared, lines[i]);
                        if (const u64* c = w.count()) counts[i].assign(c, c + coefficients);
                    }
                    const u64 n = done.fetch_add(1, std::memory_order_relaxed) + 1;
                    if (o.progress) {
                        std::lock_guard lock(progress_mutex);
                        o.progress({n, lines.size(), shared.nodes.load(std::memory_order_relaxed),
                                    seconds()});
                    }
                }
            });
    });

    // Sums in the lines' order: the same result for any number of threads.
    std::vector<GameCount> by_length(std::max<std::size_t>(ended.size(), 1));
    for (std::size_t t = 0; t < ended.size(); ++t) by_length[t] += ended[t];
    for (const auto& c : counts) {
        if (c.empty()) continue;
        ++r.lines_done;
        if (!o.by_length) {
            r.total += c[0];
            continue;
        }
        const std::size_t top = r.opening_turns + c.size();
        if (by_length.size() < top) by_length.resize(top, 0);
        for (std::size_t i = 0; i < c.size(); ++i) by_length[r.opening_turns + i] += c[i];
    }
    for (const auto& n : by_length) r.total += n;
    if (o.by_length) {
        while (by_length.size() > 1 && by_length.back() == 0) by_length.pop_back();
        r.longest = static_cast<int>(by_length.size()) - 1;
        r.by_length = std::move(by_length);
    }
    r.end = shared.overflow.load()  ? GameCountEnd::Overflow
            : shared.stopped.load() ? GameCountEnd::Interrupted
                                    : GameCountEnd::Complete;
    r.nodes = shared.nodes.load();
    r.memo_hits = shared.hits.load();
    r.memo_bytes = memo.bytes();
    r.memo_slots = memo.slots();
    r.memo_used = memo.used();
    r.seconds = seconds();
    return r;
}

}  // namespace smallgo
