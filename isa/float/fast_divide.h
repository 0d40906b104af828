// __fdividef(x, y): the fast approximate division (div.approx.f32). Documented: for
// 2^126 < |y| < 2^128 it returns 0, and infinity / such a y gives NaN. Loom computes the
// correctly rounded quotient otherwise; the device's approximation differs from it in the
// last place for some inputs (measured rate: validate/results/h100-sm90/isa.known_divergences.txt).
#pragma once

#include "isa/float/divide.h"

namespace loom::isa {

constexpr float fdividef(float x, float y) {
  const uint32_t yb = Binary32::toBits(y) & 0x7fffffffu;
  if (yb > 0x7e800000u && yb < 0x7f800000u) {
    const uint32_t xb = Binary32::toBits(x);
    if (detail::isInfBits<Binary32>(xb) || detail::isNaNBits<Binary32>(xb))
      return Binary32::fromBits(Binary32::kCanonicalNaN);
    const bool negative = ((xb ^ Binary32::toBits(y)) & 0x80000000u) != 0;
    return negative ? -0.0f : 0.0f;
  }
  return fdiv<Rounding::NearestEven>(x, y);
}

}  // namespace loom::isa
