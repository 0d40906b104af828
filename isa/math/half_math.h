// The half and bfloat16 math functions of cuda_fp16.h / cuda_bf16.h (hsin, hcos, hexp, hexp2,
// hexp10, hlog, hlog2, hlog10, hrcp, hrsqrt, hsqrt; the h2 forms apply them to each half), on
// encodings: F is HalfFormat or Bfloat16Format (isa/fp16/narrow_arith.h). Each is the exact
// function rounded once to the 16-bit format (through double: the second rounding can only
// matter within 2^-40 of a tie); README "Math functions" says how often that is the device's.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "isa/fp16/narrow_arith.h"
#include "isa/math/math_core.h"

namespace loom::isa {

namespace math_detail {
template <class F> inline long double narrowToLong(uint16_t h) {
  if constexpr (std::is_same_v<F, HalfFormat>) return halfToFloat(h);
  else return bfloat16ToFloat(h);
}
template <class F, class Fn> inline uint16_t narrowUnary(uint16_t h, Fn fn) {
  if (detail::isNaN16<F>(h)) return F::kCanonicalNaN;
  const long double r = fn(narrowToLong<F>(h));
  if (isNaN(r)) return F::kCanonicalNaN;
  if constexpr (std::is_same_v<F, HalfFormat>) {
    return doubleToHalf(static_cast<double>(r), Rounding::NearestEven);
  } else {
    return doubleToBfloat16(static_cast<double>(r), Rounding::NearestEven);
  }
}
}  // namespace math_detail

#define LOOM_ISA_NARROW(name, expr)                                                          \
  template <class F> inline uint16_t name(uint16_t h) {                                      \
    return math_detail::narrowUnary<F>(h, [](long double v) { return expr; });              \
  }
LOOM_ISA_NARROW(hsin, std::sin(v))
LOOM_ISA_NARROW(hcos, std::cos(v))
LOOM_ISA_NARROW(hexp, std::exp(v))
LOOM_ISA_NARROW(hexp2, std::exp2(v))
LOOM_ISA_NARROW(hexp10, ::exp10l(v))
LOOM_ISA_NARROW(hlog, std::log(v))
LOOM_ISA_NARROW(hlog2, std::log2(v))
LOOM_ISA_NARROW(hlog10, std::log10(v))
LOOM_ISA_NARROW(hrcp, 1 / v)
LOOM_ISA_NARROW(hrsqrt, 1 / std::sqrt(v))
LOOM_ISA_NARROW(hsqrt, std::sqrt(v))
#undef LOOM_ISA_NARROW

}  // namespace loom::isa
