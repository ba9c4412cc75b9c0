// Chinese remaindering with Boost.Multiprecision, and a supply of 64-bit primes.
#include "count/legal_crt.hpp"

#include <boost/integer/mod_inverse.hpp>

namespace smallgo {

namespace {
__extension__ typedef unsigned __int128 U128;

// Deterministic Miller-Rabin for 64-bit n: these bases decide every n < 2^64.
bool is_prime(u64 n) {
    if (n < 2) return false;
    for (u64 p : {2ull, 3ull, 5ull, 7ull, 11ull, 13ull, 17ull, 19ull, 23ull, 29ull, 31ull, 37ull}) {
        if (n % p == 0) return n == p;
    }
    auto mul = [n](u64 a, u64 b) { return u64(U128(a) * b % n); };
    auto pow = [&](u64 a, u64 e) {
        u64 r = 1;
        for (; e; e >>= 1, a = mul(a, a))
            if (e & 1) r = mul(r, a);
        return r;
    };
    u64 d = n - 1;
    int s = 0;
    while (!(d & 1)) d >>= 1, ++s;
    for (u64 a : {2ull, 3ull, 5ull, 7ull, 11ull, 13ull, 17ull, 19ull, 23ull, 29ull, 31ull, 37ull}) {
        u64 x = pow(a, d);
        if (x == 1 || x == n - 1) continue;
        bool composite = true;
        for (int i = 1; i < s && composite; ++i) {
            x = mul(x, x);
            if (x == n - 1) composite = false;
        }
        if (composite) return false;
    }
    return true;
}
}  // namespace

u64 large_prime(int index) {
    for (u64 n = ~u64{0}, found = 0;; n -= 2)
        if (is_prime(n) && found++ == u64(index)) return n;
}

std::optional<BigCount> chinese_remainder(std::span<const u64> residues,
                                          std::span<const u64> moduli) {
    if (residues.size() != moduli.size() || moduli.empty()) return std::nullopt;
    BigCount value = residues[0] % moduli[0], product = moduli[0];
    for (std::size_t i = 1; i < moduli.size(); ++i) {
        BigCount m = moduli[i];
        BigCount inverse = boost::integer::mod_inverse(BigCount(product % m), m);
        if (inverse == 0) return std::nullopt;
        // value + product * t is congruent to residues[i]: t = (r - value) / product mod m.
        BigCount t = ((BigCount(residues[i]) - value % m) % m + m) % m * inverse % m;
        value += product * t;
        product *= m;
    }
    return value;
}

}  // namespace smallgo
