// Tests of the legal-position counter: brute-force enumeration through the rules kernel, the
// published values, symmetry L(m,n) = L(n,m) from two different sweeps, residues against exact
// counts and exact counts beyond 2^64 against Chinese remaindering, the bit-twiddled transfer
// against a slow label-based one, threads, limits and interruption.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <map>
#include <tuple>
#include <vector>

#include "count/border_state.hpp"
#include "count/border_table.hpp"
#include "count/legal_count.hpp"
#include "count/legal_counts.hpp"
#include "count/legal_crt.hpp"
#include "count/legal_sweep.hpp"
#include "rules/geometry.hpp"
#include "rules/position.hpp"

using namespace smallgo;

namespace {

BigCount big(const char* decimal) {
    return BigCount(decimal);
}

// L(rows, cols) by enumerating all 3^(rows cols) positions and asking the rules kernel.
u64 brute_force(int rows, int cols) {
    const Geometry g = *Geometry::make(rows, cols);
    const Bitboard all = g.all();
    u64 legal = 0;
    for (Bitboard black = 0;; black = (black - all) & all) {  // every subset of the board
        const Bitboard rest = all & ~black;
        for (Bitboard white = 0;; white = (white - rest) & rest) {
            Position p;
            p.stones[0] = black;
            p.stones[1] = white;
            legal += p.is_legal(g);
            if (white == rest) break;
        }
        if (black == all) break;
    }
    return legal;
}

// L(k, width) for k = 1..rows from one sweep of this width.
template <class Arith = WideSum<4>>
std::vector<BigCount> sweep_rows(int width, int rows, Arith arith = {}, int threads = 1) {
    LegalSweep<Arith> s(width, rows, arith);
    while (!s.done()) REQUIRE(s.step(threads));
    return s.per_row();
}

// The slow transfer: decode to one label per string, apply the rule, relabel, encode.
struct Labels {
    int v[MaxBorderWidth];  // 0 empty, 1/2 black/white with liberty, 4 + 2 s + colour needing
};

Labels decode_slow(BorderWord w, int width) {
    Labels l{};
    std::vector<int> open;
    int strings = 0;
    for (int i = 0; i < width; ++i) {
        unsigned x = border::cell(w, i);
        if (x < 4) {
            l.v[i] = int(x);
            continue;
        }
        int colour = int(x >> 3) & 1, kind = int(x & 3);
        if (kind <= 1) {
            l.v[i] = 4 + 2 * strings++ + colour;
            if (kind == 1) open.push_back(l.v[i]);
        } else {
            l.v[i] = open.back();
            if (kind == 3) open.pop_back();
        }
    }
    return l;
}

BorderWord encode_slow(const Labels& l, int width) {
    BorderWord w = 0;
    for (int i = 0; i < width; ++i) {
        int x = l.v[i];
        if (x >= 4) {
            bool first = std::find(l.v, l.v + i, x) == l.v + i;
            bool last = std::find(l.v + i + 1, l.v + width, x) == l.v + width;
            int kind = first && last ? 0 : first ? 1 : last ? 3 : 2;
            x = 4 + 4 * (x & 1) + kind;
        }
        w |= BorderWord(x) << (4 * i);
    }
    return w;
}

std::vector<BorderWord> successors_slow(BorderWord w, int width, int col, bool first_row) {
    const Labels v = decode_slow(w, width);
    const int up = first_row ? -1 : v.v[col], left = col > 0 ? v.v[col - 1] : -1;
    auto replaced = [&](Labels l, int from, int to) {
        for (int i = 0; i < width; ++i)
            if (l.v[i] == from) l.v[i] = to;
        return l;
    };
    std::vector<BorderWord> out;
    Labels e = v;
    if (up >= 4) e = replaced(e, up, 1 + (up & 1));
    if (left >= 4) e = replaced(e, left, 1 + (left & 1));
    e.v[col] = 0;
    out.push_back(encode_slow(e, width));
    for (int colour = 0; colour < 2; ++colour) {
        bool up_same = up >= 4 && (up & 1) == colour, left_same = left >= 4 && (left & 1) == colour;
        if (up >= 4 && !up_same && std::count(v.v, v.v + width, up) == 1) continue;
        Labels t = v;
        int lib = 1 + colour;
        if (up == 0 || left == 0 || up == lib || left == lib) {
            if (up_same) t = replaced(t, up, lib);
            if (left_same) t = replaced(t, left, lib);
            t.v[col] = lib;
        } else if (up_same) {
            if (left_same) t = replaced(t, left, up);
            t.v[col] = up;
        } else {
            t.v[col] = left_same ? left : 4 + 2 * 20 + colour;  // a label no decode gives
        }
        out.push_back(encode_slow(t, width));
    }
    return out;
}

}  // namespace

