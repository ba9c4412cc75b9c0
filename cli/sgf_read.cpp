// read_sgf, sgf_rules and sgf_history (cli/sgf.hpp). Two passes: a scanner checks the syntax of
// the whole collection (FF[4]: Collection = GameTree+, GameTree = "(" Node+ GameTree* ")", Node =
// ";" Property*, Property = UcLetter+ PropValue+, PropValue = "[" text with "\" escapes "]") and
// keeps the nodes of the main line; then the root and the moves are interpreted. The main line is
// every node of the first game tree before its first ")": text order visits the first child of
// every branch before its siblings. The scanner tracks depth with a counter, not recursion.
#include <charconv>
#include <cmath>

#include <fmt/core.h>

#include "cli/sgf.hpp"

namespace smallgo::cli {

namespace {

struct Value {
    std::string text;  // unescaped
    SgfPlace at;       // of the '['
};
struct Property {
    std::string id;
    SgfPlace at;  // of the identifier's first letter
    std::vector<Value> values;
};
using Node = std::vector<Property>;

class Scanner {
  public:
    explicit Scanner(std::string_view text) : text_(text) {}

    // The main line's nodes, or the first fault.
    std::variant<std::vector<Node>, SgfError> main_line() {
        std::vector<Node> nodes;
        int depth = 0;
        bool main = true;  // still before the first ')' of the first game tree
        bool any_tree = false;
        skip_space();
        while (pos_ < text_.size()) {
            const SgfPlace at = here();
            const char c = text_[pos_];
            if (c == '(') {
                advance();
                ++depth;
                any_tree = true;
                skip_space();
                if (pos_ >= text_.size() || text_[pos_] != ';')
                    return error(here(), "expected ';' to start a node after '('");
            } else if (c == ')') {
                if (depth == 0) return error(at, "')' without a matching '('");
                advance();
                --depth;
                main = false;
                skip_space();
                // After a ')' come only sibling trees, the end of the parent, or (at the top) a
                // further game tree.
                if (pos_ < text_.size() && text_[pos_] != '(' && text_[pos_] != ')')
                    return error(here(), fmt::format("unexpected '{}' after ')'", text_[pos_]));
            } else if (c == ';') {
                if (depth == 0) return error(at, "';' outside a game tree: expected '('");
                advance();
                Node node;
                if (auto e = properties(node)) return *e;
                if (main) nodes.push_back(std::move(node));
            } else {
                if (depth == 0)
                    return error(at, fmt::format("unexpected '{}': expected '('", printable(c)));
                return error(at,
                             fmt::format("unexpected '{}': expected a property, ';', '(' or ')'",
                                         printable(c)));
            }
            skip_space();
        }
        if (!any_tree) return error(here(), "no game tree: expected '('");
        if (depth > 0) return error(here(), "unexpected end of file: missing ')'");
        return nodes;
    }

  private:
    // The properties of one node, up to the next ';', '(' or ')'.
    std::optional<SgfError> properties(Node& node) {
        for (;;) {
            skip_space();
            if (pos_ >= text_.size()) return std::nullopt;  // main_line reports the missing ')'
            const char c = text_[pos_];
            if (c == ';' || c == '(' || c == ')') return std::nullopt;
            Property p{{}, here(), {}};
            while (pos_ < text_.size() && text_[pos_] >= 'A' && text_[pos_] <= 'Z') {
                p.id += text_[pos_];
                advance();
            }
            if (p.id.empty())
                return SgfError{p.at.line, p.at.column,
                                fmt::format("bad property identifier at '{}': expected capital "
                                            "letters",
                                            printable(c))};
            skip_space();
            while (pos_ < text_.size() && text_[pos_] == '[') {
                Value v{{}, here()};
                advance();
                bool closed = false;
                while (pos_ < text_.size()) {
                    char ch = text_[pos_];
                    advance();
                    if (ch == ']') {
                        closed = true;
                        break;
                    }
                    if (ch == '\\') {
                        if (pos_ >= text_.size()) break;
                        ch = text_[pos_];
                        advance();
                        if (ch == '\n') continue;  // a soft line break
                    }
                    v.text += ch;
                }
                if (!closed)
                    return SgfError{v.at.line, v.at.column,
                                    fmt::format("unterminated value of {}: missing ']'", p.id)};
                p.values.push_back(std::move(v));
                skip_space();
            }
            if (p.values.empty())
                return SgfError{here().line, here().column,
                                fmt::format("property {} has no value: expected '['", p.id)};
            node.push_back(std::move(p));
        }
    }

    static std::string printable(char c) {
        const auto u = static_cast<unsigned char>(c);
        return u >= 0x20 && u < 0x7f ? std::string(1, c) : fmt::format("\\x{:02x}", u);
    }
    static SgfError error(SgfPlace at, std::string message) {
        return {at.line, at.column, std::move(message)};
    }
    SgfPlace here() const { return {line_, column_}; }
    void advance() {
        if (text_[pos_] == '\n') {
            ++line_;
            column_ = 1;
        } else {
            ++column_;
        }
        ++pos_;
    }
    void skip_space() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                       text_[pos_] == '\n' || text_[pos_] == '\r'))
            advance();
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    int line_ = 1, column_ = 1;
};

