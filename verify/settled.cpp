// Plain flood fills over point indices: neighbours from the row and column of a point. Every
// array is of fixed size (MaxPoints), so that a leaf allocates nothing: the checker settles
// hundreds of thousands of leaves, and allocation had been a third of its time.
#include "verify/settled.hpp"

#include <array>
#include <bitset>
#include <span>

namespace smallgo::verify {

namespace {

enum Point : int { Empty = 0, BlackStone = 1, WhiteStone = 2 };

using Labels = std::array<int, MaxPoints>;  // per point: a group's number, or -1

struct Board {
    int rows, cols;
    std::array<int, MaxPoints> point{};  // Empty, BlackStone, WhiteStone
    std::array<std::array<int, 4>, MaxPoints> neighbours{};
    std::array<int, MaxPoints> degree{};

    Board(const Geometry& g, const Position& p) : rows(g.rows()), cols(g.cols()) {
        for (int i = 0; i < size(); ++i) {
            if (p.black() >> i & 1) point[i] = BlackStone;
            if (p.white() >> i & 1) point[i] = WhiteStone;
            const int r = i / cols, c = i % cols;
            auto add = [&](int j) { neighbours[i][degree[i]++] = j; };
            if (r > 0) add(i - cols);
            if (r + 1 < rows) add(i + cols);
            if (c > 0) add(i - 1);
            if (c + 1 < cols) add(i + 1);
        }
    }
    int size() const { return rows * cols; }
    std::span<const int> next(int i) const {
        return {neighbours[i].data(), static_cast<std::size_t>(degree[i])};
    }

