// The symmetry tables of symmetry.hpp, built from Geometry::map_point.
#include "rules/symmetry.hpp"

#include "rules/geometry.hpp"

namespace smallgo {

Symmetries::Symmetries(const Geometry& g)
    : count_(g.symmetry_count()), bytes_((g.points() + 7) / 8) {
    table_.assign(static_cast<std::size_t>(count_ * bytes_) * 256, 0);
    for (int s = 0; s < count_; ++s)
        for (int i = 0; i < bytes_; ++i)
            for (int v = 0; v < 256; ++v)
                for (int k = 0; k < 8 && 8 * i + k < g.points(); ++k)
                    if (v >> k & 1)
                        table_[static_cast<std::size_t>((s * bytes_ + i) * 256 + v)] |=
                            Geometry::bit(g.map_point(s, 8 * i + k));
    for (int s = 0; s < count_; ++s)
        for (int t = 0; t < count_; ++t) {
            bool undoes = true;
            for (int p = 0; p < g.points(); ++p)
                undoes = undoes && g.map_point(t, g.map_point(s, p)) == p;
            if (undoes) inverse_[s] = t;
        }
}

}  // namespace smallgo