TEST_CASE("count: published values of L(m,n)", "[count]") {
    CHECK(legal_positions(1, 1) == 1);
    CHECK(legal_positions(1, 2) == 5);
    CHECK(legal_positions(1, 3) == 15);
    CHECK(legal_positions(1, 4) == 41);
    CHECK(legal_positions(2, 2) == 57);
    CHECK(legal_positions(2, 3) == 489);
    CHECK(legal_positions(3, 3) == 12675);
    CHECK(legal_positions(3, 4) == 321689);
    CHECK(legal_positions(4, 4) == 24318165);
    CHECK(legal_positions(5, 5) == big("414295148741"));
}

TEST_CASE("count: exact counts beyond 2^64", "[count]") {
    // OEIS A094777; 7x7 and up do not fit 64 bits.
    CHECK(legal_positions(6, 6) == big("62567386502084877"));
    CHECK(legal_positions(7, 7) == big("83677847847984287628595"));
    CHECK(legal_positions(8, 8) == big("990966953618170260281935463385"));
}

TEST_CASE("count: brute force through the rules kernel, every board of up to 16 points",
          "[count]") {
    int boards = 0;
    for (int rows = 1; rows <= 16; ++rows)
        for (int cols = 1; rows * cols <= 16; ++cols) {
            INFO(rows << "x" << cols);
            CHECK(legal_positions(rows, cols) == brute_force(rows, cols));
            ++boards;
        }
    CHECK(boards == 50);
}

TEST_CASE("count: L(m,n) == L(n,m) from sweeps of width n and of width m, m,n <= 7", "[count]") {
    std::vector<std::vector<BigCount>> by_width(8);
    for (int w = 1; w <= 7; ++w) by_width[w] = sweep_rows(w, 7);
    for (int m = 1; m <= 7; ++m)
        for (int n = 1; n <= 7; ++n) {
            INFO(m << "x" << n);
            CHECK(by_width[n][m - 1] == by_width[m][n - 1]);
        }
    CHECK(by_width[7][6] == big("83677847847984287628595"));
}

TEST_CASE("count: a long sweep of width 3 gives every L(k,3)", "[count]") {
    auto rows = sweep_rows(3, 12);
    CHECK(rows[0] == 15);
    CHECK(rows[1] == 489);
    CHECK(rows[2] == 12675);
    CHECK(rows[3] == 321689);
    CHECK(rows[7] == sweep_rows(8, 3)[2]);
}

TEST_CASE("count: counts modulo P equal the exact counts reduced modulo P", "[count]") {
    const u64 moduli[] = {
        2, 3, 1000000007ull, u64{1} << 63, ~u64{0}, large_prime(0), large_prime(5)};
    for (int n : {3, 5, 7, 8}) {
        auto exact = sweep_rows(n, n);
        for (u64 p : moduli) {
            INFO(n << " modulo " << p);
            auto residues = sweep_rows(n, n, ModSum{p});
            REQUIRE(residues.size() == exact.size());
            for (std::size_t k = 0; k < exact.size(); ++k) CHECK(residues[k] == exact[k] % p);
        }
    }
}