SgfError fault_at(SgfPlace at, std::string message) {
    return {at.line, at.column, std::move(message)};
}

// SGF's letter for a coordinate: a..z are 0..25, A..Z are 26..51; -1 for anything else.
int letter_index(char c) {
    if (c >= 'a' && c <= 'z') return c - 'a';
    if (c >= 'A' && c <= 'Z') return c - 'A' + 26;
    return -1;
}

// The board of SZ: "n" (square) or "cols:rows".
std::variant<Geometry, SgfError> board_of(const Value& v) {
    auto number = [](std::string_view s, int& out) {
        auto r = std::from_chars(s.data(), s.data() + s.size(), out);
        return r.ec == std::errc{} && r.ptr == s.data() + s.size();
    };
    int cols = 0, rows = 0;
    const std::string& t = v.text;
    const auto colon = t.find(':');
    const bool ok = colon == std::string::npos
                        ? number(t, cols) && (rows = cols, true)
                        : number(std::string_view(t).substr(0, colon), cols) &&
                              number(std::string_view(t).substr(colon + 1), rows);
    if (!ok || cols < 1 || rows < 1)
        return fault_at(v.at, fmt::format("bad SZ[{}]: expected a size or COLS:ROWS", t));
    if (cols > MaxSgfColumns || rows > MaxSgfColumns || cols * rows > MaxPoints)
        return fault_at(v.at,
                        fmt::format("SZ[{}]: the board has more than {} points", t, MaxPoints));
    return *Geometry::make(rows, cols);
}

// A point "cc" of board g (no pass), or a fault at the value.
std::variant<Move, SgfError> point_of(const Geometry& g, std::string_view t, SgfPlace at) {
    if (t.size() != 2 || letter_index(t[0]) < 0 || letter_index(t[1]) < 0)
        return fault_at(at, fmt::format("bad coordinate '{}': expected two letters", t));
    const int col = letter_index(t[0]), row = g.rows() - 1 - letter_index(t[1]);
    if (col >= g.cols() || row < 0)
        return fault_at(at, fmt::format("coordinate '{}' is off the {}x{} board (SZ {}:{})", t,
                                        g.rows(), g.cols(), g.cols(), g.rows()));
    return static_cast<Move>(g.point(row, col));
}

// The points of a setup value: one point or a rectangle "aa:cc" (FF[4] compressed lists).
std::variant<Bitboard, SgfError> points_of(const Geometry& g, const Value& v) {
    const std::string& t = v.text;
    const auto colon = t.find(':');
    if (colon == std::string::npos) {
        auto p = point_of(g, t, v.at);
        if (auto* e = std::get_if<SgfError>(&p)) return *e;
        return Geometry::bit(std::get<Move>(p));
    }
    auto a = point_of(g, std::string_view(t).substr(0, colon), v.at);
    auto b = point_of(g, std::string_view(t).substr(colon + 1), v.at);
    if (auto* e = std::get_if<SgfError>(&a)) return *e;
    if (auto* e = std::get_if<SgfError>(&b)) return *e;
    const int pa = std::get<Move>(a), pb = std::get<Move>(b);
    Bitboard bits = 0;
    for (int r = std::min(g.row_of(pa), g.row_of(pb)); r <= std::max(g.row_of(pa), g.row_of(pb));
         ++r)
        for (int c = std::min(g.col_of(pa), g.col_of(pb));
             c <= std::max(g.col_of(pa), g.col_of(pb)); ++c)
            bits |= Geometry::bit(g.point(r, c));
    return bits;
}

// The move of B[...] or W[...]: "" is a pass, and so is "tt" on boards up to 19x19 (FF[3]).
std::variant<Move, SgfError> move_of(const Geometry& g, const Value& v) {
    if (v.text.empty()) return Pass;
    if (v.text == "tt" && g.rows() <= 19 && g.cols() <= 19) return Pass;
    return point_of(g, v.text, v.at);
}

// KM: a multiple of 0.5 within +-128 (the command line's limit), in half points.
std::variant<int, SgfError> komi_of(const Value& v) {
    double k = 0;
    const std::string& t = v.text;
    auto r = std::from_chars(t.data(), t.data() + t.size(), k);
    const double twice = k * 2;
    if (r.ec != std::errc{} || r.ptr != t.data() + t.size() || twice != std::floor(twice) ||
        std::fabs(k) > 128)
        return fault_at(v.at, fmt::format("bad KM[{}]: expected a multiple of 0.5", t));
    return static_cast<int>(twice);
}

bool is_move(const std::string& id) {
    return id == "B" || id == "W";
}
bool is_setup(const std::string& id) {
    return id == "AB" || id == "AW" || id == "AE" || id == "PL";
}
bool is_root_only(const std::string& id) {
    return id == "SZ" || id == "KM" || id == "RU" || id == "GM" || id == "FF" || id == "CA" ||
           id == "AP";
}

