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

// The inverses are written once for two evaluation types: long double with glibc's long double
// functions (the double results), and double with glibc's double functions under their C23
// names (the float results: as accurate as float needs, and ten times faster).
struct LongDoubleLib {
  using T = long double;
  static constexpr T kTol = 1e-21L;
  static T erf(T x) { return ::erfl(x); }
  static T erfc(T x) { return ::erfcl(x); }
  static T exp(T x) { return ::expl(x); }
  static T log(T x) { return ::logl(x); }
  static T log1p(T x) { return ::log1pl(x); }
  static T sqrt(T x) { return ::sqrtl(x); }
};
struct DoubleLib {
  using T = double;
  static constexpr T kTol = 1e-10;  // the step after is then below 1e-19 (Newton squares it)
  static T erf(T x) { return ::erff64(x); }
  static T erfc(T x) { return ::erfcf64(x); }
  static T exp(T x) { return ::expf64(x); }
  static T log(T x) { return ::logf64(x); }
  static T log1p(T x) { return ::log1pf64(x); }
  static T sqrt(T x) { return ::sqrtf64(x); }
};

// A start within about 2e-3 relative (Winitzki's approximation), given L = log(1 - y^2).
template <class L> typename L::T inverseErfStart(typename L::T logOneMinusY2) {
  using T = typename L::T;
  const T a = T(0.147L);
  const T t = T(2 / (kPi * 0.147L)) + logOneMinusY2 / 2;
  return L::sqrt(L::sqrt(t * t - logOneMinusY2 / a) - t);
}

// erf^-1(y) for |y| <= 1/2 (Newton on erf, which is accurate relative to y here).
template <class L> typename L::T erfinvSmall(typename L::T y) {
  using T = typename L::T;
  if (y == 0) return y;
  T x = std::copysign(inverseErfStart<L>(L::log1p(-y * y)), y);
  for (int i = 0; i < 8; ++i) {
    const T dx = (L::erf(x) - y) / (T(kTwoOverSqrtPi) * L::exp(-x * x));
    x -= dx;
    if (std::fabs(dx) <= std::fabs(x) * L::kTol) break;
  }
  return x;
}

// erfc^-1(q) for 0 < q < 1/2: Newton on log(erfc(x)) = log(q), well conditioned down to the
// smallest subnormal q.
template <class L> typename L::T erfcinvTail(typename L::T q) {
  using T = typename L::T;
  const T logQ = L::log(q);
  T x = inverseErfStart<L>(logQ + L::log(2 - q));
  for (int i = 0; i < 12; ++i) {
    const T e = L::erfc(x);
    const T dx = (L::log(e) - logQ) / (-T(kTwoOverSqrtPi) * L::exp(-x * x) / e);
    x -= dx;
    if (std::fabs(dx) <= std::fabs(x) * L::kTol) break;
  }
  return x;
}

template <class L = LongDoubleLib> typename L::T erfcinvL(typename L::T q) {
  using T = typename L::T;
  if (!(q >= 0 && q <= 2)) return T(NAN);
  if (q == 0) return T(INFINITY);
  if (q == 2) return -T(INFINITY);
  if (q > T(1.5)) return -erfcinvTail<L>(2 - q);
  if (q >= T(0.5)) return erfinvSmall<L>(1 - q);  // 1 - q is exact
  return erfcinvTail<L>(q);
}

template <class L = LongDoubleLib> typename L::T erfinvL(typename L::T y) {
  using T = typename L::T;
  if (!(y >= -1 && y <= 1)) return T(NAN);
  if (std::fabs(y) <= T(0.5)) return erfinvSmall<L>(y);
  return std::copysign(erfcinvL<L>(1 - std::fabs(y)), y);  // 1 - |y| is exact
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

template <class L = LongDoubleLib> typename L::T normcdfinvL(typename L::T p) {
  using T = typename L::T;
  if (!(p >= 0 && p <= 1)) return T(NAN);
  return -T(kSqrt2) * erfcinvL<L>(2 * p);
}

}  // namespace math_detail

LOOM_ISA_F32_VIA_DOUBLE(erff, erff64)
LOOM_ISA_F32_VIA_DOUBLE(erfcf, erfcf64)
LOOM_ISA_F64(erfc, std::erfc(v))
inline float erfinvf(float x) {
  return math_detail::unaryF32ViaDouble(x, [](double v) { return math_detail::erfinvL<math_detail::DoubleLib>(v); });
}
inline float erfcinvf(float x) {
  return math_detail::unaryF32ViaDouble(x, [](double v) { return math_detail::erfcinvL<math_detail::DoubleLib>(v); });
}
LOOM_ISA_F64(erfinv, math_detail::erfinvL(v))
LOOM_ISA_F64(erfcinv, math_detail::erfcinvL(v))
LOOM_ISA_UNARY(erfcxf, erfcx, math_detail::erfcxL(v))
LOOM_ISA_UNARY(normcdff, normcdf, math_detail::normcdfL(v))
inline float normcdfinvf(float x) {
  return math_detail::unaryF32ViaDouble(x, [](double v) { return math_detail::normcdfinvL<math_detail::DoubleLib>(v); });
}
LOOM_ISA_F64(normcdfinv, math_detail::normcdfinvL(v))

// The device's double erf returns a NaN argument as the float canonical NaN widened to double
// (0x7fffffffe0000000), with the argument's sign.
inline double erf(double x) {
  if (math_detail::isNaN(x)) {
    return math_detail::doubleOf(0x7fffffffe0000000ull | (math_detail::bitsOf(x) & (uint64_t{1} << 63)));
  }
  return math_detail::unaryF64(x, [](long double v) { return std::erf(v); });
}

}  // namespace loom::isa