TEST_CASE("count: exact counts equal the Chinese remaindering of residue sweeps", "[count]") {
    // L(8,8) has 100 bits: two moduli near 2^64 determine it, one does not.
    const BigCount exact = legal_positions(8, 8);
    std::vector<u64> residues, moduli;
    for (int i = 0; i < 2; ++i) {
        moduli.push_back(large_prime(3 * i));
        residues.push_back(u64(sweep_rows(8, 8, ModSum{moduli.back()}).back()));
    }
    CHECK(chinese_remainder(residues, moduli) == exact);
    CHECK(chinese_remainder(std::span(residues).first(1), std::span(moduli).first(1)) != exact);
}

TEST_CASE("count: exact counts from residue sweeps equal the multi-limb counts, row by row",
          "[count]") {
    for (auto [rows, cols, threads] : {std::tuple{7, 7, 1}, {8, 8, 2}, {9, 6, 1}, {3, 17, 2}}) {
        INFO(rows << "x" << cols << " threads " << threads);
        CountOptions o;
        o.rows = rows;
        o.cols = cols;
        o.threads = threads;
        o.residues = residues_for_points(rows * cols);
        REQUIRE_FALSE(count_problem(o).has_value());
        const auto r = count_legal(o);
        REQUIRE(r.complete());
        CHECK(r.residues == o.residues);
        CHECK(r.limbs == 1);
        CHECK(r.per_row == sweep_rows(std::min(rows, cols), std::max(rows, cols)));
    }
    // More sweeps than needed change nothing.
    CountOptions o;
    o.rows = o.cols = 6;
    o.residues = residues_for_points(36) + 2;
    CHECK(count_legal(o).value() == legal_positions(6, 6));
}

TEST_CASE("count: residue sweeps enough for every count, and not many more", "[count]") {
    std::vector<BigCount> products{1};  // products[k]: large_prime(0) ... large_prime(k - 1)
    for (int k = 0; k < 12; ++k) products.push_back(products.back() * large_prime(k));
    BigCount power = 1;  // 3^points
    for (int points = 1; points <= 400; ++points) {
        power *= 3;
        const int k = residues_for_points(points);
        INFO(points << " points, " << k << " residues");
        REQUIRE(k < int(products.size()));
        CHECK(products[k] > power);
        // The least k, or one more where 3^points lies just below the product of k - 1.
        CHECK(products[k - 1] < 2 * power);
    }
    // What the count of residues rests on: every modulus it may take is above 2^64 - 2^20.
    CHECK(large_prime(63) > ~u64{0} - (u64{1} << 20));
    CHECK(residues_for_points(121) == 3);  // 11x11: three, as golegal takes
}

TEST_CASE("count: an exact count too big for the memory in limbs turns to residues", "[count]") {
    CountOptions o;
    o.rows = o.cols = 13;
    const u64 in_limbs = bytes_estimate(13, 13, 0), in_residues = bytes_estimate(13, 13, 2);
    REQUIRE(in_residues + 1 < in_limbs);
    o.memory_limit = in_residues + 1;
    REQUIRE(count_problem(o).has_value());
    CHECK(choose_exact_method(o));
    CHECK(o.residues == residues_for_points(169));
    CHECK_FALSE(count_problem(o).has_value());
    // Under a limit neither fits, the problem stands, stated for residues (the smaller need).
    o.residues = 0;
    o.memory_limit = in_residues / 2;
    CHECK(choose_exact_method(o));
    CHECK(o.residues == residues_for_points(169));
    CHECK(count_problem(o).value().find("GB") != std::string::npos);
    // A board too wide is not a matter of method.
    o.residues = 0;
    o.rows = o.cols = 17;
    CHECK_FALSE(choose_exact_method(o));
    CHECK(o.residues == 0);
    // Counts that fit are left alone, and so are counts modulo P.
    o.rows = o.cols = 5;
    CHECK_FALSE(choose_exact_method(o));
    CHECK(o.residues == 0);
    o.rows = o.cols = 13;
    o.modulus = large_prime(0);
    CHECK_FALSE(choose_exact_method(o));
    CHECK(o.residues == 0);
    // Over the limbs of the multi-word counts (360 points need more than 512 bits).
    o.modulus = 0;
    o.memory_limit = 0;
    o.rows = 12;
    o.cols = 30;
    REQUIRE(count_problem(o).has_value());
    CHECK(choose_exact_method(o));
    CHECK(o.residues == residues_for_points(360));
    CHECK_FALSE(count_problem(o).has_value());
}

