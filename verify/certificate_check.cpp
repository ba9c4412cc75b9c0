// The certificate's reader and checker: a tokenizer that counts lines, the header, and one
// recursive walk per claim on a History of the whole line.
#include "verify/certificate_check.hpp"

#include <algorithm>
#include <array>
#include <bitset>
#include <cctype>
#include <charconv>
#include <iterator>
#include <limits>
#include <tuple>

#include "rules/history.hpp"
#include "rules/thread_stack.hpp"
#include "verify/settled.hpp"

namespace smallgo::verify {

Rejected::Rejected(int l, const std::string& why)
    : std::runtime_error(l > 0 ? "line " + std::to_string(l) + ": " + why : why), line(l) {}

namespace {

// Longest line the checker follows: far beyond any game a proof on 64 points needs in practice,
// and a bound on the recursion, so that a malicious file cannot exhaust the stack of
// CheckerStack bytes the walk runs on.
constexpr int MaxDepth = 20000;
constexpr std::size_t CheckerStack = std::size_t{256} << 20;

class Tokens {
  public:
    explicit Tokens(std::istream& in) : it_(in), end_() {}
    // The next whitespace-separated token, or "" at the end of the file.
    std::string next() {
        while (it_ != end_ && std::isspace(static_cast<unsigned char>(*it_))) {
            if (*it_ == '\n') ++line_;
            ++it_;
        }
        std::string t;
        while (it_ != end_ && !std::isspace(static_cast<unsigned char>(*it_))) {
            if (t.size() > 64) throw Rejected(line_, "a token longer than 64 characters");
            t += *it_++;
        }
        return t;
    }
    std::string expect(const char* what) {
        std::string t = next();
        if (t.empty())
            throw Rejected(line_, std::string("the file ends where ") + what + " was expected");
        return t;
    }
    int line() const { return line_; }

  private:
    std::istreambuf_iterator<char> it_, end_;
    int line_ = 1;
};

// "9", "-0.5", "2.5" in half points.
std::optional<int> parse_points(const std::string& t) {
    std::string digits = t;
    bool half = false;
    if (digits.ends_with(".5"))
        half = true, digits.resize(digits.size() - 2);
    else if (digits.ends_with(".0"))
        digits.resize(digits.size() - 2);
    const bool negative = digits.starts_with("-");
    if (negative || digits.starts_with("+")) digits.erase(0, 1);
    int v = 0;
    auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc() || p != digits.data() + digits.size() || digits.empty() || v > 1000)
        return std::nullopt;
    const int x2 = 2 * v + (half ? 1 : 0);
    return negative ? -x2 : x2;
}

// A Bloom filter of boards (the stones alone, whatever the side to move, so that it serves every
// ko rule): a set that holds a board has its two bits set. It lets a reference's walk (below)
// leave out the shared subtrees that cannot hold a record of its line: a record that sets a bit
// outside the filter of a subtree's reach repeats no result in it.
class BoardFilter {
  public:
    // A board's key, from its stones alone; its two bits are taken from it.
    static u64 key(const Position& p) {
        u64 h = p.black() * 0x9E3779B97F4A7C15u ^ (p.white() + 0x632BE59BD9B4E019u);
        h ^= h >> 29, h *= 0xBF58476D1CE4E5B9u, h ^= h >> 32;
        return h;
    }
    void add(u64 key) {
        bits_[key % Bits / 64] |= u64{1} << (key % 64);
        bits_[(key >> 32) % Bits / 64] |= u64{1} << (key >> 32) % 64;
    }
    void add(const BoardFilter& other) {
        for (std::size_t i = 0; i < bits_.size(); ++i) bits_[i] |= other.bits_[i];
    }
    bool may_hold(u64 key) const {
        return (bits_[key % Bits / 64] >> (key % 64) & 1) &&
               (bits_[(key >> 32) % Bits / 64] >> (key >> 32) % 64 & 1);
    }

  private:
    // 4,096 bits (512 bytes a proven subtree): the 5x5 certificate after 12 moves was checked in
    // 34, 16, 9.4 and 10.1 s of user time with 256, 1,024, 4,096 and 8,192 (results.md).
    static constexpr u64 Bits = 4096;
    std::array<u64, Bits / 64> bits_{};
};

class Checker {
  public:
    Checker(Tokens& t, History& h, Color prover, int bound_x2, const std::vector<u64>& referenced,
            WalkFilters filters, const std::atomic<bool>* stop, CheckReport& report)
        : t_(t),
          h_(h),
          g_(h.geometry()),
          prover_(prover),
          bound_(bound_x2),
          referenced_(referenced),
          filters_(filters),
          place_(referenced.size(), NotProven),
          stop_(stop),
          report_(report) {}

