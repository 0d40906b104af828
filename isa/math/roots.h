// sqrtf, rsqrtf, cbrtf, rcbrtf, hypotf, rhypotf and their double versions.
#pragma once

#include <cmath>

#include "isa/math/math_core.h"

namespace loom::isa {

LOOM_ISA_F32(sqrtf, std::sqrt(v))
LOOM_ISA_UNARY(rsqrtf, rsqrt, 1 / std::sqrt(v))
LOOM_ISA_F32_VIA_DOUBLE(cbrtf, cbrtf64)
LOOM_ISA_F64(cbrt, std::cbrt(v))
LOOM_ISA_UNARY(rcbrtf, rcbrt, 1 / std::cbrt(v))

// IEEE sqrt, as the device's. Through long double a double result can round twice: when the
// extended result sits exactly on a midpoint between two doubles, the exact square of that
// midpoint, compared with x (fmal is exact), says which way the true root lies.
inline double sqrt(double x) {
  if (math_detail::isNaN(x)) return math_detail::quietF64(x);
  if (x < 0) return math_detail::nanF64();
  const long double r = std::sqrt(static_cast<long double>(x));
  const double down = static_cast<double>(r);
  if (static_cast<long double>(down) == r || std::isinf(r) || x == 0) return down;
  // Neighbours of r in double, and the midpoint between them.
  const double lo = static_cast<long double>(down) < r ? down : std::nextafter(down, 0.0);
  const double hi = std::nextafter(lo, INFINITY);
  const long double mid = (static_cast<long double>(lo) + hi) / 2;  // exact: 54 bits
  if (mid != r) return down;
  const long double residual = std::fma(mid, mid, -static_cast<long double>(x));
  return residual > 0 ? lo : hi;
}

// hypot(inf, NaN) is inf, as in C99 and on the device.
inline float hypotf(float x, float y) {
  if (std::isinf(x) || std::isinf(y)) return INFINITY;
  return math_detail::binaryF32ViaDouble(x, y, [](double a, double b) { return ::hypotf64(a, b); });
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