TEST_CASE("count: exact 9x9 and 10x10, and by Chinese remaindering", "[count][.][slow]") {
    CHECK(legal_positions(9, 9) == big("103919148791293834318983090438798793469"));
    const BigCount exact = legal_positions(10, 10);
    CHECK(exact == big("96498428501909654589630887978835098088148177857"));
    std::vector<u64> residues, moduli;
    for (int i = 0; i < 3; ++i) {
        moduli.push_back(large_prime(i + 7));
        residues.push_back(u64(sweep_rows(10, 10, ModSum{moduli.back()}).back()));
    }
    CHECK(chinese_remainder(residues, moduli) == exact);
}

TEST_CASE("count: a sweep widened to more limbs goes on as if it had had them from the start",
          "[count]") {
    // 7x7: counts may pass 2^64 after 41 points; widen to two limbs at several points, and to
    // three a little later.
    const auto expected = sweep_rows(7, 7);
    for (int at : {0, 7, 20, 40}) {
        LegalSweep<WideSum<1>> narrow(7, 7, {});
        while (narrow.points_done() < at) REQUIRE(narrow.step());
        auto two = LegalSweep<WideSum<2>>::widened(narrow, {});
        REQUIRE(two);
        CHECK(two->snapshot() == narrow.snapshot());
        CHECK(two->points_done() == at);
        while (two->points_done() < at + 3) REQUIRE(two->step());
        auto three = LegalSweep<WideSum<3>>::widened(*two, {});
        REQUIRE(three);
        while (!three->done()) REQUIRE(three->step(2));
        REQUIRE(three->is_ok());
        INFO("widened at " << at);
        CHECK(three->per_row() == expected);
        CHECK(three->max_states() == 8276);
    }
    // The driver widens as the counts grow: 8x8 ends in two limbs, 9x9 would need three.
    CountOptions o;
    o.rows = o.cols = 8;
    const CountResult r = count_legal(o);
    CHECK(r.limbs == 2);
    CHECK(r.value() == big("990966953618170260281935463385"));
}

TEST_CASE("count: Chinese remaindering", "[count]") {
    const u64 r[] = {2, 3, 2}, m[] = {3, 5, 7};
    CHECK(chinese_remainder(r, m) == 23);
    const u64 bad[] = {4, 6, 7};
    CHECK_FALSE(chinese_remainder(r, bad).has_value());
    CHECK(large_prime(0) == 18446744073709551557ull);  // 2^64 - 59
}

TEST_CASE("count: the bit-parallel transfer agrees with a slow label-based one", "[count]") {
    for (int width = 1; width <= 7; ++width) {
        LegalSweep<WideSum<3>> s(width, width + 2, {});
        while (!s.done()) {
            for (const auto& [w, count] : s.snapshot()) {
                REQUIRE(border::is_ok(w, width));
                BorderWord fast[3];
                const bool first_row = s.row() == 0;
                int n = border::successors(w, width, s.col(), first_row, fast);
                auto slow = successors_slow(w, width, s.col(), first_row);
                INFO("width " << width << " point " << s.row() << "," << s.col() << " word " << w);
                CHECK(std::vector<BorderWord>(fast, fast + n) == slow);
            }
            REQUIRE(s.step());
            REQUIRE(s.is_ok());
        }
    }
}

namespace {
// The mirror image of a full-row border by labels: reverse the cells, encode afresh.
BorderWord mirror_slow(BorderWord w, int width) {
    const Labels l = decode_slow(w, width);
    Labels r{};
    for (int i = 0; i < width; ++i) r.v[i] = l.v[width - 1 - i];
    return encode_slow(r, width);
}
}  // namespace

