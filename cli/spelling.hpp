// "Did you mean ...?": the known word nearest to a misspelt one, by edit distance (Levenshtein:
// insertions, deletions and substitutions cost 1). For command names; quadratic in the lengths.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace smallgo::cli {

// The edits that turn a into b.
int edit_distance(std::string_view a, std::string_view b);
// The candidate nearest to `word`, if one is within 2 edits and within a third of the longer
// word's length rounded up (so "solv" and "tabel" find "solve" and "table"; "foo" finds nothing).
std::optional<std::string> nearest(std::string_view word, const std::vector<std::string>& known);

}  // namespace smallgo::cli
