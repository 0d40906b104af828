// __fsqrt_*, __dsqrt_*, __frsqrt_rn: sqrt(x) and 1/sqrt(x) rounded once, from integer square
// roots with an exactness check (a perfect square gives an exact result; anything else
// leaves a sticky bit below at least 30 root bits).
#pragma once

#include "isa/float/exact_round.h"

namespace loom::isa {

template <class F>
constexpr typename F::Bits sqrtBits(typename F::Bits x, Rounding mode) {
  using namespace detail;
  if (isNaNBits<F>(x)) return nanResult<F>(x);
  if (isZeroBits<F>(x)) return x;  // sqrt(-0) = -0
  if (isNegBits<F>(x)) return F::kCanonicalNaN;
  if (isInfBits<F>(x)) return x;
  Decoded d = decodeNormalized<F>(x);
  u128 sig = d.sig;
  int exp = d.exp;
  if ((exp & 1) != 0) {
    sig <<= 1;
    exp -= 1;
  }
  constexpr int kExtra = 70;  // even: the root gets kExtra / 2 more bits
  const u128 radicand = sig << kExtra;
  const u128 root = isqrt128(radicand);
  const bool inexact = root * root != radicand;
  return roundWide<F>(false, (root << 1) | (inexact ? 1u : 0u), (exp - kExtra) / 2 - 1, mode);
}

// 1/sqrt(x) = 2^(-e/2 - 60) * sqrt(2^120 / s) for x = s * 2^e with e even, and
// floor(sqrt(floor(v))) = floor(sqrt(v)) for real v >= 0.
template <class F>
constexpr typename F::Bits rsqrtBits(typename F::Bits x, Rounding mode) {
  using namespace detail;
  if (isNaNBits<F>(x)) return nanResult<F>(x);
  if (isZeroBits<F>(x)) return (x & F::kSign) | F::kInfinity;
  if (isNegBits<F>(x)) return F::kCanonicalNaN;
  if (isInfBits<F>(x)) return 0;
  Decoded d = decodeNormalized<F>(x);
  u128 sig = d.sig;
  int exp = d.exp;
  if ((exp & 1) != 0) {
    sig <<= 1;
    exp -= 1;
  }
  constexpr int kScale = 120;
  const u128 numerator = u128{1} << kScale;
  const u128 q = numerator / sig;
  const u128 root = isqrt128(q);
  const bool inexact = q * sig != numerator || root * root != q;
  return roundWide<F>(false, (root << 1) | (inexact ? 1u : 0u), -exp / 2 - kScale / 2 - 1, mode);
}

template <Rounding M, bool Ftz = false> constexpr float fsqrt(float a) {
  return flushF32<Ftz>(Binary32::fromBits(sqrtBits<Binary32>(Binary32::toBits(flushF32<Ftz>(a)), M)));
}
template <Rounding M> constexpr double dsqrt(double a) {
  return Binary64::fromBits(sqrtBits<Binary64>(Binary64::toBits(a), M));
}
template <bool Ftz = false> constexpr float frsqrtRn(float a) {
  return flushF32<Ftz>(Binary32::fromBits(
      rsqrtBits<Binary32>(Binary32::toBits(flushF32<Ftz>(a)), Rounding::NearestEven)));
}

}  // namespace loom::isa
