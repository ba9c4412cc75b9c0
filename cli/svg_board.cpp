// svg_board (svg_board.hpp): one board drawn as a grid of cells, point (row, col) at the centre of
// its cell, row 0 at the bottom as in AGA coordinates; a second board for the principal variation
// to the right of the first; caption lines under both. Sizes are in SVG user units (pixels at
// scale 1).
#include "cli/svg_board.hpp"

#include <algorithm>
#include <bit>

#include <fmt/core.h>

#include "cli/cli.hpp"

namespace smallgo::cli {

namespace {
constexpr int Cell = 56;           // one point's square
constexpr int Margin = 30;         // room for the coordinates around a board
constexpr int Gap = 24;            // between the two boards
constexpr int CaptionLine = 20;    // height of a caption line
constexpr double CharWidth = 7.5;  // a caption character at font size 13, a generous estimate

// Text with XML's five special characters escaped.
std::string xml_escaped(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&apos;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

struct Frame {
    const Geometry& g;
    int left;  // x of the board's left edge
    double x(int p) const { return left + Margin + g.col_of(p) * Cell + Cell / 2.0; }
    double y(int p) const { return Margin + (g.rows() - 1 - g.row_of(p)) * Cell + Cell / 2.0; }
    int width() const { return 2 * Margin + g.cols() * Cell; }
    int height() const { return 2 * Margin + g.rows() * Cell; }
};

// The column letter of column `col` ("A", ..., "H", "J", ...).
std::string column_name(const Geometry& g, int col) {
    std::string name = g.aga(static_cast<Move>(g.point(0, col)));
    while (!name.empty() && name.back() >= '0' && name.back() <= '9') name.pop_back();
    return name;
}

// The wooden square, the lines and the coordinates.
void draw_grid(std::string& out, const Frame& f) {
    const Geometry& g = f.g;
    out += fmt::format(R"(<rect class="wood" x="{}" y="0" width="{}" height="{}" rx="6"/>)", f.left,
                       f.width(), f.height());
    out += "\n";
    const double x0 = f.x(g.point(0, 0)), x1 = f.x(g.point(0, g.cols() - 1));
    const double y0 = f.y(g.point(g.rows() - 1, 0)), y1 = f.y(g.point(0, 0));
    for (int row = 0; row < g.rows(); ++row) {
        const double y = f.y(g.point(row, 0));
        out += fmt::format(R"(<line class="grid" x1="{}" y1="{}" x2="{}" y2="{}"/>)", x0, y, x1, y);
        out += fmt::format(R"(<text class="coord" x="{}" y="{}">{}</text>)", f.left + Margin / 2.0,
                           y + 4, row + 1);
    }
    for (int col = 0; col < g.cols(); ++col) {
        const double x = f.x(g.point(0, col));
        out += fmt::format(R"(<line class="grid" x1="{}" y1="{}" x2="{}" y2="{}"/>)", x, y0, x, y1);
        out += fmt::format(R"(<text class="coord" x="{}" y="{}">{}</text>)", x, Margin / 2.0 + 4,
                           column_name(g, col));
    }
    out += "\n";
}

void draw_stone(std::string& out, const Frame& f, int p, Color c) {
    out += fmt::format(R"(<circle class="stone {}" cx="{}" cy="{}" r="{}"/>)",
                       c == Color::Black ? "black" : "white", f.x(p), f.y(p), Cell * 0.46);
}

// The first board: stones, last move, ko marks, values, best moves and the hit areas.
void draw_values_board(std::string& out, const BoardPicture& pic, const Frame& f) {
    const Geometry& g = pic.g;
    const Position& pos = pic.position;
    draw_grid(out, f);
    for (int p = 0; p < g.points(); ++p) {
        const Bitboard b = Geometry::bit(p);
        if (pos.black() & b) draw_stone(out, f, p, Color::Black);
        if (pos.white() & b) draw_stone(out, f, p, Color::White);
    }
    if (pic.last >= 0 && (pos.occupied() & Geometry::bit(pic.last)))
        out += fmt::format(R"(<circle class="last" cx="{}" cy="{}" r="{}"/>)", f.x(pic.last),
                           f.y(pic.last), Cell * 0.16);
    for (int p = 0; p < g.points(); ++p)
        if (pic.ko_forbidden & Geometry::bit(p))
            out += fmt::format(R"(<rect class="ko" data-move="{}" x="{}" y="{}" width="{}" )"
                               R"(height="{}"><title>forbidden by the ko rule</title></rect>)",
                               g.aga(static_cast<Move>(p)), f.x(p) - Cell * 0.2,
                               f.y(p) - Cell * 0.2, Cell * 0.4, Cell * 0.4);
    // The colour scale runs from the best value to the worst one for the side to move.
    const int sign = pos.to_move == Color::Black ? 1 : -1;
    int best = 0, worst = 0;
    bool any = false;
    for (const auto& mv : pic.values) {
        const int v = sign * mv.value_x2;
        best = any ? std::max(best, v) : v;
        worst = any ? std::min(worst, v) : v;
        any = true;
    }
    for (const auto& mv : pic.values) {
        if (mv.move == Pass) continue;
        const int p = mv.move;
        const bool optimal = std::find(pic.best_moves.begin(), pic.best_moves.end(), mv.move) !=
                             pic.best_moves.end();
        const int hue = value_hue(best - sign * mv.value_x2, best - worst);
        out += fmt::format(
            R"svg(<circle class="disc{}" cx="{}" cy="{}" r="{}" fill="hsl({},70%,62%)"/>)svg",
            optimal ? " best" : "", f.x(p), f.y(p), Cell * 0.36, hue);
        out += fmt::format(
            R"(<text class="value" data-move="{}" data-value="{}" x="{}" y="{}">{}</text>)",
            g.aga(mv.move), komi_text(mv.value_x2), f.x(p), f.y(p) + 4.5, value_short(mv.value_x2));
        out += "\n";
    }
    for (int p = 0; p < g.points(); ++p)
        out += fmt::format(
            R"(<rect class="point" data-move="{}" x="{}" y="{}" width="{}" height="{}"/>)",
            g.aga(static_cast<Move>(p)), f.x(p) - Cell / 2.0, f.y(p) - Cell / 2.0, Cell, Cell);
    out += "\n";
}

// The second board: the position's stones, then the principal variation numbered. Returns the
// caption line for the plays that found their point taken and for the passes ("" when none).
std::string draw_pv_board(std::string& out, const BoardPicture& pic, const Frame& f) {
    const Geometry& g = pic.g;
    Position pos = pic.position;
    draw_grid(out, f);
    Bitboard drawn = pos.occupied();
    for (int p = 0; p < g.points(); ++p)
        if (drawn & Geometry::bit(p))
            draw_stone(out, f, p, (pos.black() & Geometry::bit(p)) ? Color::Black : Color::White);
    std::vector<int> number_at(g.points(), 0);
    std::string elsewhere;
    int number = 0;
    for (Move m : *pic.pv) {
        ++number;
        const Color c = pos.to_move;
        std::string note;
        if (m == Pass) {
            note = fmt::format("{} pass", number);
            pos = pos.after_pass();
        } else {
            if (drawn & Geometry::bit(m)) {
                note = number_at[m] > 0 ? fmt::format("{} at {}", number, number_at[m])
                                        : fmt::format("{} at {}", number, g.aga(m));
            } else {
                draw_stone(out, f, m, c);
                out += fmt::format(
                    R"(<text class="pv {}" data-move="{}" data-number="{}" x="{}" y="{}">{}</text>)",
                    c == Color::Black ? "on-black" : "on-white", g.aga(m), number, f.x(m),
                    f.y(m) + 5, number);
                drawn |= Geometry::bit(m);
                number_at[m] = number;
            }
            Position next;
            // Suicide allowed: the line is legal under the game's rules, and where they forbid
            // suicide it holds none, so this replays it exactly.
            if (pos.play(g, m, true, next) == PlayStatus::Ok) pos = next;
        }
        if (!note.empty()) elsewhere += (elsewhere.empty() ? "" : ", ") + note;
    }
    out += "\n";
    return elsewhere;
}
}  // namespace

BoardPicture board_picture(const History& h) {
    const Geometry& g = h.geometry();
    BoardPicture pic{g, h.current(), NoMove, 0, {}, {}, {}, {}, false};
    // The last turn's move: the point whose stone is new (a pass leaves none).
    if (h.turns() > 0) {
        const Position& before = h.at(h.turns() - 1);
        const Color c = before.to_move;
        const Bitboard added = h.current().of(c) & ~before.of(c);
        if (added != 0) pic.last = static_cast<Move>(std::countr_zero(added));
    }
    if (!h.game_over())
        for (int p = 0; p < g.points(); ++p) {
            const Verdict v = h.check(static_cast<Move>(p));
            if (v == Verdict::Ko || v == Verdict::Superko) pic.ko_forbidden |= Geometry::bit(p);
        }
    return pic;
}

int value_hue(int loss_x2, int worst_x2) {
    if (worst_x2 <= 0) return 120;
    return static_cast<int>(120 - 120L * std::clamp(loss_x2, 0, worst_x2) / worst_x2);
}

std::string svg_board(const BoardPicture& pic) {
    const Frame first{pic.g, 0};
    const Frame second{pic.g, first.width() + Gap};
    std::string body;
    draw_values_board(body, pic, first);
    std::vector<std::string> caption = pic.caption;
    if (pic.pv) {
        const std::string elsewhere = draw_pv_board(body, pic, second);
        if (!elsewhere.empty()) caption.push_back("Principal variation, also: " + elsewhere);
    }
    int width = pic.pv ? second.left + second.width() : first.width();
    for (const auto& line : caption)
        width =
            std::max(width, static_cast<int>(static_cast<double>(line.size()) * CharWidth) + 2 * 8);
    const int height =
        first.height() + (caption.empty() ? 0 : 8) + CaptionLine * static_cast<int>(caption.size());
    for (std::size_t i = 0; i < caption.size(); ++i)
        body += fmt::format(R"(<text class="caption" x="8" y="{}">{}</text>)",
                            first.height() + 4 + CaptionLine * static_cast<int>(i + 1),
                            xml_escaped(caption[i]));
    // The style is inside the picture, so that a file looks the same in any viewer.
    const std::string style =
        ".wood{fill:#dcb35c;stroke:#8a6a2a}"
        ".grid{stroke:#3b2f1a;stroke-width:1.2}"
        ".coord{font:12px sans-serif;fill:#3b2f1a;text-anchor:middle}"
        ".stone.black{fill:#111;stroke:#000}"
        ".stone.white{fill:#f8f8f4;stroke:#333}"
        ".last{fill:none;stroke:#d33;stroke-width:3}"
        ".ko{fill:none;stroke:#b00;stroke-width:3}"
        ".disc{stroke:#333;stroke-width:1;opacity:.92}"
        ".disc.best{stroke:#023;stroke-width:4}"
        ".value{font:bold 13px sans-serif;text-anchor:middle;fill:#111}"
        ".pv{font:bold 16px sans-serif;text-anchor:middle}"
        ".pv.on-black{fill:#fff}.pv.on-white{fill:#111}"
        ".point{fill:transparent;cursor:pointer}"
        ".caption{font:13px sans-serif;fill:#222}";
    return fmt::format(
        "{}<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" width=\"{}\" height=\"{}\" "
        "viewBox=\"0 0 {} {}\">\n<style>{}</style>\n{}</svg>\n",
        pic.standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : "", width, height, width,
        height, style, body);
}

}  // namespace smallgo::cli
