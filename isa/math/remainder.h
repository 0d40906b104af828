// fmodf, remainderf, frexpf, ldexpf, modff and their double versions: exact operations, so the
// only device-specific part is the NaN they return.
#pragma once

#include <cmath>

#include "isa/math/math_core.h"

namespace loom::isa {

inline float fmodf(float x, float y) {
  return math_detail::binaryF32(x, y, [](long double a, long double b) { return std::fmod(a, b); });
}
inline double fmod(double x, double y) {
  return math_detail::binaryF64(x, y, [](long double a, long double b) { return std::fmod(a, b); });
}
inline float remainderf(float x, float y) {
  return math_detail::binaryF32(x, y,
                                [](long double a, long double b) { return std::remainder(a, b); });
}
inline double remainder(double x, double y) {
  return math_detail::binaryF64(x, y,
                                [](long double a, long double b) { return std::remainder(a, b); });
}

inline float frexpf(float x, int* e) {
  *e = 0;
  if (math_detail::isNaN(x)) return math_detail::nanF32();
  return static_cast<float>(std::frexp(static_cast<long double>(x), e));
}
inline double frexp(double x, int* e) {
  *e = 0;
  if (math_detail::isNaN(x)) return math_detail::quietF64(x);
  return static_cast<double>(std::frexp(static_cast<long double>(x), e));
}

// One rounding: the scaled value is exact in long double, whose exponent range is wider.
inline float ldexpf(float x, int n) {
  if (math_detail::isNaN(x)) return math_detail::nanF32();
  const int m = n > 1000 ? 1000 : n < -1000 ? -1000 : n;
  return static_cast<float>(std::ldexp(static_cast<long double>(x), m));
}
inline double ldexp(double x, int n) {
  if (math_detail::isNaN(x)) return math_detail::quietF64(x);
  const int m = n > 5000 ? 5000 : n < -5000 ? -5000 : n;
  return static_cast<double>(std::ldexp(static_cast<long double>(x), m));
}

inline float modff(float x, float* ip) {
  if (math_detail::isNaN(x)) {
    *ip = math_detail::nanF32();
    return math_detail::nanF32();
  }
  long double i;
  const long double f = std::modf(static_cast<long double>(x), &i);
  *ip = static_cast<float>(i);
  return static_cast<float>(f);
}
inline double modf(double x, double* ip) {
  if (math_detail::isNaN(x)) {
    *ip = math_detail::quietF64(x);
    return math_detail::quietF64(x);
  }
  long double i;
  const long double f = std::modf(static_cast<long double>(x), &i);
  *ip = static_cast<double>(i);
  return static_cast<double>(f);
}

}  // namespace loom::isa
