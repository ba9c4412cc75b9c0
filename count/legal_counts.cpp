// Conversions of the count arithmetic (legal_counts.hpp) to and from big integers.
#include "count/legal_counts.hpp"

namespace smallgo {

int limbs_for_points(int points) {
    BigCount bound = boost::multiprecision::pow(BigCount(3), unsigned(points));
    unsigned bits = unsigned(boost::multiprecision::msb(bound)) + 1;
    return int((bits + 63) / 64);
}

BigCount big_from_limbs(const u64* limbs, int count) {
    BigCount r = 0;
    for (int i = count - 1; i >= 0; --i) r = (r << 64) | limbs[i];
    return r;
}

}  // namespace smallgo
