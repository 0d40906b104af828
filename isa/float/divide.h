// __fdiv_*, __frcp_*, __ddiv_*, __drcp_*: the exact quotient rounded once. A long division of
// the normalized significands yields at least 69 quotient bits, and a sticky bit for a
// nonzero remainder, so one rounding of that is exact.
#pragma once

#include "isa/float/exact_round.h"

namespace loom::isa {

template <class F>
constexpr typename F::Bits divBits(typename F::Bits a, typename F::Bits b, Rounding mode) {
  using namespace detail;
  using Bits = typename F::Bits;
  if (isNaNBits<F>(a) || isNaNBits<F>(b)) return nanResult<F>(a, b);
  const bool aInf = isInfBits<F>(a), bInf = isInfBits<F>(b);
  const bool aZero = isZeroBits<F>(a), bZero = isZeroBits<F>(b);
  if ((aInf && bInf) || (aZero && bZero)) return F::kCanonicalNaN;
  const Bits sign = isNegBits<F>(a) != isNegBits<F>(b) ? F::kSign : 0;
  if (aInf || bZero) return sign | F::kInfinity;
  if (bInf || aZero) return sign;
  const Decoded da = decodeNormalized<F>(a);
  const Decoded db = decodeNormalized<F>(b);
  constexpr int kExtra = 70;
  const u128 numerator = u128{da.sig} << kExtra;
  const u128 quotient = numerator / db.sig;
  const bool inexact = numerator % db.sig != 0;
  return roundWide<F>(sign != 0, (quotient << 1) | (inexact ? 1u : 0u),
                      da.exp - db.exp - kExtra - 1, mode);
}

template <Rounding M, bool Ftz = false> constexpr float fdiv(float a, float b) {
  const uint32_t x = Binary32::toBits(flushF32<Ftz>(a)), y = Binary32::toBits(flushF32<Ftz>(b));
  return flushedResult<Ftz>(
      [&](Rounding m) { return Binary32::fromBits(divBits<Binary32>(x, y, m)); }, M);
}
template <Rounding M, bool Ftz = false> constexpr float frcp(float a) {
  return fdiv<M, Ftz>(1.0f, a);
}
template <Rounding M> constexpr double ddiv(double a, double b) {
  return Binary64::fromBits(divBits<Binary64>(Binary64::toBits(a), Binary64::toBits(b), M));
}
template <Rounding M> constexpr double drcp(double a) {
  return Binary64::fromBits(divBits<Binary64>(0x3ff0000000000000ull, Binary64::toBits(a), M));
}

}  // namespace loom::isa
