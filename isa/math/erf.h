// erff, erfcf, erfinvf, erfcinvf, erfcxf, normcdff, normcdfinvf and their double versions.
// glibc has erf and erfc; the inverses are Newton iterations on them, in extended precision.
#pragma once

#include <cmath>

#include "isa/math/math_core.h"

namespace loom::isa {

namespace math_detail {

inline constexpr long double kTwoOverSqrtPi = 1.128379167095512573896158903121545172L;
inline constexpr long double kSqrt2 = 1.414213562373095048801688724209698079L;
// 1/sqrt(2) as the nearest long double, and what that misses (so x/sqrt(2) is known to ~2^-120).
inline constexpr long double kRsqrt2 = 0.707106781186547524400844362104849039L;
inline constexpr long double kRsqrt2Lo = 1.8950325588932570797e-20L;

// A start within about 2e-3 relative (Winitzki's approximation), given L = log(1 - y^2).
inline long double inverseErfStart(long double logOneMinusY2) {
  const long double a = 0.147L;
  const long double t = 2 / (kPi * a) + logOneMinusY2 / 2;
  return std::sqrt(std::sqrt(t * t - logOneMinusY2 / a) - t);
}

// erf^-1(y) for |y| <= 1/2 (Newton on erf, which is accurate relative to y here).
inline long double erfinvSmall(long double y) {
  if (y == 0) return y;
  long double x = std::copysign(inverseErfStart(std::log1p(-y * y)), y);
  for (int i = 0; i < 8; ++i) {
    const long double dx = (std::erf(x) - y) / (kTwoOverSqrtPi * std::exp(-x * x));
    x -= dx;
    if (std::fabs(dx) <= std::fabs(x) * 1e-21L) break;
  }
  return x;
}

// erfc^-1(q) for 0 < q < 1/2: Newton on log(erfc(x)) = log(q), well conditioned down to the
// smallest subnormal q.
inline long double erfcinvTail(long double q) {
  long double x = inverseErfStart(std::log(q) + std::log(2 - q));
  const long double logQ = std::log(q);
  for (int i = 0; i < 12; ++i) {
    const long double e = std::erfc(x);
    const long double dx = (std::log(e) - logQ) / (-kTwoOverSqrtPi * std::exp(-x * x) / e);
    x -= dx;
    if (std::fabs(dx) <= std::fabs(x) * 1e-21L) break;
  }
  return x;
}

inline long double erfcinvL(long double q) {
  if (!(q >= 0 && q <= 2)) return NAN;
  if (q == 0) return INFINITY;
  if (q == 2) return -INFINITY;
  if (q > 1.5L) return -erfcinvTail(2 - q);
  if (q >= 0.5L) return erfinvSmall(1 - q);  // 1 - q is exact
  return erfcinvTail(q);
}

inline long double erfinvL(long double y) {
  if (!(y >= -1 && y <= 1)) return NAN;
  if (std::fabs(y) <= 0.5L) return erfinvSmall(y);
  return std::copysign(erfcinvL(1 - std::fabs(y)), y);  // 1 - |y| is exact
}

// exp(x^2) erfc(x): x^2 is split into its rounded value and the exact residual, and large x
// use the asymptotic series (erfc itself underflows there).
inline long double erfcxL(long double x) {
  if (std::isinf(x)) return x > 0 ? 0 : INFINITY;
  if (x < -110) return INFINITY;  // 2 exp(x^2) is past every format's range (and x^2 may be inf)
  if (x >= 50) {
    const long double t = 1 / (2 * x * x);
    long double term = 1, sum = 1;
    for (int n = 1; n <= 12; ++n) {
      term *= -(2 * n - 1) * t;
      sum += term;
    }
    return sum / (x * std::sqrt(kPi));
  }
  const long double x2 = x * x;
  const long double residual = std::fma(x, x, -x2);
  return std::exp(x2) * (1 + residual) * std::erfc(x);
}

// Phi(x) = erfc(-x / sqrt(2)) / 2, with the rounding of -x/sqrt(2) corrected to first order.
inline long double normcdfL(long double x) {
  if (std::isinf(x)) return x > 0 ? 1 : 0;
  const long double z = -x * kRsqrt2;
  const long double dz = std::fma(-x, kRsqrt2, -z) + (-x) * kRsqrt2Lo;
  return (std::erfc(z) - kTwoOverSqrtPi * std::exp(-z * z) * dz) / 2;
}

inline long double normcdfinvL(long double p) {
  if (!(p >= 0 && p <= 1)) return NAN;
  return -kSqrt2 * erfcinvL(2 * p);
}

}  // namespace math_detail

LOOM_ISA_F32_VIA_DOUBLE(erff, erff64)
LOOM_ISA_F32_VIA_DOUBLE(erfcf, erfcf64)
LOOM_ISA_F64(erfc, std::erfc(v))
LOOM_ISA_UNARY(erfinvf, erfinv, math_detail::erfinvL(v))
LOOM_ISA_UNARY(erfcinvf, erfcinv, math_detail::erfcinvL(v))
LOOM_ISA_UNARY(erfcxf, erfcx, math_detail::erfcxL(v))
LOOM_ISA_UNARY(normcdff, normcdf, math_detail::normcdfL(v))
LOOM_ISA_UNARY(normcdfinvf, normcdfinv, math_detail::normcdfinvL(v))

// The device's double erf returns a NaN argument as the float canonical NaN widened to double
// (0x7fffffffe0000000), with the argument's sign.
inline double erf(double x) {
  if (math_detail::isNaN(x)) {
    return math_detail::doubleOf(0x7fffffffe0000000ull | (math_detail::bitsOf(x) & (uint64_t{1} << 63)));
  }
  return math_detail::unaryF64(x, [](long double v) { return std::erf(v); });
}

}  // namespace loom::isa
