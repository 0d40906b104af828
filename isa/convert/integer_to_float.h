// __{int,uint,ll,ull}2float_{rn,rz,rd,ru}, __{int,uint}2double_rn, __{ll,ull}2double_*: the
// integer rounded once to float or double in the named direction (cvt.rn/rz/rm/rp.f32.s32...).
#pragma once

#include "isa/float/exact_round.h"

namespace loom::isa {
namespace detail {
template <class F>
constexpr typename F::Value integerToFloating(bool negative, uint64_t magnitude, Rounding mode) {
  return F::fromBits(static_cast<typename F::Bits>(
      roundToFormat<F::kExpBits, F::kMantBits>(negative, magnitude, 0, mode)));
}
constexpr uint64_t magnitudeOf(int64_t v) {
  return v < 0 ? uint64_t{0} - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
}
}  // namespace detail

template <Rounding M> constexpr float intToFloat(int32_t v) {
  return detail::integerToFloating<Binary32>(v < 0, detail::magnitudeOf(v), M);
}
template <Rounding M> constexpr float intToFloat(uint32_t v) {
  return detail::integerToFloating<Binary32>(false, v, M);
}
template <Rounding M> constexpr float intToFloat(int64_t v) {
  return detail::integerToFloating<Binary32>(v < 0, detail::magnitudeOf(v), M);
}
template <Rounding M> constexpr float intToFloat(uint64_t v) {
  return detail::integerToFloating<Binary32>(false, v, M);
}
template <Rounding M> constexpr double intToDouble(int32_t v) {
  return detail::integerToFloating<Binary64>(v < 0, detail::magnitudeOf(v), M);
}
template <Rounding M> constexpr double intToDouble(uint32_t v) {
  return detail::integerToFloating<Binary64>(false, v, M);
}
template <Rounding M> constexpr double intToDouble(int64_t v) {
  return detail::integerToFloating<Binary64>(v < 0, detail::magnitudeOf(v), M);
}
template <Rounding M> constexpr double intToDouble(uint64_t v) {
  return detail::integerToFloating<Binary64>(false, v, M);
}

}  // namespace loom::isa