    // Labels the connected groups of points for which `member` holds: labels[i] = group number
    // or -1; returns the number of groups.
    template <class Member>
    int label(Member member, Labels& labels) const {
        labels.fill(-1);
        int groups = 0;
        std::array<int, MaxPoints> queue{};
        for (int start = 0; start < size(); ++start) {
            if (!member(start) || labels[start] >= 0) continue;
            int length = 0;
            queue[length++] = start;
            labels[start] = groups;
            for (int k = 0; k < length; ++k)
                for (int j : next(queue[k]))
                    if (member(j) && labels[j] < 0) labels[j] = groups, queue[length++] = j;
            ++groups;
        }
        return groups;
    }
};

}  // namespace

int area_difference(const Geometry& g, const Position& p) {
    const Board b(g, p);
    Labels regions;
    b.label([&](int i) { return b.point[i] == Empty; }, regions);
    std::array<int, MaxPoints> reaches{};  // per region: bit 1 a Black stone, bit 2 a White one
    for (int i = 0; i < b.size(); ++i)
        if (regions[i] >= 0)
            for (int j : b.next(i)) reaches[regions[i]] |= b.point[j];
    int difference = 0;
    for (int i = 0; i < b.size(); ++i) {
        int owner = b.point[i] != Empty ? b.point[i] : reaches[regions[i]];
        if (owner == BlackStone) ++difference;
        if (owner == WhiteStone) --difference;
    }
    return difference;
}

namespace {

// Benson's algorithm for the strings of `own` on b: which strings are alive, and which regions
// (the connected sets of points that are not `own`) border none but alive strings.
struct Life {
    Labels string_of, region_of;  // per point, -1 where none
    std::bitset<MaxPoints> string_alive, region_alive;
    bool alive_at(int i) const { return string_of[i] >= 0 && string_alive[string_of[i]]; }
};

Life benson_life(const Board& b, int own, bool every_point_vital) {
    Life life;
    const int strings = b.label([&](int i) { return b.point[i] == own; }, life.string_of);
    const int regions = b.label([&](int i) { return b.point[i] != own; }, life.region_of);
    const auto& string_of = life.string_of;
    const auto& region_of = life.region_of;

    // vital[r][s]: region r has an empty point and every point of it that must be a liberty of
    // string s is one (every empty point; with every_point_vital every point).
    std::array<std::bitset<MaxPoints>, MaxPoints> vital{};
    std::bitset<MaxPoints> has_empty;
    for (int i = 0; i < b.size(); ++i)
        if (region_of[i] >= 0 && b.point[i] == Empty) has_empty[region_of[i]] = true;
    for (int r = 0; r < regions; ++r) {
        if (!has_empty[r]) continue;
        for (int s = 0; s < strings; ++s) {
            bool all = true;
            for (int i = 0; i < b.size() && all; ++i) {
                if (region_of[i] != r || (!every_point_vital && b.point[i] != Empty)) continue;
                bool next_to_s = false;
                for (int j : b.next(i)) next_to_s = next_to_s || string_of[j] == s;
                all = next_to_s;
            }
            vital[r][s] = all;
        }
    }
    // Drop strings with fewer than two vital regions left, and regions next to a dropped string,
    // until nothing changes.
    auto& string_alive = life.string_alive;
    auto& region_alive = life.region_alive;
    for (int s = 0; s < strings; ++s) string_alive[s] = true;
    for (int r = 0; r < regions; ++r) region_alive[r] = true;
    for (bool changed = true; changed;) {
        changed = false;
        for (int s = 0; s < strings; ++s) {
            if (!string_alive[s]) continue;
            int count = 0;
            for (int r = 0; r < regions; ++r) count += region_alive[r] && vital[r][s];
            if (count < 2) string_alive[s] = false, changed = true;
        }
        for (int i = 0; i < b.size(); ++i) {
            if (region_of[i] < 0 || !region_alive[region_of[i]]) continue;
            for (int j : b.next(i))
                if (string_of[j] >= 0 && !string_alive[string_of[j]]) {
                    region_alive[region_of[i]] = false, changed = true;
                    break;
                }
        }
    }
    return life;
}

// Whether point i is an empty point whose every neighbour is an alive stone (1x1's one point has
// no neighbours and is no eye).
bool eye_at(const Board& b, const Life& life, int i) {
    if (b.point[i] != Empty || b.next(i).empty()) return false;
    for (int j : b.next(i))
        if (!life.alive_at(j)) return false;
    return true;
}

}  // namespace

int safe_points(const Geometry& g, const Position& p, Color c, bool suicide_allowed) {
    const Board b(g, p);
    const Life life = benson_life(b, c == Color::Black ? BlackStone : WhiteStone, suicide_allowed);
    int safe = 0;
    for (int i = 0; i < b.size(); ++i) safe += life.alive_at(i) || eye_at(b, life, i);
    return safe;
}

Territory safe_points_with_territory(const Geometry& g, const Position& p, Color c,
                                     bool suicide_allowed) {
    const Board b(g, p);
    const int own = c == Color::Black ? BlackStone : WhiteStone;
    const Life loose = benson_life(b, own, suicide_allowed);
    const Life strict = suicide_allowed ? loose : benson_life(b, own, true);
    const bool after_own_pass = p.passes == 1 && p.to_move != c;
    // counted[r]: region r is enclosed by strictly alive strings alone, every point of it is next
    // to one, and (right after the owner's pass) it holds no opponent stone.
    std::bitset<MaxPoints> counted = strict.region_alive;
    for (int i = 0; i < b.size(); ++i) {
        const int r = strict.region_of[i];
        if (r < 0) continue;
        bool touches = false;
        for (int j : b.next(i)) touches = touches || strict.alive_at(j);
        if (!touches || (after_own_pass && b.point[i] != Empty)) counted[r] = false;
    }
    Territory t;
    for (int i = 0; i < b.size(); ++i) {
        const int r = strict.region_of[i];
        const bool in_region = r >= 0 && counted[r];
        t.points += loose.alive_at(i) || eye_at(b, loose, i) || in_region;
        if (loose.alive_at(i)) t.alive |= Bitboard{1} << i;
    }
    return t;
}

}  // namespace smallgo::verify
