// The Searcher's proofs and the table (transposition.hpp): a position's canonical copy and key,
// the Bloom filter bits of a board, whether a stored proof holds on the current path, and the
// storing of a new one.
#include <algorithm>
#include <iterator>

#include "rules/zobrist.hpp"
#include "solver/searcher.hpp"

namespace smallgo {

// A proof holds only on the paths that its keep allows, and on a small board the same positions
// recur under ever new histories: under `tromp-taylor` a 1x8 search kept a few thousand entries
// of a table of millions, each position's one entry replaced again and again. Where the table
// could hold every position (3^n boards, side to move, passes) many times over, each position
// gets up to that many entries, each one a whole proof checked alone.
int proofs_per_position(const Geometry& g, const TranspositionTable& tt, int asked) {
    if (asked > 0) return asked;
    constexpr int Most = 16;
    if (g.points() > 14) return 1;
    double positions = 4;
    for (int p = 0; p < g.points(); ++p) positions *= 3;
    return static_cast<double>(tt.capacity()) >= 2.0 * Most * positions ? Most : 1;
}

namespace {
// The key of a canonical copy, its stones black and white, of the position p. Side to move
// and passes are xored into the white stones, so the four positions that differ only in them and
// in White's stones on the two lowest points share a key: a bucket of the table (which compares
// positions whole) and an entry of the open-test cache (which never decides a value). Keeping
// them apart, with a hash of their own for side and passes, cost nodes on 3x3, 3x4 and 4x4, with
// every seed tried. Why the sharing helps is not known.
u64 canonical_key(Bitboard black, Bitboard white, const Position& p) {
    return zobrist::splitmix64(
        black ^ zobrist::splitmix64(white ^ (u64{p.passes} << 1 | static_cast<u64>(p.to_move))));
}
}  // namespace

Searcher::Canonical Searcher::canonical(const Position& p) const {
    // least() leaves the least copy in b: the stones are not mapped a second time.
    std::array<Bitboard, 2> b{p.black(), p.white()};
    Canonical c{p, sym_.least(b), 0};
    c.pos.stones[0] = b[0], c.pos.stones[1] = b[1];
    c.key = canonical_key(b[0], b[1], p);
    return c;
}

Searcher::Canonical Searcher::canonical_by(const Position& p, int sym) const {
    Canonical c{p, sym, 0};
    c.pos.stones[0] = sym_.map(sym, p.black()), c.pos.stones[1] = sym_.map(sym, p.white());
    c.key = canonical_key(c.pos.stones[0], c.pos.stones[1], p);
    return c;
}

u64 Searcher::board_hash(Bitboard black, Bitboard white) const {
    const int syms = sym_.count();
    u64 h[8] = {};
    for (; black; black &= black - 1)
        for (int s = 0, q = std::countr_zero(black); s < syms; ++s) h[s] ^= board_key_[s][0][q];
    for (; white; white &= white - 1)
        for (int s = 0, q = std::countr_zero(white); s < syms; ++s) h[s] ^= board_key_[s][1][q];
    return *std::min_element(h, h + syms);
}

u64 Searcher::record_hash(int i, const Position& q) const {
    auto& slots = record_hashes_.slots;
    const auto at = static_cast<std::size_t>(i);
    if (at >= slots.size()) slots.resize(at + 64);
    auto& slot = slots[at];
    // A fresh slot (no stones, hash 0) already holds the empty board's hash, which is 0.
    if (slot.black != q.black() || slot.white != q.white())
        slot = {q.black(), q.white(), board_hash(q)};
    return slot.hash;
}

void Searcher::meet_board(Keep& k, const Position& p, std::size_t base) {
    const u64 hash = board_hash(p);
    k.meet(p, bloom_bits(hash));
    if (!options_.board_lists) k.inexact = true;  // no list is kept: none is built
    if (k.inexact) return;
    auto& fps = stack_.fps;
    const u16 fp = fingerprint(hash);
    const auto at =
        std::lower_bound(fps.begin() + static_cast<std::ptrdiff_t>(base), fps.end(), fp);
    if (at == fps.end() || *at != fp) fps.insert(at, fp);
}

void Searcher::take_boards(std::size_t base, std::size_t child_base) {
    auto& fps = stack_.fps;
    fps.erase(fps.begin() + static_cast<std::ptrdiff_t>(base),
              fps.begin() + static_cast<std::ptrdiff_t>(child_base));
}

void Searcher::merge_boards(std::size_t base, std::size_t mark, Keep& k) {
    auto& fps = stack_.fps;
    if (k.inexact) return fps.resize(base);  // nothing will read it
    if (mark == base || mark == fps.size()) return;
    auto& m = merged_.fps;
    m.clear();
    const auto begin = fps.begin() + static_cast<std::ptrdiff_t>(base);
    const auto middle = fps.begin() + static_cast<std::ptrdiff_t>(mark);
    std::set_union(begin, middle, middle, fps.end(), std::back_inserter(m));
    fps.resize(base);
    if (m.size() > BoardLog::MaxLength) {
        k.inexact = true;  // no list above will be short enough for the log
        return;
    }
    fps.insert(fps.end(), m.begin(), m.end());
}

void Searcher::read_boards(const TTData& e, Keep& k) {
    if (e.boards != 0 && !lists_.read(e.list, stack_.fps)) k.inexact = true;
}

// The ring forgets the oldest lists, those of proofs still in use too: an entry whose list is lost
// falls back on its filter, is refused on most paths, and the proofs searched again in its place
// rest on other lost lists and store none of their own. 1x11 after B1 at --hash 64M was still open
// after 30 million nodes, against 0.8 million with a ring that held every list. A used entry's
// list is therefore copied to the head once it is half a lap old, so that the lists of the
// entries in use survive, and only those of replaced entries are lost (where the lists in use
// outgrow the ring, as on 1x11 at 16M, the copies do not save the search: docs/solver.md). The
// copy holds the same fingerprints, so the entry is the same proof.
void Searcher::renew_list(const Canonical& c, int slot, TTData& e) {
    const u64 now = lists_.renew(e.list);
    if (now == BoardLog::NoList) return;
    // Where the entry was replaced meanwhile the copy is wasted, e's proof still holds here, and
    // the copy's fingerprints are its list's.
    tt_.relist(c.key, c.pos, e.list, now, static_cast<unsigned>(slot));
    e.list = now;
}

bool Searcher::usable(Bitboard keep_mask, const Position& p, int ply, const TTData& e, int back,
                      Dep& dep) const {
    if (!tabled(ply)) return false;
    Bitboard kb = keep_mask & p.black(), kw = keep_mask & p.white();
    int skip = own_threshold(ply, p);
    // The earlier positions that may be boards of the proof: holding keep, their filter bits
    // set. Their fingerprints are then looked for in the proof's list together (or the list is
    // lost: board_log.hpp); 1x12's paths give dozens at a time.
    std::array<u16, 256> fps;
    std::size_t count = 0;
    lists_.prefetch(e.list);  // read below, after the walk along the path
    bool saved = false;       // an earlier position passed the filter but not the list
    for (int i = 0; i < skip; ++i) {
        const Position& q = h_->at(i);
        if ((kb & ~q.black()) == 0 && (kw & ~q.white()) == 0) {
            const u64 hash = record_hash(i, q), bits = bloom_bits(hash);
            if ((e.boards & bits) != bits) continue;
            if (count == fps.size()) {
                if (lists_.may_hold_any(e.list, fps.data(), count)) return false;
                count = 0;
            }
            fps[count++] = fingerprint(hash);
            saved = true;
        }
    }
    if (lists_.may_hold_any(e.list, fps.data(), count)) return false;
    bool ok = true;
    if (e.land) {
        ok = land_usable(e, back, p, ply);
    } else if (e.req_kind) {
        const Position y =
            make_position(sym_.map(back, e.req_black), sym_.map(back, e.req_white), e.req_to_move);
        const int record = repeat_record(y, e.req_kind, ply, skip);
        dep.add(record, e.req_kind, y);
        ok = record != NoDependency;
    }
    if (ok && saved) ++list_saves;
    return ok;
}

// An entry's territory condition (transposition.hpp, point 4), its stones in this frame and
// read by the colours of the entry's position p.
Keep Searcher::land_of(const TTData& e, int back, const Position& p) const {
    Keep k;
    const Bitboard from = sym_.map(back, e.req_black), through = sym_.map(back, e.req_white);
    for (int c = 0; c < 2; ++c) {
        k.land[c] = static_cast<TerritoryNeed>((e.land >> (2 * c)) & 3);
        if (k.land[c] == NoNeed) continue;
        k.from[c] = from & p.of(static_cast<Color>(c));
        k.through[c] = through & p.of(static_cast<Color>(c));
    }
    return k;
}

bool Searcher::land_usable(const TTData& e, int back, const Position& p, int ply) const {
    const Keep k = land_of(e, back, p);
    for (int c = 0; c < 2; ++c) {
        if (k.land[c] == NoNeed) continue;
        const Color colour = static_cast<Color>(c);
        bool after_from = false;  // a record holding `from` came before
        for (int i = 0; i < ply; ++i) {
            const Bitboard own = h_->at(i).of(colour);
            const bool holds_from = (k.from[c] & ~own) == 0;
            if (holds_from && k.land[c] == Absent) return false;
            after_from = after_from || holds_from;
            if (after_from && (k.through[c] & ~own) != 0) return false;
        }
    }
    return true;
}

int Searcher::repeat_record(const Position& y, u8 kind, int ply, int skip) const {
    if (kind == KoQuery)  // simple ko compares with the position before the node only
        return ply >= 1 && ply - 1 < skip && h_->at(ply - 1).same_board(y) ? ply - 1 : NoDependency;
    const int record = h_->repetition(y, skip);
    return record >= 0 ? record : NoDependency;
}

void Searcher::store(const Canonical& c, int slot, const Position& pos, int ply, const TTData* old,
                     int lower, int upper, Move move, Keep& keep, const Dep& dep, std::size_t base,
                     u64 entered) {
    if (!keep.inexact && stack_.fps.size() - base > BoardLog::MaxLength) keep.inexact = true;
    if (keep.inexact) stack_.fps.resize(base);
    // Stored only if no position before this one decided a query of the proof.
    const int threshold = own_threshold(ply, pos);
    if (!options_.use_table || dep.second < threshold || !tabled(ply)) return;
    TTData d;
    d.lower = static_cast<i16>(lower);
    d.upper = static_cast<i16>(upper);
    d.move = sym_.map_move(c.sym, move);
    d.keep = sym_.map(c.sym, (keep.black & pos.black()) | (keep.white & pos.white()));
    d.boards = keep.boards;
    if (keep.on_territory()) {
        // Its condition takes the requirement's words: a proof that needs both is not stored.
        if (dep.first < threshold) return;
        Bitboard from = 0, through = 0;
        for (int i = 0; i < 2; ++i) {
            if (keep.land[i] == NoNeed) continue;
            // `from` shrinks to the position's stones, which only makes the check stricter; a
            // Run's `through` is among them (Keep::lift).
            const Bitboard own = pos.of(static_cast<Color>(i));
            if ((keep.from[i] & own) == 0) return;  // no path could meet it
            from |= keep.from[i] & own;
            through |= keep.through[i] & own;
            d.land = static_cast<u8>(d.land | keep.land[i] << (2 * i));
        }
        d.req_black = sym_.map(c.sym, from);
        d.req_white = sym_.map(c.sym, through);
    } else if (dep.first < threshold) {
        d.req_kind = dep.kind;
        d.req_to_move = dep.query.to_move;
        d.req_black = sym_.map(c.sym, dep.query.black());
        d.req_white = sym_.map(c.sym, dep.query.white());
    }
    // A usable entry is merged only when it has no requirement (one entry holds one).
    if (old && (old->req_kind || old->land)) old = nullptr;
    const u16* list = stack_.fps.data() + base;
    std::size_t length = stack_.fps.size() - base;
    bool exact = !keep.inexact;
    if (old) {  // a usable entry: both proofs hold here, so both bounds do, under both keeps
        // The entry's move stays that of its lower bound's proof: the certificate writer reads
        // it as the move that reaches the bound (table_move_reaching).
        if (old->lower > d.lower) d.move = old->move;
        d.lower = std::max(d.lower, old->lower);
        d.upper = std::min(d.upper, old->upper);
        d.keep &= old->keep;
        d.boards |= old->boards;
        // Both proofs' boards: the two sorted lists merged.
        auto& m = merged_.fps;
        m.clear();
        if (exact && old->boards != 0 && lists_.read(old->list, m)) {
            const std::size_t mid = m.size();
            m.insert(m.end(), list, list + length);
            std::inplace_merge(m.begin(), m.begin() + static_cast<std::ptrdiff_t>(mid), m.end());
            m.erase(std::unique(m.begin(), m.end()), m.end());
            list = m.data(), length = m.size();
        } else if (old->boards != 0) {
            exact = false;
        }
    }
    if (exact && options_.board_lists) d.list = lists_.append(list, length);
    // The table's replacement weighs an entry's age and the size of its search (transposition.hpp).
    d.age = static_cast<u8>(std::bit_width(age_base_ + searched()));
    d.size = static_cast<u8>(std::bit_width(nodes - entered));
    tt_.store(c.key, c.pos, d, static_cast<unsigned>(slot));
    ++stores;
}

}  // namespace smallgo