TEST_CASE("count: mirror images of row-end border words agree with a label-based mirror",
          "[count]") {
    // Every row-end state of sweeps without mirror merging, widths 1 to 8.
    u64 words = 0, symmetric = 0;
    for (int width = 1; width <= 8; ++width) {
        LegalSweep<WideSum<2>> s(width, 4, {}, false);
        while (!s.done()) {
            REQUIRE(s.step());
            if (s.col() != 0) continue;
            for (const auto& [w, count] : s.snapshot())
                for (BorderWord x : {w, border::swap_colours(w)}) {
                    INFO("width " << width << " word " << x);
                    const BorderWord m = border::mirror(x, width);
                    CHECK(m == mirror_slow(x, width));
                    CHECK(border::is_ok(m, width));
                    CHECK(border::mirror(m, width) == x);
                    CHECK(border::full_canonical(x, width) <= border::swap_canonical(x));
                    CHECK(border::full_canonical(m, width) == border::full_canonical(x, width));
                    ++words;
                    symmetric += m == x;
                }
        }
    }
    CHECK(words > 100000);
    CHECK(symmetric > 0);
    CHECK(border::mirror(0x10785, 5) == 0x78501);  // B2 . B1(opens) W1 B1(closes)
}

TEST_CASE("count: merging mirror images changes no count, and keeps one state of each class",
          "[count]") {
    for (int width = 1; width <= 8; ++width) {
        const int rows = std::max(1, 10 - width);
        LegalSweep<WideSum<4>> merged(width, rows, {}), plain(width, rows, {}, false);
        u64 merged_sum = 0, plain_sum = 0;
        while (!plain.done()) {
            merged_sum += merged.states();
            plain_sum += plain.states();
            REQUIRE(merged.step());
            REQUIRE(plain.step());
            REQUIRE(merged.is_ok());
            if (plain.col() != 0) continue;
            // At a row end the merged sweep holds exactly one word of each class of the plain
            // sweep's words under colour swap and mirror; after its first row end the counts
            // of the classes agree too (later, merged counts stand for the classes' futures).
            std::map<BorderWord, BigCount> classes;
            for (const auto& [w, count] : plain.snapshot())
                classes[border::full_canonical(w, width)] += count;
            const auto m = merged.snapshot();
            INFO("width " << width << " row " << plain.row());
            REQUIRE(m.size() == classes.size());
            auto c = classes.begin();
            for (const auto& [w, count] : m) {
                CHECK(w == c->first);
                if (plain.row() == 1) CHECK(count == c->second);
                ++c;
            }
            CHECK(merged.per_row() == plain.per_row());
        }
        if (width >= 3) CHECK(merged_sum < plain_sum);
    }
    // And modulo P with two threads, against the plain sweep with one.
    const ModSum mod{large_prime(2)};
    LegalSweep<ModSum> merged(9, 9, mod), plain(9, 9, mod, false);
    while (!plain.done()) REQUIRE((merged.step(2) && plain.step(1)));
    CHECK(merged.per_row() == plain.per_row());
    CHECK(merged.max_states() < plain.max_states());
}

TEST_CASE("count: colour swap of border words", "[count]") {
    CHECK(border::swap_colours(0x10785) == 0x20B49);
    CHECK(border::swap_colours(0x20B49) == 0x10785);
    CHECK(border::swap_colours(0) == 0);
    CHECK(border::swap_colours(0x2010) == 0x1020);
}

TEST_CASE("count: border words: the example of the header and the checks", "[count]") {
    // B1 W1 B1 . B2, B1 one needing string; B2 has a liberty.
    const BorderWord w = 0x10785;
    CHECK(border::is_ok(w, 5));
    CHECK(border::has_needing(w));
    CHECK_FALSE(border::has_needing(0x10210));
    CHECK_FALSE(border::is_ok(w, 4));     // a cell beyond the width
    CHECK(border::is_ok(0x75, 2));        // black opens, black closes
    CHECK_FALSE(border::is_ok(0xB5, 2));  // black opens, white closes
    CHECK_FALSE(border::is_ok(0x5, 1));   // never closed
    CHECK_FALSE(border::is_ok(0x3, 1));   // unused nibble
    CHECK(border::is_ok(0x4, 1));
}

