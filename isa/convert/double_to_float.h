// __double2float_{rn,rz,rd,ru}: the double rounded once to float (cvt.rn/rz/rm/rp.f32.f64),
// with subnormal results and no flush to zero. A NaN keeps its sign and the top 23 payload
// bits and is quieted (measured on an H100), unlike float arithmetic's canonical NaN.
#pragma once

#include "isa/float/exact_round.h"

namespace loom::isa {

template <Rounding M, bool Ftz = false> constexpr float doubleToFloat(double x) {
  const uint64_t b = Binary64::toBits(x);
  if (detail::isNaNBits<Binary64>(b)) {
    return Binary32::fromBits(static_cast<uint32_t>((b >> 32) & 0x80000000u) | 0x7fc00000u |
                              static_cast<uint32_t>((b >> 29) & 0x7fffffu));
  }
  const bool negative = detail::isNegBits<Binary64>(b);
  if (detail::isInfBits<Binary64>(b)) return negative ? -__builtin_inff() : __builtin_inff();
  const detail::Decoded d = detail::decodeFinite<11, 52>(b);
  return flushedResult<Ftz>(
      [&](Rounding m) {
        return Binary32::fromBits(
            static_cast<uint32_t>(detail::roundToFormat<8, 23>(negative, d.sig, d.exp, m)));
      },
      M);
}

}  // namespace loom::isa
