// The CUDA math library in device code. Functions the C library also has (sinf, exp, ...) are
// interposed by the runtime (emu/device/math_interpose.cpp): device code calls them by their C
// names and gets isa/math's results, host code gets the C library's, as under nvcc. This header
// adds what only CUDA has: rsqrtf, sinpif, erfinvf, normcdff, ... and the fast-math intrinsics
// (__sinf, __expf, ...), plus CUDA's float overloads of the double names (rsqrt(float), ...).
// <math.h> brings sin(float) and friends into the global namespace, as CUDA's headers do, so
// `sin(x)` on a float calls sinf.
#pragma once

#include <math.h>

#include "isa/float/fast_divide.h"
#include "isa/math/erf.h"
#include "isa/math/exp_log.h"
#include "isa/math/fast_math.h"
#include "isa/math/roots.h"
#include "isa/math/sin_cos.h"
#include "loom/core/engine_call.h"

namespace loom::device {
// Makes the runtime's interposed float functions behave as under nvcc --use_fast_math
// (loom-cc defines LOOM_FAST_MATH=1 then); returns 1. Process-wide: nvcc's flag is per
// compilation unit, Loom's is per program (README "Math functions").
int registerFastMath();
// Whether some compilation unit of the program was built with --use_fast_math.
LOOM_ENGINE_CALL bool fastMathEnabled();

// A float function of CUDA's that --use_fast_math leaves alone except for -ftz=true.
template <class F> inline float ftzIfFast(F f, float x) {
  if (!fastMathEnabled()) return f(x);
  using ::loom::isa::math_detail::flushF32;
  return flushF32(f(flushF32(x)));
}
}  // namespace loom::device

#if defined(LOOM_FAST_MATH) && LOOM_FAST_MATH
namespace {
[[maybe_unused]] const int loomFastMathRegistration = ::loom::device::registerFastMath();
}
#endif

#define LOOM_CUDA_ONLY_1(name32, name64)                                                     \
  inline float name32(float x) {                                                            \
    return ::loom::device::ftzIfFast([](float v) { return ::loom::isa::name32(v); }, x);    \
  }                                                                                         \
  inline double name64(double x) { return ::loom::isa::name64(x); }                         \
  inline float name64(float x) { return name32(x); }
LOOM_CUDA_ONLY_1(rsqrtf, rsqrt)
LOOM_CUDA_ONLY_1(rcbrtf, rcbrt)
LOOM_CUDA_ONLY_1(sinpif, sinpi)
LOOM_CUDA_ONLY_1(cospif, cospi)
LOOM_CUDA_ONLY_1(erfinvf, erfinv)
LOOM_CUDA_ONLY_1(erfcinvf, erfcinv)
LOOM_CUDA_ONLY_1(erfcxf, erfcx)
LOOM_CUDA_ONLY_1(normcdff, normcdf)
LOOM_CUDA_ONLY_1(normcdfinvf, normcdfinv)
#undef LOOM_CUDA_ONLY_1

inline float rhypotf(float x, float y) {
  if (!::loom::device::fastMathEnabled()) return ::loom::isa::rhypotf(x, y);
  using ::loom::isa::math_detail::flushF32;
  return flushF32(::loom::isa::rhypotf(flushF32(x), flushF32(y)));
}
inline double rhypot(double x, double y) { return ::loom::isa::rhypot(x, y); }
inline void sincospif(float x, float* s, float* c) {
  *s = sinpif(x);
  *c = cospif(x);
}
inline void sincospi(double x, double* s, double* c) { ::loom::isa::sincospi(x, s, c); }

// fdividef(x, y): x / y, and __fdividef under --use_fast_math (as CUDA's math_functions.hpp
// defines it; tests/cuda/math_constants.cu records both on the H100).
inline float fdividef(float x, float y) {
  return ::loom::device::fastMathEnabled() ? ::loom::isa::fdividef<true>(x, y) : x / y;
}

// The fast-math intrinsics (device-only in CUDA).
inline float __sinf(float x) { return ::loom::isa::fast::sinf(x); }
inline float __cosf(float x) { return ::loom::isa::fast::cosf(x); }
inline float __tanf(float x) { return ::loom::isa::fast::tanf(x); }
inline void __sincosf(float x, float* s, float* c) { ::loom::isa::fast::sincosf(x, s, c); }
inline float __expf(float x) { return ::loom::isa::fast::expf(x); }
inline float __exp10f(float x) { return ::loom::isa::fast::exp10f(x); }
inline float __logf(float x) { return ::loom::isa::fast::logf(x); }
inline float __log2f(float x) { return ::loom::isa::fast::log2f(x); }
inline float __log10f(float x) { return ::loom::isa::fast::log10f(x); }
inline float __powf(float x, float y) { return ::loom::isa::fast::powf(x, y); }