    void node(int depth) {
        if (depth > MaxDepth) throw Rejected(t_.line(), "a line longer than 20000 turns");
        if (stop_ && stop_->load(std::memory_order_relaxed)) throw Rejected(0, "stopped");
        report_.depth = std::max(report_.depth, depth);
        const u64 number = count_++;
        ++report_.nodes;
        const std::string tok = t_.expect("a move, '[' or '.'");
        if (tok.starts_with("@")) return reference(tok);
        // Node numbers grow by one from node to node: the next named one is at `next_named_`.
        while (next_named_ < referenced_.size() && referenced_[next_named_] < number) ++next_named_;
        const bool shared = next_named_ < referenced_.size() && referenced_[next_named_] == number;
        if (shared)
            open_.push_back(
                Open{static_cast<u32>(next_named_), h_.turns(), h_.current(), {}, {}, {}, {}});
        inner(tok, depth);
        if (shared) close();
    }

  private:
    // A territory leaf's need of the records before a subtree's root, for the prover's alive
    // stones `stones` at the leaf: every record from the root to the leaf holds them (`run`:
    // then the records before the root that hold them must end at the root, without a break),
    // or some record there does not (then no record before the root may hold them).
    struct LandNeed {
        Bitboard stones;
        bool run;
        auto operator<=>(const LandNeed&) const = default;
    };
    // What a shared subtree's proof needs of the history before its root (docs/proof.md): the
    // results of the prover's moves in it (no earlier record may repeat one), the results of
    // the other side's moves that an earlier record forbade (with that record's index: one must
    // still forbid them), and its territory leaves' needs. The results are kept once: `results`
    // holds those of the prover's moves outside any shared subtree within, `within` the places
    // in proven_ of the shared subtrees within (closed there or referred to), whose results
    // count too.
    struct Open {
        u32 rank;
        int index;
        Position pos;
        std::vector<Position> results;
        std::vector<u32> within;
        std::vector<std::pair<Position, int>> forbidden;
        std::vector<LandNeed> land;
    };
    struct Proven {
        Position pos;
        std::vector<Position> results;
        std::vector<u32> within;
        std::vector<Position> forbidden;
        std::vector<LandNeed> land;
        BoardFilter reach;  // every board in results, and in the reach of every subtree within
    };
    // A reference's walk: a shared subtree and its suspects, suspects_[begin, end), or every
    // record (begin == EveryRecord).
    struct Walk {
        u32 place, begin, end;
    };
    static constexpr u32 EveryRecord = std::numeric_limits<u32>::max();
    static constexpr std::size_t SuspectsLimit = std::size_t{1} << 24;

    void inner(const std::string& tok, int depth) {
        const Position& pos = h_.current();
        if (tok == ".") return leaf(pos);
        if (h_.game_over()) throw Rejected(t_.line(), "the game is over here: expected '.'");
        if (pos.to_move == prover_) {
            const Move m = move(tok, "the prover's move");
            Position next;
            h_.check(m, next);
            if (!open_.empty()) open_.back().results.push_back(next);
            play(m, depth);
            return;
        }
        if (tok != "[")
            throw Rejected(t_.line(), "expected '[' and every legal move of the other side, got '" +
                                          tok + "'");
        std::bitset<MaxPoints + 1> answered;  // [m + 1]
        for (std::string next = t_.expect("a move or ']'"); next != "]";
             next = t_.expect("a move or ']'")) {
            const Move m = move(next, "the other side's move");
            if (answered[m + 1])
                throw Rejected(t_.line(), "the move " + next + " is answered twice");
            answered[m + 1] = true;
            play(m, depth);
        }
        for (int m = -1; m < g_.points(); ++m) {
            if (answered[m + 1]) continue;
            Position next;
            int match = -1;
            const Verdict v = h_.check(static_cast<Move>(m), next, &match);
            if (v == Verdict::Legal)
                throw Rejected(t_.line(), "the legal move " + g_.aga(static_cast<Move>(m)) +
                                              " of the other side is not answered");
            if (v == Verdict::Superko) forbid(next, match);
        }
    }

