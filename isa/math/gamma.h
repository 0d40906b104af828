// tgammaf, lgammaf and their double versions. lgamma here never writes the C library's
// global signgam (the device has none), so it uses the reentrant lgammal_r.
#pragma once

#include <cmath>

#include "isa/math/math_core.h"

namespace loom::isa {

namespace math_detail {
inline long double lgammaL(long double v) {
  int sign;
  return ::lgammal_r(v, &sign);
}
}  // namespace math_detail

inline float tgammaf(float x) {
  return math_detail::unaryF32ViaDouble(x, [](double v) { return ::tgammaf64(v); });
}
inline double tgamma(double x) {
  return math_detail::unaryF64(x, [](long double v) { return std::tgamma(v); });
}
inline float lgammaf(float x) {
  return math_detail::unaryF32ViaDouble(x, [](double v) {
    int sign;
    return ::lgammaf64_r(v, &sign);
  });
}
inline double lgamma(double x) { return math_detail::unaryF64(x, math_detail::lgammaL); }

}  // namespace loom::isa
