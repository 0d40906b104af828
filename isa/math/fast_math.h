// The fast-math intrinsics (__sinf, __cosf, __tanf, __sincosf, __expf, __exp10f, __logf,
// __log2f, __log10f, __powf), as loom::isa::fast::sinf etc. They model the instruction
// sequences the CUDA documentation describes: a float multiply feeding the special-function
// unit's approximations (ex2.approx, lg2.approx, sin.approx, cos.approx), all flushing
// subnormal inputs and results to zero. The approximations themselves are taken as correctly
// rounded; README "Math functions" says how often that gives the device's bits.
#pragma once

#include <cmath>

#include "isa/math/math_core.h"

namespace loom::isa::fast {

namespace detail {
using namespace ::loom::isa::math_detail;

// The special-function unit, modelled as correctly rounded with subnormals flushed.
inline float ex2Approx(float t) { return flushF32(toFloat(std::exp2(static_cast<long double>(flushF32(t))))); }
inline float lg2Approx(float x) {
  x = flushF32(x);
  if (isNaN(x) || x < 0) return nanF32();
  return toFloat(std::log2(static_cast<long double>(x)));
}
// sin.approx / cos.approx: the argument is scaled by 1/(2 pi) (rounded toward zero) and the
// unit evaluates sin(2 pi t) for that t.
inline constexpr float kInv2Pi = 0.15915493667125701904f;  // 1/(2 pi) as a float
inline float sinApprox(float x) {
  x = flushF32(x);
  if (isNaN(x) || std::isinf(x)) return nanF32();
  const float t = mulRz(x, kInv2Pi);
  return flushF32(toFloat(sinPiTimes2(t)));
}
inline float cosApprox(float x) {
  x = flushF32(x);
  if (isNaN(x) || std::isinf(x)) return nanF32();
  const float t = mulRz(x, kInv2Pi);
  return flushF32(toFloat(cosPiTimes2(t)));
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
inline float tanf(float x) {
  const float s = sinf(x), c = cosf(x);
  const float r = detail::flushF32(detail::toFloat(1 / static_cast<long double>(c)));
  return detail::flushF32(detail::mulRn(s, r));
}
inline float expf(float x) { return detail::ex2Approx(detail::mulRn(detail::flushF32(x), kLog2E)); }
inline float exp10f(float x) {
  return detail::ex2Approx(detail::mulRn(detail::flushF32(x), kLog2Of10));
}
inline float log2f(float x) { return detail::lg2Approx(x); }
inline float logf(float x) { return detail::flushF32(detail::mulRn(detail::lg2Approx(x), kLn2)); }
inline float log10f(float x) {
  return detail::flushF32(detail::mulRn(detail::lg2Approx(x), kLog10Of2));
}
inline float powf(float x, float y) {
  return detail::ex2Approx(detail::flushF32(detail::mulRn(detail::flushF32(y), detail::lg2Approx(x))));
}

}  // namespace loom::isa::fast
