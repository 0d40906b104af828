// The texture unit's weighted sum: every product w*T of a filter weight and a texel is added
// exactly and the total is rounded once (HARDWARE_NOTES.md, "Texture fetching"). The sum is kept
// in a 384-bit two's complement fixed-point number whose last bit is worth 2^-200: texels are
// floats (at least 2^-149), weights at least 2^-24, and eight terms of at most 2^128 stay far
// below 2^183, so no term and no partial sum is ever rounded.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace loom::isa {

class ExactSum {
 public:
  static constexpr int kLimbs = 6;
  static constexpr int kFractionBits = 200;

  // Adds a finite double exactly (its value must lie on the 2^-200 grid, as w*T products do).
  void add(double v) {
    if (v == 0.0) return;
    int e = 0;
    double m = std::frexp(std::fabs(v), &e);            // |v| = m * 2^e, m in [0.5, 1)
    uint64_t mant = (uint64_t)std::ldexp(m, 53);        // 53-bit integer
    int shift = e - 53 + kFractionBits;                 // bit position of mant's last bit
    uint64_t limbs[kLimbs] = {};
    int li = shift / 64, bi = shift % 64;
    if (shift < 0) {  // below the grid: cannot happen for texture products; drop (documented limit)
      mant >>= -shift;
      li = 0;
      bi = 0;
    }
    if (li < kLimbs) limbs[li] |= mant << bi;
    if (bi != 0 && li + 1 < kLimbs) limbs[li + 1] |= mant >> (64 - bi);
    if (v < 0) negate(limbs);
    addLimbs(limbs_, limbs);
  }

  // Exponent e with |sum| in [2^(e-1), 2^e); INT32_MIN for zero.
  int exponent() const {
    uint64_t mag[kLimbs];
    std::memcpy(mag, limbs_, sizeof mag);
    if ((mag[kLimbs - 1] >> 63) != 0) negate(mag);
    int top = topBit(mag);
    return top < 0 ? INT32_MIN : top - kFractionBits + 1;
  }

  // Rounds the sum down (toward minus infinity) to a multiple of 2^gridExponent: in two's
  // complement that is clearing the bits below the grid.
  void floorToGrid(int gridExponent) {
    int b = gridExponent + kFractionBits;  // bits below b are cleared
    if (b <= 0) return;
    for (int l = 0; l < kLimbs; ++l) {
      int lo = l * 64;
      if (b >= lo + 64) limbs_[l] = 0;
      else if (b > lo) limbs_[l] &= ~((1ull << (b - lo)) - 1);
    }
  }

  void add(const ExactSum& o) { addLimbs(limbs_, o.limbs_); }

  bool isZero() const {
    for (uint64_t l : limbs_)
      if (l) return false;
    return true;
  }

  // The sum rounded to `bits` significant bits, nearest, ties away from zero, with subnormals
  // down to 2^minExponent; a result above maxFinite becomes infinity. Exact as a double.
  double roundTiesAway(int bits, int minExponent, double maxFinite) const {
    uint64_t mag[kLimbs];
    std::memcpy(mag, limbs_, sizeof mag);
    bool negative = (mag[kLimbs - 1] >> 63) != 0;
    if (negative) negate(mag);
    int top = topBit(mag);
    if (top < 0) return negative ? -0.0 : 0.0;
    int exponent = top - kFractionBits;  // of the leading bit
    int lowest = exponent - (bits - 1) >= minExponent ? top - (bits - 1) : minExponent + kFractionBits;
    uint64_t kept = 0;
    for (int b = top; b >= lowest; --b) kept = (kept << 1) | bit(mag, b);
    if (lowest > 0 && bit(mag, lowest - 1)) ++kept;  // remainder >= half: away from zero
    double r = std::ldexp((double)kept, lowest - kFractionBits);
    if (r > maxFinite) r = INFINITY;
    return negative ? -r : r;
  }
  float roundTiesAwayFloat() const { return (float)roundTiesAway(24, -149, 3.4028234663852886e38); }
  double roundTiesAwayHalf() const { return roundTiesAway(11, -24, 65504.0); }

  // floor(sum + 1/2) as an integer, for sums known to be small (fixed-point filtering).
  int64_t roundHalfUpToInteger() const {
    uint64_t v[kLimbs];
    std::memcpy(v, limbs_, sizeof v);
    uint64_t half[kLimbs] = {};
    half[(kFractionBits - 1) / 64] = 1ull << ((kFractionBits - 1) % 64);
    addLimbs(v, half);
    // Arithmetic shift right by kFractionBits: bits 200..263 are limb 3 bits 8.. and limb 4.
    uint64_t lo = (v[3] >> 8) | (v[4] << 56);
    return (int64_t)lo;
  }

 private:
  static int bit(const uint64_t* m, int b) { return (int)((m[b / 64] >> (b % 64)) & 1); }
  static int topBit(const uint64_t* m) {
    for (int l = kLimbs - 1; l >= 0; --l)
      if (m[l]) return l * 64 + 63 - __builtin_clzll(m[l]);
    return -1;
  }
  static void negate(uint64_t* m) {
    uint64_t carry = 1;
    for (int l = 0; l < kLimbs; ++l) {
      uint64_t x = ~m[l] + carry;
      carry = (carry && x == 0) ? 1 : 0;
      m[l] = x;
    }
  }
  static void addLimbs(uint64_t* a, const uint64_t* b) {
    unsigned __int128 carry = 0;
    for (int l = 0; l < kLimbs; ++l) {
      unsigned __int128 s = (unsigned __int128)a[l] + b[l] + carry;
      a[l] = (uint64_t)s;
      carry = s >> 64;
    }
  }
  uint64_t limbs_[kLimbs] = {};
};

}  // namespace loom::isa
