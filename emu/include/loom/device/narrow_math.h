// The half and bfloat16 math functions (hsin, hexp, ..., hceil, hfloor, hrint, htrunc, h2sin,
// ...) for cuda_fp16.h and cuda_bf16.h: wrappers over isa/math/half_math.h. LOOM_NARROW_MATH(T, T2, Format, detail)
// defines them for one type; each header invokes it once for its own type.
#pragma once

#include "isa/math/half_math.h"

#define LOOM_NARROW_MATH_ONE(T, T2, Format, detail, name, h2name)                          \
  inline T name(const T a) {                                                                \
    return detail::fromBits(::loom::isa::name<::loom::isa::Format>(detail::bits(a)));       \
  }                                                                                         \
  inline T2 h2name(const T2 a) { return T2(name(a.x), name(a.y)); }

#define LOOM_NARROW_MATH(T, T2, Format, detail)                                             \
  LOOM_NARROW_MATH_ONE(T, T2, Format, detail, hsin, h2sin)                                  \
  LOOM_NARROW_MATH_ONE(T, T2, Format, detail, hcos, h2cos)                                  \
  LOOM_NARROW_MATH_ONE(T, T2, Format, detail, hexp, h2exp)                                  \
  LOOM_NARROW_MATH_ONE(T, T2, Format, detail, hexp2, h2exp2)                                \
  LOOM_NARROW_MATH_ONE(T, T2, Format, detail, hexp10, h2exp10)                              \
  LOOM_NARROW_MATH_ONE(T, T2, Format, detail, hlog, h2log)                                  \
  LOOM_NARROW_MATH_ONE(T, T2, Format, detail, hlog2, h2log2)                                \
  LOOM_NARROW_MATH_ONE(T, T2, Format, detail, hlog10, h2log10)                              \
  LOOM_NARROW_MATH_ONE(T, T2, Format, detail, hrcp, h2rcp)                                  \
  LOOM_NARROW_MATH_ONE(T, T2, Format, detail, hrsqrt, h2rsqrt)                              \
  LOOM_NARROW_MATH_ONE(T, T2, Format, detail, hsqrt, h2sqrt)                                \
  LOOM_NARROW_MATH_ONE(T, T2, Format, detail, hceil, h2ceil)                                \
  LOOM_NARROW_MATH_ONE(T, T2, Format, detail, hfloor, h2floor)                              \
  LOOM_NARROW_MATH_ONE(T, T2, Format, detail, hrint, h2rint)                                \
  LOOM_NARROW_MATH_ONE(T, T2, Format, detail, htrunc, h2trunc)
