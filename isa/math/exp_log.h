// expf, exp2f, exp10f, expm1f, logf, log2f, log10f, log1pf, powf and their double versions.
#pragma once

#include <cmath>

#include "isa/math/math_core.h"

namespace loom::isa {

namespace math_detail {
inline long double exp10L(long double v) { return ::exp10l(v); }
// pow with C99's special cases (pow(1, NaN) = 1, pow(NaN, 0) = 1), which the device follows.
inline long double powL(long double x, long double y) { return std::pow(x, y); }
}  // namespace math_detail

LOOM_ISA_F32_VIA_DOUBLE(expf, expf64)
LOOM_ISA_F64(exp, std::exp(v))
LOOM_ISA_F32_VIA_DOUBLE(exp2f, exp2f64)
LOOM_ISA_F64(exp2, std::exp2(v))
LOOM_ISA_F32_VIA_DOUBLE(exp10f, exp10f64)
LOOM_ISA_F64(exp10, math_detail::exp10L(v))
LOOM_ISA_F32_VIA_DOUBLE(expm1f, expm1f64)
LOOM_ISA_F64(expm1, std::expm1(v))
LOOM_ISA_F32_VIA_DOUBLE(logf, logf64)
LOOM_ISA_F64(log, std::log(v))
LOOM_ISA_F32_VIA_DOUBLE(log2f, log2f64)
LOOM_ISA_F64(log2, std::log2(v))
LOOM_ISA_F32_VIA_DOUBLE(log10f, log10f64)
LOOM_ISA_F64(log10, std::log10(v))
LOOM_ISA_F32_VIA_DOUBLE(log1pf, log1pf64)
LOOM_ISA_F64(log1p, std::log1p(v))

inline float powf(float x, float y) {
  if (x == 1.0f || y == 0.0f) return 1.0f;  // even for a NaN in the other operand
  return math_detail::binaryF32ViaDouble(x, y, [](double a, double b) { return ::powf64(a, b); });
}
inline double pow(double x, double y) {
  if (x == 1.0 || y == 0.0) return 1.0;
  return math_detail::binaryF64(x, y, math_detail::powL);
}

}  // namespace loom::isa
