// The commands of GtpEngine (gtp_engine.hpp), each as GTP 2 (section 6) words it, with the
// specification's error texts: "syntax error", "unacceptable size", "invalid color or
// coordinate", "illegal move", "cannot undo", "unknown command". genmove is the solver's: see
// choose_move below and docs/gtp.md.
#include <algorithm>
#include <cassert>
#include <charconv>
#include <chrono>
#include <cmath>
#include <ostream>

#include <fmt/core.h>

#include "cli/cli.hpp"
#include "cli/gtp_engine.hpp"
#include "rules/diagram.hpp"
#include "rules/scoring.hpp"
#include "solver/search.hpp"

#ifndef SMALLGO_VERSION
#error "SMALLGO_VERSION comes from project(VERSION) in the top CMakeLists.txt"
#endif

namespace smallgo::cli {

namespace {
// GTP's board sizes stop at 25 (vertex letters A to Z without I); ours at 64 points.
constexpr int MaxSide = 25;

std::optional<int> parse_int(std::string_view s) {
    int v = 0;
    auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc{} || r.ptr != s.data() + s.size()) return std::nullopt;
    return v;
}

std::optional<double> parse_float(std::string_view s) {
    double v = 0;
    auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc{} || r.ptr != s.data() + s.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::string lower(std::string_view s) {
    std::string t(s);
    for (char& c : t)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return t;
}

std::optional<Color> parse_color(std::string_view s) {
    const std::string t = lower(s);
    if (t == "b" || t == "black") return Color::Black;
    if (t == "w" || t == "white") return Color::White;
    return std::nullopt;
}

// A GTP vertex ("pass", "C3", "c3": a column letter without I, a row number from 1 at the
// bottom) on board g, or nullopt.
std::optional<Move> parse_vertex(const Geometry& g, std::string_view s) {
    const std::string t = lower(s);
    if (t == "pass") return Pass;
    if (t.size() < 2 || t[0] < 'a' || t[0] > 'z' || t[0] == 'i') return std::nullopt;
    const int col = t[0] - 'a' - (t[0] > 'i' ? 1 : 0);
    const std::string_view digits(t.data() + 1, t.size() - 1);
    if (digits.front() == '0') return std::nullopt;
    const auto row = parse_int(digits);
    if (!row || *row < 1 || *row > g.rows() || col >= g.cols()) return std::nullopt;
    return static_cast<Move>(g.point(*row - 1, col));
}

GtpReply fail(std::string text) {
    return {false, std::move(text)};
}

// "9", "-0.5": a value in half points as a number, Black minus White minus komi.
std::string points(int value_x2) {
    return komi_text(value_x2);
}

int sign_of(Color c) {
    return c == Color::Black ? 1 : -1;
}
}  // namespace

GtpReply GtpEngine::dispatch(std::string_view command, const std::vector<std::string>& args) {
    auto need = [&](std::size_t n) { return args.size() == n; };
    if (command == "protocol_version") return {true, "2"};
    if (command == "name") return {true, "smallgo"};
    if (command == "version") return {true, SMALLGO_VERSION};
    if (command == "known_command") {
        if (!need(1)) return fail("syntax error");
        const auto& names = command_names();
        const bool known = std::find(names.begin(), names.end(), args[0]) != names.end();
        return {true, known ? "true" : "false"};
    }
    if (command == "list_commands") {
        std::string text;
        for (auto name : command_names()) text += fmt::format("{}\n", name);
        return {true, text};
    }
    if (command == "quit") {
        quit_ = true;
        return {};
    }
    if (command == "boardsize") {
        if (!need(1)) return fail("syntax error");
        const auto n = parse_int(args[0]);
        if (!n) return fail("syntax error");
        return boardsize(*n, *n);
    }
    if (command == "smallgo-boardsize") {
        if (!need(2)) return fail("syntax error");
        const auto rows = parse_int(args[0]), cols = parse_int(args[1]);
        if (!rows || !cols) return fail("syntax error");
        return boardsize(*rows, *cols);
    }
    if (command == "clear_board") {
        start_ = Position{};
        moves_.clear();
        h_ = History(g_, rules_, start_);
        status_.clear();
        return {};
    }
    if (command == "komi") {
        if (!need(1)) return fail("syntax error");
        const auto k = parse_float(args[0]);
        if (!k || std::fabs(*k) > 128 || *k * 2 != std::floor(*k * 2))
            return fail("syntax error (komi must be a multiple of 0.5)");
        Rules r = rules_;
        r.komi_x2 = static_cast<int>(*k * 2);
        return set_rules(r);
    }
    if (command == "smallgo-rules") {
        if (!need(1)) return fail("syntax error");
        const auto p = find_preset(args[0]);
        if (!p) return fail("unknown rules preset");
        Rules r = p->rules;
        r.komi_x2 = rules_.komi_x2;  // komi is the komi command's
        preset_ = args[0];
        return set_rules(r);
    }
    if (command == "play") return play(args);
    if (command == "genmove") return genmove(args);
    if (command == "undo") {
        if (!need(0)) return fail("syntax error");
        if (moves_.empty()) return fail("cannot undo");
        moves_.pop_back();
        h_.pop();
        status_.clear();
        return {};
    }
    if (command == "showboard") return showboard();
    if (command == "final_score") return final_score();
    if (command == "final_status_list") return final_status_list(args);
    if (command == "time_settings") {
        if (!need(3)) return fail("syntax error");
        const auto main = parse_float(args[0]), byo = parse_float(args[1]);
        const auto stones = parse_int(args[2]);
        if (!main || !byo || !stones || *main < 0 || *byo < 0 || *stones < 0)
            return fail("syntax error");
        clock_.settings(*main, *byo, *stones);
        return {};
    }
    if (command == "time_left") {
        if (!need(3)) return fail("syntax error");
        const auto c = parse_color(args[0]);
        const auto t = parse_float(args[1]);
        const auto stones = parse_int(args[2]);
        if (!c || !t || !stones || *stones < 0) return fail("syntax error");
        clock_.left(*c, *t, *stones);
        return {};
    }
    if (command == "smallgo-move_values") return move_values();
    if (command == "loadsgf") return loadsgf(args);
    if (command == "printsgf") return printsgf(args);
    return fail("unknown command");
}

GtpReply GtpEngine::boardsize(int rows, int cols) {
    const auto g = rows <= MaxSide && cols <= MaxSide ? Geometry::make(rows, cols) : std::nullopt;
    if (!g) return fail("unacceptable size");
    g_ = *g;
    start_ = Position{};
    moves_.clear();
    h_ = History(g_, rules_, start_);
    status_.clear();
    return {};
}

GtpReply GtpEngine::set_rules(const Rules& r) {
    // The game so far is replayed under the new rules; a move they forbid clears the board.
    rules_ = r;
    History replay(g_, rules_, start_);
    for (Move m : moves_) {
        if (replay.play(m) != Verdict::Legal) {
            log_ << "smallgo: the game so far is illegal under the new rules; board cleared\n";
            moves_.clear();
            replay = History(g_, rules_, start_);
            break;
        }
    }
    h_ = replay;
    status_.clear();
    return {};
}

GtpReply GtpEngine::play(const std::vector<std::string>& args) {
    if (args.size() != 2) return fail("syntax error");
    const auto c = parse_color(args[0]);
    const auto m = parse_vertex(g_, args[1]);
    if (!c || !m) return fail("invalid color or coordinate");
    if (*c != h_.current().to_move) {
        log_ << fmt::format("smallgo: play {}: it is {}'s turn\n", args[1],
                            color_name(h_.current().to_move));
        return fail("illegal move");
    }
    const Verdict v = h_.play(*m);
    if (v != Verdict::Legal) {
        log_ << fmt::format("smallgo: play {} {}: {}\n", color_name(*c), g_.aga(*m),
                            verdict_name(v));
        return fail("illegal move");
    }
    moves_.push_back(*m);
    status_.clear();
    return {};
}

GtpReply GtpEngine::genmove(const std::vector<std::string>& args) {
    if (args.size() != 1) return fail("syntax error");
    const auto c = parse_color(args[0]);
    if (!c) return fail("invalid color or coordinate");
    if (h_.game_over()) return fail("game is over");
    if (*c != h_.current().to_move) return fail(fmt::format("it is not {}'s turn", color_name(*c)));
    const Move m = choose_move();
    [[maybe_unused]] const Verdict v = h_.play(m);
    assert(v == Verdict::Legal);
    moves_.push_back(m);
    return {true, g_.aga(m)};
}

GameTables& GtpEngine::game_tables() {
    const TablesKey key{g_.rows(),      g_.cols(),      rules_,
                        start_.black(), start_.white(), start_.to_move};
    if (!tables_ || !(key == tables_key_)) {
        tables_.reset();  // the old table's memory goes before the new one's is mapped
        tables_ = std::make_unique<GameTables>(options_.hash_bytes);
        tables_key_ = key;
    }
    return *tables_;
}

Move GtpEngine::choose_move() {
    // Step 1. The search, within the move's budget.
    const Color c = h_.current().to_move;
    const int sign = sign_of(c);
    const double budget = clock_.budget(c, options_.move_seconds);
    const auto start = std::chrono::steady_clock::now();
    SolveOptions o;
    o.threads = options_.threads;
    SolveResult r;
    {
        StopTimer timer(budget);
        o.stop = timer.flag();
        game_tables().prepare(h_, o);  // builds the game's simple-ko bounds once
        r = solve(h_, o);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    clock_.spent(c, seconds);

    // Step 2. A complete search: the first move of its principal variation, which takes an
    // optimal pass first unless the side loses, and then resists with the first optimal play in
    // the solver's move order.
    Move m = NoMove;
    if (r.complete && !r.pv.empty()) {
        m = r.pv.front();
        status_ = fmt::format("proven: {} ({}), {} optimal for {}", value_text(r.value_x2),
                              value_short(r.value_x2), g_.aga(m), color_name(c));
    } else if (!r.best_moves.empty()) {
        // Step 3. Stopped after the value, among the optimal moves: the same rule on the optimal
        // moves proven so far.
        const bool losing = sign * r.lower_x2 < 0;
        const bool pass_ok =
            std::find(r.best_moves.begin(), r.best_moves.end(), Pass) != r.best_moves.end();
        m = r.best_moves.front();
        if (pass_ok && !losing) m = Pass;
        if (losing && m == Pass)
            for (Move b : r.best_moves)
                if (b != Pass) {
                    m = b;
                    break;
                }
        status_ = fmt::format("value proven ({}), {} optimal; no principal variation in time",
                              value_short(r.lower_x2), g_.aga(m));
    } else {
        // Step 4. Nothing proven in time: one ply of area score, ties to the pass and then to the
        // centre. Legal, not optimal.
        int best = 0;
        for (int p = -1; p < g_.points(); ++p) {
            const Move cand = static_cast<Move>(p);
            Position next;
            if (h_.check(cand, next) != Verdict::Legal) continue;
            const int score = sign * area_score(g_, next);
            const bool better =
                m == NoMove || score > best ||
                (score == best && m != Pass && g_.centre_distance(p) < g_.centre_distance(m));
            if (better) m = cand, best = score;
        }
        const std::string value =
            r.lower_x2 == r.upper_x2
                ? fmt::format("value {} but no optimal move", value_short(r.lower_x2))
                : fmt::format("value in [{}, {}]", points(r.lower_x2), points(r.upper_x2));
        status_ = fmt::format("NOT proven in {:.1f} s ({}); {} by a one-ply score", seconds, value,
                              g_.aga(m));
    }
    log_ << fmt::format("smallgo: genmove {} {}: {} ({} nodes, {:.2f} s of {:.2f})\n",
                        color_name(c), g_.aga(m), status_, r.nodes, seconds, budget);
    return m;
}

GtpReply GtpEngine::move_values() {
    if (h_.game_over()) return fail("game is over");
    SolveOptions o;
    o.threads = options_.threads;
    o.all_moves = true;
    SolveResult r;
    {
        StopTimer timer(options_.move_seconds);
        o.stop = timer.flag();
        game_tables().prepare(h_, o);
        r = solve(h_, o);
    }
    if (!r.complete)
        return fail(fmt::format("not proven in time: value in [{}, {}]", points(r.lower_x2),
                                points(r.upper_x2)));
    std::string text;
    auto values = r.move_values;
    std::stable_sort(values.begin(), values.end(), [](const MoveValue& a, const MoveValue& b) {
        return (a.move == Pass) < (b.move == Pass);
    });
    for (const auto& mv : values)
        text += fmt::format("{} {}\n", g_.aga(mv.move), points(mv.value_x2));
    return {true, text};
}

GtpReply GtpEngine::showboard() const {
    const Position& p = h_.current();
    std::string text = "\n" + to_board_text(g_, p);
    text += fmt::format("Rules {}: {}\n", preset_, describe(rules_));
    text += h_.game_over() ? std::string("The game is over\n")
                           : fmt::format("{} to move\n", color_name(p.to_move));
    if (!status_.empty()) text += fmt::format("Last genmove: {}\n", status_);
    return {true, text};
}

GtpReply GtpEngine::final_score() const {
    // Area score of the board as it stands: every stone counts as alive (Tromp-Taylor), which is
    // the score of a game played out to two passes; a repetition draw under simple ko is 0.
    const int value =
        h_.ended_by_cycle() ? h_.result_x2() : 2 * area_score(g_, h_.current()) - rules_.komi_x2;
    return {true, value_short(value)};
}

GtpReply GtpEngine::final_status_list(const std::vector<std::string>& args) const {
    if (args.size() != 1) return fail("syntax error");
    const std::string status = lower(args[0]);
    if (status == "dead" || status == "seki") return {};  // all stones count as alive
    if (status != "alive") return fail("syntax error");
    std::string text;
    const Bitboard stones = h_.current().occupied();
    for (int p = 0; p < g_.points(); ++p)
        if (stones & Geometry::bit(p))
            text += (text.empty() ? "" : " ") + g_.aga(static_cast<Move>(p));
    return {true, text};
}

}  // namespace smallgo::cli
