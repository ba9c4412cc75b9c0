#include "rules/diagram.hpp"

#include <vector>

namespace smallgo {

std::optional<Diagram> parse_diagram(std::string_view text, Color to_move) {
    std::vector<std::string> rows;
    std::string row;
    auto flush = [&] {
        if (!row.empty()) rows.push_back(row);
        row.clear();
    };
    for (char ch : text) {
        if (ch == '\n') {
            flush();
        } else if (ch == 'X' || ch == 'O' || ch == '.') {
            row += ch;
        } else if (ch != ' ' && ch != '\t' && ch != '\r') {
            return std::nullopt;
        }
    }
    flush();
    if (rows.empty()) return std::nullopt;
    for (const auto& r : rows)
        if (r.size() != rows[0].size()) return std::nullopt;
    auto g = Geometry::make(static_cast<int>(rows.size()), static_cast<int>(rows[0].size()));
    if (!g) return std::nullopt;
    Bitboard black = 0, white = 0;
    for (int r = 0; r < g->rows(); ++r) {
        const std::string& line = rows[g->rows() - 1 - r];  // top line is the highest row
        for (int c = 0; c < g->cols(); ++c) {
            if (line[c] == 'X') black |= Geometry::bit(g->point(r, c));
            if (line[c] == 'O') white |= Geometry::bit(g->point(r, c));
        }
    }
    return Diagram{*g, make_position(black, white, to_move)};
}

namespace {
char point_char(const Position& p, int i) {
    if (p.black() & Geometry::bit(i)) return 'X';
    if (p.white() & Geometry::bit(i)) return 'O';
    return '.';
}
}  // namespace

std::string to_diagram(const Geometry& g, const Position& p) {
    std::string s;
    for (int r = g.rows() - 1; r >= 0; --r) {
        for (int c = 0; c < g.cols(); ++c) s += point_char(p, g.point(r, c));
        s += '\n';
    }
    return s;
}

std::string to_board_text(const Geometry& g, const Position& p) {
    std::string s;
    auto header = [&] {
        s += "   ";
        for (int c = 0; c < g.cols(); ++c) {
            std::string name = g.aga(static_cast<Move>(g.point(0, c)));
            name.pop_back();  // drop the row digit "1"
            s += name.size() == 1 ? " " + name : name;
        }
        s += '\n';
    };
    header();
    for (int r = g.rows() - 1; r >= 0; --r) {
        std::string num = std::to_string(r + 1);
        s += std::string(3 - num.size(), ' ') + num;
        for (int c = 0; c < g.cols(); ++c) {
            s += ' ';
            s += point_char(p, g.point(r, c));
        }
        s += '\n';
    }
    return s;
}

}  // namespace smallgo
