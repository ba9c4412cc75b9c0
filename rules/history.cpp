// Legality against the history. Each ko rule is one branch of check(), named after its text.
#include "rules/history.hpp"

#include <cassert>
#include <stdexcept>

#include "rules/scoring.hpp"

namespace smallgo {

std::string_view verdict_name(Verdict v) {
    switch (v) {
        case Verdict::Legal:
            return "legal";
        case Verdict::Occupied:
            return "occupied";
        case Verdict::Suicide:
            return "suicide";
        case Verdict::Ko:
            return "ko";
        case Verdict::Superko:
            return "superko";
        case Verdict::GameOver:
            return "game over";
    }
    return "?";
}

History::History(const Geometry& g, const Rules& r) : History(g, r, Position{}) {}

History::History(const Geometry& g, const Rules& r, const Position& start) : g_(g), rules_(r) {
    records_.reserve(256);
    records_.push_back(Record{start, false, false});
    ++filter_[slot(start.hash)];
}

template <class Match>
int History::latest(const Position& p, int before, Match match) const {
    if (filter_[slot(p.hash)] == 0) return -1;
    for (int i = before - 1; i >= 0; --i) {
        const Record& rec = records_[i];
        if (rec.pos.hash == p.hash && rec.pos.same_board(p) && match(rec)) return i;
    }
    return -1;
}

int History::cycle_match(const Position& next) const {
    return latest(next, static_cast<int>(records_.size()),
                  [&](const Record& rec) { return rec.pos.to_move == next.to_move; });
}

int History::repetition(const Position& next, int before) const {
    switch (rules_.ko) {
        case KoRule::Positional:
            // Tromp-Taylor: "a move that doesn't repeat an earlier grid coloring".
            return latest(next, before, [](const Record&) { return true; });
        case KoRule::Simple:  // the MG draw: the same board with the same player to move
        case KoRule::Situational:
            // AGA rule 6: "recreate a previous board position ... with the same player to play".
            return latest(next, before,
                          [&](const Record& rec) { return rec.pos.to_move == next.to_move; });
        case KoRule::OwnGrids:
            // 1996 rule 4: "a move that does not leave a grid pattern identical to one that that
            // player has previously left". Each turn left the board after it, so the grids a
            // player left are the records with the other player to move; the start (record 0)
            // was left by no one.
            return latest(next, before, [&](const Record& rec) {
                return &rec != records_.data() && rec.pos.to_move == next.to_move;
            });
        case KoRule::OwnPlays:
            // The same rule read so that passes leave no grid: the records of that player's
            // plays (the start is no play).
            return latest(next, before, [&](const Record& rec) {
                return rec.by_play && rec.pos.to_move == next.to_move;
            });
    }
    return -1;
}

std::vector<Move> History::legal_moves() const {
    std::vector<Move> legal;
    if (game_over()) return legal;
    for (int p = 0; p < g_.points(); ++p)
        if (check(static_cast<Move>(p)) == Verdict::Legal) legal.push_back(static_cast<Move>(p));
    legal.push_back(Pass);
    return legal;
}

Verdict History::check(Move m, Position& next, int* match) const {
    if (game_over()) return Verdict::GameOver;
    const Position& cur = current();
    if (m == Pass) {  // a pass is always allowed (every text: "a turn is either a pass; or ...")
        next = cur.after_pass();
        return Verdict::Legal;
    }
    switch (cur.play(g_, m, rules_.suicide_allowed, next)) {
        case PlayStatus::Occupied:
            return Verdict::Occupied;
        case PlayStatus::Suicide:
            return Verdict::Suicide;
        case PlayStatus::Ok:
            break;
    }
    int found = -1;
    if (rules_.ko == KoRule::Simple) {
        // MG rules: "the position just before the other player's last move is not recreated".
        if (records_.size() >= 2 && next.same_board(records_[records_.size() - 2].pos))
            found = static_cast<int>(records_.size()) - 2;
    } else {
        found = repetition(next, static_cast<int>(records_.size()));
    }
    if (found < 0) return Verdict::Legal;
    if (match) *match = found;
    return rules_.ko == KoRule::Simple ? Verdict::Ko : Verdict::Superko;
}

Verdict History::play(Move m) {
    Position next;
    Verdict v = check(m, next);
    if (v == Verdict::Legal) push(next, m != Pass);
    return v;
}

void History::push(const Position& next, bool by_play) {
    // The cycle rule: under simple ko a play may recreate an earlier board and side to move; the
    // game then ends as a draw. Under the superko rules it does not apply (the 1996 readings may
    // allow a repeat of board and side to move, through a pass or the start, but each player's
    // plays still leave ever new grids: the game ends).
    bool cycle = by_play && rules_.ko == KoRule::Simple && cycle_match(next) >= 0;
    if (records_.size() >= MaxRecords) throw std::length_error("a game too long to record");
    records_.push_back(Record{next, by_play, cycle});
    ++filter_[slot(next.hash)];
}

void History::pop() {
    assert(records_.size() > 1);
    --filter_[slot(records_.back().pos.hash)];
    records_.pop_back();
}

int History::result_x2() const {
    if (ended_by_cycle()) return 0;
    return 2 * area_score(g_, current()) - rules_.komi_x2;
}

bool History::is_ok() const {
    std::array<u32, FilterSize> counts{};
    for (const Record& rec : records_) {
        if (!rec.pos.is_ok(g_)) return false;
        ++counts[slot(rec.pos.hash)];
    }
    return counts == filter_ && !records_.empty();
}

}  // namespace smallgo
