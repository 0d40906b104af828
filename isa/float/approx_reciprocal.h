// MUFU.RCP, the special-function unit's reciprocal (rcp.approx.ftz.f32), as far as it is
// known: zero gives infinity of the same sign, infinity gives zero, NaN gives the canonical
// NaN, and results below the normal range flush to zero (the unit flushes). For normal
// inputs the unit's result is within an ulp of 1/x; its exact rounding is not documented and
// not modelled yet: this returns 1/x rounded to nearest, which the H100 matches for most but
// not all inputs (the isa.float_round output:__fdividef entry of
// validate/results/h100-sm90/known_divergences.txt).
#pragma once

#include "isa/float/divide.h"

namespace loom::isa {

constexpr float rcpApprox(float x) {
  const uint32_t b = Binary32::toBits(x);
  if (detail::isNaNBits<Binary32>(b)) return Binary32::fromBits(Binary32::kCanonicalNaN);
  const uint32_t sign = b & Binary32::kSign;
  if ((b & 0x7fffffffu) < 0x00800000u) return Binary32::fromBits(sign | Binary32::kInfinity);
  const uint32_t r = Binary32::toBits(fdiv<Rounding::NearestEven>(1.0f, x));
  if ((r & 0x7fffffffu) < 0x00800000u) return Binary32::fromBits(sign);  // flushed
  return Binary32::fromBits(r);
}

}  // namespace loom::isa
