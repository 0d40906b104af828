// The fast-math intrinsics (__sinf, __cosf, __tanf, __sincosf, __expf, __exp10f, __logf,
// __log2f, __log10f, __powf), as loom::isa::fast::sinf etc. They model the instruction
// sequences the CUDA documentation describes: a float multiply feeding the special-function
// unit's approximations (ex2.approx, lg2.approx, sin.approx, cos.approx), with the subnormal
// handling nvcc wraps around them (seen in the recorded SASS, validate/results/h100-sm90/
// isa.fast_math/sass.txt.gz). The unit's own approximations are taken as correctly rounded;
// README "Math functions" says how often that gives the device's bits.
#pragma once

#include <cmath>

#include "isa/math/math_core.h"

namespace loom::isa::fast {

namespace detail {
using namespace ::loom::isa::math_detail;

// MUFU.EX2 and MUFU.LG2, modelled as correctly rounded on normal operands and results; the
// unit flushes subnormals, which the instruction sequences around it work around (below).
inline float mufuEx2(float t) { return flushF32(toFloat(std::exp2(static_cast<long double>(flushF32(t))))); }
inline float mufuLg2(float x) {
  x = flushF32(x);
  if (isNaN(x) || x < 0) return nanF32();
  return toFloat(std::log2(static_cast<long double>(x)));
}

// ex2.approx.f32 without .ftz, as nvcc emits it: for t < -126 the unit computes 2^(t/2) and
// the result is squared, so subnormal results survive.
inline float ex2Approx(float t) {
  if (t < -126.0f) {
    const float h = mufuEx2(mulRn(t, 0.5f));
    return mulRn(h, h);
  }
  return mufuEx2(t);
}
// lg2.approx.f32 without .ftz: a subnormal x is scaled by 2^24 first and 24 subtracted after.
inline float lg2Approx(float x) {
  if (std::fabs(x) < 1.17549435e-38f) {
    return toFloat(static_cast<long double>(mufuLg2(mulRn(x, 16777216.0f))) - 24);
  }
  return mufuLg2(x);
}

// sin.approx / cos.approx: FMUL.RZ by 1/(2 pi) as a float, then MUFU.SIN/COS. The unit works on
// the fraction of turns as a fixed-point number: on the recorded H100, t is cut to a multiple
// of 2^-25 toward zero (|x| < 2 pi 2^-25 gives 0). sin(2 pi t) is then taken as correctly
// rounded, which the unit is not (its error is absolute, about 2^-22; README).
inline constexpr float kInv2Pi = 0.15915493667125701904f;  // 1/(2 pi) as a float
inline long double turnsFixedPoint(float x) {
  const long double t = mulRz(x, kInv2Pi);
  const long double frac = std::fmod(t, 1.0L);  // exact
  return std::trunc(std::ldexp(frac, 25)) / 33554432.0L;
}
inline float sinApprox(float x) {
  if (isNaN(x) || std::isinf(x)) return nanF32();
  const long double t = turnsFixedPoint(x);
  if (t == 0) return std::copysign(0.0f, x);
  return flushF32(toFloat(sinPiTimes2(t)));
}
inline float cosApprox(float x) {
  if (isNaN(x) || std::isinf(x)) return nanF32();
  return flushF32(toFloat(cosPiTimes2(turnsFixedPoint(x))));
}
// div.approx (the fast division): reciprocal, then multiply; a tiny divisor is scaled with the
// dividend by 2^24 first, as nvcc's sequence does.
inline float divApprox(float a, float b) {
  if (std::fabs(b) < 1.17549435e-38f) {
    a = mulRn(a, 16777216.0f);
    b = mulRn(b, 16777216.0f);
  }
  const float r = flushF32(toFloat(1 / static_cast<long double>(flushF32(b))));
  return mulRn(r, a);
}
}  // namespace detail

inline constexpr float kLog2E = 1.44269502163f;     // log2(e) as a float
inline constexpr float kLog2Of10 = 3.32192802429f;  // log2(10) as a float
inline constexpr float kLn2 = 0.693147182465f;      // ln(2) as a float
inline constexpr float kLog10Of2 = 0.30103000998f;  // log10(2) as a float

inline float sinf(float x) { return detail::sinApprox(x); }
inline float cosf(float x) { return detail::cosApprox(x); }
inline void sincosf(float x, float* s, float* c) {
  *s = sinf(x);
  *c = cosf(x);
}
// __tanf: sin over cos with the fast division (reciprocal, then multiply).
inline float tanf(float x) { return detail::divApprox(sinf(x), cosf(x)); }
inline float expf(float x) { return detail::ex2Approx(detail::mulRn(x, kLog2E)); }
inline float exp10f(float x) { return detail::ex2Approx(detail::mulRn(x, kLog2Of10)); }
inline float log2f(float x) { return detail::lg2Approx(x); }
inline float logf(float x) { return detail::mulRn(detail::lg2Approx(x), kLn2); }
inline float log10f(float x) { return detail::mulRn(detail::lg2Approx(x), kLog10Of2); }
// __powf: 2^(y log2 x) from the same units; CUDA documents no separate bound.
inline float powf(float x, float y) { return detail::ex2Approx(detail::mulRn(y, detail::lg2Approx(x))); }

}  // namespace loom::isa::fast
