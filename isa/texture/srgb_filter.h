// Linear filtering of sRGB-decoded texels (fitted to every one of the 196,608 fetches of
// validate/results/h100-sm90/texture.pairs_srgb: texel pairs at every weight).
//
// The decode table (srgb.h) is block floating point: the 256 codes form 32 blocks of 8
// consecutive codes, and every entry of a block is an 8-bit mantissa under the block's shared
// exponent, the exponent of the block's largest entry (code | 7). The entries just below a
// power of two therefore carry one bit less than a float would give them (codes 248..254 sit on
// the 2^-7 grid of 255's exponent, not on 2^-8), which is also why the table differs from the
// exact curve rounded to 8 significant bits.
// The filter aligns the taps to the largest shared exponent A among the taps with a non-zero
// weight: each texel is truncated toward zero to the grid 2^(A - 8), then sum(w * t) over
// weights in 256ths is formed exactly and rounded once to half precision, ties away from zero
// (the same final rounding as FilterPrecision::Half in float_filter.h).
#pragma once

#include <cmath>
#include <cstdint>

#include "isa/texture/exact_sum.h"
#include "isa/texture/srgb.h"

namespace loom::isa {

// The shared exponent of a code's block: e with the block's largest entry in [2^(e-1), 2^e).
inline int srgbBlockExponent(uint8_t code) {
  int e = 0;
  std::frexp((double)srgbToLinear((uint8_t)(code | 7)), &e);
  return e;
}

// texels[k] (decoded values) with alignment exponents exps[k] (srgbBlockExponent of the code)
// and weights[k] in 256ths. Texels are aligned per
// group of `groupSize` consecutive taps (all of them in 1D and 2D, each z slice of a trilinear
// fetch), as in filterFloatTexels.
inline float filterSrgbTexels(const double* texels, const int* exps, const int32_t* weights, int count,
                              int groupSize = 0) {
  if (groupSize <= 0) groupSize = count;
  ExactSum sum;
  for (int g = 0; g < count; g += groupSize) {
    int emax = INT32_MIN;
    for (int k = g; k < g + groupSize && k < count; ++k)
      if (weights[k] != 0 && texels[k] != 0.0 && exps[k] > emax) emax = exps[k];
    if (emax == INT32_MIN) continue;
    for (int k = g; k < g + groupSize && k < count; ++k) {
      if (weights[k] == 0) continue;
      double scaled = std::ldexp(texels[k], 8 - emax);
      sum.add(std::ldexp(std::trunc(scaled), emax - 8) * weights[k] / 256.0);
    }
  }
  return (float)sum.roundTiesAwayHalf();
}

}  // namespace loom::isa