TEST_CASE("count: pinned state counts at the widest step", "[count]") {
    // Representatives of colour-swap pairs, and at row ends of mirror images too. Without the
    // mirror: (all states + 1) / 2, the empty border its own.
    const u64 expected[] = {0, 2, 7, 38, 138, 525, 2061, 8276, 33334};
    const u64 without_mirror[] = {0, 2, 9, 44, 160, 599, 2363, 9562, 38473};
    for (int n = 1; n <= 8; ++n) {
        LegalSweep<ModSum> s(n, n, ModSum{large_prime(0)}, false);
        while (!s.done()) REQUIRE(s.step());
        CHECK(s.max_states() == without_mirror[n]);
    }
    for (int n = 1; n <= 8; ++n) {
        CountOptions o;
        o.rows = o.cols = n;
        INFO(n);
        CHECK(count_legal(o).max_states == expected[n]);
    }
}

TEST_CASE("count: two threads count what one counts, over several partitions", "[count]") {
    CountOptions o;
    o.rows = 9;
    o.cols = 8;
    o.threads = 2;
    auto two = count_legal(o);
    REQUIRE(two.complete());
    o.threads = 1;
    auto one = count_legal(o);
    CHECK(two.per_row == one.per_row);
    CHECK(two.max_states == one.max_states);
    CHECK(two.per_row[7] == big("990966953618170260281935463385"));
    auto residues = sweep_rows(8, 8, ModSum{large_prime(1)}, 2);
    CHECK(residues.back() == big("990966953618170260281935463385") % large_prime(1));
}

TEST_CASE("count: problems are found before counting", "[count]") {
    CountOptions o;
    o.rows = 0;
    o.cols = 5;
    CHECK(count_problem(o).has_value());
    o.rows = o.cols = 17;
    CHECK(count_problem(o).value().find("too wide") != std::string::npos);
    o.rows = o.cols = 13;
    o.memory_limit = 1'000'000'000;
    CHECK(count_problem(o).value().find("GB") != std::string::npos);
    o.rows = o.cols = 5;
    CHECK_FALSE(count_problem(o).has_value());
    o.modulus = 1;
    CHECK(count_problem(o).has_value());
    o.modulus = 0;
    o.rows = 16;
    o.cols = 200;  // 3200 points: more than 512 bits, and than 64 residues
    CHECK(count_problem(o).value().find("modulus") != std::string::npos);
    o.residues = 64;
    CHECK(count_problem(o).value().find("modulus") != std::string::npos);
    o.rows = o.cols = 5;
    o.residues = 1;  // 3^25 < 2^63
    CHECK_FALSE(count_problem(o).has_value());
    o.rows = o.cols = 7;  // 3^49 > 2^64
    CHECK(count_problem(o).value().find("residue") != std::string::npos);
    o.residues = 2;
    CHECK_FALSE(count_problem(o).has_value());
    o.modulus = 5;
    CHECK(count_problem(o).value().find("residue") != std::string::npos);
}

TEST_CASE("count: an interrupted count says where it stopped", "[count]") {
    std::atomic<bool> stop{false};
    CountOptions o;
    o.rows = o.cols = 6;
    o.stop = &stop;
    int calls = 0;
    o.progress = [&](const CountProgress& p) {
        if (++calls == 20) stop = true;
        CHECK(p.points_total == 36);
    };
    auto r = count_legal(o);
    CHECK(r.end == CountEnd::Interrupted);
    CHECK(r.stopped_row == 3);
    CHECK(r.stopped_col == 2);
    REQUIRE(r.per_row.size() == 3);
    CHECK(r.per_row[2] == legal_positions(3, 6));
}

