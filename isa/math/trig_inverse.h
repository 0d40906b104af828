// asinf, acosf, atanf, atan2f and their double versions.
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
LOOM_ISA_UNARY(asinf, asin, std::asin(v))
LOOM_ISA_UNARY(acosf, acos, std::acos(v))
LOOM_ISA_UNARY(atanf, atan, std::atan(v))
#undef LOOM_ISA_UNARY

inline float atan2f(float y, float x) {
  return math_detail::binaryF32(y, x, [](long double a, long double b) { return std::atan2(a, b); });
}
inline double atan2(double y, double x) {
  return math_detail::binaryF64(y, x, [](long double a, long double b) { return std::atan2(a, b); });
}

}  // namespace loom::isa
