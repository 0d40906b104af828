// __float2{int,uint,ll,ull}_{rn,rz,rd,ru} and __double2..._*: rounded in the named direction
// (cvt.rni/rzi/rmi/rpi), saturated to the type's range. NaN (measured on an H100): from
// float, 0 for 32-bit types and 0x8000000000000000 for 64-bit ones (detail::integerFromNaN,
// as for half); from double, 0x80000000 for int and unsigned alike, 0x8000000000000000 for
// the 64-bit types.
#pragma once

#include "isa/float/exact_round.h"

namespace loom::isa {

template <class F, typename Int>
constexpr Int floatingToInteger(typename F::Bits b, Rounding mode) {
  if (detail::isNaNBits<F>(b)) {
    if (F::kExpBits == 11) return static_cast<Int>(sizeof(Int) == 8 ? uint64_t{1} << 63 : 0x80000000u);
    return detail::integerFromNaN<Int>();
  }
  const bool negative = detail::isNegBits<F>(b);
  if (detail::isInfBits<F>(b)) return detail::saturateToInteger<Int>(negative, 0, true);
  bool huge = false;
  const uint64_t magnitude = detail::roundToIntegerMagnitude(
      detail::decodeFinite<F::kExpBits, F::kMantBits>(b), mode, huge);
  return detail::saturateToInteger<Int>(negative, magnitude, huge);
}

template <Rounding M, bool Ftz = false> constexpr int32_t floatToI32(float x) {
  return floatingToInteger<Binary32, int32_t>(Binary32::toBits(flushF32<Ftz>(x)), M);
}
template <Rounding M, bool Ftz = false> constexpr uint32_t floatToU32(float x) {
  return floatingToInteger<Binary32, uint32_t>(Binary32::toBits(flushF32<Ftz>(x)), M);
}
template <Rounding M, bool Ftz = false> constexpr int64_t floatToI64(float x) {
  return floatingToInteger<Binary32, int64_t>(Binary32::toBits(flushF32<Ftz>(x)), M);
}
template <Rounding M, bool Ftz = false> constexpr uint64_t floatToU64(float x) {
  return floatingToInteger<Binary32, uint64_t>(Binary32::toBits(flushF32<Ftz>(x)), M);
}
template <Rounding M> constexpr int32_t doubleToI32(double x) {
  return floatingToInteger<Binary64, int32_t>(Binary64::toBits(x), M);
}
template <Rounding M> constexpr uint32_t doubleToU32(double x) {
  return floatingToInteger<Binary64, uint32_t>(Binary64::toBits(x), M);
}
template <Rounding M> constexpr int64_t doubleToI64(double x) {
  return floatingToInteger<Binary64, int64_t>(Binary64::toBits(x), M);
}
template <Rounding M> constexpr uint64_t doubleToU64(double x) {
  return floatingToInteger<Binary64, uint64_t>(Binary64::toBits(x), M);
}

}  // namespace loom::isa