// The root's SZ, before anything that needs the board.
std::variant<Geometry, SgfError> root_board(const Node& root) {
    for (const Property& p : root)
        if (p.id == "SZ") {
            if (p.values.size() != 1) return fault_at(p.at, "SZ takes one value");
            return board_of(p.values[0]);
        }
    const SgfPlace at = root.empty() ? SgfPlace{} : root[0].at;
    return fault_at(at, "no SZ: the default 19x19 board has more than 64 points");
}

}  // namespace

std::string to_string(const SgfError& e) {
    return fmt::format("{}:{}: {}", e.line, e.column, e.message);
}

std::variant<SgfGame, SgfError> read_sgf(std::string_view text) {
    auto scanned = Scanner(text).main_line();
    if (auto* e = std::get_if<SgfError>(&scanned)) return *e;
    const auto& nodes = std::get<std::vector<Node>>(scanned);
    const Node& root = nodes.front();
    auto board = root_board(root);
    if (auto* e = std::get_if<SgfError>(&board)) return *e;
    SgfGame game{std::get<Geometry>(board), {}, std::nullopt, {}, {}, {}};
    const Geometry& g = game.geometry;

    // Step 1. The root: game type, rules, komi and the starting grid.
    Bitboard black = 0, white = 0;
    std::optional<Color> player;
    std::optional<SgfPlace> setup_at;  // the first setup property
    for (const Property& p : root) {
        const Value& v = p.values.front();
        if (p.id == "GM" && v.text != "1")
            return fault_at(v.at, fmt::format("GM[{}] is not a game of Go (GM[1])", v.text));
        if (p.id == "RU" && find_preset(v.text)) game.preset = v.text;
        if (p.id == "KM") {
            auto k = komi_of(v);
            if (auto* e = std::get_if<SgfError>(&k)) return *e;
            game.komi_x2 = std::get<int>(k);
        }
        if (p.id == "PL") {
            if (v.text != "B" && v.text != "W" && v.text != "b" && v.text != "w")
                return fault_at(v.at, fmt::format("bad PL[{}]: expected B or W", v.text));
            player = v.text == "B" || v.text == "b" ? Color::Black : Color::White;
        }
        if (p.id == "AB" || p.id == "AW" || p.id == "AE") {
            if (!setup_at) setup_at = p.at;
            for (const Value& each : p.values) {
                auto bits = points_of(g, each);
                if (auto* e = std::get_if<SgfError>(&bits)) return *e;
                const Bitboard b = std::get<Bitboard>(bits);
                black &= ~b;
                white &= ~b;
                if (p.id == "AB") black |= b;
                if (p.id == "AW") white |= b;
            }
        }
    }
    game.start = make_position(black, white, player.value_or(Color::Black));
    if (!game.start.is_legal(g))
        return fault_at(*setup_at, "the setup has a string without liberties");

    // Step 2. The main line's moves, alternating; no setup or root property after the root.
    std::optional<Color> next = player;
    for (std::size_t n = 0; n < nodes.size(); ++n) {
        const Property* move = nullptr;
        for (const Property& p : nodes[n]) {
            if (n > 0 && (is_setup(p.id) || is_root_only(p.id)))
                return fault_at(p.at, fmt::format("{} after the root is not supported", p.id));
            if (!is_move(p.id)) continue;
            if (move) return fault_at(p.at, "two moves in one node");
            if (p.values.size() != 1)
                return fault_at(p.at, fmt::format("{} takes one value", p.id));
            move = &p;
        }
        if (!move) continue;
        const Color c = move->id == "B" ? Color::Black : Color::White;
        if (!next) {
            next = c;
            game.start.to_move = c;
        }
        if (c != *next)
            return fault_at(
                move->at, fmt::format("move {}: {} plays out of turn ({} to move)",
                                      game.moves.size() + 1, c == Color::Black ? "Black" : "White",
                                      *next == Color::Black ? "Black" : "White"));
        auto m = move_of(g, move->values[0]);
        if (auto* e = std::get_if<SgfError>(&m)) return *e;
        game.moves.push_back(std::get<Move>(m));
        game.places.push_back(move->at);
        next = opponent(c);
    }
    return game;
}

Rules sgf_rules(const SgfGame& game, const Rules& fallback) {
    Rules r = fallback;
    if (auto p = find_preset(game.preset)) r = p->rules;
    if (game.komi_x2) r.komi_x2 = *game.komi_x2;
    return r;
}

std::variant<History, SgfError> sgf_history(const SgfGame& game, const Rules& r) {
    const Geometry& g = game.geometry;
    History h(g, r, game.start);
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const Color c = h.current().to_move;
        const Verdict v = h.play(game.moves[i]);
        if (v != Verdict::Legal) {
            const SgfPlace at = i < game.places.size() ? game.places[i] : SgfPlace{};
            return fault_at(at, fmt::format("move {}: {} {} is illegal ({})", i + 1,
                                            c == Color::Black ? "Black" : "White",
                                            g.aga(game.moves[i]), verdict_name(v)));
        }
    }
    return h;
}

}  // namespace smallgo::cli
