// Linear filtering of float and half texels (fitted to the H100 record, see HARDWARE_NOTES.md
// and validate/results/h100-sm90/texture.dense): the texels with a non-zero weight are first
// truncated toward zero to a common grid, 4 bits finer than the format's precision at the
// largest of them (2^(e - 28) for floats, 2^(e - 15) for halves, e the exponent of the largest
// texel with |t| in [2^(e-1), 2^e)); then sum(w * t) over weights in 256ths is formed exactly and
// rounded once, to the nearest float (half), ties away from zero. A half result is returned as
// the float of that half.
// Trilinear fetches do this per z slice (4 texels, each slice its own grid), and the two exact
// slice sums are then rounded down (toward minus infinity) to a common grid 9 bits finer than
// the format's precision at the larger of them (2^(E - 33) for floats, 2^(E - 20) for halves)
// before the final exact addition and rounding. This reproduces all but 2 of the 81,984 dense
// words and all of texture.fetch3d; one grid for all eight texels fits 90.3% of the dense
// float samples, per-slice grids with exact slice sums 98.7%.
#pragma once

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>

#include "isa/texture/exact_sum.h"

namespace loom::isa {

enum class FilterPrecision { Float, Half };

inline double truncateToward0(double v, int gridExponent) {
  double scaled = std::ldexp(v, -gridExponent);
  return std::ldexp(std::trunc(scaled), gridExponent);
}

// texels[k] with weights[k] in 256ths. The truncation grid is set per group of `groupSize`
// consecutive texels: all of them in 1D and 2D, each z slice (4 texels) of a trilinear fetch;
// several groups are combined as the header comment says.
inline float filterFloatTexels(const double* texels, const int32_t* weights, int count, FilterPrecision p,
                               int groupSize = 0) {
  if (groupSize <= 0) groupSize = count;
  ExactSum groups[8];
  int ng = 0;
  for (int g = 0; g < count; g += groupSize) {
    ExactSum& sum = groups[ng++];
    int emax = INT32_MIN;
    for (int k = g; k < g + groupSize && k < count; ++k)
      if (weights[k] != 0 && texels[k] != 0.0) {
        int e;
        std::frexp(texels[k], &e);
        if (e > emax) emax = e;
      }
    if (emax == INT32_MIN) continue;
    int grid = emax - (p == FilterPrecision::Float ? 28 : 15);
    for (int k = g; k < g + groupSize && k < count; ++k)
      if (weights[k] != 0) sum.add(truncateToward0(texels[k], grid) * weights[k] / 256.0);
  }
  ExactSum total;
  if (ng == 1) {
    total = groups[0];
  } else {
    int emax = INT32_MIN;
    for (int i = 0; i < ng; ++i) emax = std::max(emax, groups[i].exponent());
    for (int i = 0; i < ng; ++i) {
      if (emax != INT32_MIN) groups[i].floorToGrid(emax - (p == FilterPrecision::Float ? 33 : 20));
      total.add(groups[i]);
    }
  }
  if (p == FilterPrecision::Float) return total.roundTiesAwayFloat();
  return (float)total.roundTiesAwayHalf();
}

}  // namespace loom::isa
