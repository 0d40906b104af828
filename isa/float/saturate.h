// __saturatef: x clamped to [+0, 1]; NaN gives +0 (cvt.sat / the .sat modifier).
#pragma once

#include "isa/float/exact_round.h"

namespace loom::isa {

template <bool Ftz = false> constexpr float saturatef(float x) {
  const uint32_t b = Binary32::toBits(flushF32<Ftz>(x));
  if (detail::isNaNBits<Binary32>(b) || detail::isNegBits<Binary32>(b)) return 0.0f;
  return b > 0x3f800000u ? 1.0f : Binary32::fromBits(b);
}

}  // namespace loom::isa
