// write_sgf (cli/sgf.hpp): the root's properties on the first line, then one node per line. The
// variations at the branch node are written as SGF says a branch is: the rest of the main line as
// the first child tree, each variation as a further child tree of one node.
#include <cassert>

#include <fmt/core.h>

#include "cli/sgf.hpp"

#ifndef SMALLGO_VERSION
#error "SMALLGO_VERSION comes from project(VERSION) in the top CMakeLists.txt"
#endif

namespace smallgo::cli {

namespace {

// A property value with SGF's escapes: "\" before "]" and "\" (and ":" in a composed value's
// part, where it would split the value).
std::string escaped(std::string_view text, bool composed_part = false) {
    std::string out;
    for (char c : text) {
        if (c == ']' || c == '\\' || (composed_part && c == ':')) out += '\\';
        out += c;
    }
    return out;
}

// "C[...]" or nothing.
std::string comment(std::string_view text) {
    return text.empty() ? std::string() : fmt::format("C[{}]", escaped(text));
}

// "AB[aa][ba]" for the points of b, or nothing.
std::string point_list(const Geometry& g, std::string_view id, Bitboard b) {
    if (b == 0) return {};
    std::string out(id);
    for (int p = 0; p < g.points(); ++p)
        if (b & Geometry::bit(p)) out += fmt::format("[{}]", g.sgf(static_cast<Move>(p)));
    return out;
}

// ";B[cc]", ";W[]".
std::string move_node(const Geometry& g, Color c, Move m) {
    return fmt::format(";{}[{}]", c == Color::Black ? "B" : "W", g.sgf(m));
}

}  // namespace

std::string write_sgf(const SgfGame& game, const SgfAnnotations& notes) {
    const Geometry& g = game.geometry;
    assert(g.cols() <= MaxSgfColumns);
    const Position& start = game.start;
    const std::string size =
        g.is_square() ? std::to_string(g.rows()) : fmt::format("{}:{}", g.cols(), g.rows());
    std::string out =
        fmt::format("(;FF[4]GM[1]CA[UTF-8]AP[smallgo:{}]SZ[{}]", SMALLGO_VERSION, size);
    if (!game.preset.empty()) out += fmt::format("RU[{}]", escaped(game.preset));
    if (game.komi_x2) out += fmt::format("KM[{}]", komi_text(*game.komi_x2));
    if (!notes.result.empty()) out += fmt::format("RE[{}]", escaped(notes.result));
    if (!notes.date.empty()) out += fmt::format("DT[{}]", escaped(notes.date));
    out += point_list(g, "AB", start.black()) + point_list(g, "AW", start.white());
    // PL only where a reader could not tell: a setup, or White first.
    if (start.occupied() != 0 || start.to_move == Color::White)
        out += fmt::format("PL[{}]", start.to_move == Color::Black ? "B" : "W");

    // The branch node's labels, written with that node; its comment joins the node's own.
    auto labels = [&] {
        if (notes.labels.empty()) return std::string();
        std::string s = "LB";
        for (const SgfLabel& l : notes.labels)
            s += fmt::format("[{}:{}]", g.sgf(l.point), escaped(l.text, true));
        return s;
    };
    auto extras = [&](std::size_t node, std::string note) {
        if (node != notes.branch_at) return comment(note);
        if (!notes.branch_comment.empty())
            note = note.empty() ? notes.branch_comment
                                : fmt::format("{}\n{}", note, notes.branch_comment);
        return comment(note) + labels();
    };
    out += extras(0, notes.root_comment);

    const bool branch = notes.branch_at < game.moves.size() && !notes.variations.empty();
    Color c = start.to_move;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        out += fmt::format(
            "{}{}{}", branch && i == notes.branch_at ? "\n(" : "\n", move_node(g, c, game.moves[i]),
            extras(i + 1, i < notes.comments.size() ? notes.comments[i] : std::string()));
        c = opponent(c);
    }
    if (branch) {
        out += ")";
        // Every variation is a move of the side to move at the branch node.
        const Color side = (notes.branch_at % 2 == 0) ? start.to_move : opponent(start.to_move);
        for (const SgfVariation& v : notes.variations)
            out += fmt::format("\n({}{})", move_node(g, side, v.move), comment(v.comment));
    }
    out += ")\n";
    return out;
}

}  // namespace smallgo::cli
