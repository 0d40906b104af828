// The half and bfloat16 math functions of cuda_fp16.h / cuda_bf16.h (hsin, hcos, hexp, hexp2,
// hexp10, hlog, hlog2, hlog10, hrcp, hrsqrt, hsqrt, and the roundings hceil, hfloor, hrint,
// htrunc; the h2 forms apply them to each half), on
// encodings: F is HalfFormat or Bfloat16Format (isa/fp16/narrow_arith.h). Each is glibc's
// double function (C23 names: not interposed) rounded once to the 16-bit format, the correctly
// rounded result unless within ~2^-40 of a tie; the H100 gives exactly these bits for every
// encoding (README "Math functions").
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "isa/fp16/narrow_arith.h"
#include "isa/math/math_core.h"

namespace loom::isa {

namespace math_detail {
template <class F> inline double narrowToDouble(uint16_t h) {
  if constexpr (std::is_same_v<F, HalfFormat>) return halfToFloat(h);
  else return bfloat16ToFloat(h);
}
template <class F, class Fn> inline uint16_t narrowUnary(uint16_t h, Fn fn) {
  if (detail::isNaN16<F>(h)) return F::kCanonicalNaN;
  const double r = fn(narrowToDouble<F>(h));
  if (r != r) return F::kCanonicalNaN;
  if constexpr (std::is_same_v<F, HalfFormat>) {
    return doubleToHalf(r, Rounding::NearestEven);
  } else {
    return doubleToBfloat16(r, Rounding::NearestEven);
  }
}
}  // namespace math_detail

#define LOOM_ISA_NARROW(name, expr)                                                          \
  template <class F> inline uint16_t name(uint16_t h) {                                      \
    return math_detail::narrowUnary<F>(h, [](double v) { return expr; });                   \
  }
LOOM_ISA_NARROW(hsin, ::sinf64(v))
LOOM_ISA_NARROW(hcos, ::cosf64(v))
LOOM_ISA_NARROW(hexp, ::expf64(v))
LOOM_ISA_NARROW(hexp2, ::exp2f64(v))
LOOM_ISA_NARROW(hexp10, ::exp10f64(v))
LOOM_ISA_NARROW(hlog, ::logf64(v))
LOOM_ISA_NARROW(hlog2, ::log2f64(v))
LOOM_ISA_NARROW(hlog10, ::log10f64(v))
LOOM_ISA_NARROW(hrcp, 1 / v)
LOOM_ISA_NARROW(hrsqrt, 1 / ::sqrtf64(v))
LOOM_ISA_NARROW(hsqrt, ::sqrtf64(v))
// Rounding to an integral value (cvt.rpi/rmi/rni/rzi.f16.f16): the result is representable, so
// the double function is exact; NaN gives the canonical NaN, and signed zeros keep their sign.
LOOM_ISA_NARROW(hceil, std::ceil(v))
LOOM_ISA_NARROW(hfloor, std::floor(v))
LOOM_ISA_NARROW(hrint, std::nearbyint(v))
LOOM_ISA_NARROW(htrunc, std::trunc(v))
#undef LOOM_ISA_NARROW

}  // namespace loom::isa
