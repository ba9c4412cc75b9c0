// Geometry construction, symmetries and coordinate conversion.
#include "rules/geometry.hpp"

#include <cctype>
#include <charconv>
#include <map>
#include <memory>
#include <mutex>

#include "rules/symmetry.hpp"

namespace smallgo {

namespace {
// Column letters as on a Go board: A..Z without I, enough for 64 columns with a second letter
// never needed (at most 64 columns on a 1x64 board uses AA.. style; see aga()).
constexpr std::string_view Letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

// The symmetry tables of a board shape: built by the first Geometry of that shape, kept (at a
// stable address) until the program ends.
const Symmetries& shared_symmetries(const Geometry& g) {
    static std::mutex lock;
    static std::map<std::pair<int, int>, std::unique_ptr<const Symmetries>> tables;
    std::lock_guard guard(lock);
    auto& t = tables[{g.rows(), g.cols()}];
    if (!t) t = std::make_unique<const Symmetries>(g);
    return *t;
}

std::string column_name(int col) {
    std::string s;
    if (col >= static_cast<int>(Letters.size())) {
        s += Letters[col / static_cast<int>(Letters.size()) - 1];
        col %= static_cast<int>(Letters.size());
    }
    s += Letters[col];
    return s;
}
}  // namespace

Geometry::Geometry(int rows, int cols) : rows_(rows), cols_(cols) {
    int n = rows * cols;
    all_ = n == 64 ? ~Bitboard{0} : (Bitboard{1} << n) - 1;
    Bitboard col0 = 0, col_last = 0, row0 = 0, row_last = 0;
    for (int r = 0; r < rows; ++r) {
        col0 |= bit(point(r, 0));
        col_last |= bit(point(r, cols - 1));
    }
    for (int c = 0; c < cols; ++c) {
        row0 |= bit(point(0, c));
        row_last |= bit(point(rows - 1, c));
    }
    not_col0_ = all_ & ~col0;
    not_col_last_ = all_ & ~col_last;
    edge_ = col0 | col_last | row0 | row_last;
    row_shift_ = rows > 1 ? cols : 0;
    vertical_ = rows > 1 ? all_ : 0;
    symmetries_ = &shared_symmetries(*this);
}

std::optional<Geometry> Geometry::make(int rows, int cols) {
    if (rows < 1 || cols < 1 || rows * cols > MaxPoints) return std::nullopt;
    return Geometry(rows, cols);
}

std::optional<Geometry> Geometry::parse(std::string_view text) {
    auto x = text.find_first_of("xX");
    if (x == std::string_view::npos) return std::nullopt;
    int rows = 0, cols = 0;
    auto a = text.substr(0, x), b = text.substr(x + 1);
    if (a.empty() || b.empty() || a.size() > 3 || b.size() > 3) return std::nullopt;
    auto ra = std::from_chars(a.data(), a.data() + a.size(), rows);
    auto rb = std::from_chars(b.data(), b.data() + b.size(), cols);
    if (ra.ec != std::errc{} || ra.ptr != a.data() + a.size() || rb.ec != std::errc{} ||
        rb.ptr != b.data() + b.size())
        return std::nullopt;
    return make(rows, cols);
}

std::string Geometry::name() const {
    return std::to_string(rows_) + "x" + std::to_string(cols_);
}

int Geometry::map_point(int sym, int p) const {
    int r = row_of(p), c = col_of(p);
    int R = rows_ - 1, C = cols_ - 1;
    // Symmetries 0..3 keep the board's shape: identity, flip columns, flip rows, rotate 180.
    // Symmetries 4..7 (square boards only) transpose first.
    if (sym >= 4) std::swap(r, c);
    if (sym & 1) c = C - c;
    if (sym & 2) r = R - r;
    return point(r, c);
}

Bitboard Geometry::map(int sym, Bitboard b) const {
    return symmetries_->map(sym, b);
}

std::string Geometry::aga(Move m) const {
    if (m == Pass) return "pass";
    return column_name(col_of(m)) + std::to_string(row_of(m) + 1);
}

std::string Geometry::sgf(Move m) const {
    if (m == Pass) return "";
    auto letter = [](int i) { return static_cast<char>(i < 26 ? 'a' + i : 'A' + i - 26); };
    return std::string{letter(col_of(m)), letter(rows_ - 1 - row_of(m))};
}

std::optional<Move> Geometry::parse_move(std::string_view text) const {
    std::string t;
    for (char ch : text) t += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    if (t == "PASS") return Pass;
    // AGA: one or two letters then a row number.
    std::size_t i = 0;
    while (i < t.size() && std::isalpha(static_cast<unsigned char>(t[i]))) ++i;
    if (i == 1 || i == 2) {
        if (i < t.size()) {
            int col = -1;
            auto idx = [](char ch) -> int {
                auto k = Letters.find(ch);
                return k == std::string_view::npos ? -1 : static_cast<int>(k);
            };
            if (i == 1) {
                col = idx(t[0]);
            } else {
                int hi = idx(t[0]), lo = idx(t[1]);
                if (hi >= 0 && lo >= 0) col = (hi + 1) * static_cast<int>(Letters.size()) + lo;
            }
            int row = 0;
            auto r = std::from_chars(t.data() + i, t.data() + t.size(), row);
            if (col < 0 || r.ec != std::errc{} || r.ptr != t.data() + t.size()) return std::nullopt;
            if (col >= cols_ || row < 1 || row > rows_) return std::nullopt;
            return static_cast<Move>(point(row - 1, col));
        }
        // SGF: exactly two letters, column then row from the top; a..z are 0..25, A..Z 26..51.
        if (i == 2 && text.size() == 2) {
            auto index = [](char ch) {
                return std::islower(static_cast<unsigned char>(ch)) ? ch - 'a' : ch - 'A' + 26;
            };
            int col = index(text[0]), row = rows_ - 1 - index(text[1]);
            if (col >= cols_ || row < 0 || row >= rows_) return std::nullopt;
            return static_cast<Move>(point(row, col));
        }
    }
    return std::nullopt;
}

}  // namespace smallgo
