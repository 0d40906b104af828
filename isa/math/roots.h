// sqrtf, rsqrtf, cbrtf, rcbrtf, hypotf, rhypotf and their double versions.
#pragma once

#include <cmath>

#include "isa/math/math_core.h"

namespace loom::isa {

#define LOOM_ISA_UNARY(name32, name64, expr)                                                \
  inline float name32(float x) {                                                            \
    return math_detail::unaryF32(x, [](long double v) { return expr; });                    \
  }                                                                                         \
  inline double name64(double x) {                                                          \
    return math_detail::unaryF64(x, [](long double v) { return expr; });                    \
  }
// sqrt of a float or double is exact enough in long double that one more rounding is exact.
LOOM_ISA_UNARY(sqrtf, sqrt, std::sqrt(v))
LOOM_ISA_UNARY(rsqrtf, rsqrt, 1 / std::sqrt(v))
LOOM_ISA_UNARY(cbrtf, cbrt, std::cbrt(v))
LOOM_ISA_UNARY(rcbrtf, rcbrt, 1 / std::cbrt(v))
#undef LOOM_ISA_UNARY

// hypot(inf, NaN) is inf, as in C99 and on the device.
inline float hypotf(float x, float y) {
  if (std::isinf(x) || std::isinf(y)) return INFINITY;
  return math_detail::binaryF32(x, y, [](long double a, long double b) { return std::hypot(a, b); });
}
inline double hypot(double x, double y) {
  if (std::isinf(x) || std::isinf(y)) return INFINITY;
  return math_detail::binaryF64(x, y, [](long double a, long double b) { return std::hypot(a, b); });
}
inline float rhypotf(float x, float y) {
  if (std::isinf(x) || std::isinf(y)) return 0.0f;
  return math_detail::binaryF32(x, y,
                                [](long double a, long double b) { return 1 / std::hypot(a, b); });
}
inline double rhypot(double x, double y) {
  if (std::isinf(x) || std::isinf(y)) return 0.0;
  return math_detail::binaryF64(x, y,
                                [](long double a, long double b) { return 1 / std::hypot(a, b); });
}

}  // namespace loom::isa
