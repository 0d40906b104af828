// Integer texels read as normalized floats (cudaReadModeNormalizedFloat; seed 001, 10.2,
// listing 10.1 "integer -> float promotion"), point-sampled and linearly filtered.
// Point: unsigned v/(2^n - 1), signed max(v/(2^(n-1) - 1), -1), correctly rounded.
// Linear: the filter runs in 16-bit fixed point. Unsigned 8-bit texels are widened to 16 bits
// as v*257, the weighted sum E (weights in 256ths) is rounded to q = floor(E + 1/2) and the
// result is q/65535; signed 16-bit texels likewise with q/32767 (bounded below by -1).
// Signed 8-bit texels: the integer sum P = sum(w * v) (weights in 256ths, v in [-128, 127]) is
// scaled to 16-bit snorm by 1 + 2^-7 + 2^-15 (32767/32512 = 1.0078740..., truncated) in a
// fixed-point datapath with 3 fraction bits, q = (8P + floor(P/16) + floor(P/4096) + 4) >> 3
// (floors in two's complement), then q/32767 bounded below by -1. Fitted to every one of the
// 196,608 fetches of validate/results/h100-sm90/texture.pairs_s8 (42,635 distinct sums P);
// exact 32767/127 scaling misses 4.4% of them by one step.
#pragma once

#include <cstdint>

namespace loom::isa {

// num/den rounded to the nearest float, ties to even (den > 0, |num| < 2^62).
inline float roundedQuotient(int64_t num, int64_t den) {
  if (num == 0) return 0.0f;
  bool negative = num < 0;
  unsigned __int128 n = (unsigned __int128)(negative ? -num : num);
  unsigned __int128 d = (unsigned __int128)den;
  int shift = 0;  // scale so that the quotient has 25 bits (24 kept + 1 rounding bit)
  while ((n << 0) < (d << 24)) {
    n <<= 1;
    --shift;
  }
  while (n >= (d << 25)) {
    d <<= 1;
    ++shift;
  }
  unsigned __int128 q = n / d, r = n % d;
  // q has 25 bits here: keep 24, round on the 25th and the remainder.
  uint64_t kept = (uint64_t)(q >> 1);
  bool half = (q & 1) != 0, sticky = r != 0;
  if (half && (sticky || (kept & 1))) ++kept;
  float f = (float)kept;  // exact
  int e = shift + 1;
  while (e > 0) { f *= 2.0f; --e; }
  while (e < 0) { f *= 0.5f; ++e; }
  return negative ? -f : f;
}

constexpr int64_t unormMax(int bits) { return (int64_t(1) << bits) - 1; }
constexpr int64_t snormMax(int bits) { return (int64_t(1) << (bits - 1)) - 1; }

// Point sampling.
inline float unormToFloat(uint32_t v, int bits) { return roundedQuotient((int64_t)v, unormMax(bits)); }
inline float snormToFloat(int32_t v, int bits) {
  float f = roundedQuotient((int64_t)v, snormMax(bits));
  return f < -1.0f ? -1.0f : f;
}

// Linear filtering: texels and weights (in 256ths, summing to 256).
inline float filteredUnorm(const int64_t* texels, const int32_t* weights, int count, int bits) {
  int64_t scale = bits == 8 ? 257 : 1;  // 8-bit texels widened to 16 bits by replication
  int64_t s = 0;
  for (int k = 0; k < count; ++k) s += (int64_t)weights[k] * texels[k] * scale;
  int64_t q = (s + 128) >> 8;  // floor(E + 1/2), E = s/256
  return roundedQuotient(q, 65535);
}

// The 16-bit snorm step of a signed 8-bit filter sum P = sum(w * v) (see the header comment).
inline int64_t snorm8FilteredStep(int64_t p) {
  return (8 * p + (p >> 4) + (p >> 12) + 4) >> 3;  // >> on negative values: floor (C++20)
}

inline float filteredSnorm(const int64_t* texels, const int32_t* weights, int count, int bits) {
  __int128 s = 0;
  for (int k = 0; k < count; ++k) s += (__int128)weights[k] * texels[k];
  int64_t q;
  if (bits == 16) {
    q = (int64_t)((s + 128) >> 8);
  } else {
    q = snorm8FilteredStep((int64_t)s);
  }
  float f = roundedQuotient(q, 32767);
  return f < -1.0f ? -1.0f : f;
}

}  // namespace loom::isa
