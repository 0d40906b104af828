// __fdividef(x, y), the fast division. nvcc 13 compiles it (sm_90 SASS, checked with
// cuobjdump) to: if |y| < 2^-126, scale x and y by 2^24; then MUFU.RCP of y and one FMUL
// (round to nearest, no flush) by x. Hence the documented quirks: for 2^126 < |y| < 2^128 the
// reciprocal flushes to zero and the result is 0 (or NaN for an infinite x). Under
// -ftz=true it is MUFU.RCP and FMUL.FTZ, without the scaling.
#pragma once

#include "isa/float/approx_reciprocal.h"
#include "isa/float/arithmetic.h"

namespace loom::isa {

template <bool Ftz = false> constexpr float fdividef(float x, float y) {
  if (Ftz) return fmul<Rounding::NearestEven, true>(rcpApprox(y), x);
  if ((Binary32::toBits(y) & 0x7fffffffu) < 0x00800000u) {
    x = fmul<Rounding::NearestEven>(x, 16777216.0f);
    y = fmul<Rounding::NearestEven>(y, 16777216.0f);
  }
  return fmul<Rounding::NearestEven>(rcpApprox(y), x);
}

}  // namespace loom::isa
