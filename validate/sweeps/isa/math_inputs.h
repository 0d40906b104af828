// Inputs of the math sweep (validate/sweeps/isa/math_*.cu on the device, tests/unit/isa/ under
// Loom): deterministic, built from integer arithmetic only, so the device campaign's host and
// Loom's unit tests generate the same bits. Only the outputs are recorded; the probe prints a
// hash of each input set, which the unit tests check before replaying.
//
// Each set of a floating-point type T mixes, in this order:
//   1/4 raw random bit patterns (NaNs with payloads, infinities, subnormals, everything),
//   1/2 ordinary values in the function's domain (random significand, exponent uniform in
//       [eLo, eHi], sign as the domain allows),
//   1/8 specials and boundaries (zeros, infinities, NaN, 1 +- k ulp, integers, half-integers,
//       the smallest and largest normals and subnormals, domain edges),
//   1/8 random subnormals of both signs.
// Plain C++17, host only.
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>

namespace loom_sweep {

// splitmix64: a fixed, well-mixed integer sequence.
struct Rng {
  uint64_t s;
  uint64_t next() {
    uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint64_t below(uint64_t n) { return next() % n; }
};

// The domain of a function's argument: exponents (unbiased, of the value's magnitude) drawn
// uniformly from [eLo, eHi]; sign: 0 both, 1 positive only, -1 negative only.
struct Domain {
  int eLo, eHi, sign;
};

template <class T> struct Layout;
template <> struct Layout<float> {
  using Bits = uint32_t;
  static constexpr int kMant = 23, kBias = 127, kEmax = 127;
};
template <> struct Layout<double> {
  using Bits = uint64_t;
  static constexpr int kMant = 52, kBias = 1023, kEmax = 1023;
};

template <class T> inline T fromBits(typename Layout<T>::Bits b) {
  T t;
  std::memcpy(&t, &b, sizeof t);
  return t;
}
template <class T> inline typename Layout<T>::Bits toBits(T t) {
  typename Layout<T>::Bits b;
  std::memcpy(&b, &t, sizeof b);
  return b;
}

// sign * (1 + m) * 2^e built from bits; e is clamped to the normal range.
template <class T> inline typename Layout<T>::Bits makeBits(bool negative, int e, uint64_t mant) {
  using L = Layout<T>;
  using B = typename L::Bits;
  if (e < 1 - L::kBias) e = 1 - L::kBias;
  if (e > L::kEmax) e = L::kEmax;
  const B sign = negative ? B(1) << (sizeof(B) * 8 - 1) : 0;
  return sign | (B(e + L::kBias) << L::kMant) | (B(mant) & ((B(1) << L::kMant) - 1));
}

// The specials: the same list for every function of a type.
template <class T> inline std::vector<typename Layout<T>::Bits> specialBits() {
  using L = Layout<T>;
  using B = typename L::Bits;
  const B signBit = B(1) << (sizeof(B) * 8 - 1);
  const B one = B(L::kBias) << L::kMant;
  const B inf = B(2 * L::kEmax + 1) << L::kMant;
  std::vector<B> v;
  auto both = [&](B b) {
    v.push_back(b);
    v.push_back(b | signBit);
  };
  both(0);
  both(inf);
  both(inf | 1);                      // signalling NaN, payload 1
  both(inf | (B(1) << (L::kMant - 1)));  // quiet NaN
  both(~signBit);                     // all-ones NaN
  both(1);                            // smallest subnormal
  both((B(1) << L::kMant) - 1);       // largest subnormal
  both(B(1) << L::kMant);             // smallest normal
  both(inf - 1);                      // largest finite
  for (int k = -8; k <= 8; ++k) both(one + B(k));  // 1 +- k ulp
  both(one - (B(1) << L::kMant));     // 0.5
  both(one + (B(1) << L::kMant));     // 2
  // Integers 3..64 and half-integers 0.5..32.5 (exact in both types).
  for (int i = 3; i <= 64; ++i) {
    int e = 0;
    while ((2 << e) <= i) ++e;
    both(makeBits<T>(false, e, (uint64_t(i) << (L::kMant - e)) - (uint64_t(1) << L::kMant)));
  }
  for (int i = 1; i <= 65; i += 2) {  // i/2
    int e = 0;
    while ((2 << e) <= i) ++e;
    both(makeBits<T>(false, e - 1, (uint64_t(i) << (L::kMant - e)) - (uint64_t(1) << L::kMant)));
  }
  // Powers of two from 2^-30 to 2^30 and just below them.
  for (int e = -30; e <= 30; e += 3) {
    both(makeBits<T>(false, e, 0));
    both(makeBits<T>(false, e, 0) - 1);
  }
  return v;
}

// n inputs for one function's argument (n a multiple of 8), from a seed naming the function.
template <class T>
inline std::vector<T> makeInputs(uint64_t seed, const Domain& d, size_t n) {
  using L = Layout<T>;
  using B = typename L::Bits;
  Rng rng{seed * 0x2545f4914f6cdd1dull + 0x1234567ull};
  std::vector<T> out;
  out.reserve(n);
  const size_t nRandom = n / 4, nOrdinary = n / 2, nSpecial = n / 8;
  for (size_t i = 0; i < nRandom; ++i) out.push_back(fromBits<T>(B(rng.next())));
  for (size_t i = 0; i < nOrdinary; ++i) {
    const int e = d.eLo + int(rng.below(uint64_t(d.eHi - d.eLo + 1)));
    const bool negative = d.sign == 0 ? (rng.next() & 1) : d.sign < 0;
    out.push_back(fromBits<T>(makeBits<T>(negative, e, rng.next())));
  }
  const std::vector<B> specials = specialBits<T>();
  for (size_t i = 0; i < nSpecial; ++i) {
    if (i < specials.size()) {
      out.push_back(fromBits<T>(specials[i]));
    } else {  // near the domain's exponent edges
      const int e = (rng.next() & 1) ? d.eLo : d.eHi;
      const bool negative = d.sign == 0 ? (rng.next() & 1) : d.sign < 0;
      out.push_back(fromBits<T>(makeBits<T>(negative, e, rng.next() & 0xff)));
    }
  }
  const B signBit = B(1) << (sizeof(B) * 8 - 1);
  const B mantMask = (B(1) << L::kMant) - 1;
  while (out.size() < n) {
    B b = B(rng.next()) & mantMask;
    if (b == 0) b = 1;
    if (rng.next() & 1) b |= signBit;
    out.push_back(fromBits<T>(b));
  }
  return out;
}

// Exponent arguments for ldexp-style functions: small, large and extreme ints.
inline std::vector<int> makeIntInputs(uint64_t seed, size_t n) {
  Rng rng{seed * 0x2545f4914f6cdd1dull + 0x7654321ull};
  std::vector<int> out;
  const int extremes[] = {0, 1, -1, 2, -2, 126, 127, 128, -126, -127, -149, -150, 1023, 1024,
                          -1022, -1074, -1075, 2000, -2000, 0x7fffffff, int(0x80000000u)};
  for (int e : extremes) out.push_back(e);
  while (out.size() < n) {
    const uint64_t r = rng.next();
    out.push_back((r & 3) == 0 ? int(uint32_t(r >> 32)) : int(rng.below(4400)) - 2200);
  }
  return out;
}

// A name's seed: FNV-1a of its characters, so adding a function never moves another's inputs.
inline uint64_t seedOf(const char* name) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (; *name; ++name) h = (h ^ uint8_t(*name)) * 0x100000001b3ull;
  return h;
}

// Hash of a buffer's bytes (FNV-1a), printed by the probe and checked by the unit tests.
inline uint64_t hashBytes(const void* p, size_t n) {
  const uint8_t* b = static_cast<const uint8_t*>(p);
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 0x100000001b3ull;
  return h;
}

}  // namespace loom_sweep

namespace loom_sweep {

// Two argument sets for a binary function; the second set's specials are permuted so that the
// specials meet each other in many combinations, not only (s, s).
template <class T>
inline void makePairInputs(uint64_t seed, const Domain& a, const Domain& b, size_t n,
                           std::vector<T>& x, std::vector<T>& y) {
  x = makeInputs<T>(seed, a, n);
  y = makeInputs<T>(seed ^ 0x5555555555555555ull, b, n);
  const std::vector<typename Layout<T>::Bits> specials = specialBits<T>();
  const size_t first = n / 4 + n / 2, count = specials.size() < n / 8 ? specials.size() : n / 8;
  for (size_t i = 0; i < count; ++i) y[first + i] = fromBits<T>(specials[(i * 37 + 11) % count]);
}

}  // namespace loom_sweep
