// The consistency check of border words (the hot functions live inline in border_state.hpp).
#include "count/border_state.hpp"

namespace smallgo::border {

bool is_ok(BorderWord w, int width) {
    if (width < 1 || width > MaxBorderWidth) return false;
    if (width < MaxBorderWidth && (w >> (4 * width)) != 0) return false;
    u8 open_colour[MaxBorderWidth];
    int depth = 0;
    for (int i = 0; i < width; ++i) {
        unsigned x = cell(w, i);
        if (x == 3 || x >= 12) return false;
        if (x < 4) continue;
        unsigned colour = (x >> 3) & 1u, kind = x & 3u;
        if (kind == 1) open_colour[depth++] = u8(colour);
        if (kind >= 2 && (depth == 0 || open_colour[depth - 1] != colour)) return false;
        if (kind == 3) --depth;
    }
    return depth == 0;
}

}  // namespace smallgo::border
