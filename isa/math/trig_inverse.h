// asinf, acosf, atanf, atan2f and their double versions.
#pragma once

#include <cmath>

#include "isa/math/math_core.h"

namespace loom::isa {

LOOM_ISA_F32_VIA_DOUBLE(asinf, asinf64)
LOOM_ISA_F32_VIA_DOUBLE(acosf, acosf64)
LOOM_ISA_F64(acos, std::acos(v))
LOOM_ISA_F32_VIA_DOUBLE(atanf, atanf64)
LOOM_ISA_F64(atan, std::atan(v))

// Outside [-1, 1] the device's double asin returns the default NaN with the argument's sign.
inline double asin(double x) {
  const double r = math_detail::unaryF64(x, [](long double v) { return std::asin(v); });
  return math_detail::isNaN(r) && !math_detail::isNaN(x) ? std::copysign(r, x) : r;
}

inline float atan2f(float y, float x) {
  return math_detail::binaryF32ViaDouble(y, x, [](double a, double b) { return ::atan2f64(a, b); });
}
inline double atan2(double y, double x) {
  return math_detail::binaryF64(y, x, [](long double a, long double b) { return std::atan2(a, b); });
}

}  // namespace loom::isa