TEST_CASE("count: a count by residues interrupted in a later sweep says which", "[count]") {
    std::atomic<bool> stop{false};
    CountOptions o;
    o.rows = o.cols = 6;
    o.residues = 2;
    o.stop = &stop;
    int calls = 0, last_sweep = 0;
    o.progress = [&](const CountProgress& p) {
        if (++calls == 36 + 20) stop = true;
        CHECK(p.sweeps == 2);
        CHECK(p.sweep >= last_sweep);
        last_sweep = p.sweep;
    };
    auto r = count_legal(o);
    CHECK(r.end == CountEnd::Interrupted);
    CHECK(r.residues == 2);
    CHECK(r.stopped_sweep == 1);
    CHECK(r.stopped_row == 3);
    CHECK(r.stopped_col == 2);
    CHECK(r.per_row.empty());  // no row is known exactly before the last sweep
}

TEST_CASE("count: the memory estimate made before a count covers its peak", "[count]") {
    for (int threads : {1, 2})
        for (int n = 3; n <= 9; ++n)
            for (u64 modulus : {u64{0}, large_prime(0)}) {
                CountOptions o;
                o.rows = o.cols = n;
                o.threads = threads;
                o.modulus = modulus;
                INFO(n << "x" << n << " threads " << threads << " modulus " << modulus);
                const auto r = count_legal(o);
                CHECK(r.peak_bytes <= bytes_estimate(n, n, modulus, threads));
                // And not wildly above it: the estimate is about the sweep's real needs.
                CHECK(bytes_estimate(n, n, modulus, threads) < 3 * r.peak_bytes);
            }
}

TEST_CASE("count: a count that outgrows its memory limit stops", "[count]") {
    CountOptions o;
    o.rows = o.cols = 8;
    o.memory_limit = 1'500'000;  // below the 8x8 tables
    auto r = count_legal(o);
    CHECK(r.end == CountEnd::OutOfMemory);
    CHECK(r.peak_bytes <= o.memory_limit);
}

TEST_CASE("count: wide sums carry into the top limb when accumulating and merging", "[count]") {
    using namespace smallgo;
    WideSum<2> w;
    const u64 ones[2] = {~u64{0}, ~u64{0}};  // 2^128 - 1
    auto a = WideSum<2>::zero(), b = WideSum<2>::zero();
    w.accumulate(a, ones);
    w.accumulate(a, ones);  // 2^129 - 2
    w.accumulate(b, ones);  // 2^128 - 1
    w.merge(a, b);          // 3 * 2^128 - 3
    BigCount expected = (BigCount(1) << 128) * 3 - 3;
    REQUIRE(w.to_big(a) == expected);
}

TEST_CASE("count: the partition table adds up counts like a map, and drains empty", "[count]") {
    // Words with many repeats (including 0, the empty border), two-limb counts with carries.
    BorderTable<2> table;
    WideSum<2> sum;
    std::map<BorderWord, BigCount> oracle;
    u64 x = 12345;
    auto next = [&x] {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;  // xorshift64
        return x;
    };
    for (int round = 0; round < 3; ++round) {
        const int records = 1000 << round;
        REQUIRE(table.prepare(u64(records)));
        for (int i = 0; i < records; ++i) {
            const BorderWord w = next() % 300 * 0x1111;
            const u64 count[2] = {~u64{0} - next() % 5, next() % 3};
            table.add(w, border_hash(w), count, [&](u64* d, const u64* s) { sum.add(d, s); });
            oracle[w] += sum.to_big(count);
        }
        REQUIRE(table.size() == oracle.size());
        std::vector<u64> out(table.size() * 3);
        const int shift = 4 * round;  // grouped by cells round and round + 1
        REQUIRE(table.drain(out.data(), shift) == oracle.size());
        CHECK(table.size() == 0);
        std::map<BorderWord, BigCount> drained;
        for (std::size_t i = 0; i < out.size(); i += 3) {
            drained[out[i]] = sum.to_big(&out[i + 1]);
            if (i > 0) CHECK(((out[i - 3] >> shift) & 255) <= ((out[i] >> shift) & 255));
        }
        CHECK(drained == oracle);
        oracle.clear();
    }
}
