// Edit distance and the nearest known word (spelling.hpp).
#include "cli/spelling.hpp"

#include <algorithm>
#include <numeric>

namespace smallgo::cli {

int edit_distance(std::string_view a, std::string_view b) {
    // One row of the dynamic programme at a time: row[j] = distance of a[0..i) to b[0..j).
    std::vector<int> row(b.size() + 1);
    std::iota(row.begin(), row.end(), 0);
    for (std::size_t i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = static_cast<int>(i);
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const int above = row[j];
            row[j] = std::min({above + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::optional<std::string> nearest(std::string_view word, const std::vector<std::string>& known) {
    std::optional<std::string> best;
    int best_distance = 0;
    for (const auto& k : known) {
        const int d = edit_distance(word, k);
        const int longer = static_cast<int>(std::max(word.size(), k.size()));
        if (d > 2 || 3 * d > longer + 2) continue;
        if (!best || d < best_distance) best = k, best_distance = d;
    }
    return best;
}

}  // namespace smallgo::cli
