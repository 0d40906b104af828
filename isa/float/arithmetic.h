// __fadd_*, __fsub_*, __fmul_*, __fmaf_* and the double __dadd_*, __dsub_*, __dmul_*, __fma_*:
// the exact result rounded once in the named direction (add/sub/mul are an fma with an exact
// 1 or an exact -0). NaN operands and invalid operations give F::kCanonicalNaN.
#pragma once

#include "isa/float/exact_round.h"

namespace loom::isa {

template <class F>
constexpr typename F::Bits fmaBits(typename F::Bits a, typename F::Bits b, typename F::Bits c,
                                   Rounding mode) {
  using namespace detail;
  if (isNaNBits<F>(a) || isNaNBits<F>(b) || isNaNBits<F>(c)) return nanResult<F>(a, c, b);
  const bool productNeg = isNegBits<F>(a) != isNegBits<F>(b);
  if (isInfBits<F>(a) || isInfBits<F>(b)) {
    if (isZeroBits<F>(a) || isZeroBits<F>(b)) return F::kCanonicalNaN;
    if (isInfBits<F>(c) && isNegBits<F>(c) != productNeg) return F::kCanonicalNaN;
    return productNeg ? (F::kSign | F::kInfinity) : F::kInfinity;
  }
  if (isInfBits<F>(c)) return c;
  const Decoded da = decodeFinite<F::kExpBits, F::kMantBits>(a);
  const Decoded db = decodeFinite<F::kExpBits, F::kMantBits>(b);
  const Decoded dc = decodeFinite<F::kExpBits, F::kMantBits>(c);
  return roundExactSum<F>(productNeg, u128{da.sig} * db.sig, da.exp + db.exp, dc.negative,
                          dc.sig, dc.exp, mode);
}

template <class F>
constexpr typename F::Value fmaValue(typename F::Value a, typename F::Value b, typename F::Value c,
                                     Rounding mode) {
  return F::fromBits(fmaBits<F>(F::toBits(a), F::toBits(b), F::toBits(c), mode));
}
template <class F>
constexpr typename F::Value addValue(typename F::Value a, typename F::Value b, Rounding mode) {
  using Bits = typename F::Bits;
  if (detail::isNaNBits<F>(F::toBits(a)) || detail::isNaNBits<F>(F::toBits(b)))
    return F::fromBits(detail::nanResult<F>(F::toBits(a), F::toBits(b)));
  // a * 1 + b: exact product; 1.0's encoding is the bias in the exponent field.
  constexpr Bits kOne = static_cast<Bits>(((Bits{1} << (F::kExpBits - 1)) - 1)) << F::kMantBits;
  return F::fromBits(fmaBits<F>(F::toBits(a), kOne, F::toBits(b), mode));
}
template <class F>
constexpr typename F::Value subValue(typename F::Value a, typename F::Value b, Rounding mode) {
  using Bits = typename F::Bits;
  constexpr Bits kOne = static_cast<Bits>(((Bits{1} << (F::kExpBits - 1)) - 1)) << F::kMantBits;
  if (detail::isNaNBits<F>(F::toBits(a)) || detail::isNaNBits<F>(F::toBits(b)))
    return F::fromBits(detail::nanResult<F>(F::toBits(a), F::toBits(b)));
  return F::fromBits(fmaBits<F>(F::toBits(a), kOne, F::toBits(b) ^ F::kSign, mode));
}
template <class F>
constexpr typename F::Value mulValue(typename F::Value a, typename F::Value b, Rounding mode) {
  using namespace detail;
  const typename F::Bits ab = F::toBits(a), bb = F::toBits(b);
  if (isNaNBits<F>(ab) || isNaNBits<F>(bb)) return F::fromBits(nanResult<F>(ab, bb));
  // A zero product is exact with the product's sign (adding -0 would make +0 * x give -0
  // when rounding down); any other product is a * b + (-0).
  if (!isNaNBits<F>(ab) && !isNaNBits<F>(bb) && !isInfBits<F>(ab) && !isInfBits<F>(bb) &&
      (isZeroBits<F>(ab) || isZeroBits<F>(bb)))
    return F::fromBits((ab ^ bb) & F::kSign);
  return F::fromBits(fmaBits<F>(ab, bb, F::kSign, mode));
}

// The float forms take Ftz (-ftz=true: subnormal operands and results flushed, exact_round.h).
template <Rounding M, bool Ftz = false> constexpr float fadd(float a, float b) {
  a = flushF32<Ftz>(a);
  b = flushF32<Ftz>(b);
  return flushedResult<Ftz>([&](Rounding m) { return addValue<Binary32>(a, b, m); }, M);
}
template <Rounding M, bool Ftz = false> constexpr float fsub(float a, float b) {
  a = flushF32<Ftz>(a);
  b = flushF32<Ftz>(b);
  return flushedResult<Ftz>([&](Rounding m) { return subValue<Binary32>(a, b, m); }, M);
}
template <Rounding M, bool Ftz = false> constexpr float fmul(float a, float b) {
  a = flushF32<Ftz>(a);
  b = flushF32<Ftz>(b);
  return flushedResult<Ftz>([&](Rounding m) { return mulValue<Binary32>(a, b, m); }, M);
}
template <Rounding M, bool Ftz = false> constexpr float ffma(float a, float b, float c) {
  a = flushF32<Ftz>(a);
  b = flushF32<Ftz>(b);
  c = flushF32<Ftz>(c);
  // FFMA.FTZ, unlike FMUL.FTZ and F2F.FTZ, flushes by the rounded result (measured): a result
  // that rounds up to 2^-126 stays.
  return flushF32<Ftz>(fmaValue<Binary32>(a, b, c, M));
}
template <Rounding M> constexpr double dadd(double a, double b) {
  return addValue<Binary64>(a, b, M);
}
template <Rounding M> constexpr double dsub(double a, double b) {
  return subValue<Binary64>(a, b, M);
}
template <Rounding M> constexpr double dmul(double a, double b) {
  return mulValue<Binary64>(a, b, M);
}
template <Rounding M> constexpr double dfma(double a, double b, double c) {
  return fmaValue<Binary64>(a, b, c, M);
}

}  // namespace loom::isa