    void forbid(const Position& next, int match) {
        if (!open_.empty() && match <= open_.back().index)
            open_.back().forbidden.emplace_back(next, match);
    }
    static bool before(const Position& a, const Position& b) {
        return std::tie(a.stones[0], a.stones[1], a.to_move) <
               std::tie(b.stones[0], b.stones[1], b.to_move);
    }
    static bool same(const Position& a, const Position& b) {
        return a.same_board(b) && a.to_move == b.to_move;
    }
    static void sort_out(std::vector<Position>& v) {
        // A lambda, not the function's address, so that the sort inlines the comparison.
        std::sort(v.begin(), v.end(),
                  [](const Position& a, const Position& b) { return before(a, b); });
        v.erase(std::unique(v.begin(), v.end(), same), v.end());
    }
    bool holds(int record, Bitboard stones) const {
        return (stones & ~h_.at(record).of(prover_)) == 0;
    }
    // Whether every record from `from` up to (not including) `to` holds the stones.
    bool all_hold(int from, int to, Bitboard stones) const {
        for (int i = from; i < to; ++i)
            if (!holds(i, stones)) return false;
        return true;
    }
    // A need of a subtree whose root is record `root`, passed to the innermost open subtree: the
    // records from its root to this one are on this line.
    void pass_up(LandNeed need, int root) {
        if (open_.empty()) return;
        Open& up = open_.back();
        need.run = need.run && all_hold(up.index, root, need.stones);
        up.land.push_back(need);
    }
    // A shared subtree is proven: its needs are kept for references, and passed to the enclosing
    // shared subtree (forbidding records after its root are on its own line).
    void close() {
        Open o = std::move(open_.back());
        open_.pop_back();
        sort_out(o.results);
        std::sort(o.land.begin(), o.land.end());
        o.land.erase(std::unique(o.land.begin(), o.land.end()), o.land.end());
        std::sort(o.within.begin(), o.within.end());
        o.within.erase(std::unique(o.within.begin(), o.within.end()), o.within.end());
        Proven p{o.pos, std::move(o.results), std::move(o.within), {}, o.land, {}};
        for (const Position& x : p.results) p.reach.add(BoardFilter::key(x));
        for (const u32 w : p.within) p.reach.add(proven_[w].reach);
        for (const auto& f : o.forbidden) p.forbidden.push_back(f.first);
        const auto place = static_cast<u32>(proven_.size());
        if (!open_.empty()) {
            open_.back().within.push_back(place);
            for (const auto& f : o.forbidden) forbid(f.first, f.second);
        }
        for (const LandNeed& need : o.land) pass_up(need, o.index);
        place_[o.rank] = place;
        proven_.push_back(std::move(p));
        visited_.push_back(0);
    }
    // `@K`: the subtree proven at node K of this claim holds here, if this is its position and
    // the history of this line gives it what it needs.
    void reference(const std::string& tok) {
        u64 k = 0;
        auto [p, ec] = std::from_chars(tok.data() + 1, tok.data() + tok.size(), k);
        if (ec != std::errc() || p != tok.data() + tok.size())
            throw Rejected(t_.line(), "bad reference '" + tok + "'");
        const auto named = std::lower_bound(referenced_.begin(), referenced_.end(), k);
        const u32 place = named != referenced_.end() && *named == k
                              ? place_[named - referenced_.begin()]
                              : NotProven;
        if (place == NotProven)
            throw Rejected(t_.line(),
                           tok + " refers to no position proven before it in this claim");
        const Proven& pr = proven_[place];
        const Position& here = h_.current();
        if (!pr.pos.same_board(here) || pr.pos.to_move != here.to_move ||
            pr.pos.passes != here.passes)
            throw Rejected(t_.line(), tok + " refers to another position");
        const int records = h_.turns() + 1;
        // Every result in it, through the shared subtrees within it, each visited once, must
        // repeat no record of this line. Each subtree on the walk carries its suspects: the
        // records that may repeat a result in its reach, by the filters of its own reach and of
        // every subtree on the way to it. A record left out at some subtree repeats no result in
        // its reach, which holds the reach of every subtree within; so the suspects of a subtree,
        // by whichever way the walk came to it first, hold every record that repeats a result in
        // its reach. A subtree without suspects is left out with all it reaches; any other has
        // its own results checked against every record, exactly. A subtree may also be given more
        // suspects than its filter lets through, as sound: all of its parent's, past per_edge of
        // them (an edge then costs at most per_edge tests, not the length of the line, should a
        // file's filters be saturated and its lines thousands of turns long), or every record,
        // past SuspectsLimit entries (memory stays bounded).
        ++visit_;
        suspects_.clear();
        todo_.clear();
        if (!filters_.on) {
            todo_.push_back(Walk{place, EveryRecord, EveryRecord});
        } else {
            for (int i = 0; i < records; ++i) {
                const u64 key = BoardFilter::key(h_.at(i));
                if (pr.reach.may_hold(key)) suspects_.push_back(key);
            }
            if (!suspects_.empty())
                todo_.push_back(Walk{place, 0, static_cast<u32>(suspects_.size())});
        }
        visited_[place] = visit_;
        while (!todo_.empty()) {
            const Walk q = todo_.back();
            todo_.pop_back();
            for (const Position& x : proven_[q.place].results)
                if (h_.repetition(x, records) >= 0)
                    throw Rejected(t_.line(),
                                   tok +
                                       " does not hold here: a prover's move in it repeats "
                                       "an earlier position of this line");
            for (const u32 w : proven_[q.place].within) {
                if (visited_[w] == visit_) continue;
                visited_[w] = visit_;
                if (q.begin == EveryRecord || suspects_.size() > SuspectsLimit) {
                    todo_.push_back(Walk{w, EveryRecord, EveryRecord});
                    continue;
                }
                if (q.end - q.begin > filters_.per_edge) {
                    todo_.push_back(Walk{w, q.begin, q.end});  // all of q's, unfiltered
                    continue;
                }
                // Its suspects: those of q that it may reach (q's own range when it keeps them
                // all). suspects_ may grow here, so it is read by index.
                const auto begin = static_cast<u32>(suspects_.size());
                for (u32 j = q.begin; j < q.end; ++j)
                    if (proven_[w].reach.may_hold(suspects_[j])) suspects_.push_back(suspects_[j]);
                const auto end = static_cast<u32>(suspects_.size());
                if (end - begin == q.end - q.begin) {
                    suspects_.resize(begin);
                    todo_.push_back(Walk{w, q.begin, q.end});
                } else if (end > begin) {
                    todo_.push_back(Walk{w, begin, end});
                }
            }
        }
        for (const Position& x : pr.forbidden) {
            const int match = h_.repetition(x, records);
            if (match < 0)
                throw Rejected(t_.line(), tok +
                                              " does not hold here: a move of the other side "
                                              "that it leaves out is legal on this line");
            forbid(x, match);
        }
        const int root = h_.turns();
        for (const LandNeed& need : pr.land) {
            // The records before this root that hold the stones: none, or (run) a last stretch.
            int i = root - 1;
            if (need.run)
                while (i >= 0 && holds(i, need.stones)) --i;
            for (; i >= 0; --i)
                if (holds(i, need.stones))
                    throw Rejected(t_.line(),
                                   tok +
                                       " does not hold here: its territory rests on alive "
                                       "stones that an earlier position of this line held too");
            pass_up(need, root);
        }
        if (!open_.empty()) open_.back().within.push_back(place);
        ++report_.references;
    }
    Move move(const std::string& tok, const char* what) {
        const auto m = g_.parse_move(tok);
        if (!m)
            throw Rejected(t_.line(),
                           std::string(what) + " '" + tok + "' is not a move on " + g_.name());
        const Verdict v = h_.check(*m);
        if (v != Verdict::Legal)
            throw Rejected(t_.line(), std::string(what) + " " + tok + " is illegal here (" +
                                          std::string(verdict_name(v)) + ")");
        return *m;
    }
    void play(Move m, int depth) {
        h_.play(m);
        node(depth + 1);
        h_.pop();
    }
    bool meets(int black_x2) const {
        return prover_ == Color::Black ? black_x2 >= bound_ : black_x2 <= bound_;
    }
    void leaf(const Position& pos) {
        const int komi = h_.rules().komi_x2, n = g_.points();
        if (pos.game_over()) {
            const int score = 2 * area_difference(g_, pos) - komi;
            if (!meets(score))
                throw Rejected(t_.line(),
                               "a game ends with " + points(score) + ", beyond the claim");
            ++report_.final_leaves;
            return;
        }
        // The prover keeps `safe` points; the other side gets at most the rest.
        auto bound = [&](int safe) {
            return prover_ == Color::Black ? 2 * (2 * safe - n) - komi : 2 * (n - 2 * safe) - komi;
        };
        const int safe = safe_points(g_, pos, prover_, h_.rules().suicide_allowed);
        if (meets(bound(safe))) {
            ++report_.static_leaves;
            return;
        }
        const Territory land =
            safe_points_with_territory(g_, pos, prover_, h_.rules().suicide_allowed);
        if (!meets(bound(land.points)))
            throw Rejected(t_.line(), "a leaf is not settled: the prover's " +
                                          std::to_string(land.points) +
                                          " safe points and territory prove only " +
                                          points(bound(land.points)));
        // Territory needs the records holding the alive stones to form one run ending here.
        const int here = h_.turns();
        int i = here;
        while (i >= 0 && holds(i, land.alive)) --i;
        for (; i >= 0; --i)
            if (holds(i, land.alive))
                throw Rejected(t_.line(),
                               "a leaf is not settled: its territory rests on alive stones that "
                               "an earlier position of this line held before a break");
        if (!open_.empty())
            open_.back().land.push_back(
                LandNeed{land.alive, all_hold(open_.back().index, here + 1, land.alive)});
        ++report_.territory_leaves;
    }
    static std::string points(int x2) {
        std::string s = std::to_string(x2 / 2);
        if (x2 < 0 && x2 > -2) s = "-0";
        return x2 % 2 ? s + ".5" : s;
    }

