// sinf, cosf, tanf, sincosf, sinpif, cospif, sincospif and their double versions.
#pragma once

#include <cmath>

#include "isa/math/math_core.h"

namespace loom::isa {

namespace math_detail {
// sin(pi x) and cos(pi x) with the argument reduced exactly: x mod 2 is exact in long double,
// so the result is accurate for every x (integers give exact zeros and ones).
inline long double sinPiL(long double x) {
  if (std::isinf(x)) return NAN;
  long double r = std::fmod(x, 2.0L);  // exact, in (-2, 2), sign of x
  if (r == 0) return std::copysign(0.0L, x);
  if (std::fabs(r) == 1) return std::copysign(0.0L, x);
  if (r > 1) r -= 2;   // exact
  if (r < -1) r += 2;  // exact: r in (-1, 1)
  // sin(pi r) = sin(pi (1 - r)) for r in (1/2, 1): keeps the argument small for accuracy.
  if (r > 0.5L) r = 1 - r;
  if (r < -0.5L) r = -1 - r;
  return std::sin(kPi * r);
}
inline long double cosPiL(long double x) {
  if (std::isinf(x)) return NAN;
  long double r = std::fabs(std::fmod(x, 2.0L));  // [0, 2)
  if (r > 1) r = 2 - r;                           // [0, 1], exact
  if (r == 0.5L) return 0.0L;                     // +0, as for every half-integer
  if (r <= 0.25L) return std::cos(kPi * r);
  if (r < 0.75L) return std::sin(kPi * (0.5L - r));
  return -std::cos(kPi * (1 - r));
}
}  // namespace math_detail

LOOM_ISA_F32_VIA_DOUBLE(sinf, sinf64)
LOOM_ISA_F32_VIA_DOUBLE(cosf, cosf64)
LOOM_ISA_F32_VIA_DOUBLE(tanf, tanf64)
inline void sincosf(float x, float* s, float* c) {
  *s = sinf(x);
  *c = cosf(x);
}
// Float: the same exact reduction in double (x mod 2 of a float is exact there), then glibc's
// double sin/cos (C23 names), as accurate as float needs.
inline float sinpif(float x) {
  return math_detail::unaryF32ViaDouble(x, [](double v) {
    if (std::isinf(v)) return double(NAN);
    double r = ::fmodf64(v, 2.0);  // fmod is interposed; fmodf64 is the same function
    if (r == 0 || std::fabs(r) == 1) return std::copysign(0.0, v);
    if (r > 1) r -= 2;
    if (r < -1) r += 2;
    if (r > 0.5) r = 1 - r;
    if (r < -0.5) r = -1 - r;
    return ::sinf64(static_cast<double>(math_detail::kPi) * r);
  });
}
inline float cospif(float x) {
  return math_detail::unaryF32ViaDouble(x, [](double v) {
    if (std::isinf(v)) return double(NAN);
    double r = std::fabs(::fmodf64(v, 2.0));
    if (r > 1) r = 2 - r;
    if (r == 0.5) return 0.0;
    const double pi = static_cast<double>(math_detail::kPi);
    if (r <= 0.25) return ::cosf64(pi * r);
    if (r < 0.75) return ::sinf64(pi * (0.5 - r));
    return -::cosf64(pi * (1 - r));
  });
}
inline void sincospif(float x, float* s, float* c) {
  *s = sinpif(x);
  *c = cospif(x);
}

inline double sin(double x) { return math_detail::unaryF64(x, [](long double v) { return std::sin(v); }); }
inline double cos(double x) { return math_detail::unaryF64(x, [](long double v) { return std::cos(v); }); }
inline double tan(double x) { return math_detail::unaryF64(x, [](long double v) { return std::tan(v); }); }
inline void sincos(double x, double* s, double* c) {
  *s = isa::sin(x);
  *c = isa::cos(x);
}
inline double sinpi(double x) { return math_detail::unaryF64(x, math_detail::sinPiL); }
inline double cospi(double x) { return math_detail::unaryF64(x, math_detail::cosPiL); }
inline void sincospi(double x, double* s, double* c) {
  *s = isa::sinpi(x);
  *c = isa::cospi(x);
}

}  // namespace loom::isa