    Tokens& t_;
    History& h_;
    const Geometry& g_;
    Color prover_;
    int bound_;
    const std::vector<u64>& referenced_;  // the nodes some reference names, sorted
    std::size_t next_named_ = 0;          // the first of them not before this node
    WalkFilters filters_;
    u64 count_ = 0;           // nodes of this claim so far (preorder numbers)
    std::vector<Open> open_;  // the shared subtrees being checked, innermost last
    // A shared subtree's rank is the place of its node number in referenced_; place_[rank] is
    // its place in proven_ once it is proven (the file may name nodes that never are).
    static constexpr u32 NotProven = std::numeric_limits<u32>::max();
    std::vector<u32> place_;
    std::vector<Proven> proven_;
    std::vector<u64> visited_;  // per place in proven_: the reference that last walked it (visit_)
    // A reference's walk: the records that may repeat a result (their boards' keys, each taken
    // once a reference), and its stack.
    std::vector<u64> suspects_;
    std::vector<Walk> todo_;
    u64 visit_ = 0;
    const std::atomic<bool>* stop_;
    CheckReport& report_;
};

// Pass 1: the node numbers that references name, per claim, sorted without repeats, so that
// pass 2 keeps the needs of those subtrees only.
std::vector<std::vector<u64>> referenced_nodes(std::istream& in) {
    Tokens t(in);
    std::vector<std::vector<u64>> claims;
    // Repeats are cleared out whenever a list doubles, so that a file naming one node again and
    // again takes no more memory than one naming it once.
    std::size_t distinct = 0;
    auto clear_repeats = [&](std::vector<u64>& named) {
        std::sort(named.begin(), named.end());
        named.erase(std::unique(named.begin(), named.end()), named.end());
        distinct = named.size();
    };
    for (std::string tok = t.next(); !tok.empty(); tok = t.next()) {
        if (tok == "claim") {
            if (!claims.empty()) clear_repeats(claims.back());
            claims.emplace_back(), distinct = 0;
        }
        u64 k = 0;
        if (tok.starts_with("@") && !claims.empty() &&
            std::from_chars(tok.data() + 1, tok.data() + tok.size(), k).ec == std::errc()) {
            claims.back().push_back(k);
            if (claims.back().size() >= 2 * distinct + 1024) clear_repeats(claims.back());
        }
    }
    if (!claims.empty()) clear_repeats(claims.back());
    for (const auto& named : claims)
        if (named.size() >= std::numeric_limits<u32>::max())
            throw Rejected(0, "more than 2^32 - 1 shared subtrees in one claim");
    return claims;
}

CheckReport check_here(std::istream& in, const std::atomic<bool>* stop, WalkFilters filters) {
    const auto referenced = referenced_nodes(in);
    in.clear();
    in.seekg(0);
    if (!in) throw Rejected(0, "the certificate must be a file that can be read twice");
    Tokens t(in);
    CheckReport r;
    if (t.next() != "smallgo-proof" || t.next() != "1")
        throw Rejected(t.line(), "not a smallgo proof certificate (expected 'smallgo-proof 1')");
    auto keyword = [&](const char* key) {
        if (t.next() != key) throw Rejected(t.line(), std::string("expected '") + key + "'");
        return t.expect(key);
    };
    r.board = keyword("board");
    const auto g = Geometry::parse(r.board);
    if (!g) throw Rejected(t.line(), "bad board '" + r.board + "'");
    r.rules = keyword("rules");
    const auto preset = find_preset(r.rules);
    if (!preset) throw Rejected(t.line(), "unknown rules '" + r.rules + "'");
    Rules rules = preset->rules;
    if (!rules.superko()) throw Rejected(t.line(), "certificates are for the superko rules only");
    const std::string komi = keyword("komi");
    const auto komi_x2 = parse_points(komi);
    if (!komi_x2) throw Rejected(t.line(), "bad komi '" + komi + "'");
    rules.komi_x2 = r.komi_x2 = *komi_x2;

    History h(*g, rules);
    if (t.next() != "moves") throw Rejected(t.line(), "expected 'moves'");
    std::string tok = t.expect("'value' or 'bound'");
    for (; tok != "value" && tok != "bound"; tok = t.expect("'value' or 'bound'")) {
        const auto m = g->parse_move(tok);
        if (!m) throw Rejected(t.line(), "'" + tok + "' is not a move on " + r.board);
        const Verdict v = h.play(*m);
        if (v != Verdict::Legal)
            throw Rejected(
                t.line(), "the move " + tok + " is illegal (" + std::string(verdict_name(v)) + ")");
        r.moves.push_back(tok);
    }
    // What the certificate proves: `value V`, or `bound black >= V` / `bound black <= V`.
    const bool bound_only = tok == "bound";
    std::string bound_op;
    if (bound_only) {
        const std::string colour = t.expect("black");
        bound_op = t.expect(">= or <=");
        if (colour != "black" || (bound_op != ">=" && bound_op != "<="))
            throw Rejected(t.line(), "expected 'bound black >= V' or 'bound black <= V'");
    }
    const std::string value = t.expect(bound_only ? "the bound" : "the value");
    const auto value_x2 = parse_points(value);
    if (!value_x2)
        throw Rejected(t.line(), (bound_only ? "bad bound '" : "bad value '") + value + "'");

    const int n = g->points();
    r.lower_x2 = -2 * n - rules.komi_x2, r.upper_x2 = 2 * n - rules.komi_x2;
    for (tok = t.next(); !tok.empty(); tok = t.next()) {
        if (tok != "claim") throw Rejected(t.line(), "expected 'claim' or the end of the file");
        const std::string colour = t.expect("black"), op = t.expect(">= or <="),
                          bound = t.expect("a bound");
        const auto bound_x2 = parse_points(bound);
        if (colour != "black" || (op != ">=" && op != "<=") || !bound_x2)
            throw Rejected(t.line(), "expected 'claim black >= V' or 'claim black <= V'");
        const Color prover = op == ">=" ? Color::Black : Color::White;
        const std::size_t claim = static_cast<std::size_t>(r.claims);
        static const std::vector<u64> none;
        Checker c(t, h, prover, *bound_x2, claim < referenced.size() ? referenced[claim] : none,
                  filters, stop, r);
        c.node(0);
        if (t.next() != "end")
            throw Rejected(t.line(), "expected 'end' after the proof of a claim");
        ++r.claims;
        if (prover == Color::Black)
            r.lower_x2 = std::max(r.lower_x2, *bound_x2);
        else
            r.upper_x2 = std::min(r.upper_x2, *bound_x2);
    }
    if (r.claims == 0) throw Rejected(t.line(), "the certificate proves no claim");
    if (r.lower_x2 > r.upper_x2) throw Rejected(t.line(), "the claims contradict each other");
    if (bound_only) {
        if (bound_op == ">=" ? r.lower_x2 < *value_x2 : r.upper_x2 > *value_x2)
            throw Rejected(t.line(),
                           "the claims do not prove the bound black " + bound_op + " " + value);
        r.bound = BoundProven{bound_op == ">=" ? Color::Black : Color::White, *value_x2};
        return r;
    }
    if (r.lower_x2 != *value_x2 || r.upper_x2 != *value_x2)
        throw Rejected(t.line(), "the claims do not prove the value " + value);
    r.value_x2 = *value_x2;
    return r;
}

}  // namespace

// The walk recurses once per turn, about 830 bytes a turn (17.5 KB under AddressSanitizer), so a
// line of MaxDepth turns needs more than a main thread's 8 MB: on one, a legal line of 10,473
// turns crashed the checker. It runs on a thread with a stack of its own.
CheckReport check_certificate(std::istream& in, const std::atomic<bool>* stop,
                              WalkFilters filters) {
    CheckReport r;
    run_with_stack(CheckerStack, [&] { r = check_here(in, stop, filters); });
    return r;
}

}  // namespace smallgo::verify
